import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import Synchronization

/// Answers plain SVG GETs from the connection's bytes, ahead of NIO's HTTP/1 decoder and the router: a repeated URL
/// from the response cache, so that it costs what a static file costs, and a new window of at most `maximumTiles`
/// tiles drawn and compressed at once. `WireRequest` reads each head; every other request, and every SVG GET whose
/// answer is not at hand (errors included), goes on to the decoder and the router as its bytes came.
///
/// Responses on a connection keep the order of its requests, and the router answers asynchronously: so a request is
/// answered here only while no request handed on awaits its response (`routedResponsesPending`, which
/// `RoutedResponses` counts from the decoded parts).
final class SVGFastPathHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let responder: SVGResponder
    private let maximumTiles: Int
    /// Requests handed on whose responses have not ended yet.
    var routedResponsesPending = 0
    /// The start of a request whose head has not all arrived, and how much of it was searched for its end.
    private var unread: ByteBuffer?
    private var unreadSearched = 0
    /// Body bytes of a handed-on request still to come: they follow it as they arrive.
    private var bodyBytesToHandOn = 0
    /// Set for good once bytes came that `WireRequest` does not vouch for: the decoder reads the rest.
    private var handingOnEverything = false
    /// A read held back while the client is not taking what was written, so that a client that pipelines requests
    /// and never reads cannot pile up answers in memory.
    private var readWhenWritable = false
    /// Answers are written and wait for the end of the event loop's turn to be flushed.
    private var flushPending = false

    init(responder: SVGResponder, maximumTiles: Int) {
        self.responder = responder
        self.maximumTiles = maximumTiles
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !handingOnEverything else { return context.fireChannelRead(data) }
        var bytes = unwrapInboundIn(data)
        if var start = unread {
            unread = nil
            start.writeBuffer(&bytes)
            bytes = start
        }
        var answered = 0
        reading: while bytes.readableBytes > 0 {
            if bodyBytesToHandOn > 0 {
                handOn(length: bodyBytesToHandOn, of: &bytes, context: context)
                continue
            }
            let searched = unreadSearched
            unreadSearched = 0
            switch bytes.withUnsafeReadableBytes({ WireRequest.read($0, searchedBytes: searched) }) {
            case .incomplete:
                // Copied out: a slice would keep the whole receive buffer alive while a slow client trickles in.
                unread = ByteBuffer(bytes: bytes.readableBytesView)
                unreadSearched = bytes.readableBytes
                break reading
            case .unreadable:
                handOnEverything(&bytes, context: context)
            case .other(let length):
                handOn(length: length, of: &bytes, context: context)
            case .svgGet(let target, let gzip, let length):
                guard routedResponsesPending == 0,
                    let answer = responder.immediateAnswer(to: target, gzip: gzip, maximumTiles: maximumTiles)
                else {
                    handOn(length: length, of: &bytes, context: context)
                    continue
                }
                bytes.moveReaderIndex(forwardBy: length)
                write(answer.response, isNew: answer.isNew, context: context)
                answered += 1
            }
        }
        guard answered > 0 else { return }
        flushWhenTheTurnEnds(context: context)
        context.fireUserInboundEventTriggered(ConnectionGuard.RequestsAnswered())
        // The decoder never saw these requests, so nothing after it will ask for the next ones: ask here.
        if context.channel.isWritable { context.read() } else { readWhenWritable = true }
    }

    /// Flushes once the event loop has read every connection that was ready in this turn, rather than right after
    /// this read: the turn's answers then leave one after another, and a client woken by the first finds the next
    /// ones already there, instead of being woken, and the loop put aside for it, once an answer.
    private func flushWhenTheTurnEnds(context: ChannelHandlerContext) {
        guard !flushPending else { return }
        flushPending = true
        // An event loop runs its tasks after the turn's reads (`SelectableEventLoop.run`).
        context.eventLoop.assumeIsolated().execute { self.flushNow(context: context) }
    }

    private func flushNow(context: ChannelHandlerContext) {
        guard flushPending else { return }
        flushPending = false
        context.flush()
    }

    /// A close (the client's end of input, an idle timeout) takes the answers already written with it.
    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        flushNow(context: context)
        context.close(mode: mode, promise: promise)
    }

    /// Leaving the pipeline, it flushes while it still can: a removed handler's context reaches nothing.
    func handlerRemoved(context: ChannelHandlerContext) { flushNow(context: context) }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if readWhenWritable, context.channel.isWritable {
            readWhenWritable = false
            context.read()
        }
        context.fireChannelWritabilityChanged()
    }

    /// Passes the next `length` bytes (or those that have come of them) to the decoder; and the rest after them too,
    /// for good, if they started a request the decoder refused.
    private func handOn(length: Int, of bytes: inout ByteBuffer, context: ChannelHandlerContext) {
        let startsARequest = bodyBytesToHandOn == 0
        let pendingBefore = routedResponsesPending
        let now = min(length, bytes.readableBytes)
        bodyBytesToHandOn = length - now
        context.fireChannelRead(wrapInboundOut(bytes.readSlice(length: now)!))
        // A whole head the decoder did not read as one (it refused it): it reads the rest of the connection, so that
        // nothing is answered here out of turn while it closes.
        if startsARequest, routedResponsesPending == pendingBefore { handOnEverything(&bytes, context: context) }
    }

    /// From here on the decoder reads every byte, these first. (Answers already written stay: they came first.)
    private func handOnEverything(_ bytes: inout ByteBuffer, context: ChannelHandlerContext) {
        handingOnEverything = true
        if let rest = bytes.readSlice(length: bytes.readableBytes), rest.readableBytes > 0 {
            context.fireChannelRead(wrapInboundOut(rest))
        }
    }

    /// The whole response, flushed at the end of the event loop's turn: one just made as it was made, with its
    /// `Date` line (one write); one from the cache with this second's.
    private func write(_ response: CachedResponse, isNew: Bool, context: ChannelHandlerContext) {
        if isNew {
            context.write(wrapOutboundOut(response.fresh), promise: nil)
        } else {
            context.write(wrapOutboundOut(response.head), promise: nil)
            context.write(wrapOutboundOut(HTTPDate.line), promise: nil)
            context.write(wrapOutboundOut(response.body), promise: nil)
        }
        responder.metrics.requests[response.resource.route]?.increment()
        responder.metrics.bytesSent[response.resource.route]?.increment(by: response.payloadBytes)
    }
}

/// After the decoder: counts the requests handed on whose responses have not ended, for `SVGFastPathHandler`, which
/// it puts next to the socket (after the connection guard's byte watch, before the HTTP encoder: what the fast path
/// writes is already HTTP/1.1 bytes).
final class RoutedResponses: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let fastPath: SVGFastPathHandler

    init(fastPath: SVGFastPathHandler) { self.fastPath = fastPath }

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        let position: ChannelPipeline.SynchronousOperations.Position =
            (try? pipeline.handler(type: HTTPResponseEncoder.self)).map { .before($0) } ?? .first
        try? pipeline.addHandler(fastPath, position: position)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { fastPath.routedResponsesPending += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { fastPath.routedResponsesPending -= 1 }
        context.write(data, promise: promise)
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
