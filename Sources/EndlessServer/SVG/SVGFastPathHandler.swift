import Foundation
import HTTPTypes
import Metrics
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Answers plain SVG GETs on the event loop, ahead of the router: a repeated URL from the response cache, so that it
/// costs what a static file costs, and a new window of at most `maximumTiles` tiles drawn and compressed at once,
/// which takes less time than handing it to a task would. Everything else, errors included, goes on to the router.
///
/// Responses on a connection must keep the order of its requests, and the router answers asynchronously:
/// so a cached answer is given only while no request handed to the router awaits its response's end.
final class SVGFastPathHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let responder: SVGResponder
    private let maximumTiles: Int
    /// Writes below the HTTP encoder: a cached answer is already HTTP/1.1 bytes.
    private let wire = WireWriter()
    /// The cached answer to the request being read, sent when its end arrives.
    private var answer: CachedResponse?
    /// Requests handed to the router whose responses have not ended yet.
    private var routerResponsesPending = 0
    /// A read held back while the client is not taking what was written, so that a client that pipelines requests
    /// and never reads cannot pile up answers in memory.
    private var readWhenWritable = false

    init(responder: SVGResponder, maximumTiles: Int) {
        self.responder = responder
        self.maximumTiles = maximumTiles
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // Nothing between it and the socket keeps per-response state: Hummingbird asks NIO for neither pipelining
        // assistance nor its error handler, and this handler answers only while no routed response is under way.
        try? context.pipeline.syncOperations.addHandler(wire, position: .first)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            answer = routerResponsesPending == 0 ? immediateAnswer(to: request) : nil
            if answer == nil {
                routerResponsesPending += 1
                context.fireChannelRead(data)
            }
        case .body:
            if answer == nil { context.fireChannelRead(data) }
        case .end:
            guard let response = answer else { return context.fireChannelRead(data) }
            answer = nil
            wire.write(response)
            context.triggerUserOutboundEvent(ConnectionGuard.ResponseWritten(), promise: nil)
            // The router never saw this request, so nothing downstream will ask for the next one: ask here.
            if context.channel.isWritable { context.read() } else { readWhenWritable = true }
            responder.metrics.requests[response.resource.route]?.increment()
            responder.metrics.bytesSent[response.resource.route]?.increment(by: response.payloadBytes)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if readWhenWritable, context.channel.isWritable {
            readWhenWritable = false
            context.read()
        }
        context.fireChannelWritabilityChanged()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { routerResponsesPending -= 1 }
        context.write(data, promise: promise)
    }

    /// Only plain GETs of SVG URLs on a kept-alive connection: conditional requests, HEAD, `Connection: close`
    /// and everything else take the router's path.
    private func immediateAnswer(to request: HTTPRequest) -> CachedResponse? {
        guard request.method == .get, let path = request.path, path.hasPrefix("/svg/"),
            request.headerFields[.ifNoneMatch] == nil,
            !(request.headerFields[.connection]?.lowercased().contains("close") ?? false)
        else { return nil }
        return responder.immediateAnswer(
            to: path, gzip: request.headerFields.acceptsGzip, maximumTiles: maximumTiles)
    }
}

/// The handler first in the pipeline, next to the socket: what is written through it skips every encoder.
final class WireWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// The whole response, its `Date` line added, in one flush.
    func write(_ response: CachedResponse) {
        guard let context else { return }
        context.write(wrapOutboundOut(response.head), promise: nil)
        context.write(wrapOutboundOut(HTTPDate.line), promise: nil)
        context.writeAndFlush(wrapOutboundOut(response.body), promise: nil)
    }
}

/// `Date` header text, made at most once a second.
enum HTTPDate {
    private static let cache = Mutex<(second: Int, line: ByteBuffer)>((0, ByteBuffer()))

    /// `Date: …` and the blank line that ends a head, as bytes.
    static var line: ByteBuffer {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let second = now.tv_sec
        return cache.withLock { cache in
            if cache.second != second { cache = (second, ByteBuffer(string: "Date: \(format(second))\r\n\r\n")) }
            return cache.line
        }
    }

    /// RFC 9110's IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ second: Int) -> String {
        var time = time_t(second)
        var parts = tm()
        gmtime_r(&time, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
