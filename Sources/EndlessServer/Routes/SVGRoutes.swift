import EndlessCore
import Hummingbird

extension EndlessMount {
    /// The SVG endpoints, GET and HEAD alike. Each route is named (so that metrics count each apart), and one reader,
    /// `SVGResponder.decide`, reads them all, here and on the event loop alike.
    func addSVGRoutes<Context: RequestContext>(to group: RouterGroup<Context>) {
        let handler: @Sendable (Request, Context) async throws -> Response = { [svg] request, _ in
            do {
                return try await svg.respond(to: local(request))
            } catch let error as EndlessError {
                throw PlainTextError(error)
            } catch is RenderGate.Busy {
                throw PlainTextError.busy
            }
        }
        // `svg/:view` answers a view that does not exist; the router does not fall back from `ruler` to `:view`.
        for path in SVGResource.Kind.allCases.map(\.routePath) + ["/svg/:view"] {
            group.get(RouterPath(path), use: handler)
            group.head(RouterPath(path), use: handler)
        }
    }
}
