// New 1200×120 ruler windows through the event loop's fast path, as bench-server's new-window client asks for them,
// for `scripts/bench-server instructions` to count under callgrind: `SVGFastPathHandler.channelRead` from a request's
// bytes to its answer written (reading the head, the URL, drawing, compressing, the response), nothing of the socket.
// A shared machine's time swings by a third; instructions repeat to a fraction of a percent, so two builds compare.
import Metrics
import NIOCore
import NIOEmbedded
import Prometheus

@testable import FuzzedServer

@main struct FastPathInstructions {
    static func main() throws {
        let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: PrometheusCollectorRegistry()))
        let options = ServerOptions()
        let responder = SVGResponder(
            options: options, responses: ResponseCache(options: options), metrics: ServerMetrics())
        let channel = EmbeddedChannel(
            handler: SVGFastPathHandler(responder: responder, maximumTiles: options.maximumTilesOnEventLoop))
        // The warm-up draws the looks and fits the codes a running server has kept; then `count` are counted.
        var offset = 123_456_789_012
        let requests = (0..<(200 + count)).map { _ in
            offset += 1_000_003
            return ByteBuffer(
                string: "GET /svg/ruler?offset=\(offset)&width=1200&height=120 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Accept-Encoding: gzip\r\n\r\n")
        }
        var answered = 0
        for request in requests {
            try channel.writeInbound(request)
            channel.embeddedEventLoop.run()
            while let part = try channel.readOutbound(as: ByteBuffer.self) {
                if part.readableBytesView.starts(with: "HTTP/1.1 200 OK".utf8) { answered += 1 }
            }
        }
        guard answered == requests.count else {
            fatalError(
                "fast-path-instructions: \(answered) of \(requests.count) requests answered 200 on the fast path")
        }
        print("\(count) new windows counted after \(requests.count - count) to warm up")
    }
}
