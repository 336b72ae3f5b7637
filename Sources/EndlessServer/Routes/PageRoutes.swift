import EndlessCore
import Hummingbird
import Mustache

extension EndlessMount {
    /// The demonstration page, at the mount's root.
    func addPageRoute<Context: RequestContext>(to group: RouterGroup<Context>) {
        let index: @Sendable (Request, Context) async throws -> Response = { [self] request, _ in
            var page: IndexPage
            do {
                page = try IndexPage(query: request.queryPairs)
            } catch let error as EndlessError {
                throw PlainTextError(error)
            }
            // The versions this server has: a page never pairs with an older script.
            (page.pagePath, page.svgPath) = (path + "/", path + "/svg")
            (page.elementsScript, page.pageScript, page.styleSheet) = (
                "\(path)/\(assets.versionedPath("endless.js"))", "\(path)/\(assets.versionedPath("page.js"))",
                "\(path)/\(assets.versionedPath("endless.css"))"
            )
            let html = templates.render(page, withTemplate: "index") ?? ""
            // Its four pictures compress well: the first comes sooner over a network.
            return svg.compressors.response(
                ByteBuffer(string: html),
                headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
                to: request)
        }
        group.get("/", use: index)
        group.head("/", use: index)
    }
}
