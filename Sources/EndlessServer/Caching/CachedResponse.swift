import HTTPTypes
import NIOCore

/// A response as it went out: its ETag, its kind, and its body chunk by chunk (gzip already applied), so that a
/// repeat is sent as it is, without parsing or drawing anything.
struct CachedResponse: Sendable {
    let etag: String
    let resource: SVGResource.Kind
    /// Whether its URL pinned the rendering version.
    let pinned: Bool
    let gzip: Bool
    /// The `locale` it was drawn in, as resolved (`Content-Language`); `nil` for English, as before languages.
    let language: String?
    /// Whether it draws items, which change with their data (`Cache-Control: no-cache`).
    let live: Bool
    /// The body's chunks.
    let chunks: [ByteBuffer]
    /// Its headers (`SVGResponder.headers`), made once: a repeat sends them as they are.
    let headers: HTTPFields

    init(
        etag: String, resource: SVGResource.Kind, pinned: Bool = false, gzip: Bool, language: String? = nil,
        live: Bool = false, chunks: [ByteBuffer]
    ) {
        self.etag = etag
        self.resource = resource
        self.pinned = pinned
        self.gzip = gzip
        self.language = language
        self.live = live
        self.chunks = chunks
        headers = SVGResponder.headers(etag: etag, pinned: pinned, gzip: gzip, language: language, live: live)
    }

    /// The same response with its chunks copied into one buffer of their size, to be kept: it keeps alive its bytes,
    /// not the larger buffers they were cut from (a compressor's output is sized for the worst case). Only what the
    /// cache keeps is copied.
    var compacted: CachedResponse {
        var whole = ByteBufferAllocator().buffer(capacity: payloadBytes)
        var ends: [Int] = []
        ends.reserveCapacity(chunks.count)
        for chunk in chunks {
            whole.writeImmutableBuffer(chunk)
            ends.append(whole.writerIndex)
        }
        return CachedResponse(
            etag: etag, resource: resource, pinned: pinned, gzip: gzip, language: language, live: live,
            chunks: SVGResponder.slices(of: whole, endingAt: ends))
    }

    /// Bytes of body.
    var payloadBytes: Int { chunks.reduce(0) { $0 + $1.readableBytes } }

    /// Bytes this entry keeps alive once `compacted`: the storage its chunks share, and its ETag.
    var retainedBytes: Int { (chunks.first?.storageCapacity ?? 0) + etag.utf8.count }
}
