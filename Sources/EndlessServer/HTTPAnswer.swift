import HTTPTypes
import Hummingbird
import Metrics
import NIOCore

/// What the endpoint table answers, whichever way it leaves (the router, or the event loop): status, headers, and the
/// body's chunks (none for a 304 or an SVG's HEAD), with the route its byte counts go under.
struct HTTPAnswer: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var chunks: [ByteBuffer] = []
    var route = ""
    /// Drawn for this request, not shared with the cache: its bytes count as unsent until written.
    var drawn = false

    init(status: HTTPResponse.Status, headers: HTTPFields, route: String) {
        self.status = status
        self.headers = headers
        self.route = route
    }

    init(_ response: CachedResponse) {
        status = .ok
        headers = response.headers
        chunks = response.chunks
        route = response.resource.route
    }

    /// Bytes of body sent: what `endless_bytes_sent` counts.
    var payloadBytes: Int { chunks.reduce(0) { $0 + $1.readableBytes } }

    /// A body in one piece goes with its `Content-Length`, not chunked: a small window or a frame is then one
    /// buffer after its head, without chunk framing to write and read. Two chunks or more stay HTTP chunks, each a
    /// part that decodes as it arrives.
    var contentLength: Int? { chunks.count == 1 ? chunks[0].readableBytes : nil }
}

extension Response {
    /// The router's response for `answer`: its body written as `EndlessAnswer.writeBody(_:)` hands it over.
    init(_ answer: EndlessAnswer) {
        self.init(
            status: answer.status, headers: answer.headers,
            body: ResponseBody(contentLength: answer.contentLength) { writer in
                try await answer.writeBody { try await writer.write($0) }
                try await writer.finish(nil)
            })
    }
}
