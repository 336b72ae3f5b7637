import Foundation
import HummingbirdTesting
import NIOCore
import Testing

@testable import EndlessServer

/// Stalled, idle and surplus connections, over real sockets: they are closed or held back, and a normal client is
/// served throughout.
@Suite(.timeLimit(.minutes(1))) struct SlowClientTests {
    func shortTimeouts() -> ServerOptions {
        var options = testOptions()
        options.requestHeadTimeout = .milliseconds(500)
        options.idleTimeout = .seconds(1)
        return options
    }

    /// Sends `bytes`, then reads until the server closes: what it sent, and when it closed.
    func stall(port: Int, sending bytes: String) async throws -> (text: String, closedAfter: Duration) {
        let start = ContinuousClock.now
        let channel = try await connect(port: port)
        let text = try await channel.executeThenClose { inbound, outbound in
            if !bytes.isEmpty { try await outbound.write(ByteBuffer(string: bytes)) }
            var text = ""
            for try await buffer in inbound { text += String(buffer: buffer) }
            return text
        }
        return (text, ContinuousClock.now - start)
    }

    /// On a connection of its own: the test client's kept-alive one is closed when idle, as any is.
    func metrics(port: Int) async throws -> String {
        try await rawText(port: port, request: "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    }

    @Test func stalledRequestsGet408AndAreClosedWhileANormalClientIsServed() async throws {
        try await withServer(.live, options: shortTimeouts()) { client, _ in
            let port = try #require(client.port)
            let served = SharedCount()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let (text, closedAfter) = try await stall(
                            port: port, sending: "GET /svg/ruler?value=\(index) HTTP/1.1\r\nHost: x\r\nAccept-")
                        #expect(text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
                        #expect(
                            text.hasSuffix(
                                "\r\n\r\nrequest: a request must arrive whole within 0.5 s of its first byte\n"))
                        #expect(closedAfter >= .milliseconds(450) && closedAfter < .seconds(3), "\(closedAfter)")
                    }
                }
                group.addTask {
                    // A normal client, on fresh connections, while the others stall.
                    for index in 0..<12 {
                        let response = try await rawExchange(
                            port: port,
                            request:
                                "GET /svg/ruler?value=\(50 + index).5 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                        #expect(response.head.hasPrefix("HTTP/1.1 200") && response.complete, "\(response.head)")
                        served.add()
                        try await Task.sleep(for: .milliseconds(50))
                    }
                }
                try await group.waitForAll()
            }
            #expect(served.value == 12)
            let text = try await metrics(port: port)
            #expect(text.contains(#"endless_connections_closed{reason="request_timeout"} 40"#), "\(text)")
        }
    }

    @Test func aRequestAnsweredOnTheEventLoopLeavesTheConnectionIdleNotTimedOut() async throws {
        try await withServer(.live, options: shortTimeouts()) { client, _ in
            let port = try #require(client.port)
            // The event loop answers it, not the router; the guard must see that no request is under way.
            let (text, closedAfter) = try await stall(
                port: port, sending: "GET /svg/ruler?value=72.4 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(text.hasPrefix("HTTP/1.1 200") && !text.contains("408"), "\(text.prefix(40))")
            #expect(closedAfter >= .milliseconds(950) && closedAfter < .seconds(4), "\(closedAfter)")
            let metrics = try await metrics(port: port)
            #expect(metrics.contains(#"endless_connections_closed{reason="request_timeout"} 0"#), "\(metrics)")
        }
    }

    @Test func idleConnectionsAreClosedAfterTheIdleTimeout() async throws {
        try await withServer(.live, options: shortTimeouts()) { client, _ in
            let port = try #require(client.port)
            // One that never says anything, and one kept alive after a whole exchange.
            let (silent, silentClosedAfter) = try await stall(port: port, sending: "")
            #expect(silent.isEmpty && silentClosedAfter >= .milliseconds(950) && silentClosedAfter < .seconds(4))
            let (text, closedAfter) = try await stall(port: port, sending: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(text.hasPrefix("HTTP/1.1 200") && !text.contains("408"))
            #expect(closedAfter >= .milliseconds(950) && closedAfter < .seconds(4), "\(closedAfter)")
            // These two, and the test client's own kept-alive connection if it has been idle as long.
            let line = try await metrics(port: port).split(separator: "\n").first {
                $0.hasPrefix(#"endless_connections_closed{reason="idle_timeout"} "#)
            }
            #expect(line.flatMap { Int($0.split(separator: " ").last!) }.map { (2...3).contains($0) } == true)
        }
    }
}
