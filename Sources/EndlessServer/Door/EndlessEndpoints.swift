import EndlessCore
import HTTPTypes

/// Endless behind an HTTP framework other than Hummingbird: the endpoint table that `Router.addEndless` and the
/// `endless` server answer from, behind one call. An adapter (EndlessVapor) routes `patterns`, below `mountPath`, to
/// `answer(_:)` and carries back what it gives; it holds no logic, so every guard, limit and answer is the same.
public struct EndlessEndpoints: Sendable {
    private let mount: EndlessMount

    /// Throws `EndlessError` naming an option out of its range (`EndlessOptions.validate()`), or a prefix that is not
    /// a plain path.
    public init(at prefix: String = "/", options: EndlessOptions = EndlessOptions()) throws {
        mount = try EndlessMount(at: prefix, options: options)
    }

    /// Where it is mounted: `""` at the root, else `/endless`, with no slash at the end.
    public var mountPath: String { mount.path }

    /// What to route to `answer(_:)`, GET and HEAD, below `mountPath`: literal segments, and `:name` for any one
    /// segment (`/svg/:view`, `/:name`); `/` is the mount itself.
    public var patterns: [String] { mount.table.endpoints.map(\.pattern) }

    /// The answer to `request`, whose `path` is the path and query as sent, mount included. It never throws: a
    /// refused or malformed request is a one-line 4xx naming what to change.
    public func answer(_ request: HTTPRequest) async -> EndlessAnswer {
        await mount.table.answer(request, gate: mount.svg.largeWindows, bytesSent: mount.metrics.bytesSent)
    }
}
