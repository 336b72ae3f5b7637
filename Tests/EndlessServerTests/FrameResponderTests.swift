import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import EndlessServer

/// Frames: their JSON, the budget that sends the heaviest to the large windows' turns, and the same answer whichever
/// way a frame leaves.
@Suite(.timeLimit(.minutes(1))) struct FrameResponderTests {
    static let heavy = "/frame/ruler?size=8192,120&spacing=2&ticks=1&rtt=60000"
    static let light = "/frame/ruler?size=1200,120&value=72.4"

    func frames(concurrent: Int = 1, queued: Int = 0) -> FrameResponder {
        let options = testOptions()
        return FrameResponder(
            tiles: TileCache(capacity: 64, maximumBytes: 1 << 20), compressors: CompressorPool(capacity: 1),
            gate: RenderGate(concurrent: concurrent, queued: queued, smallestTiles: 1),
            eventLoopBytes: options.endless.maximumFrameBytesOnEventLoop)
    }

    /// A GET of a ruler's frame `target`, as its endpoint hands it over.
    func get(_ target: String) -> EndpointRequest { endpointRequest(target) }

    func object(_ answer: HTTPAnswer) throws -> [String: Any] {
        var body = ByteBuffer()
        for var chunk in answer.chunks { body.writeBuffer(&chunk) }
        return try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any])
    }

    /// What `JSON.parse` reads back is what was meant: escapes, numbers of every kind, absent fields left out.
    @Test func theJSONReadsBackAsTheAnswerSaysIt() throws {
        var answer = FrameAnswer(
            seq: -3, axes: [], readout: ["text": "72.4 \"kg\"\\\n\t\u{1}é→", "value": "72.4"], settled: true)
        answer.add = [TileAnswer(key: "3,-2", left: 1e20, top: -0.0, svg: Array("<svg a=\"1\">\r</svg>".utf8))]
        answer.move = [TileAnswer(key: "4", left: 0.1, top: 600, svg: nil)]
        answer.remove = ["1", "2"]
        var output = answer.json(since: .now - .milliseconds(3))
        let bytes = output.readBytes(length: output.readableBytes)!
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["seq"] as? Int == -3)
        #expect((object["readout"] as? [String: String])?["text"] == "72.4 \"kg\"\\\n\t\u{1}é→")
        let added = try #require((object["add"] as? [[String: Any]])?.first)
        #expect(added["left"] as? Double == 1e20 && added["top"] as? Double == 0)
        #expect(added["svg"] as? String == "<svg a=\"1\">\r</svg>")
        let moved = try #require((object["move"] as? [[String: Any]])?.first)
        #expect(moved["svg"] == nil && moved["left"] as? Double == 0.1 && moved["top"] as? Int == 600)
        #expect(object["remove"] as? [String] == ["1", "2"])
        #expect(object["settled"] as? Bool == true && (object["took"] as? Double ?? 0) >= 3)
        #expect(object["mark"] == nil && object["style"] == nil && object["pace"] == nil)
    }

    /// A placement that would draw more than the event loop's share stops, unsent; drawn in the large windows' turn
    /// it is whole, and while every turn is taken and none may wait, it is turned away like a large window.
    @Test func theHeaviestFramesTakeTheLargeWindowsTurns() async throws {
        let frames = frames()
        #expect(
            try frames.answer(
                get(Self.heavy), view: RulerFrameView.self, route: "/frame/ruler", budget: frames.eventLoopBytes) == nil
        )
        let whole = try #require(
            try frames.answer(get(Self.heavy), view: RulerFrameView.self, route: "/frame/ruler", budget: .max))
        #expect(whole.payloadBytes > frames.eventLoopBytes)
        #expect(
            try frames.answer(
                get(Self.light), view: RulerFrameView.self, route: "/frame/ruler", budget: frames.eventLoopBytes) != nil
        )

        let held = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await frames.gate.admit(tiles: 1) {
                held.continuation.yield()
                for await _ in release.stream { break }
            }
        }
        for await _ in held.stream { break }
        guard
            case .now(let light) = frames.outcome(
                endpointRequest(Self.light), view: RulerFrameView.self, route: "/frame/ruler")
        else {
            Issue.record("a light frame waits for the turns")
            return
        }
        #expect(light.status == .ok, "a light frame does not wait for the turns")
        guard
            case .later(let heavy) = frames.outcome(
                endpointRequest(Self.heavy), view: RulerFrameView.self, route: "/frame/ruler")
        else {
            Issue.record("a heavy frame is drawn at once")
            return
        }
        #expect(
            await heavy().status == .serviceUnavailable, "a heavy frame with no turn free and none to wait is a 503")
        release.continuation.yield()
        try await holder.value
    }

    /// A ruler placed across the widest view in 2-point blocks draws what a frame may hold: about 4,096 blocks, not
    /// 8,191 tiles of six.
    @Test func aFrameDrawsNoMoreBlocksThanTheLimit() throws {
        let answer = try #require(
            try frames().answer(get(Self.heavy), view: RulerFrameView.self, route: "/frame/ruler", budget: .max))
        let object = try object(answer)
        let added = try #require(object["add"] as? [[String: Any]])
        #expect(added.count * 6 <= 4_096 + 12 + 6)
    }

    /// The event loop answers a light frame as the router would: the same JSON but for the time each took.
    @Test func aFrameOnTheEventLoopIsTheRoutersFrame() async throws {
        try await withServer(.live) { client, registry in
            let port = try #require(client.port)
            let request = "GET \(Self.light) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            let text = try await rawText(port: port, request: request)
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(text.lowercased().contains("content-type: application/json"))
            #expect(text.lowercased().contains("cache-control: no-store"))
            let json = try #require(text.range(of: "\r\n\r\n")).upperBound
            var body = String(text[json...])
            // Chunked: its one chunk between its size line and the terminator.
            if let start = body.range(of: "\r\n") { body = String(body[start.upperBound...]) }
            if let end = body.range(of: "\r\n0\r\n", options: .backwards) { body = String(body[..<end.lowerBound]) }
            var served = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            var made = try object(
                try #require(
                    try frames().answer(get(Self.light), view: RulerFrameView.self, route: "/frame/ruler", budget: .max)
                ))
            (served["took"], made["took"]) = (nil, nil)
            for key in Set(served.keys).union(made.keys) {
                #expect(
                    (served[key] as? NSObject)?.isEqual(made[key]) == true,
                    "\(key): \(String(describing: served[key]).prefix(200)) against \(String(describing: made[key]).prefix(200))"
                )
            }
            let metrics = try await metrics(of: registry) {
                $0.contains(#"http_server_request_duration_count{http_route="/frame/ruler","#)
            }
            #expect(
                metrics.contains(
                    #"hb_requests{http_route="/frame/ruler",http_request_method="GET",http_response_status_code="200"} 1"#
                ))
            #expect(
                metrics.contains(#"http_server_request_duration_count{http_route="/frame/ruler","#), "timed as well")
        }
    }
}
