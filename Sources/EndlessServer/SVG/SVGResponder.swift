import CompressNIO
import EndlessCore
import EndlessSVG
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Metrics

/// Answers SVG requests: headers, ETag and 304, HEAD, and the body streamed tile by tile, gzip-compressed
/// with a sync flush after each batch so that a client can show what has arrived.
struct SVGResponder: Sendable {
    let tiles: TileCache
    let responses: ResponseCache
    let compressors: CompressorPool
    let metrics: ServerMetrics
    /// Bytes of SVG per HTTP chunk, at least.
    let bytesPerChunk: Int

    /// Answers from the response cache when this URL went out before in this encoding; else parses,
    /// draws and streams, keeping what went out.
    func respond(to request: Request, parse: () throws(EndlessError) -> SVGResource) throws(EndlessError) -> Response {
        let gzip = request.headers.acceptsGzip
        let key = Self.cacheKey(path: request.uri.string, gzip: gzip)
        if let cached = responses.response(for: key) {
            return response(to: request, etag: cached.etag, kind: cached.resource, gzip: gzip) {
                replay(cached.chunks, route: cached.resource.route)
            }
        }
        let resource = try parse()
        let etag = Self.etag(for: resource, gzip: gzip)
        return response(to: request, etag: etag, kind: resource.kind, gzip: gzip) {
            stream(resource, etag: etag, gzip: gzip, cacheKey: key)
        }
    }

    /// Headers, then 304 for a matching `If-None-Match`, no body for HEAD, else `body()`.
    private func response(
        to request: Request, etag: String, kind: SVGResource.Kind, gzip: Bool, body: () -> ResponseBody
    ) -> Response {
        if Self.matches(request.headers[values: .ifNoneMatch], etag: etag) {
            return Response(status: .notModified, headers: Self.headers(etag: etag, kind: kind, gzip: false))
        }
        let headers = Self.headers(etag: etag, kind: kind, gzip: gzip)
        if request.method == .head {
            var response = Response(status: .ok, headers: headers)
            response.headers[.contentLength] = nil  // the GET is chunked: no length to announce
            return response
        }
        return Response(status: .ok, headers: headers, body: body())
    }

    private func replay(_ chunks: [ByteBuffer], route: String) -> ResponseBody {
        let bytesSent = metrics.bytesSent[route]
        return ResponseBody { writer in
            for chunk in chunks { try await writer.write(chunk) }
            bytesSent?.increment(by: chunks.reduce(0) { $0 + $1.readableBytes })
            try await writer.finish(nil)
        }
    }

    private func stream(_ resource: SVGResource, etag: String, gzip: Bool, cacheKey: String) -> ResponseBody {
        let kind = resource.kind
        let bytesSent = metrics.bytesSent[kind.route]
        let batches = render(resource)
        return ResponseBody { [compressors, responses] writer in
            let box = gzip ? try compressors.take() : nil
            defer { box.map(compressors.give) }
            var sent: [ByteBuffer] = []
            sent.reserveCapacity(batches.count)
            for index in batches.indices {
                let chunk = try Self.encode(batches, index, with: box)
                try await writer.write(chunk)
                sent.append(chunk)
            }
            bytesSent?.increment(by: sent.reduce(0) { $0 + $1.readableBytes })
            try await writer.finish(nil)
            responses.store(CachedResponse(etag: etag, resource: kind, gzip: gzip, chunks: sent), for: cacheKey)
        }
    }

    /// The resource drawn (tiles from the cache), in the batches that go out as chunks.
    private func render(_ resource: SVGResource) -> [[UInt8]] {
        let start = ContinuousClock.now
        let rendered = resource.render(cache: tiles)
        metrics.renderDuration[resource.kind.route]?.record(duration: ContinuousClock.now - start)
        return Self.batches(rendered, bytesPerChunk: bytesPerChunk)
    }

    /// Batch `index` as it goes out: gzip-compressed with a sync flush (the last one finishing the stream), so that
    /// each chunk decodes as it arrives; as it is without `box`.
    private static func encode(_ batches: [[UInt8]], _ index: Int, with box: CompressorPool.Box?) throws -> ByteBuffer {
        var chunk = ByteBuffer(bytes: batches[index])
        guard let compressor = box?.compressor else { return chunk }
        return try chunk.compressStream(with: compressor, flush: index == batches.count - 1 ? .finish : .sync)
    }

    /// The whole answer to a plain GET of `uri`, made now, for the event loop to write ahead of the router: from the
    /// response cache, or drawn and compressed when it places at most `maximumTiles` tiles (a few hundred
    /// microseconds' work); `nil` for anything else, and for any error, which the router's path then reports.
    func immediateAnswer(to uri: String, gzip: Bool, maximumTiles: Int) -> CachedResponse? {
        let key = Self.cacheKey(path: uri, gzip: gzip)
        if let cached = responses.response(for: key, countingMisses: false) { return cached }
        let url = URI(uri)
        guard !url.path.contains("%"),
            let resource = try? SVGResource.at(path: url.path[...], query: url.queryPairs),
            resource.tileCount <= maximumTiles
        else { return nil }
        responses.countMiss()
        let batches = render(resource)
        let box = gzip ? try? compressors.take() : nil
        if gzip && box == nil { return nil }
        defer { box.map(compressors.give) }
        guard let chunks = try? batches.indices.map({ try Self.encode(batches, $0, with: box) }) else { return nil }
        let response = CachedResponse(
            etag: Self.etag(for: resource, gzip: gzip), resource: resource.kind, gzip: gzip, chunks: chunks)
        responses.store(response, for: key)
        return response
    }

    /// The headers of every SVG response (`gzip` adds `Content-Encoding`).
    static func headers(etag: String, kind: SVGResource.Kind, gzip: Bool) -> HTTPFields {
        var headers: HTTPFields = [
            .contentType: "image/svg+xml; charset=utf-8",
            .vary: "Accept-Encoding",
            .eTag: etag,
            .cacheControl: kind.isTile ? "public, max-age=31536000, immutable" : "public, max-age=3600",
            .accessControlAllowOrigin: "*",
        ]
        if gzip { headers[.contentEncoding] = "gzip" }
        return headers
    }

    /// The response cache's key: the URL as sent, and the encoding.
    static func cacheKey(path: String, gzip: Bool) -> String { (gzip ? "gzip " : "identity ") + path }

    /// The document in batches of whole tiles, each at least `bytesPerChunk` long but the last (the head starts the
    /// first, the tail ends the last).
    static func batches(_ rendered: RenderedWindow, bytesPerChunk: Int) -> [[UInt8]] {
        var batches: [[UInt8]] = []
        var current = rendered.header
        current.reserveCapacity(bytesPerChunk + 1024)
        for tile in rendered.tiles {
            if current.count >= bytesPerChunk {
                batches.append(current)
                current = []
                current.reserveCapacity(bytesPerChunk + 1024)
            }
            current += tile
        }
        current += rendered.footer
        batches.append(current)
        return batches
    }

    /// A strong ETag from what the bytes depend on; the gzip stream is a different representation.
    static func etag(for resource: SVGResource, gzip: Bool) -> String {
        let hash = fnv1a64(resource.canonicalKey + "|v" + SVGResource.renderingVersion)
        return "\"" + String(hash, radix: 16) + (gzip ? "-gz\"" : "\"")
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

/// FNV-1a, 64 bits: stable across runs and machines, unlike `Hasher`.
func fnv1a64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
    }
    return hash
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
