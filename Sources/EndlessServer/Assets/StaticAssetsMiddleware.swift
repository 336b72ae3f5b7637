import HTTPTypes
import Hummingbird

/// Serves `public/`: `/NAME` revalidated on every use (`no-cache`, a strong ETag from the content), so that an
/// embedding page never runs a script older than its server; `/v/VERSION/NAME`, the URL the page itself uses,
/// `immutable`, since the version names the content. Another version is a 404: those bytes are gone.
struct StaticAssetsMiddleware<Context: RequestContext>: RouterMiddleware {
    let assets: StaticAssets

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let parts = request.uri.path.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 2:
            guard let asset = assets.asset(String(parts[1])) else { break }
            return Self.response(asset, cacheControl: "no-cache", to: request)
        case 4 where parts[1] == "v":
            let name = String(parts[3])
            guard let asset = assets.asset(name) else { break }
            guard parts[2] == asset.version else {
                throw PlainTextError(
                    .notFound, "v: this server's \(name) is /v/\(asset.version)/\(name) (or /\(name), revalidated)")
            }
            return Self.response(asset, cacheControl: "public, max-age=31536000, immutable", to: request)
        default: break
        }
        return try await next(request, context)
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
