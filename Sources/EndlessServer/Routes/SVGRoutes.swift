import EndlessCore
import Hummingbird

extension Router {
    /// The SVG endpoints, GET and HEAD alike.
    func addSVGRoutes(_ responder: SVGResponder) {
        func both(
            _ path: RouterPath, _ resource: @escaping @Sendable (Request, Context) throws(EndlessError) -> SVGResource
        ) {
            let handler: @Sendable (Request, Context) async throws -> Response = { request, context in
                do throws(EndlessError) {
                    return try responder.respond(to: request) { () throws(EndlessError) in
                        try resource(request, context)
                    }
                } catch {
                    throw PlainTextError(error)
                }
            }
            get(path, use: handler)
            head(path, use: handler)
        }
        // Each view by name: the router does not fall back from `/svg/ruler/tiles/…`'s `ruler` to `:view`.
        for view in ["ruler", "grid", "loop"] {
            both(RouterPath("/svg/\(view)")) { request, _ throws(EndlessError) in
                try SVGResource.window(view: view, query: request.queryPairs)
            }
        }
        both("/svg/:view") { request, context throws(EndlessError) in
            try SVGResource.window(view: context.parameters.get("view") ?? "", query: request.queryPairs)
        }
        both("/svg/ruler/tiles/:file") { request, context throws(EndlessError) in
            try SVGResource.rulerBlock(file: context.parameters.get("file") ?? "", query: request.queryPairs)
        }
        both("/svg/grid/tiles/:x/:file") { request, context throws(EndlessError) in
            try SVGResource.gridTile(
                x: context.parameters.get("x") ?? "", file: context.parameters.get("file") ?? "",
                query: request.queryPairs)
        }
        both("/svg/loop/tiles/:file") { request, context throws(EndlessError) in
            try SVGResource.loopItem(file: context.parameters.get("file") ?? "", query: request.queryPairs)
        }
    }
}
