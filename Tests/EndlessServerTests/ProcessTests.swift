import Foundation
import NIOCore
import Testing

@testable import EndlessServer

/// The real binary, as a user runs it.
final class ServerProcess {
    let process = Process()
    let port: Int
    private let errorPipe = Pipe()

    init(_ arguments: [String] = []) throws {
        process.executableURL = endlessBinary()
        process.arguments =
            ["--port", "0", "--templates-directory", repositoryRoot.appendingPathComponent("templates").path]
            + arguments
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
        #expect(body.components(separatedBy: "<text ").count - 1 == 63 * 63, "a label a tile")
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    @Test func aPortInUseIsOneLineAndANonZeroExit() async throws {
        let first = try ServerProcess()
        defer { _ = first.stop(SIGTERM) }
        let second = Process()
        second.executableURL = endlessBinary()
        second.arguments = [
            "--port", String(first.port), "--templates-directory",
            repositoryRoot.appendingPathComponent("templates").path,
        ]
        let errors = Pipe()
        second.standardError = errors
        second.standardOutput = FileHandle.nullDevice
        try second.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        second.waitUntilExit()
        #expect(second.terminationStatus != 0)
        #expect(text.split(separator: "\n").count == 1, "\(text)")
        #expect(text.contains("already in use"))
    }
}
