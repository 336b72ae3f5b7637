import EndlessCore
import EndlessSVG
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Metrics

/// Answers SVG requests: headers, ETag and 304, HEAD, and the body in chunks of whole tiles, gzip-compressed
/// with a sync flush after each chunk so that a client can show what has arrived.
struct SVGResponder: Sendable {
    let tiles: TileCache
    let responses: ResponseCache
    let metrics: ServerMetrics
    /// Bytes of SVG per HTTP chunk, at least.
    let bytesPerChunk: Int
    /// Takes turns among the large windows.
    let largeWindows: RenderGate
    /// Huffman codes kept per kind of document: a new window is written in the last one's codes when they suit it.
    let gzipCodes = Dictionary(uniqueKeysWithValues: SVGResource.Kind.allCases.map { ($0, GzipCodes()) })

    /// Answers from the response cache when this URL went out before in this encoding and was kept; else parses the
    /// query (read once) and draws (a large window in its turn, see `RenderGate`), keeping what went out if its URL
    /// was asked for before. Throws `RenderGate.Busy` when too many large windows wait already.
    func respond(
        to request: Request, parse: ([(String, String)]) throws(EndlessError) -> SVGResource
    ) async throws -> Response {
        let gzip = request.headers.acceptsGzip
        let key = Self.cacheKey(path: request.uri.string, gzip: gzip)
        if let cached = responses.response(for: key) {
            return try await response(
                to: request, etag: cached.etag, pinned: cached.pinned, gzip: gzip
            ) { cached }
        }
        let query = request.queryPairs
        let resource = try parse(query)
        let etag = Self.etag(for: resource, gzip: gzip)
        let pinned = SVGResource.isPinned(query)
        return try await response(to: request, etag: etag, pinned: pinned, gzip: gzip) {
            try await largeWindows.admit(tiles: resource.tileCount) {
                draw(resource, etag: etag, pinned: pinned, gzip: gzip, cacheKey: key)
            }
        }
    }

    /// Headers, then 304 for a matching `If-None-Match`, no body for HEAD (neither draws anything), else the
    /// `answer`'s chunks.
    private func response(
        to request: Request, etag: String, pinned: Bool, gzip: Bool,
        answer: () async throws -> CachedResponse
    ) async throws -> Response {
        if Self.matches(request.headers[values: .ifNoneMatch], etag: etag) {
            return Response(
                status: .notModified, headers: Self.headers(etag: etag, pinned: pinned, gzip: false))
        }
        let headers = Self.headers(etag: etag, pinned: pinned, gzip: gzip)
        if request.method == .head {
            var response = Response(status: .ok, headers: headers)
            response.headers[.contentLength] = nil  // the GET is chunked: no length to announce
            return response
        }
        return Response(status: .ok, headers: headers, body: replay(try await answer()))
    }

    private func replay(_ answer: CachedResponse) -> ResponseBody {
        let bytesSent = metrics.bytesSent[answer.resource.route]
        return ResponseBody { writer in
            for chunk in answer.chunks { try await writer.write(chunk) }
            bytesSent?.increment(by: answer.payloadBytes)
            try await writer.finish(nil)
        }
    }

    /// The resource drawn (tiles from the cache) and encoded, chunk by chunk, and kept under `cacheKey` if small
    /// enough and asked for before. Each chunk is a whole number of tiles, gzip-flushed (`GzipWriter`), so that it
    /// decodes as it arrives.
    private func draw(
        _ resource: SVGResource, etag: String, pinned: Bool, gzip: Bool, cacheKey: String
    ) -> CachedResponse {
        let start = ContinuousClock.now
        let rendered = resource.render(cache: tiles)
        metrics.renderDuration[resource.kind.route]?.record(duration: ContinuousClock.now - start)
        let ends = Self.chunkEnds(rendered, bytesPerChunk: bytesPerChunk)
        let chunks =
            gzip
            ? GzipWriter.gzip(rendered.document, partEnds: ends, codes: gzipCodes[resource.kind])
            : zip([0] + ends.dropLast(), ends).map { ByteBuffer(bytes: rendered.document[$0..<$1]) }
        let response = CachedResponse(etag: etag, resource: resource.kind, pinned: pinned, gzip: gzip, chunks: chunks)
        responses.keepIfAskedBefore(response, for: cacheKey)
        return response
    }

    /// The whole answer to a plain GET of `uri`, made now, for the event loop to write ahead of the router: from the
    /// response cache, or drawn and compressed (`isNew`) when it places at most `maximumTiles` tiles (a few hundred
    /// microseconds' work); `nil` for anything else, and for any error, which the router's path then reports.
    func immediateAnswer(to uri: String, gzip: Bool, maximumTiles: Int) -> (response: CachedResponse, isNew: Bool)? {
        guard uri.utf8.count <= Limits.maximumURLBytes else { return nil }
        let key = Self.cacheKey(path: uri, gzip: gzip)
        if let cached = responses.response(for: key, countingMisses: false) { return (cached, false) }
        let (path, query) = PlainTarget.read(uri) ?? { url in (url.path[...], url.queryPairs) }(URI(uri))
        guard !path.utf8.contains(UInt8(ascii: "%")),
            let resource = try? SVGResource.at(path: path, query: query, looks: tiles.rulerLooks),
            resource.tileCount <= maximumTiles
        else { return nil }
        responses.countMiss()
        let response = draw(
            resource, etag: Self.etag(for: resource, gzip: gzip), pinned: SVGResource.isPinned(query),
            gzip: gzip, cacheKey: key)
        return (response, true)
    }

    /// The headers of every SVG response (`gzip` adds `Content-Encoding`); `Endless-Rendering` names the version a
    /// URL may pin with `v=`. A pinned URL never changes: caches keep it for good. Any other may change when a new
    /// version draws differently: caches keep it an hour, then revalidate (the ETag names the version).
    static func headers(etag: String, pinned: Bool, gzip: Bool) -> HTTPFields {
        var headers: HTTPFields = [
            .contentType: "image/svg+xml; charset=utf-8",
            .vary: "Accept-Encoding",
            .eTag: etag,
            .cacheControl: pinned ? "public, max-age=31536000, immutable" : "public, max-age=3600",
            .accessControlAllowOrigin: "*",
            .renderingVersion: SVGResource.renderingVersion,
        ]
        if gzip { headers[.contentEncoding] = "gzip" }
        return headers
    }

    /// The response cache's key: the URL as sent, and the encoding.
    static func cacheKey(path: String, gzip: Bool) -> String { (gzip ? "gzip " : "identity ") + path }

    /// Where the document's chunks end: each is whole tiles, at least `bytesPerChunk` long but the last (the head
    /// starts the first, the tail ends the last).
    static func chunkEnds(_ rendered: RenderedWindow, bytesPerChunk: Int) -> [Int] {
        var ends: [Int] = []
        var start = 0
        for tileStart in rendered.tileStarts where tileStart - start >= bytesPerChunk {
            ends.append(tileStart)
            start = tileStart
        }
        ends.append(rendered.document.count)
        return ends
    }

    /// A strong ETag from what the bytes depend on; the gzip stream is a different representation.
    static func etag(for resource: SVGResource, gzip: Bool) -> String {
        let hash = resource.contentHash()
        // As `"\"" + String(hash, radix: 16) + "-gz\""` spells it, written into one string rather than three joined.
        let digits = Hexadecimal.digitCount(hash)
        return String(unsafeUninitializedCapacity: digits + (gzip ? 5 : 2)) { bytes in
            bytes[0] = UInt8(ascii: "\"")
            for index in 0..<digits { bytes[1 + index] = Hexadecimal.digit(hash, place: digits - 1 - index) }
            var end = 1 + digits
            if gzip {
                for byte in "-gz".utf8 {
                    bytes[end] = byte
                    end += 1
                }
            }
            bytes[end] = UInt8(ascii: "\"")
            return end + 1
        }
    }

    /// `If-None-Match` uses weak comparison: `W/` prefixes are ignored, and `*` matches anything.
    static func matches(_ values: [String], etag: String) -> Bool {
        values.flatMap { $0.split(separator: ",") }.contains { candidate in
            var tag = candidate.trimmingCharacters(in: " \t")
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == "*" || tag == etag
        }
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
