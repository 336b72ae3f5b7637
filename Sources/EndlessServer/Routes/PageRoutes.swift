import EndlessCore
import Hummingbird
import Mustache
import Prometheus

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
            page.pagePath = path + "/"
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

extension Router {
    /// `endless`'s own: health and metrics.
    func addServerRoutes(registry: PrometheusCollectorRegistry) {
        let health: @Sendable (Request, Context) async throws -> Response = { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
        }
        let metrics: @Sendable (Request, Context) async throws -> Response = { _, _ in
            var bytes: [UInt8] = []
            registry.emit(into: &bytes)
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        // HEAD everywhere GET goes: the server answers it with GET's headers and no body.
        for (path, handler) in [("/healthz", health), ("/metrics", metrics)] {
            get(RouterPath(path), use: handler)
            head(RouterPath(path), use: handler)
        }
    }
}
