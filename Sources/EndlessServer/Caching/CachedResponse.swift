import HTTPTypes
import NIOCore

/// A response as it went out: its ETag, its kind, and its body chunk by chunk (gzip already applied), kept as the
/// bytes HTTP/1.1 puts on the wire, so that a repeat is written to the socket as it is, like a static file.
struct CachedResponse: Sendable {
    let etag: String
    let resource: SVGResource.Kind
    /// Whether its URL pinned the rendering version.
    let pinned: Bool
    /// The status line and headers, all but `Date`, which `HTTPDate.line` adds and which ends the head.
    let head: ByteBuffer
    /// The chunked body: each chunk's size line, payload and CRLF, then the terminating empty chunk.
    let body: ByteBuffer
    /// Each chunk's payload: slices of `body`, for the router to replay.
    let chunks: [ByteBuffer]

    init(etag: String, resource: SVGResource.Kind, pinned: Bool = false, gzip: Bool, chunks payloads: [ByteBuffer]) {
        self.etag = etag
        self.resource = resource
        self.pinned = pinned
        var head = ByteBuffer()
        head.reserveCapacity(320)
        head.writeStaticString("HTTP/1.1 200 OK\r\n")
        for field in SVGResponder.headers(etag: etag, pinned: pinned, gzip: gzip) {
            head.writeString(field.name.rawName)
            head.writeStaticString(": ")
            head.writeString(field.value)
            head.writeStaticString("\r\n")
        }
        head.writeStaticString("Server: Endless\r\nTransfer-Encoding: chunked\r\n")
        self.head = head

        var body = ByteBuffer()
        body.reserveCapacity(payloads.reduce(5) { $0 + $1.readableBytes + 12 })
        var ranges: [(start: Int, length: Int)] = []
        for var payload in payloads where payload.readableBytes > 0 {
            body.writeString(String(payload.readableBytes, radix: 16))
            body.writeStaticString("\r\n")
            ranges.append((body.writerIndex, payload.readableBytes))
            body.writeBuffer(&payload)
            body.writeStaticString("\r\n")
        }
        body.writeStaticString("0\r\n\r\n")
        self.body = body
        chunks = ranges.map { body.getSlice(at: $0.start, length: $0.length)! }
    }

    /// Bytes this entry keeps alive: its buffers' whole storage, not just what they show.
    var retainedBytes: Int { head.capacity + body.capacity + etag.utf8.count }

    /// Bytes of body sent: what `endless_bytes_sent` counts.
    var payloadBytes: Int { chunks.reduce(0) { $0 + $1.readableBytes } }
}
