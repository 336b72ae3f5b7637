import Foundation
import NIOCore
import Testing

@testable import EndlessServer

/// Clients that send requests and never read their answers, against the real binary: the server's memory stays
/// bounded, and a normal client next to them is served throughout.
@Suite(.serialized, .timeLimit(.minutes(3))) struct BackpressureTests {
    /// The bound docs/deploy.md gives the server's RSS under clients that never read: 128 MiB.
    static let residentBound = 128 << 20

    /// The server's resident memory, from the kernel: what the machine pays, whatever the server's own counts say.
    static func residentBytes(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        else { return 0 }
        return kilobytes * 1024
    }

    /// Pipelines `path(n)` for n = 0, 1, 2… on one connection, as fast as the server reads them, until `deadline`,
    /// and never reads an answer. Returns how many requests it got onto the socket.
    static func neverRead(port: Int, until deadline: ContinuousClock.Instant, path: @Sendable (Int) -> String)
        async throws -> Int
    {
        let channel = try await connect(port: port)
        let closer = Task {
            try? await Task.sleep(until: deadline)
            try? await channel.channel.close()
        }
        defer { closer.cancel() }
        var sent = 0
        do {
            try await channel.executeThenClose { _, outbound in
                while ContinuousClock.now < deadline {
                    var batch = ""
                    for _ in 0..<50 {
                        batch += "GET \(path(sent)) HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n"
                        sent += 1
                    }
                    try await outbound.write(ByteBuffer(string: batch))
                }
            }
        } catch {
            // The close at the deadline fails the write the server's full buffers held up.
        }
        return sent
    }

    @Test func pipelinersThatNeverReadCostBoundedMemoryWhileANormalClientIsServed() async throws {
        let server = try ServerProcess()
        defer { _ = server.stop(SIGTERM) }
        let pid = server.process.processIdentifier
        let port = server.port
        let seconds = Double(ProcessInfo.processInfo.environment["ENDLESS_BACKPRESSURE_SECONDS"] ?? "") ?? 60
        let deadline = ContinuousClock.now + .seconds(seconds)
        let before = Self.residentBytes(pid)

        async let small = Self.neverRead(port: port, until: deadline) {
            "/svg/grid?width=1000&height=1000&x=\($0)"  // drawn on the event loop
        }
        async let large = Self.neverRead(port: port, until: deadline) {
            "/svg/grid?width=3000&height=3000&y=\($0)"  // drawn by the router, in the large windows' turns
        }
        // The normal client: a health check and a new window four times a second, each on its own connection.
        var worstResident = 0
        var slowest = Duration.zero
        var served = 0
        var failures: [String] = []
        var round = 0
        while ContinuousClock.now < deadline {
            round += 1
            for path in ["/healthz", "/svg/ruler?offset=\(round * 7)"] {
                let start = ContinuousClock.now
                let text = try await rawText(
                    port: port, request: "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                slowest = max(slowest, ContinuousClock.now - start)
                if text.hasPrefix("HTTP/1.1 200") {
                    served += 1
                } else {
                    failures.append("\(path): \(text.prefix(40))")
                }
            }
            worstResident = max(worstResident, Self.residentBytes(pid))
            try await Task.sleep(for: .milliseconds(250))
        }
        let (smallSent, largeSent) = try await (small, large)
        print(
            "backpressure: \(seconds) s; RSS \(before >> 20) MiB before, at most \(worstResident >> 20) MiB; "
                + "the pipeliners sent \(smallSent) and \(largeSent) requests; the normal client \(served) answers, "
                + "the slowest in \(slowest)")
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        // Two answers a second at least (eight at most): a starved client, as without held reads, gets one. A short run
        // (ENDLESS_BACKPRESSURE_SECONDS, for trying it out) is mostly the server's start. The slowest answer is
        // printed, not held to a time: on a loaded machine it says more of the machine than of the server.
        #expect(seconds < 30 || served >= Int(seconds) * 2, "served throughout: \(served) answers")
        #expect(worstResident < Self.residentBound, "RSS \(worstResident >> 20) MiB")
        #expect(smallSent > 1_000, "the pipeliners did send more than the server answers")
    }
}
