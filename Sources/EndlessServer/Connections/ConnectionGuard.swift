import Metrics
import NIOCore
import NIOHTTPTypes

/// Closes connections whose clients stall, so that a few thousand idle or half-open sockets cannot keep everyone else
/// out: a request not finished within the request timeout gets 408; a kept-alive connection silent for the idle
/// timeout, or whose client stops reading a response for as long, is closed.
///
/// It reads request parts after the HTTP decoder, and learns of bytes as they arrive from a small handler it puts
/// next to the socket; one timer per connection, re-armed when it fires, so that a request costs no timer of its own.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What a handler that answers a request itself, below this one, sends up when that answer has been written.
    struct ResponseWritten {}

    private var deadlines: ConnectionDeadlines
    private let closed: [ConnectionDeadlines.Expiry: Counter]
    private var timer: Scheduled<Void>?
    private let watch = ByteWatch()

    init(requestTimeout: TimeAmount, idleTimeout: TimeAmount, closed: [ConnectionDeadlines.Expiry: Counter]) {
        deadlines = ConnectionDeadlines(requestTimeout: requestTimeout, idleTimeout: idleTimeout, openedAt: .now())
        self.closed = closed
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        watch.onBytes = {
            let (handler, _) = loopBound.value
            handler.deadlines.bytesArrived(at: .now())
        }
        try? context.pipeline.syncOperations.addHandler(watch, position: .first)
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        watch.onBytes = {}
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: deadlines.headRead()
        case .body: break
        case .end: deadlines.requestRead()
        }
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        deadlines.writabilityChanged(to: context.channel.isWritable, at: .now())
        context.fireChannelWritabilityChanged()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { deadlines.responseEnded(at: .now()) }
        context.write(data, promise: promise)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is ResponseWritten else {
            return context.triggerUserOutboundEvent(event, promise: promise)
        }
        deadlines.responseEnded(at: .now())
        promise?.succeed()
    }

    /// Sets the one timer: it looks at the deadlines when it fires, and sets itself again.
    private func arm(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: deadlines.checkTime(now: .now())) {
            let (handler, context) = loopBound.value
            handler.timer = nil
            handler.check(context)
        }
    }

    private func check(_ context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        guard let expiry = deadlines.expired(at: .now()) else { return arm(context) }
        closed[expiry]?.increment()
        if expiry == .request, deadlines.responsesOwed == 0 {
            watch.send(Self.requestTimeoutResponse(deadlines.requestTimeout), context: context)
        }
        context.close(promise: nil)
    }

    /// `408 Request Timeout`, one line of text, and the connection closes.
    static func requestTimeoutResponse(_ timeout: TimeAmount) -> ByteBuffer {
        let seconds = Double(timeout.nanoseconds) / 1e9
        let text = "request: a request must arrive whole within \(seconds.formatted()) s of its first byte\n"
        return ByteBuffer(
            string: "HTTP/1.1 408 Request Timeout\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: \(text.utf8.count)\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n" + text)
    }
}

/// Next to the socket: tells the guard when bytes arrive, and writes its 408 past every encoder.
final class ByteWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    var onBytes: () -> Void = {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        onBytes()
        context.fireChannelRead(data)
    }

    func send(_ bytes: ByteBuffer, context guardContext: ChannelHandlerContext) {
        guard let context = try? guardContext.pipeline.syncOperations.context(handler: self) else { return }
        context.writeAndFlush(NIOAny(bytes), promise: nil)
    }
}

extension Double {
    /// `10`, `0.5`: a number of seconds as a person writes it.
    fileprivate func formatted() -> String { self == rounded() ? String(Int(self)) : String(self) }
}
