import Metrics
import NIOCore
import NIOHTTP1
import HTTPTypes

/// Closes connections whose clients stall, so that a few thousand idle or half-open sockets cannot keep everyone else
/// out: a request not finished within the request timeout gets 408; a kept-alive connection silent for the idle
/// timeout, or whose client stops reading a response for as long, is closed. At the connection bound, the one that
/// has kept the server waiting longest is closed to make room (see `ConnectionRegistry`).
///
/// It reads request parts after the HTTP decoder, and learns of bytes as they arrive from a small handler it puts
/// next to the socket; one timer per connection, re-armed when it fires, so that a request costs no timer of its own.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var deadlines: ConnectionDeadlines
    private let closed: [ConnectionDeadlines.Expiry: Counter]
    private let evicted: Counter
    private var timer: Scheduled<Void>?
    private let watch = ByteWatch()
    private let registry: ConnectionRegistry
    /// This connection in the registry while it is open; it refers back to the handler, so it is dropped at the end.
    private var entry: ConnectionRegistry.Entry?

    init(
        requestTimeout: TimeAmount, idleTimeout: TimeAmount, registry: ConnectionRegistry,
        closed: [ConnectionDeadlines.Expiry: Counter], evicted: Counter
    ) {
        deadlines = ConnectionDeadlines(requestTimeout: requestTimeout, idleTimeout: idleTimeout, openedAt: .now())
        self.registry = registry
        self.closed = closed
        self.evicted = evicted
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        watch.onBytes = {
            let (handler, _) = loopBound.value
            handler.deadlines.bytesArrived(at: .now())
            handler.publish()
        }
        try? context.pipeline.syncOperations.addHandler(watch, position: .first)
        if context.channel.isActive { opened(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopped()
        watch.onBytes = {}
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopped()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: deadlines.headRead()
        case .body: break
        case .end: deadlines.requestRead()
        }
        publish()
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        deadlines.writabilityChanged(to: context.channel.isWritable, at: .now())
        publish()
        context.fireChannelWritabilityChanged()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            deadlines.responseEnded(at: .now())
            publish()
        }
        context.write(data, promise: promise)
    }

    /// Counts the connection in (once), which at the bound makes room, and starts its timer.
    private func opened(_ context: ChannelHandlerContext) {
        arm(context)
        guard entry == nil else { return }
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        let entry = ConnectionRegistry.Entry {
            eventLoop.execute {
                let (handler, context) = loopBound.value
                handler.makeRoom(context)
            }
        }
        self.entry = entry
        publish()
        registry.opened(entry)
    }

    /// Stops the timer and counts the connection out.
    private func stopped() {
        timer?.cancel()
        timer = nil
        if let entry { registry.closed(entry) }
        entry = nil
    }

    private func publish() { entry?.publish(deadlines.waitingSince) }

    /// Closes this connection for a newcomer past the bound, unless a response started flowing since it was chosen.
    private func makeRoom(_ context: ChannelHandlerContext) {
        guard context.channel.isActive, let entry else { return }
        guard deadlines.waitingSince != nil else { return registry.reinstate(entry) }
        evicted.increment()
        let line = "request: closed unfinished to make room for a new connection"
        close(context, answeringUnfinished: line + " (the server keeps at most \(registry.maximum))")
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
        let seconds = Double(deadlines.requestTimeout.nanoseconds) / 1e9
        close(
            context,
            answeringUnfinished: expiry == .request
                ? "request: a request must arrive whole within \(seconds.formatted()) s of its first byte" : nil)
    }

    /// Closes the connection; a request under way with no response owed first gets `line` as a 408 (an idle or a
    /// stalled reader gets nothing: there is no request to answer, or an answer is already on its way). NIO's
    /// encoder writes it, as it writes every answer.
    private func close(_ context: ChannelHandlerContext, answeringUnfinished line: String?) {
        if let line, deadlines.requestStarted != nil, deadlines.responsesOwed == 0 {
            var answer = PlainTextError(.requestTimeout, line).answer(route: "")
            answer.headers[.connection] = "close"
            let body = answer.chunks[0]
            var fields = HTTPHeaders(answer.headers.map { ($0.name.rawName, $0.value) })
            fields.add(name: "Content-Length", value: String(body.readableBytes))
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .requestTimeout, headers: fields))),
                promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
        context.close(promise: nil)
    }
}

/// Next to the socket: tells the guard when bytes arrive.
final class ByteWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    var onBytes: () -> Void = {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        onBytes()
        context.fireChannelRead(data)
    }
}

extension Double {
    /// `10`, `0.5`: a number of seconds as a person writes it.
    fileprivate func formatted() -> String { self == rounded() ? String(Int(self)) : String(self) }
}
