import Foundation
import NIOCore
import Testing

@testable import EndlessServer

/// The real binary, as a user runs it.
final class ServerProcess {
    let process = Process()
    let port: Int
    private let errorPipe = Pipe()

    /// Started in an empty directory of its own: what it serves is built in.
    init(_ arguments: [String] = []) throws {
        process.executableURL = endlessBinary()
        process.arguments = ["--port", "0"] + arguments
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("endless-cwd-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        process.currentDirectoryURL = empty
        process.standardError = errorPipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var log = ""
        let deadline = Date().addingTimeInterval(20)
        while !log.contains("\n"), Date() < deadline {
            log += String(decoding: errorPipe.fileHandleForReading.availableData, as: UTF8.self)
        }
        guard let range = log.range(of: #"http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression),
            let port = Int(log[range].dropFirst("http://127.0.0.1:".count).dropLast())
        else { throw ServerStartError("no URL logged: \(log)") }
        self.port = port
    }

    func stop(_ signal: Int32) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate() } }
}

@Suite(.serialized, .timeLimit(.minutes(1))) struct ProcessTests {
    @Test func logsOneLineWithTheURLAndStopsOnSIGINT() async throws {
        let server = try ServerProcess()
        let response = try await rawExchange(
            port: server.port, request: "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(response.head.hasPrefix("HTTP/1.1 200"))
        #expect(server.stop(SIGINT) == 0)
    }

    @Test func servesThePageAndTheRepositorysFilesFromAnEmptyDirectory() async throws {
        let server = try ServerProcess()
        defer { _ = server.stop(SIGTERM) }
        let folder = repositoryRoot.appendingPathComponent("public")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let response = try await rawText(
                port: server.port, request: "GET /\(name) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let file = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(response.hasPrefix("HTTP/1.1 200"), "public/\(name) is built in")
            let served = response.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            #expect(served == file, "public/\(name) as built is not the repository's (\(served.count) bytes)")
        }
        let page = try await rawText(
            port: server.port, request: "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(page.hasPrefix("HTTP/1.1 200") && page.contains("<endless-ruler"))
    }

    @Test func sigtermLetsAnInFlightResponseFinish() async throws {
        let server = try ServerProcess()
        let pid = server.process.processIdentifier
        let request = "GET /svg/grid?width=6300&height=6300 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        let response = try await rawExchange(
            port: server.port, request: request,
            onHead: {
                kill(pid, SIGTERM)  // the head is here, the body is not yet
                try await Task.sleep(for: .milliseconds(200))
            })
        #expect(response.complete, "the stream ran to its end after SIGTERM")
        let body = response.chunks.reduce(into: "") { $0 += String(buffer: $1) }
        #expect(body.hasSuffix("</svg>\n"))
        #expect(body.components(separatedBy: "<tspan ").count - 1 == 63 * 63, "a label a tile")
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    @Test func aPortInUseIsOneLineAndANonZeroExit() async throws {
        let first = try ServerProcess()
        defer { _ = first.stop(SIGTERM) }
        let second = Process()
        second.executableURL = endlessBinary()
        second.arguments = ["--port", String(first.port)]
        let errors = Pipe()
        second.standardError = errors
        second.standardOutput = FileHandle.nullDevice
        try second.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        second.waitUntilExit()
        #expect(second.terminationStatus == 1, "a server that cannot start, as docs/deploy.md says")
        #expect(text.split(separator: "\n").count == 1, "\(text)")
        #expect(text.contains("already in use"))
    }

    /// The bound needs the real binary: HummingbirdTesting's live mode leaves out the connection delegate.
    @Test func aConnectionPastTheBoundTakesThePlaceOfTheOneWaitingLongest() async throws {
        let server = try ServerProcess(["--maximum-connections", "2"])
        defer { _ = server.stop(SIGTERM) }
        let healthz = ByteBuffer(string: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        // Waiting longest: half a request head. Then a kept-alive connection, answered and silent since.
        let unfinished = try await connect(port: server.port)
        try await unfinished.channel.writeAndFlush(ByteBuffer(string: "GET /healthz HTTP/1.1\r\nHo"))
        try await Task.sleep(for: .milliseconds(100))
        let silent = try await connect(port: server.port)
        try await silent.channel.writeAndFlush(healthz)
        try await Task.sleep(for: .milliseconds(100))

        // A third is answered at once (not after the 10 s head timeout), kept alive, and takes the unfinished one's place.
        let third = try await connect(port: server.port)
        try await third.channel.writeAndFlush(healthz)
        let (unfinishedGot, waited) = try await readUntilClosed(unfinished)
        #expect(unfinishedGot.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(unfinishedGot)")
        #expect(
            unfinishedGot.hasSuffix(
                "\r\n\r\nrequest: closed unfinished to make room for a new connection (the server keeps at most 2)\n"))
        #expect(waited < .seconds(5), "closed when the third came, not at the head timeout")
        // A fourth takes the place of the silent kept-alive one, which closes without a word.
        let fourth = try await rawText(
            port: server.port, request: "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(fourth.hasPrefix("HTTP/1.1 200"))
        let (silentGot, _) = try await readUntilClosed(silent)
        #expect(silentGot.hasPrefix("HTTP/1.1 200") && silentGot.components(separatedBy: "HTTP/1.1").count == 2)
        let (thirdGot, _) = try await readUntilClosed(third, closingAfter: .milliseconds(300))
        #expect(thirdGot.hasPrefix("HTTP/1.1 200"), "the third, answered, was still open")
        let metrics = try await rawText(
            port: server.port, request: "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(metrics.contains(#"endless_connections_closed{reason="evicted"} 2"#), "\(metrics)")
    }

    /// What a connection receives until the server closes it (or, with `closingAfter`, until the test closes it), and
    /// how long that took.
    func readUntilClosed(
        _ channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>, closingAfter: Duration? = nil
    ) async throws -> (text: String, after: Duration) {
        let start = ContinuousClock.now
        if let closingAfter {
            let inner = channel.channel
            Task {
                try await Task.sleep(for: closingAfter)
                try await inner.close()
            }
        }
        let text = try await channel.executeThenClose { inbound, _ in
            var text = ""
            do {
                for try await buffer in inbound { text += String(buffer: buffer) }
            } catch let error as ChannelError where error == .ioOnClosedChannel || error == .alreadyClosed {}
            return text
        }
        return (text, ContinuousClock.now - start)
    }

    @Test(arguments: [
        (["--request-head-timeout", "0"], "--request-head-timeout: must be a number of seconds from 0.1 to 86400"),
        (["--idle-timeout", "nan"], "--idle-timeout: must be a number of seconds from 0.1 to 86400"),
        (["--maximum-connections", "0"], "--maximum-connections: must be a whole number from 1 to 1000000"),
        (
            ["--large-windows", "2000"],
            "--large-windows: must be a whole number from 0 (one fewer than the cores) to 1024"
        ),
    ])
    func aBadServerFlagIsOneLine(arguments: [String], message: String) throws {
        let process = Process()
        process.executableURL = endlessBinary()
        process.arguments = ["--port", "0"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(text.split(separator: "\n").count == 1 && text.contains(message), "\(text)")
    }

    /// In a process of its own, so that other tests' work cannot serialise the requests.
    @Test func aFullLargeWindowQueueIsA503WithRetryAfter() async throws {
        let server = try ServerProcess(["--large-windows", "1", "--large-window-queue", "0"])
        defer { _ = server.stop(SIGTERM) }
        let port = server.port
        // Distinct large windows at once: while one is drawn, the others find no room.
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<12 {
                group.addTask {
                    try await rawText(
                        port: port,
                        request: "GET /svg/grid?width=6000&height=6000&x=\(index * 100) HTTP/1.1\r\nHost: x\r\n"
                            + "Connection: close\r\n\r\n")
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let busy = answers.filter { $0.hasPrefix("HTTP/1.1 503") }
        #expect(!busy.isEmpty && busy.count < 12, "\(busy.count) of 12 turned away")
        #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 200") || $0.hasPrefix("HTTP/1.1 503") })
        for text in busy {
            #expect(text.contains("\r\nRetry-After: 1\r\n"))
            #expect(text.contains("\r\nAccess-Control-Expose-Headers: Retry-After\r\n"))
            let body = try #require(text.components(separatedBy: "\r\n\r\n").last)
            #expect(body.hasPrefix("busy: ") && body.hasSuffix("\n") && body.filter { $0 == "\n" }.count == 1)
        }
        let metrics = try await rawText(
            port: port, request: "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(metrics.contains(#"endless_requests_shed{reason="large_windows_queue_full"} \#(busy.count)"#))
        #expect(metrics.contains("endless_open_connections "))
    }
}
