import HTTPTypes
import NIOCore

extension StaticAssets {
    /// `NAME` (`version` nil) revalidated on every use (`no-cache`, a strong ETag from the content), so that an
    /// embedding page never runs a script older than its server; `v/VERSION/NAME`, the URL the page itself uses,
    /// `immutable`, since the version names the content. Another version is a 404: those bytes are gone. Files read
    /// from a folder are read off the event loop.
    func outcome(name: String, version: String?, _ request: EndpointRequest) -> Outcome {
        let mountPath = request.mountPath
        let route = version == nil ? "/{name}" : "/v/{version}/{name}"
        let answer: @Sendable () -> HTTPAnswer = { [self] in
            guard let asset = asset(name) else {
                return PlainTextError.notHere(String(EndpointTable.path(of: request.target))).answer(route: route)
            }
            guard let version else {
                return Self.answer(asset, cacheControl: "no-cache", to: request.head, route: route)
            }
            guard version == asset.version else {
                return PlainTextError(
                    .notFound,
                    "v: this server's \(name) is \(mountPath)/v/\(asset.version)/\(name) (or \(mountPath)/\(name), revalidated)"
                ).answer(route: route)
            }
            return Self.answer(
                asset, cacheControl: "public, max-age=31536000, immutable", to: request.head, route: route)
        }
        return readsDisk ? .later(answer) : .now(answer())
    }

    /// The file, gzipped if the client takes it; 304 when its `If-None-Match` names this content.
    static func answer(_ asset: Asset, cacheControl: String, to request: HTTPRequest, route: String) -> HTTPAnswer {
        let gzipped = request.headerFields.acceptsGzip ? asset.gzipped : nil
        let etag = "\"\(asset.version)\(gzipped == nil ? "" : "-gz")\""
        var headers: HTTPFields = [
            .contentType: asset.contentType, .eTag: etag, .cacheControl: cacheControl, .vary: "Accept-Encoding",
            .accessControlAllowOrigin: "*", .timingAllowOrigin: "*",
        ]
        if SVGResponder.matches(request.headerFields[values: .ifNoneMatch], etag: etag) {
            return HTTPAnswer(status: .notModified, headers: headers, route: route)
        }
        if gzipped != nil { headers[.contentEncoding] = "gzip" }
        var answer = HTTPAnswer(status: .ok, headers: headers, route: route)
        answer.chunks = [gzipped ?? asset.bytes]
        return answer
    }
}

extension HTTPField.Name {
    /// Lets a page on another origin read how long the script took to come: its first estimate of the round trip.
    static let timingAllowOrigin = HTTPField.Name("Timing-Allow-Origin")!
}
