import EndlessCore
import Foundation
import NIOCore
import Testing

@testable import EndlessServer

/// Long URLs against the real binary: past the limit each is a 414 whichever path answers it, and those within it,
/// kept by the response cache, cost it no more than its bound in bytes. The kernel's count of the server's memory
/// decides, not the server's own.
@Suite(.serialized, .timeLimit(.minutes(3))) struct LongURLTests {
    /// What 1,000 long URLs asked twice may add to the server's resident memory: the response cache's bound
    /// (`EndlessOptions.responseCacheBytes`, 32 MiB) and room for the allocator's own.
    static let growthBound = 64 << 20

    /// `requests` pipelined on a connection, the last asking to close it: each answer's status line, in order.
    static func statuses(port: Int, requests: [String]) async throws -> [String] {
        let last = requests.last!.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n")
        let text = try await rawText(port: port, request: (requests.dropLast() + [last]).joined())
        // A body in one piece ends with no line break: the next status line follows it on the same line.
        return text.ranges(of: "HTTP/1.1 ").map { String(text[$0.lowerBound...].prefix(12)) }
    }

    @Test func aThousandLongURLsAskedTwiceStayWithinTheCachesBound() async throws {
        let server = try ServerProcess()
        defer { _ = server.stop(SIGTERM) }
        let pid = server.process.processIdentifier
        // Warm: the first windows draw the caches' and compressors' fixed costs.
        _ = try await Self.statuses(
            port: server.port, requests: ["GET /svg/ruler HTTP/1.1\r\nHost: x\r\n\r\n"])
        let before = BackpressureTests.residentBytes(pid)

        // As long as a URL may be: leading zeros make `value` as long as asked, and each URL distinct.
        let prefix = "/svg/ruler?width=100&value="
        func url(_ n: Int, bytes: Int) -> String {
            let digits = "50." + String(1000 + n).dropFirst()  // 50.000 to 50.999: within the weight ruler
            return prefix + String(repeating: "0", count: bytes - prefix.utf8.count - digits.utf8.count) + digits
        }
        func request(_ target: String) -> String { "GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n" }
        var worst = before
        for batch in stride(from: 0, to: 1_000, by: 50) {
            let within = (batch..<batch + 50).map { url($0, bytes: Limits.maximumURLBytes) }
            let past = (batch..<batch + 50).map { url($0, bytes: 200_000) }
            for round in 0..<2 {
                let answers = try await Self.statuses(port: server.port, requests: within.map(request))
                #expect(answers == Array(repeating: "HTTP/1.1 200", count: 50), "round \(round) within the limit")
                let refused = try await Self.statuses(port: server.port, requests: past.map(request))
                #expect(refused == Array(repeating: "HTTP/1.1 414", count: 50), "round \(round) past the limit")
            }
            worst = max(worst, BackpressureTests.residentBytes(pid))
        }
        print("long URLs: RSS \(before >> 20) MiB before, at most \(worst >> 20) MiB")
        #expect(worst - before < Self.growthBound, "RSS grew by \((worst - before) >> 20) MiB")
        #expect(worst < BackpressureTests.residentBound, "RSS \(worst >> 20) MiB")
    }

    /// Issue 43's URLs against the real binary, each on its own connection: a 4xx each, and the server still up.
    @Test func theURLsThatOnceStoppedTheServerLeaveItUp() async throws {
        let server = try ServerProcess()
        defer { _ = server.stop(SIGTERM) }
        for target in [
            "/svg/ruler?format=fraction&min=0&max=999999999999.999999&step=999999999999.999999",
            "/frame/ruler?size=600,120&format=fraction&min=0&max=999999999999.999999&step=999999999999.999999",
            "/svg/grid/tiles/8589934591/0.svg?zoom=30", "/svg/grid/tiles/8796093022207/0.svg?zoom=20",
            "/frame/grid?zoom=30&size=600,400&scroll=0,0&origin=858993459000,0", "/svg/ruler?unit=%01",
        ] {
            let text = try await rawText(
                port: server.port, request: "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(text.hasPrefix("HTTP/1.1 4"), "\(target): \(text.prefix(60))")
        }
        let health = try await rawText(
            port: server.port, request: "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(health.hasPrefix("HTTP/1.1 200"), "the server is still up")
        #expect(server.process.isRunning)
    }
}
