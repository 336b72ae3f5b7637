import EndlessCore
import HTTPTypes

/// Endless behind an HTTP framework other than Hummingbird: the endpoint table that `addEndless` and the `endless`
/// server answer from. An adapter (EndlessVapor) routes each of `routes`, below `mountPath`, to
/// `answer(_:route:parameters:matched:)` with what its router matched, and carries back what it gives; it holds no
/// logic, so every guard, limit and answer is the same, and nothing matches a path twice.
public struct EndlessEndpoints: Sendable {
    private let mount: EndlessMount

    /// Throws `EndlessError` naming an option out of its range (`EndlessOptions.validate()`), or a prefix that is not
    /// a plain path.
    public init(at prefix: String = "/", options: EndlessOptions = EndlessOptions()) throws {
        mount = try EndlessMount(at: prefix, options: options)
    }

    /// Where it is mounted below the router it is given (a host's group may be above it): `""` at the root, else
    /// `/endless`, with no slash at the end.
    public var mountPath: String { mount.path }

    /// What to route, every method of each (a method other than GET and HEAD is Endless's 405 with `Allow`), below
    /// `mountPath`.
    public var routes: [Route] { mount.table.endpoints.map(Route.init) }

    /// One route of Endless's: a pattern and the names of its parameters.
    public struct Route: Sendable {
        let endpoint: Endpoint
        /// Literal segments, and `:name` for any one segment (`/svg/:view`, `/:name`); `/` is the mount itself.
        public var pattern: String { endpoint.pattern }
        /// The names of its `:name` segments, in order.
        public var parameterNames: [String] { endpoint.captureNames }
    }

    /// The answer to `request` (its `path` the path and query as sent, mount and group included), which the host's
    /// router matched to `route` with `parameters` (in `route.parameterNames`' order); `matched` is the path of the
    /// route the router matched, as its segments (`["tools", "endless", "svg", "ruler", "tiles", ":file"]`): the
    /// mount's place, from which the answers' URLs start. It never throws: a refused or malformed request is a
    /// one-line 4xx naming what to change.
    public func answer(
        _ request: HTTPRequest, route: Route, parameters: [String], matched: [String]
    ) async -> EndlessAnswer {
        let mountPath = EndpointTable.mountPath(matched: matched.map { $0[...] }, endpoint: route.endpoint)
        return await mount.table.answer(
            route.endpoint, request, target: EndpointTable.local(request.path ?? "/", below: mountPath),
            captures: parameters.map { $0[...] }, mountPath: mountPath, gate: mount.svg.largeWindows,
            bytesSent: mount.metrics.bytesSent)
    }
}
