// New 1200×120 ruler windows answered on the event loop, as bench-server's new-window client asks for them, for
// `scripts/bench-server instructions` to count under callgrind: from a request's bytes through NIO's HTTP/1 decoder
// and `EventLoopResponder` to the response's bytes out of NIO's encoder (reading the URL, drawing,
// compressing), nothing of the socket. A shared machine's time swings by a third; instructions repeat to a fraction
// of a percent, so two builds compare.
import Logging
import Metrics
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Prometheus

import EndlessCore
@testable import FuzzedServer

@main struct EventLoopInstructions {
    static func main() throws {
        let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
        // `repeated`: the same window every time, answered from the response cache; `placement`: a ruler's frame
        // placed at a new value each time, as bench-server's placement client asks; `largest`: the largest frame
        // allowed, answered on the event loop here (the server's router draws it), as its placement client asks.
        // `timeline-placement` and `timeline-scrolling`: a timeline's frames as a ruler's are asked (issue 45: frames
        // keep the ruler's cost), in Europe/London by the hour.
        let mode = CommandLine.arguments.dropFirst(2).first ?? "new"
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: PrometheusCollectorRegistry()))
        var options = ServerOptions()
        if mode == "largest" { options.endless.maximumFrameBytesOnEventLoop = 1 << 30 }
        var logger = Logger(label: "event-loop-instructions")
        logger.logLevel = .notice  // `endless`'s own: requests are not logged
        let shared = try door(options: options, registry: PrometheusCollectorRegistry(), logger: logger).1
        let channel = EmbeddedChannel()
        // NIO's codec as the server's channel sets it up, and the responder right after it, where the server has it.
        try EndlessHTTP1Channel.addCodec(to: channel.pipeline.syncOperations, maximumHeaderBytes: 1 << 20)
        try channel.pipeline.syncOperations.addHandler(EventLoopResponder(shared))
        // The warm-up draws the looks a running server has kept; then `count` are counted.
        var offset = 123_456_789_012
        let warmUp = mode == "largest" ? 10 : 200
        let requests = (0..<(warmUp + count)).map { _ in
            if mode != "repeated" { offset += 1_000_003 }
            let tenths = 90 + offset % 9_901  // 9.0…999.0
            let value = "\(tenths / 10).\(tenths % 10)"
            // An instant from 1970 to 2033, to the second.
            let instant = Instant(unchecked: Int64(offset % 2_000_000_000)).rfc3339()
            let target =
                switch mode {
                case "placement": "/frame/ruler?seq=1&size=1200,120&scroll=0,0&value=\(value)"
                // As bench-server's scrolling client reports: 300 points a second within the tiles a ruler placed at
                // 72.4 holds, then back.
                case "scrolling":
                    "/frame/ruler?seq=\(offset % 1000)&size=1200,120&rtt=20&frame=16&t=\(offset % 100_000)&scroll="
                        + "\(1_999_400 + (offset % 200) * 5),0&origin=-1993660&have=7:13&mark="
                case "largest": "/frame/ruler?seq=1&size=8192,120&spacing=2&ticks=1&rtt=60000&scroll=0,0&value=\(value)"
                case "timeline-placement":
                    "/frame/timeline?seq=1&size=1200,120&scroll=0,0&tz=Europe/London&value=\(instant)"
                // Within the tiles a timeline placed at its default instant holds, as the ruler's scrolling reports.
                case "timeline-scrolling":
                    "/frame/timeline?seq=\(offset % 1000)&size=1200,120&rtt=20&frame=16&t=\(offset % 100_000)&scroll="
                        + "\(1_999_400 + (offset % 200) * 5),0&origin=37438960&have=49296:49300&mark=&tz=Europe/London"
                default: "/svg/ruler?offset=\(offset)&width=1200&height=120"
                }
            return ByteBuffer(
                string: "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n")
        }
        var answered = 0
        for request in requests { answered += try answer(request, on: channel) }
        guard answered == requests.count else {
            fatalError(
                "event-loop-instructions: \(answered) of \(requests.count) requests answered 200 on the event loop")
        }
        print("\(count) \(mode) answers counted after \(requests.count - count) to warm up")
    }

    /// One request in, its answer out: what callgrind counts (`bench-server` toggles collection on this function).
    @inline(never) static func answer(_ request: ByteBuffer, on channel: EmbeddedChannel) throws -> Int {
        try channel.writeInbound(request)
        channel.embeddedEventLoop.run()
        var answered = 0
        while let part = try channel.readOutbound(as: ByteBuffer.self) {
            if part.readableBytesView.starts(with: "HTTP/1.1 200 OK".utf8) { answered += 1 }
        }
        return answered
    }
}
