import Dispatch
import HTTPTypes
import Logging
import Metrics
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// The event loop's door to the endpoint table (`EndpointTable`), right after NIO's HTTP/1 codec (see
/// `EndlessHTTP1Channel`): it asks the table for each request's outcome, as the router's routes do, writes an answer
/// the table gives at once, and hands on to the router only what must wait its turn (a large window, a heavy frame)
/// or a target that is not a path. It parses nothing, guards nothing and answers nothing itself: it carries bytes.
///
/// Responses on a connection keep the order of its requests, and the router answers asynchronously: so a request is
/// answered here only while no request handed on awaits its response.
///
/// A client that sends requests and does not read its answers is held to what one read brings: while the connection
/// cannot write, nothing more is answered or read, and the parts already decoded wait here, in order.
final class EventLoopResponder: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What one server's connections share: the table, and where answers are counted.
    struct Shared: Sendable {
        let table: EndpointTable
        let metrics: RequestMetrics
        let gate: RenderGate
        let bytesSent: [String: Counter]
        let serverName: String
        /// Logs each request at `info`, as the router's `LogRequestsMiddleware` does, when the level lets it.
        let logger: Logger
    }

    /// Where the connection's requests stand, as NIO's `HTTPServerPipelineHandler` keeps it: one value, changed only
    /// by the transitions below.
    ///
    /// ```
    ///              head answered here                 head handed on (the router's response pending)
    ///   answering ────────────────────► answering    answering ──────────────► handingOn(pending: 1)
    ///   handingOn(n) ─ head handed on ─► handingOn(n + 1)   (no answer here while one is pending)
    ///   handingOn(n) ─ its response ends ─► handingOn(n - 1)
    ///   handingOn(0) ─ head answered here ─► answering
    ///   any ─ an answer here asked to close ─► closing   (nothing more is read)
    /// ```
    enum State: Equatable {
        /// The request under way, if any, was answered here: its other parts are dropped.
        case answering
        /// The request under way goes on to the router, its parts after it; `pending` of the requests handed on
        /// await their responses' ends, and while any does, every request is handed on, so that answers keep the
        /// order of the requests.
        case handingOn(pending: Int)
        /// A request answered here asked to close the connection: nothing after it is read.
        case closing

        /// Whether a request's head may be answered here: nothing handed on awaits its response.
        var mayAnswer: Bool {
            switch self {
            case .answering, .handingOn(pending: 0): true
            case .handingOn, .closing: false
            }
        }

        /// A head handed on.
        mutating func handOn() {
            switch self {
            case .answering: self = .handingOn(pending: 1)
            case .handingOn(let pending): self = .handingOn(pending: pending + 1)
            case .closing: assertionFailure("a head read after closing")
            }
        }

        /// Whether a request handed on awaits its response.
        var awaitsResponse: Bool {
            if case .handingOn(let pending) = self { pending > 0 } else { false }
        }

        /// A handed-on request's response ended (the router wrote its end). One that no request handed on awaits
        /// changes nothing: the 400 written behind this handler for a request the decoder refused, before closing.
        mutating func routedResponseEnded() {
            guard case .handingOn(let pending) = self, pending > 0 else { return }
            self = .handingOn(pending: pending - 1)
        }
    }

    private let shared: Shared
    private let logsRequests: Bool
    private var state = State.answering
    /// Parts that came while the connection could not write, waiting their turn.
    private var waiting = CircularBuffer<HTTPServerRequestPart>()
    /// A read held back until the connection can write and nothing waits.
    private var readHeld = false
    /// Answers written and not yet flushed.
    private var flushPending = false
    /// The series this connection's last answer counted in: the next, most often of the same, takes no lock.
    private var recorded: RequestMetrics.Recorders?
    /// Where this connection's answers' durations wait for their timers: its event loop's batch.
    private var durations: LoopDurations?
    /// The names of the work handed on with each request that awaits its response (`nil` for a request handed on
    /// without), oldest first: forgotten as its response ends, or when the connection goes.
    private var handedOn = CircularBuffer<UInt64?>()

    init(_ shared: Shared) {
        self.shared = shared
        logsRequests = shared.logger.logLevel <= .info
    }

    func handlerAdded(context: ChannelHandlerContext) {
        durations = shared.metrics.durations(on: context.eventLoop)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        guard waiting.isEmpty, context.channel.isWritable else { return waiting.append(part) }
        take(part, context: context)
    }

    /// Flushes once the event loop has read every connection that was ready in this turn (its tasks run after the
    /// turn's reads), rather than after this connection's: the turn's answers then leave one after another, and a
    /// client woken by the first finds the next already there, instead of being woken, and the loop put aside for
    /// it, once an answer.
    func channelReadComplete(context: ChannelHandlerContext) {
        if flushPending {
            context.eventLoop.assumeIsolated().execute { self.flushIfPending(context: context) }
        }
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        context.fireChannelWritabilityChanged()
        guard context.channel.isWritable else { return }
        while !waiting.isEmpty, context.channel.isWritable { take(waiting.removeFirst(), context: context) }
        flushIfPending(context: context)
        if readHeld, waiting.isEmpty {
            readHeld = false
            context.read()
        }
    }

    func read(context: ChannelHandlerContext) {
        guard waiting.isEmpty, context.channel.isWritable else {
            readHeld = true
            return
        }
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            if state.awaitsResponse, let name = handedOn.popFirst() { name.map(shared.table.handedOn.forget) }
            state.routedResponseEnded()
        }
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        while let name = handedOn.popFirst() { name.map(shared.table.handedOn.forget) }
    }

    /// A close (the client's end of input, an idle timeout) takes the answers already written with it.
    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        flushIfPending(context: context)
        context.close(mode: mode, promise: promise)
    }

    /// Answers a request's head here if the table answers it at once, and drops the rest of its parts; else hands
    /// them all on.
    private func take(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        guard state != .closing else { return }
        guard case .head(let head) = part else {
            if case .handingOn = state { context.fireChannelRead(wrapInboundOut(part)) }
            return
        }
        let start = DispatchTime.now().uptimeNanoseconds
        if state.mayAnswer, let request = Self.request(head, keeping: shared.table.headersRead),
            case let (route, outcome) = shared.table.outcome(for: request, target: head.uri)
        {
            let answer: HTTPAnswer
            switch outcome {
            case .now(let now): answer = now
            // An answer that waits its turn goes on to the router, begun: the router finishes it.
            case .later(let work): return handOn(head, work: shared.table.handedOn.keep(work), context: context)
            }
            state = .answering
            if logsRequests {
                shared.logger.info(
                    "Request", metadata: ["hb.request.path": "\(head.uri)", "hb.request.method": "\(head.method)"])
            }
            write(answer, bodiless: request.method == .head, context: context)
            recorded = shared.metrics.record(
                route: route, method: request.method, status: Int(answer.status.code), start: start, last: recorded,
                batch: durations)
            if head.asksToClose {
                // As the router does: the answer goes out whole, then the output closes.
                state = .closing
                flushIfPending(context: context)
                context.close(mode: .output, promise: nil)
            }
        } else {
            handOn(head, work: nil, context: context)
        }
    }

    /// Hands `head` on to the router, with the work begun for it (`work`'s name), if any.
    private func handOn(_ head: HTTPRequestHead, work: UInt64?, context: ChannelHandlerContext) {
        // Only this handler names the work it hands on: a client's name for it goes.
        var head = head
        head.headers.remove(name: HandedOnWork.field.rawName)
        if let work { head.headers.add(name: HandedOnWork.field.rawName, value: String(work)) }
        state.handOn()
        handedOn.append(work)
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// `head` as the router gets it (`HTTP1ToHTTPServerCodec`'s conversion), but for two costs that conversion pays
    /// for every request: its parse of the target as a URL (an origin-form target, `/…`, is the path as it stands),
    /// and a check and a copy of each of a browser's dozen header fields (only the ones some
    /// endpoint reads, `names`, are kept). `nil` for a target of another form (a URL, `*`, an authority) or a method HTTP
    /// Types refuse, left to the router.
    static func request(_ head: HTTPRequestHead, keeping names: [HTTPField.Name]) -> HTTPRequest? {
        guard head.uri.utf8.first == UInt8(ascii: "/"), let method = try? HTTPRequest.Method(head.method) else {
            return nil
        }
        var fields = HTTPFields()
        for (name, value) in head.headers {
            // Most names are told apart by their length alone.
            guard
                let read = names.first(where: {
                    $0.canonicalName.utf8.count == name.utf8.count && $0.canonicalName == name.lowercased()
                })
            else { continue }
            fields.append(HTTPField(name: read, value: value))
        }
        return HTTPRequest(
            method: method, scheme: "http", authority: head.headers.first(name: "Host"), path: head.uri,
            headerFields: fields)
    }

    /// Writes `answer`, its body left out for a HEAD (`bodiless`): the headers a GET gets, its length included.
    private func write(_ answer: HTTPAnswer, bodiless: Bool, context: ChannelHandlerContext) {
        // As pairs, as HTTP Types' conversion makes them: `HTTPHeaders.add` checks each name anew, a twentieth of a
        // repeated window's instructions, where these are HTTP Types' fields, checked already, and three constants.
        var fields: [(String, String)] = []
        fields.reserveCapacity(answer.headers.count + 3)
        for field in answer.headers { fields.append((field.name.rawName, field.value)) }
        fields.append(("Date", HTTPDate.now))
        fields.append(("Server", shared.serverName))
        if let length = answer.contentLength { fields.append(("Content-Length", String(length))) }
        let status = HTTPResponseStatus(statusCode: answer.status.code, reasonPhrase: answer.status.reasonPhrase)
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: HTTPHeaders(fields))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        flushPending = true
        guard !bodiless else { return context.write(wrapOutboundOut(.end(nil)), promise: nil) }
        for chunk in answer.chunks { context.write(wrapOutboundOut(.body(.byteBuffer(chunk))), promise: nil) }
        if !answer.chunks.isEmpty { shared.bytesSent[answer.route]?.increment(by: answer.payloadBytes) }
        guard answer.drawn else { return context.write(wrapOutboundOut(.end(nil)), promise: nil) }
        // Counted unsent until its last part has left, or failed to (the connection closed).
        let unsent = RenderGate.Unsent(answer.payloadBytes, in: shared.gate)
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.whenComplete { _ in withExtendedLifetime(unsent) {} }
        context.write(wrapOutboundOut(.end(nil)), promise: written)
    }

    private func flushIfPending(context: ChannelHandlerContext) {
        guard flushPending else { return }
        flushPending = false
        context.flush()
    }
}

extension HTTPRequestHead {
    /// `Connection: close`: the client sends nothing after this request and the server closes once it has answered.
    var asksToClose: Bool {
        headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
    }
}
