import NIOCore

/// A response as it went out: its ETag, its kind, and its body chunk by chunk (gzip already applied), so that a
/// repeat is sent as it is, without parsing or drawing anything.
struct CachedResponse: Sendable {
    let etag: String
    let resource: SVGResource.Kind
    /// Whether its URL pinned the rendering version.
    let pinned: Bool
    let gzip: Bool
    /// The body's chunks, slices of one buffer that holds them and nothing else.
    let chunks: [ByteBuffer]

    /// Copies the chunks into one buffer of their size, so that an entry keeps alive its bytes, not the larger
    /// buffers they were cut from (zlib's output is sized for the worst case).
    init(etag: String, resource: SVGResource.Kind, pinned: Bool = false, gzip: Bool, chunks: [ByteBuffer]) {
        self.etag = etag
        self.resource = resource
        self.pinned = pinned
        self.gzip = gzip
        var whole = ByteBufferAllocator().buffer(capacity: chunks.reduce(0) { $0 + $1.readableBytes })
        var ends: [Int] = []
        ends.reserveCapacity(chunks.count)
        for chunk in chunks {
            whole.writeImmutableBuffer(chunk)
            ends.append(whole.writerIndex)
        }
        self.chunks = SVGResponder.slices(of: whole, endingAt: ends)
    }

    /// Bytes this entry keeps alive: the storage its chunks share, and its ETag.
    var retainedBytes: Int { (chunks.first?.storageCapacity ?? 0) + etag.utf8.count }
}
