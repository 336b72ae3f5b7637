import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Prometheus
import Testing

@testable import EndlessServer

/// Answers made on the event loop, after NIO's decoder: over real sockets, and on an embedded channel.
@Suite(.timeLimit(.minutes(1))) struct EventLoopResponderTests {
    func lowercasedHeaders(_ head: String) -> [String: String] {
        Dictionary(
            head.split(separator: "\r\n").dropFirst().compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: " "))
            }, uniquingKeysWith: { a, _ in a })
    }

    @Test func aRepeatIsTheSameResponse() async throws {
        try await withServer(.live) { client, registry in
            let port = try #require(client.port)
            let request = "GET /svg/ruler?value=72.4 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n"
            // Asked twice, its answer is kept; the third is answered from the cache.
            _ = try await rawExchange(port: port, request: request)
            let first = try await rawExchange(port: port, request: request)
            let second = try await rawExchange(port: port, request: request)
            var (a, b) = (lowercasedHeaders(first.head), lowercasedHeaders(second.head))
            #expect(a["date"] != nil && b["date"] != nil)
            (a["date"], b["date"]) = (nil, nil)
            #expect(a == b, "the cached answer has the drawn one's headers")
            #expect(b["content-length"] == second.chunks.first.map { String($0.readableBytes) })
            #expect(b["transfer-encoding"] == nil && b["content-encoding"] == "gzip")
            #expect(first.chunks == second.chunks, "and its bytes, chunk for chunk")
            var body = ByteBuffer()
            for var chunk in second.chunks { body.writeBuffer(&chunk) }
            #expect(try body.gunzipped() == (try renderCommand(["ruler", "--value", "72.4"])))
            var text: [UInt8] = []
            registry.emit(into: &text)
            let metrics = String(decoding: text, as: UTF8.self)
            #expect(metrics.contains("endless_response_cache_hits 1"))
            #expect(metrics.contains("endless_response_cache_misses 2"))
        }
    }

    /// A server that logs each request still answers on the event loop: the log level never changes the path.
    @Test func loggingEveryRequestLeavesTheEventLoopAnswering() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(EventLoopResponder(try eventLoopShared(logLevel: .info)))
        for part in get("/svg/loop?offset=3") + get("/svg/ruler?width=0") + get("/healthz") {
            try channel.writeInbound(part)
        }
        channel.pipeline.fireChannelReadComplete()
        channel.embeddedEventLoop.run()
        #expect(try responses(channel) == ["200 Loop", "400", "200"], "all three answered here")
        #expect(try channel.readInbound(as: HTTPServerRequestPart.self) == nil, "none handed on")
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    /// Every answer counts in every series, whichever path carried it: a 4xx and a 414 made on the event loop are
    /// counted, timed and counted as errors, under their route.
    @Test func refusalsOnTheEventLoopCountInEverySeries() async throws {
        try await withServer(.live) { client, registry in
            let port = try #require(client.port)
            let long = "/svg/ruler?value=" + String(repeating: "0", count: 5_000) + "72.4"
            for target in ["/svg/ruler?width=0", long] {
                let text = try await rawText(
                    port: port, request: "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                #expect(text.hasPrefix("HTTP/1.1 4"), "\(text.prefix(40))")
            }
            func series(_ status: String) -> String {
                #"{http_route="/svg/ruler",http_request_method="GET",http_response_status_code=""# + status + #""}"#
            }
            // Each connection's loop hands its durations over in its own second: both are waited for.
            let metrics = try await metrics(of: registry) { text in
                ["400", "414"].allSatisfy { text.contains("http_server_request_duration_count" + series($0) + " 1") }
            }
            for status in ["400", "414"] {
                let series = series(status)
                #expect(metrics.contains("hb_requests" + series + " 1"), "\(status) counted")
                #expect(metrics.contains("http_server_request_duration_count" + series + " 1"), "\(status) timed")
                #expect(
                    metrics.contains(
                        #"hb_request_errors{error_type=""# + status
                            + #"",http_request_method="GET",http_route="/svg/ruler"} 1"#)
                        || metrics.contains(
                            #"hb_request_errors{http_route="/svg/ruler",http_request_method="GET",error_type=""#
                                + status + #""} 1"#),
                    "\(status) an error")
            }
        }
    }

    @Test func aNewWindowOnTheEventLoopHasTheRoutersAnswer() async throws {
        var options = testOptions()
        options.endless.maximumTilesOnEventLoop = 8
        try await withServer(.live, options: options) { client, registry in
            let port = try #require(client.port)
            let request = { (query: String) in
                "GET /svg/loop?\(query) HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n"
            }
            // 21 items go to the router; 3 are drawn on the event loop.
            let routed = try await rawExchange(port: port, request: request("offset=300&width=3000"))
            let fast = try await rawExchange(port: port, request: request("offset=7.5&width=300"))
            var (a, b) = (lowercasedHeaders(routed.head), lowercasedHeaders(fast.head))
            #expect(a["etag"] != b["etag"])
            #expect(a["content-length"] != nil && b["content-length"] != nil, "each in one piece")
            for name in ["date", "etag", "content-length"] { (a[name], b[name]) = (nil, nil) }
            #expect(a == b, "the same headers as the router's")
            var body = ByteBuffer()
            for var chunk in fast.chunks { body.writeBuffer(&chunk) }
            #expect(try body.gunzipped() == (try renderCommand(["loop", "--offset", "7.5", "--width", "300"])))
            let timedTwice =
                #"http_server_request_duration_count{http_route="/svg/loop",http_request_method="GET",http_response_status_code="200"} 2"#
            let metrics = try await metrics(of: registry) { $0.contains(timedTwice) }
            // Both count in every series, the one the router answered and the one the event loop did.
            #expect(
                metrics.contains(
                    #"hb_requests{http_route="/svg/loop",http_request_method="GET",http_response_status_code="200"} 2"#)
            )
            let timed = metrics.split(separator: "\n").first {
                $0.hasPrefix(#"http_server_request_duration_count{http_route="/svg/loop""#)
            }
            #expect(timed?.hasSuffix(" 2") == true)
            #expect(metrics.contains(#"endless_render_duration_count{route="/svg/loop"} 2"#))
            #expect(metrics.contains("endless_response_cache_misses 2"))
        }
    }

    @Test func aWindowOverTheEventLoopsShareGoesToTheRouter() throws {
        var options = testOptions()
        options.endless.maximumTilesOnEventLoop = 4
        let (channel, _) = try responderChannel(options)
        for part in get("/svg/grid?width=100&height=100") { try channel.writeInbound(part) }
        channel.pipeline.fireChannelReadComplete()
        channel.embeddedEventLoop.run()
        let small = try responses(channel)
        #expect(small == ["200 Grid"], "the small window is answered here: \(small)")
        for part in get("/svg/grid?width=800&height=600") { try channel.writeInbound(part) }
        #expect(try responses(channel).isEmpty, "the large one is not")
        #expect(
            try channel.readInbound(as: HTTPServerRequestPart.self).map { if case .head = $0 { true } else { false } }
                == true, "it goes on to the router")
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    @Test func pipelinedRequestsKeepTheirOrder() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            _ = try await rawText(
                port: port, request: "GET /svg/loop?offset=0 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            // Cached, not cached, cached, a 404, a window too large for the event loop (the router draws it, in a
            // while), cached: written at once on one connection.
            let requests = [
                "/svg/loop?offset=0", "/svg/grid?x=5", "/svg/loop?offset=0", "/nothing",
                "/svg/grid?width=4000&height=4000", "/svg/loop?offset=0",
            ]
            let text = try await rawText(
                port: port,
                request: requests.enumerated().map { index, path in
                    "GET \(path) HTTP/1.1\r\nHost: x\r\n" + (index == requests.count - 1 ? "Connection: close\r\n" : "")
                        + "\r\n"
                }.joined())
            let order = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { response -> String in
                if response.hasPrefix("404") { return "404" }
                return response.contains("<title>Grid")
                    ? "grid"
                    : response.contains("<title>Loop") ? "loop" : response.contains("<title>Rule") ? "ruler" : "?"
            }
            #expect(order == ["loop", "grid", "loop", "404", "grid", "loop"])
        }
    }

    /// Answers wait for the end of the event loop's turn to be flushed; a client that half-closes the connection
    /// right after its requests still gets every answer before the server closes.
    @Test func answersReachAClientThatEndsItsSideWithTheRequests() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            // Not gzipped, so that the text shows where each answer ends.
            let requests = ["/svg/loop?offset=3", "/svg/ruler?offset=9", "/svg/grid?x=2"].map {
                "GET \($0) HTTP/1.1\r\nHost: x\r\n\r\n"
            }
            for count in 1...requests.count {
                let text = try await rawText(
                    port: port, request: requests.prefix(count).joined(), halfClosing: true)
                #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == count)
                #expect(text.hasSuffix("</svg>\n"), "the last answer whole")
            }
        }
    }

    /// Counts the reads that pass it towards the socket.
    final class ReadCounter: ChannelOutboundHandler {
        typealias OutboundIn = Never
        var reads = 0
        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }
    }

    /// The responder on an embedded channel, after a counter of the reads it lets through.
    func responderChannel(_ options: ServerOptions = testOptions()) throws -> (EmbeddedChannel, ReadCounter) {
        let counter = ReadCounter()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([counter, EventLoopResponder(try eventLoopShared(options))])
        return (channel, counter)
    }

    func get(_ path: String) -> [HTTPServerRequestPart] {
        [.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: ["Host": "x"])), .end(nil)]
    }

    /// What came out: each response's status and, for a window, its view's title.
    func responses(_ channel: EmbeddedChannel) throws -> [String] {
        var out: [String] = []
        var body = ""
        while let part = try channel.readOutbound(as: HTTPServerResponsePart.self) {
            switch part {
            case .head(let head): out.append(String(head.status.code))
            case .body(.byteBuffer(let chunk)): body += String(buffer: chunk)
            case .body(let other): Issue.record("a body part not in a buffer: \(other)")
            case .end:
                if let title = body.firstRange(of: "<title>") {
                    out[out.count - 1] += " " + body[title.upperBound...].prefix(4)
                }
                body = ""
            }
        }
        return out
    }

    /// While the connection cannot write, requests already decoded wait, unanswered, and the read that would bring
    /// more is held; once it can, they are answered in order and the read goes on.
    @Test func aConnectionThatCannotWriteIsNeitherAnsweredNorReadUntilItCan() throws {
        let (channel, counter) = try responderChannel()
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        for path in ["/svg/loop?offset=3", "/svg/grid?x=1", "/svg/ruler?offset=2"] {
            for part in get(path) { try channel.writeInbound(part) }
        }
        channel.read()
        #expect(try responses(channel).isEmpty, "nothing answered while it cannot write")
        #expect(counter.reads == 0, "and nothing more read")
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        #expect(try responses(channel) == ["200 Loop", "200 Grid", "200 Rule"])
        #expect(counter.reads == 1, "the held read goes on")
        channel.read()
        #expect(counter.reads == 2)
        _ = try channel.finish()
    }

    /// A request handed on to the router holds every later one behind it, so that answers keep their order.
    @Test func aRequestAfterOneHandedOnIsHandedOnToo() throws {
        let (channel, _) = try responderChannel()
        for part in get("/svg/grid?width=6000&height=6000") + get("/svg/loop?offset=3") {
            try channel.writeInbound(part)
        }
        #expect(try responses(channel).isEmpty, "the router answers both")
        #expect(
            try channel.readInbound(as: HTTPServerRequestPart.self).map { if case .head = $0 { true } else { false } }
                == true
        )
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    /// An answer that waits its turn goes on to the router begun: the head it hands on names the work, which the
    /// router's route takes rather than ask the table again. A client's own name for it is dropped, and the work of
    /// a request whose response ended before its route took it is forgotten.
    @Test func anAnswerThatWaitsIsHandedOnBegun() async throws {
        let shared = try eventLoopShared()
        let (table, channel) = (shared.table, EmbeddedChannel())
        try channel.pipeline.syncOperations.addHandler(EventLoopResponder(shared))
        let large = "/svg/grid?width=6000&height=6000"
        func handedOn() throws -> [HTTPRequestHead] {
            var heads: [HTTPRequestHead] = []
            while let part = try channel.readInbound(as: HTTPServerRequestPart.self) {
                if case .head(let head) = part { heads.append(head) }
            }
            return heads
        }
        func respond() throws {
            try channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok)))
            try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        }
        let forged = HTTPHeaders([("Host", "x"), (HandedOnWork.field.rawName, "7")])
        for _ in 0..<3 {
            try channel.writeInbound(
                HTTPServerRequestPart.head(
                    HTTPRequestHead(version: .http1_1, method: .GET, uri: large, headers: forged)))
            try channel.writeInbound(HTTPServerRequestPart.end(nil))
        }
        // The first was begun here; the others, behind it, go on as they came, less the client's name.
        let heads = try handedOn()
        let names = heads.map { $0.headers[HandedOnWork.field.rawName] }
        #expect(names.count == 3 && names[0].count == 1 && names[0] != ["7"])
        #expect(names.dropFirst().allSatisfy { $0.isEmpty })
        let routed = try #require(EventLoopResponder.request(heads[0], keeping: [HandedOnWork.field]))
        let endpoint = try #require(table.endpoints.first { $0.pattern == "/svg/:view" })
        let answer = await table.answer(
            endpoint, routed, target: large, captures: ["grid"], mountPath: "", gate: shared.gate, bytesSent: [:])
        #expect(answer.status == .ok && answer.answer.chunks.contains { String(buffer: $0).contains("<svg") })
        #expect(table.handedOn.take(for: routed) == nil, "taken once, by the route")
        for _ in 0..<3 { try respond() }
        // One begun whose response ended before its route took the work: forgotten.
        for part in get(large) { try channel.writeInbound(part) }
        let next = try #require(EventLoopResponder.request(try handedOn()[0], keeping: [HandedOnWork.field]))
        try respond()
        #expect(table.handedOn.take(for: next) == nil)
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    @Test func aCloseTakesTheAnswersWrittenWithIt() throws {
        let (channel, _) = try responderChannel()
        for part in get("/svg/loop?offset=3") { try channel.writeInbound(part) }
        try channel.close().wait()
        #expect(try responses(channel) == ["200 Loop"])
    }

    @Test func aRequestArrivingByteByByteIsAnsweredAsAWholeOne() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            let request = "GET /svg/ruler?value=72.5 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n"
            let whole = try await rawExchange(port: port, request: request)
            let channel = try await connect(port: port)
            let text = try await channel.executeThenClose { inbound, outbound in
                for byte in request.utf8 { try await outbound.write(ByteBuffer(bytes: [byte])) }
                try await outbound.write(ByteBuffer(string: "GET /nothing HTTP/1.1\r\nConnection: close\r\n\r\n"))
                var text = ""
                for try await buffer in inbound { text += String(decoding: buffer.readableBytesView, as: UTF8.self) }
                return text
            }
            var body = ByteBuffer()
            for var chunk in whole.chunks { body.writeBuffer(&chunk) }
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(text.contains(String(decoding: body.readableBytesView, as: UTF8.self)), "the same gzip bytes")
            #expect(text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) } == ["200", "404"])
        }
    }

    @Test func aRequestWithABodyIsHandedOnWholeAndTheNextOneStillRead() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            // A body that looks like a request: read as one, it would answer twice.
            let body = "GET /svg/grid HTTP/1.1\r\n\r\n"
            let text = try await rawText(
                port: port,
                request: "POST /svg/loop HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                    + "GET /svg/loop?offset=9 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
            #expect(statuses == ["405", "200"])
            #expect(text.contains("<title>Loop") && !text.contains("<title>Grid"))
        }
    }

    @Test func aChunkedRequestIsReadWholeAndTheNextOnesAnswered() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            let text = try await rawText(
                port: port,
                request: "POST /svg/loop HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "4\r\nGET \r\n0\r\n\r\n"
                    + "GET /svg/loop?offset=9 HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /svg/loop?offset=9 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
            #expect(statuses == ["405", "200", "200"])
        }
    }

    @Test func aRequestTheDecoderRefusesIsAnsweredFirstAndAlone() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            // A well-formed head with a method llhttp does not know: the decoder refuses it and closes; the SVG GET
            // pipelined after it must not be answered ahead of that refusal.
            let text = try await rawText(
                port: port,
                request: "ET /svg/loop HTTP/1.1\r\nHost: x\r\n\r\nGET /svg/loop?offset=3 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(text.hasPrefix("HTTP/1.1 400") && !text.contains("200 OK"), "\(text.prefix(80))")
        }
    }

    @Test func conditionalAndHeadRequestsStillGetTheirAnswers() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            let first = try await rawExchange(
                port: port, request: "GET /svg/grid HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let etag = try #require(lowercasedHeaders(first.head)["etag"])
            let conditional = try await rawText(
                port: port,
                request: "GET /svg/grid HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(etag)\r\nConnection: close\r\n\r\n")
            #expect(conditional.hasPrefix("HTTP/1.1 304"))
            let head = try await rawText(
                port: port, request: "HEAD /svg/grid HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(head.hasPrefix("HTTP/1.1 200") && head.hasSuffix("\r\n\r\n"))
        }
    }

    @Test(arguments: [
        ("gzip", true), ("GZip", true), (" x-gzip ; q=0.5", true), ("br, gzip;q=1.0", true), ("*", true),
        ("gzip;q=0", false), ("gzip; Q=0.000", false), ("*;q=0", false), ("br, deflate", false), ("", false),
        ("gzip;q=0, *", false), ("identity, *;q=0.1", true), ("gzipx", false),
        // Empty items and parameters are skipped, as `split` skips them; a coding is the first that is not empty.
        (",, gzip ,", true), ("gzip;;q=0", false), (";gzip", true), (";q=0", false), ("deflate;q=0.5,,x-GZIP", true),
    ])
    func acceptEncodingIsReadAsRFC9110Says(value: String, gzip: Bool) {
        #expect(HTTPFields([HTTPField(name: .acceptEncoding, value: value)]).acceptsGzip == gzip)
    }

    /// The event loop reads a request as the router gets it (`HTTP1ToHTTPServerCodec`'s conversion), but for that
    /// conversion's parse of the target as a URL, which an origin-form target does not need, and the header fields
    /// its answers do not read; a target of another form goes on to the router.
    @Test(arguments: ["/svg/ruler?value=72.4", "/", "//host/path?x=1", "/a%20b?q=%22x%22&v=1#frag", "/svg?x=http://y"])
    func theEventLoopReadsARequestAsTheRouterDoes(target: String) throws {
        let headers: HTTPHeaders = [
            "Host": "example.org:8080", "accept-encoding": "gzip", "Cookie": "a=1; b=2", "host": "another",
            "If-None-Match": "\"a\"", "User-Agent": "x", "IF-NONE-MATCH": "W/\"b\", \"c\"", "Connection": "close",
        ]
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
        let read = try door(options: testOptions(), registry: PrometheusCollectorRegistry(), logger: Logger(label: "t"))
            .1.table.headersRead
        #expect(read == Endpoint.conditional, "what the endpoints declare they read")
        let (fast, routed) = (
            try #require(EventLoopResponder.request(head, keeping: read)),
            try HTTPRequest(head, secure: false, splitCookie: false)
        )
        #expect(
            (fast.method, fast.scheme, fast.authority, fast.path)
                == (routed.method, routed.scheme, routed.authority, routed.path))
        // An endpoint gets the same fields by either path: the table keeps those it declares.
        for reads: [HTTPField.Name] in [read, [.acceptEncoding], []] {
            #expect(fast.keeping(reads).headerFields == routed.keeping(reads).headerFields)
        }
        #expect(fast.headerFields.count == 3 && fast.headerFields[.userAgent] == nil && head.asksToClose)
        for other in ["http://example.org/svg/ruler", "*", "example.org:443"] {
            let elsewhere = HTTPRequestHead(version: .http1_1, method: .GET, uri: other)
            #expect(EventLoopResponder.request(elsewhere, keeping: read) == nil)
        }
    }

    /// A connection answers here only while nothing it handed on awaits its response; a response nothing awaits
    /// (the decoder's 400) leaves the count alone, not below zero.
    @Test func theConnectionsStateChangesAsItsDiagramSays() {
        var state = EventLoopResponder.State.answering
        #expect(state.mayAnswer)
        state.handOn()
        #expect(state == .handingOn(pending: 1) && !state.mayAnswer)
        state.handOn()
        state.routedResponseEnded()
        #expect(state == .handingOn(pending: 1) && !state.mayAnswer)
        state.routedResponseEnded()
        #expect(state == .handingOn(pending: 0) && state.mayAnswer)
        state.routedResponseEnded()
        #expect(state == .handingOn(pending: 0))
        state = .answering
        state.routedResponseEnded()
        #expect(state == .answering && !EventLoopResponder.State.closing.mayAnswer)
    }

    @Test func theDateHeaderIsTheIMFFixdate() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
