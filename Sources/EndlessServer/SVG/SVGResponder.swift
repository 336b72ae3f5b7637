import EndlessCore
import EndlessSVG
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Metrics

/// Answers SVG requests: headers, ETag and 304, HEAD, and the body in chunks of whole tiles, gzip-compressed
/// with a sync flush after each chunk so that a client can show what has arrived.
///
/// `decide` and `draw` are the one place an answer is made, its cache key, ETag and headers worked out: the router
/// (`respond`) and the event loop (`EventLoopResponder`) send what they give.
struct SVGResponder: Sendable {
    let tiles: TileCache
    let responses: ResponseCache
    let metrics: ServerMetrics
    let compressors: CompressorPool
    /// Bytes of SVG per HTTP chunk, at least.
    let bytesPerChunk: Int
    /// Takes turns among the large windows.
    let largeWindows: RenderGate
    /// The item sets timelines draw.
    let items: TimelineItemSets

    /// What a request gets before anything is drawn: an answer at hand, or a resource to draw.
    enum Decision {
        case answer(HTTPAnswer)
        case draw(Drawing)
    }

    /// A resource to draw, and what its answer will say.
    struct Drawing {
        let resource: SVGResource
        let etag: String
        let pinned: Bool
        let gzip: Bool
        let cacheKey: String
    }

    /// Answers from the response cache when this URL went out before in this encoding and was kept (a 304 for a
    /// matching `If-None-Match`, headers alone for HEAD); else reads the query once and says what to draw: a `kind`
    /// with the segments its route captured, or with no kind `/svg/{view}`. Throws for a view that does not exist,
    /// or a bad parameter. A miss is left for the caller to count, once it draws (a look that hands the request on
    /// would count it twice).
    func decide(_ endpointRequest: EndpointRequest, kind: SVGResource.Kind?) throws(EndlessError) -> Decision {
        let request = endpointRequest.head
        let gzip = request.headerFields.acceptsGzip
        let key = Self.cacheKey(path: endpointRequest.target, gzip: gzip, items: items.generation)
        let conditional = request.headerFields[.ifNoneMatch] != nil || request.method == .head
        if let cached = responses.response(for: key, countingMisses: false) {
            guard conditional,
                let answer = Self.bodiless(
                    request, cached.resource, etag: cached.etag, pinned: cached.pinned, gzip: gzip,
                    language: cached.language, live: cached.live)
            else { return .answer(HTTPAnswer(cached)) }
            return .answer(answer)
        }
        let query = endpointRequest.queryPairs
        let resource = try SVGResource.make(
            kind, captures: endpointRequest.captures, query: query, looks: tiles.rulerLooks, items: items)
        let drawing = Drawing(
            resource: resource, etag: Self.etag(for: resource, gzip: gzip), pinned: SVGResource.isPinned(query),
            gzip: gzip, cacheKey: key)
        guard conditional,
            let answer = Self.bodiless(
                request, resource.kind, etag: drawing.etag, pinned: drawing.pinned, gzip: gzip,
                language: resource.language?.identifier, live: resource.drawsItems)
        else { return .draw(drawing) }
        return .answer(answer)
    }

    /// A 304 for a matching `If-None-Match`, and for HEAD the headers a GET gets (without a length: it is chunked);
    /// neither draws anything. A GET whose `If-None-Match` matches nothing gets nothing here, and is drawn.
    private static func bodiless(
        _ request: HTTPRequest, _ kind: SVGResource.Kind, etag: String, pinned: Bool, gzip: Bool, language: String?,
        live: Bool
    ) -> HTTPAnswer? {
        if matches(request.headerFields[values: .ifNoneMatch], etag: etag) {
            let headers = headers(etag: etag, pinned: pinned, gzip: false, language: language, live: live)
            return HTTPAnswer(status: .notModified, headers: headers, route: kind.route)
        }
        guard request.method == .head else { return nil }
        let headers = headers(etag: etag, pinned: pinned, gzip: gzip, language: language, live: live)
        return HTTPAnswer(status: .ok, headers: headers, route: kind.route)
    }

    /// The resource drawn (tiles from the cache) and encoded, chunk by chunk, and kept under its cache key if small
    /// enough and asked for before. Each chunk is a whole number of tiles, gzip-flushed, so that it decodes as it
    /// arrives.
    func draw(_ drawing: Drawing) -> HTTPAnswer {
        let start = ContinuousClock.now
        let rendered = drawing.resource.render(cache: tiles)
        metrics.renderDuration[drawing.resource.kind.route]?.record(duration: ContinuousClock.now - start)
        let ends = Self.chunkEnds(rendered, bytesPerChunk: bytesPerChunk)
        let gzipped = drawing.gzip ? compressors.gzipChunks(rendered.document, partEnds: ends) : nil
        let chunks = gzipped ?? Self.slices(of: ByteBuffer(bytes: rendered.document), endingAt: ends)
        // Should zlib fail, the bytes go as they are, under the ETag of what they are, and are not kept.
        let etag = drawing.gzip && gzipped == nil ? Self.etag(for: drawing.resource, gzip: false) : drawing.etag
        let response = CachedResponse(
            etag: etag, resource: drawing.resource.kind, pinned: drawing.pinned, gzip: gzipped != nil,
            language: drawing.resource.language?.identifier, live: drawing.resource.drawsItems, chunks: chunks)
        if drawing.gzip == (gzipped != nil) { responses.keepIfAskedBefore(response, for: drawing.cacheKey) }
        return HTTPAnswer(response)
    }

    /// The headers of every SVG response (`gzip` adds `Content-Encoding`); `Endless-Rendering` names the version a
    /// URL may pin with `v=`. A pinned URL never changes: caches keep it for good. Any other may change when a new
    /// version draws differently: caches keep it an hour, then revalidate (the ETag names the version). One drawn in
    /// a `locale` says which, as resolved (`de-XX` is drawn in `de`). One that draws items (`live`) changes with
    /// their data: caches revalidate it each time (`no-cache`; the ETag changes with the set).
    static func headers(etag: String, pinned: Bool, gzip: Bool, language: String? = nil, live: Bool = false)
        -> HTTPFields
    {
        var headers = pinned ? (gzip ? pinnedGzipHeaders : pinnedHeaders) : (gzip ? gzipHeaders : plainHeaders)
        if live { headers[.cacheControl] = "no-cache" }
        headers[.eTag] = etag
        if let language { headers[.contentLanguage] = language }
        return headers
    }

    private static func makeHeaders(pinned: Bool, gzip: Bool) -> HTTPFields {
        var headers: HTTPFields = [
            .contentType: "image/svg+xml; charset=utf-8",
            .vary: "Accept-Encoding",
            .cacheControl: pinned ? "public, max-age=31536000, immutable" : "public, max-age=3600",
            .accessControlAllowOrigin: "*",
            .renderingVersion: SVGResource.renderingVersion,
        ]
        if gzip { headers[.contentEncoding] = "gzip" }
        return headers
    }

    // The four sets of headers, made once: an answer adds its ETag to a copy.
    private static let plainHeaders = makeHeaders(pinned: false, gzip: false)
    private static let gzipHeaders = makeHeaders(pinned: false, gzip: true)
    private static let pinnedHeaders = makeHeaders(pinned: true, gzip: false)
    private static let pinnedGzipHeaders = makeHeaders(pinned: true, gzip: true)

    /// The response cache's key: the URL as sent, and the encoding.
    /// The encoding, the item sets' generation (a response drawn before they changed is never found after) and the
    /// path.
    static func cacheKey(path: String, gzip: Bool, items: UInt64 = 0) -> String {
        (gzip ? "gzip " : "identity ") + (items == 0 ? "" : "\(items) ") + path
    }

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

    /// `buffer`'s bytes in pieces ending at `ends`, all sharing its storage.
    static func slices(of buffer: ByteBuffer, endingAt ends: [Int]) -> [ByteBuffer] {
        zip([0] + ends.dropLast(), ends).map { buffer.getSlice(at: $0, length: $1 - $0)! }
    }

    /// A strong ETag from what the bytes depend on; the gzip stream is a different representation.
    static func etag(for resource: SVGResource, gzip: Bool) -> String {
        "\"" + String(resource.contentHash(), radix: 16) + (gzip ? "-gz\"" : "\"")
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
