import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOEmbedded
import Testing

@testable import EndlessServer

/// Cached responses answered ahead of the router, over real sockets.
@Suite(.timeLimit(.minutes(1))) struct FastPathTests {
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
            let request = "GET /svg/ruler?value=72.4 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n"
            // `Connection: close` takes the router's path (asked twice, its answer is kept); a kept-alive repeat is
            // answered ahead of it.
            _ = try await rawExchange(port: port, request: request + "Connection: close\r\n\r\n")
            let first = try await rawExchange(port: port, request: request + "Connection: close\r\n\r\n")
            let second = try await rawExchange(port: port, request: request + "\r\n")
            var (a, b) = (lowercasedHeaders(first.head), lowercasedHeaders(second.head))
            #expect(a["date"] != nil && b["date"] != nil)
            (a["date"], b["date"]) = (nil, nil)
            (a["connection"], b["connection"]) = (nil, nil)
            #expect(a == b, "the cached answer has the router's headers")
            #expect(b["transfer-encoding"] == "chunked" && b["content-encoding"] == "gzip")
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

    @Test func aNewWindowIsDrawnAheadOfTheRouterWithTheRoutersAnswer() async throws {
        try await withServer(.live) { client, registry in
            let port = try #require(client.port)
            let request = { (value: String) in
                "GET /svg/loop?offset=\(value) HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n"
            }
            let routed = try await rawExchange(port: port, request: request("300") + "Connection: close\r\n\r\n")
            let fast = try await rawExchange(port: port, request: request("7.5") + "\r\n")
            var (a, b) = (lowercasedHeaders(routed.head), lowercasedHeaders(fast.head))
            #expect(a["etag"] != b["etag"])
            for name in ["date", "connection", "etag"] { (a[name], b[name]) = (nil, nil) }
            #expect(a == b, "the same headers as the router's")
            var body = ByteBuffer()
            for var chunk in fast.chunks { body.writeBuffer(&chunk) }
            #expect(try body.gunzipped() == (try renderCommand(["loop", "--offset", "7.5"])))
            var text: [UInt8] = []
            registry.emit(into: &text)
            let metrics = String(decoding: text, as: UTF8.self)
            // Both count as requests to the route; only the routed one passed through the router's timer.
            #expect(
                metrics.contains(
                    #"hb_requests{http_route="/svg/loop",http_request_method="GET",http_response_status_code="200"} 2"#)
            )
            let timed = metrics.split(separator: "\n").first {
                $0.hasPrefix(#"http_server_request_duration_count{http_route="/svg/loop""#)
            }
            #expect(timed?.hasSuffix(" 1") == true)
            #expect(metrics.contains(#"endless_render_duration_count{route="/svg/loop"} 2"#))
            #expect(metrics.contains("endless_response_cache_misses 2"))
        }
    }

    @Test func aWindowOverTheEventLoopsShareGoesToTheRouter() async throws {
        var options = testOptions()
        options.maximumTilesOnEventLoop = 4
        try await withServer(.live, options: options) { client, registry in
            let port = try #require(client.port)
            let small = try await rawExchange(
                port: port, request: "GET /svg/grid?width=100&height=100 HTTP/1.1\r\nHost: x\r\n\r\n")
            let large = try await rawExchange(
                port: port, request: "GET /svg/grid?width=800&height=600 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(small.complete && large.complete)
            var text: [UInt8] = []
            registry.emit(into: &text)
            let metrics = String(decoding: text, as: UTF8.self)
            let timed = metrics.split(separator: "\n").first {
                $0.hasPrefix(#"http_server_request_duration_count{http_route="/svg/grid""#)
            }
            #expect(timed?.hasSuffix(" 1") == true, "only the large window went through the router")
        }
    }

    @Test func pipelinedRequestsKeepTheirOrder() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            _ = try await rawText(
                port: port, request: "GET /svg/loop?offset=0 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            // Cached, not cached, cached, a 404, cached: written at once on one connection.
            let requests = [
                "/svg/loop?offset=0", "/svg/grid?x=5", "/svg/loop?offset=0", "/nothing", "/svg/loop?offset=0",
            ]
            let text = try await rawText(
                port: port,
                request: requests.enumerated().map { index, path in
                    "GET \(path) HTTP/1.1\r\nHost: x\r\n" + (index == requests.count - 1 ? "Connection: close\r\n" : "")
                        + "\r\n"
                }.joined())
            let order = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { response -> String in
                if response.hasPrefix("404") { return "404" }
                return response.contains("<title>Grid") ? "grid" : response.contains("<title>Loop") ? "loop" : "?"
            }
            #expect(order == ["loop", "grid", "loop", "404", "loop"])
        }
    }

    /// Answers wait for the end of the event loop's turn to be flushed; a client that half-closes the connection
    /// right after its requests still gets every answer before the server closes.
    @Test func answersReachAClientThatEndsItsSideWithTheRequests() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            let requests = ["/svg/loop?offset=3", "/svg/ruler?offset=9", "/svg/grid?x=2"].map {
                "GET \($0) HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n"
            }
            for count in 1...requests.count {
                let text = try await rawText(
                    port: port, request: requests.prefix(count).joined(), halfClosing: true)
                #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == count)
                #expect(text.hasSuffix("0\r\n\r\n"), "the last answer whole")
            }
        }
    }

    /// A fast-path handler alone on an embedded channel, whose loop runs its tasks when told to: the end of a turn.
    func fastPathChannel() throws -> EmbeddedChannel {
        let options = testOptions()
        let responder = SVGResponder(
            options: options, responses: ResponseCache(options: options), metrics: ServerMetrics())
        return EmbeddedChannel(
            handler: SVGFastPathHandler(responder: responder, maximumTiles: options.maximumTilesOnEventLoop))
    }

    @Test func answersAreFlushedOnceTheTurnHasReadEveryConnection() throws {
        let channel = try fastPathChannel()
        try channel.writeInbound(ByteBuffer(string: "GET /svg/loop?offset=3 HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil, "written, not flushed, while the turn reads")
        channel.embeddedEventLoop.run()
        let head = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(String(buffer: head).hasPrefix("HTTP/1.1 200 OK\r\n"))
        _ = try channel.finish()
    }

    @Test func aHandlerRemovedInTheSameTurnFlushesFirst() throws {
        let channel = try fastPathChannel()
        try channel.writeInbound(ByteBuffer(string: "GET /svg/loop?offset=3 HTTP/1.1\r\nHost: x\r\n\r\n"))
        let handler = try channel.pipeline.syncOperations.handler(type: SVGFastPathHandler.self)
        try channel.pipeline.syncOperations.removeHandler(handler).wait()
        channel.embeddedEventLoop.run()
        let head = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(String(buffer: head).hasPrefix("HTTP/1.1 200 OK\r\n"))
        _ = try channel.finish()
    }

    @Test func aCloseInTheSameTurnTakesTheAnswersWithIt() throws {
        let channel = try fastPathChannel()
        try channel.writeInbound(ByteBuffer(string: "GET /svg/loop?offset=3 HTTP/1.1\r\nHost: x\r\n\r\n"))
        try channel.close().wait()
        var text = ""
        while let part = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: part) }
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n") && text.hasSuffix("0\r\n\r\n"))
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

    @Test func aChunkedRequestLeavesTheRestOfTheConnectionToTheDecoder() async throws {
        try await withServer(.live) { client, registry in
            let port = try #require(client.port)
            let text = try await rawText(
                port: port,
                request: "POST /svg/loop HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "4\r\nGET \r\n0\r\n\r\n"
                    + "GET /svg/loop?offset=9 HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /svg/loop?offset=9 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
            #expect(statuses == ["405", "200", "200"])
            var bytes: [UInt8] = []
            registry.emit(into: &bytes)
            let timed = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first {
                $0.hasPrefix(#"http_server_request_duration_count{http_route="/svg/loop""#)
            }
            #expect(timed?.hasSuffix(" 2") == true, "both GETs after it went through the router")
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

    @Test func theDateHeaderIsTheIMFFixdate() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
