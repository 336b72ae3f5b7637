import HTTPTypes
import Hummingbird

extension EndlessMount {
    /// Serves `public/`: `NAME` revalidated on every use (`no-cache`, a strong ETag from the content), so that an
    /// embedding page never runs a script older than its server; `v/VERSION/NAME`, the URL the page itself uses,
    /// `immutable`, since the version names the content. Another version is a 404: those bytes are gone.
    func addAssetRoutes<Context: RequestContext>(to group: RouterGroup<Context>) {
        let latest: @Sendable (Request, Context) async throws -> Response = { [assets] request, context in
            let name = context.parameters.get("name") ?? ""
            guard let asset = assets.asset(name) else { throw PlainTextError.notHere(request.uri.path) }
            return Self.response(asset, cacheControl: "no-cache", to: request)
        }
        let versioned: @Sendable (Request, Context) async throws -> Response = { [assets, path] request, context in
            let name = context.parameters.get("name") ?? ""
            guard let asset = assets.asset(name) else { throw PlainTextError.notHere(request.uri.path) }
            guard context.parameters.get("version") == asset.version else {
                throw PlainTextError(
                    .notFound,
                    "v: this server's \(name) is \(path)/v/\(asset.version)/\(name) (or \(path)/\(name), revalidated)")
            }
            return Self.response(asset, cacheControl: "public, max-age=31536000, immutable", to: request)
        }
        for (route, handler) in [("/:name", latest), ("/v/:version/:name", versioned)] {
            group.get(RouterPath(route), use: handler)
            group.head(RouterPath(route), use: handler)
        }
    }

    /// The file, gzipped if the client takes it; 304 when its `If-None-Match` names this content.
    static func response(_ asset: StaticAssets.Asset, cacheControl: String, to request: Request) -> Response {
        let gzipped = request.headers.acceptsGzip ? asset.gzipped : nil
        let etag = "\"\(asset.version)\(gzipped == nil ? "" : "-gz")\""
        var headers: HTTPFields = [
            .contentType: asset.contentType, .eTag: etag, .cacheControl: cacheControl, .vary: "Accept-Encoding",
            .accessControlAllowOrigin: "*", .timingAllowOrigin: "*",
        ]
        if SVGResponder.matches(request.headers[values: .ifNoneMatch], etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        if gzipped != nil { headers[.contentEncoding] = "gzip" }
        let body = gzipped ?? asset.bytes
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }
}

extension HTTPField.Name {
    /// Lets a page on another origin read how long the script took to come: its first estimate of the round trip.
    static let timingAllowOrigin = HTTPField.Name("Timing-Allow-Origin")!
}
