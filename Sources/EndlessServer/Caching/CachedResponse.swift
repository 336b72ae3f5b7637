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
    /// The answer as it first goes out: `head`, the `Date` line of the second it was made, and `body`, of which the
    /// others are slices: one write for a new window rather than three (a repeat writes the current `Date`).
    let fresh: ByteBuffer

    init(etag: String, resource: SVGResource.Kind, pinned: Bool = false, gzip: Bool, chunks payloads: [ByteBuffer]) {
        self.etag = etag
        self.resource = resource
        self.pinned = pinned
        let around = Self.headAround(pinned: pinned, gzip: gzip)
        let date = HTTPDate.line
        // One buffer sized at once (a `ByteBuffer()` reserved later is copied into new storage), the parts sliced.
        var wire = ByteBufferAllocator().buffer(
            capacity: around.before.readableBytes + etag.utf8.count + around.after.readableBytes
                + date.readableBytes + payloads.reduce(5) { $0 + $1.readableBytes + 12 })
        wire.writeImmutableBuffer(around.before)
        wire.writeString(etag)
        wire.writeImmutableBuffer(around.after)
        head = wire.getSlice(at: 0, length: wire.writerIndex)!
        wire.writeImmutableBuffer(date)
        let bodyStart = wire.writerIndex
        var ranges: [(start: Int, length: Int)] = []
        ranges.reserveCapacity(payloads.count)
        for payload in payloads where payload.readableBytes > 0 {
            Self.writeHex(payload.readableBytes, to: &wire)
            wire.writeStaticString("\r\n")
            ranges.append((wire.writerIndex, payload.readableBytes))
            wire.writeImmutableBuffer(payload)
            wire.writeStaticString("\r\n")
        }
        wire.writeStaticString("0\r\n\r\n")
        body = wire.getSlice(at: bodyStart, length: wire.writerIndex - bodyStart)!
        chunks = ranges.map { wire.getSlice(at: $0.start, length: $0.length)! }
        fresh = wire
    }

    /// A chunk's size in lowercase hex, as `String(_:radix: 16)` writes it, without making that string.
    static func writeHex(_ value: Int, to buffer: inout ByteBuffer) {
        let value = UInt64(value)
        for place in (0..<Hexadecimal.digitCount(value)).reversed() {
            buffer.writeInteger(Hexadecimal.digit(value, place: place))
        }
    }

    /// The head's bytes before and after its ETag, made once for each kind of head from `SVGResponder.headers`.
    private static func headAround(pinned: Bool, gzip: Bool) -> (before: ByteBuffer, after: ByteBuffer) {
        heads[(pinned ? 2 : 0) + (gzip ? 1 : 0)]
    }

    private static let heads: [(before: ByteBuffer, after: ByteBuffer)] = [false, true].flatMap { pinned in
        [false, true].map { gzip in
            let marker = "\"@etag@\""  // a value HTTPFields keeps as it is
            var text = "HTTP/1.1 200 OK\r\n"
            for field in SVGResponder.headers(etag: marker, pinned: pinned, gzip: gzip) {
                text += "\(field.name.rawName): \(field.value)\r\n"
            }
            text += "Server: Endless\r\nTransfer-Encoding: chunked\r\n"
            let parts = text.split(separator: marker, omittingEmptySubsequences: false)
            return (ByteBuffer(string: String(parts[0])), ByteBuffer(string: String(parts[1])))
        }
    }

    /// Bytes this entry keeps alive: its one buffer's whole storage, which every part shares.
    var retainedBytes: Int { fresh.storageCapacity + etag.utf8.count }

    /// Bytes of body sent: what `endless_bytes_sent` counts.
    var payloadBytes: Int { chunks.reduce(0) { $0 + $1.readableBytes } }
}
