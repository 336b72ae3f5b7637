import EndlessCore
import Hummingbird

extension Router {
    /// The SVG endpoints, GET and HEAD alike. Each route is named (so that metrics count each apart), and one reader,
    /// `SVGResponder.decide`, reads them all, here and on the event loop alike.
    func addSVGRoutes(_ responder: SVGResponder) {
        let handler: @Sendable (Request, Context) async throws -> Response = { request, _ in
            do {
                return try await responder.respond(to: request)
            } catch let error as EndlessError {
                throw PlainTextError(error)
            } catch is RenderGate.Busy {
                throw PlainTextError.busy
            }
        }
        // `/svg/:view` answers a view that does not exist; the router does not fall back from `ruler` to `:view`.
        for path in SVGResource.Kind.allCases.map(\.routePath) + ["/svg/:view"] {
            get(RouterPath(path), use: handler)
            head(RouterPath(path), use: handler)
        }
    }
}
