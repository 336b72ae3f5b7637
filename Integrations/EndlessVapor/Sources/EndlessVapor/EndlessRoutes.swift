import EndlessServer
import HTTPTypes
import Vapor

/// Endless's routes in a Vapor app, below a prefix: `try app.register(collection: EndlessRoutes(at: "/endless"))`,
/// `try app.endless(at: "/endless")`, or in a group of the app's (`try app.grouped("tools").register(collection:
/// EndlessRoutes(at: "/endless"))`). Vapor's router matches each request to one of Endless's routes and this hands
/// Endless that route and what Vapor matched (`EndlessEndpoints`, the table the `endless` server and Hummingbird
/// mounts answer from); it only converts Vapor's requests and responses, and nothing matches a path twice.
public struct EndlessRoutes: RouteCollection, Sendable {
    let endpoints: EndlessEndpoints

    /// Throws naming an option out of its range, or a prefix that is not a plain path.
    public init(at prefix: String = "/", options: EndlessOptions = EndlessOptions()) throws {
        endpoints = try EndlessEndpoints(at: prefix, options: options)
    }

    public func boot(routes: any RoutesBuilder) throws {
        let mount = routes.grouped(endpoints.mountPath.pathComponents)
        for route in endpoints.routes {
            // GET and HEAD, and the methods that change things, for the table's 405 naming what it takes. Endless
            // reads no request body: none is collected.
            for method in [HTTPMethod.GET, .HEAD, .POST, .PUT, .PATCH, .DELETE, .OPTIONS] {
                mount.on(method, route.pattern.pathComponents, body: .stream) { request in
                    try await respond(to: request, route: route)
                }
            }
        }
    }

    private func respond(to request: Request, route: EndlessEndpoints.Route) async throws -> Response {
        let parameters = route.parameterNames.map { request.parameters.get($0) ?? "" }
        let matched = request.route?.path.map(\.description) ?? []
        return Response(
            await endpoints.answer(HTTPRequest(request), route: route, parameters: parameters, matched: matched))
    }
}

extension Application {
    /// Mounts Endless below `prefix` (`"/endless"`; `"/"` for the root), as `Router.addEndless(at:options:)` does in
    /// a Hummingbird app: its images, frames, script and (unless `options.servesPage` is false) its page.
    public func endless(at prefix: String = "/", options: EndlessOptions = EndlessOptions()) throws {
        try register(collection: EndlessRoutes(at: prefix, options: options))
    }
}

extension HTTPRequest {
    /// Vapor's request head as Endless reads it: the method, the path and query as sent, the header fields.
    init(_ request: Request) {
        var fields = HTTPFields()
        for (name, value) in request.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        self.init(
            method: Method(request.method.rawValue) ?? Method("_OTHER") ?? .options, scheme: nil, authority: nil,
            path: request.url.string,
            headerFields: fields)
    }
}

extension Response {
    /// Endless's answer as Vapor's response: the body streamed as Endless hands it over, with its length when it is
    /// one piece.
    convenience init(_ answer: EndlessAnswer) {
        var headers = HTTPHeaders()
        for field in answer.headers { headers.add(name: field.name.rawName, value: field.value) }
        self.init(
            status: HTTPResponseStatus(statusCode: answer.status.code, reasonPhrase: answer.status.reasonPhrase),
            headers: headers,
            body: Body(
                asyncStream: { writer in
                    try await answer.writeBody { try await writer.write(.buffer($0)) }
                    try await writer.write(.end)
                }, count: answer.contentLength ?? -1))
    }
}
