import CompressNIO
import EndlessCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Metrics
import NIOCore
import NIOPosix
import Prometheus
import Synchronization
import Testing

@testable import EndlessServer

/// The repository's root, found from this file, so tests read the real `public/`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The server as `endless` runs it: its files built in; and one item set, `edges`, whose items stand at time's ends
/// and in a burst, with titles that hold what titles hold.
func testOptions() -> ServerOptions {
    var options = ServerOptions()
    try! options.endless.items.replace("edges", with: edgeItems)
    return options
}

/// Items at time's ends (a point at each, a range across the whole of time), and a thousand within an hour.
let edgeItems: ItemSet = {
    let (first, last) = (Instant.first, Instant.last)
    var items = [
        TimelineItem(id: "first", start: first, title: "The first second <&>", lane: "Ends \u{1}<&>"),
        TimelineItem(id: "all", start: first, end: last, title: "All of time \u{1}\u{FFFF}", lane: "Ends \u{1}<&>"),
        TimelineItem(id: "last", start: last, title: "The last second", lane: "Ends \u{1}<&>", itemClass: .red),
    ]
    for index in 0..<1_000 {
        items.append(
            TimelineItem(
                id: "b\(index)", start: Instant(unchecked: 1_774_744_200 + Int64(index) * 3),
                end: index % 3 == 0 ? Instant(unchecked: 1_774_744_200 + Int64(index) * 7) : nil,
                title: String(repeating: "שלום 🚀 ", count: index % 18), lane: "Burst",
                itemClass: ItemClass.allCases[index % 6]))
    }
    return try! ItemSet(items)
}()

/// What a server's event-loop responders share, for `testOptions()` (or `options`).
func eventLoopShared(
    _ options: ServerOptions = testOptions(), logLevel: Logger.Level = .warning
) throws -> EventLoopResponder.Shared {
    var logger = Logger(label: "endless-test")
    logger.logLevel = logLevel
    return try door(options: options, registry: PrometheusCollectorRegistry(), logger: logger).1
}

/// `registry`'s text once `done` holds of it, or after 10 s: each event loop hands its answers' durations to their
/// timers every second (`LoopDurations`), later on a machine busy with other tests.
func metrics(
    of registry: PrometheusCollectorRegistry, once done: (String) -> Bool
) async throws -> String {
    var text = ""
    for _ in 0..<100 {
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        text = String(decoding: bytes, as: UTF8.self)
        if done(text) { break }
        try await Task.sleep(for: .milliseconds(100))
    }
    return text
}

/// A GET of `target` as the endpoint table hands it to an endpoint.
func endpointRequest(_ target: String) -> EndpointRequest {
    EndpointRequest(
        head: HTTPRequest(method: .get, scheme: nil, authority: "x", path: target), target: target, captures: [],
        mountPath: "", start: .now)
}

/// Runs `body` against a fresh server whose metrics go to a registry of its own.
func withServer(
    _ mode: TestingSetup = .router, options: ServerOptions = testOptions(),
    _ body: @Sendable (any TestClientProtocol, PrometheusCollectorRegistry) async throws -> Void
) async throws {
    let registry = PrometheusCollectorRegistry()
    try await withMetricsFactory(PrometheusMetricsFactory(registry: registry)) {
        var logger = Logger(label: "endless-test")
        logger.logLevel = .warning
        let app = try await buildApplication(options: options, registry: registry, logger: logger)
        try await app.test(mode) { client in try await body(client, registry) }
    }
}

extension ByteBuffer {
    /// The whole gzip stream, decoded.
    func gunzipped() throws -> [UInt8] {
        var copy = self
        return Array(buffer: try copy.decompress(with: .gzip))
    }
}

/// One HTTP/1.1 exchange over a plain socket, reading a chunked body chunk by chunk as it arrives, or a body of a
/// `Content-Length` as one chunk.
struct RawResponse {
    var head = ""
    /// Each chunk's payload, in order of arrival (the final empty chunk excluded).
    var chunks: [ByteBuffer] = []
    /// Whether the terminating zero-length chunk, or the whole `Content-Length`, arrived.
    var complete = false
    /// The head's `Content-Length`, if it has one.
    var contentLength: Int? {
        head.lowercased().split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
    }
}

func rawExchange(
    port: Int, request: String, onHead: @Sendable () async throws -> Void = {},
    onChunk: (ByteBuffer) throws -> Void = { _ in }
) async throws -> RawResponse {
    let channel = try await connect(port: port)
    return try await channel.executeThenClose { inbound, outbound in
        try await outbound.write(ByteBuffer(string: request))
        var response = RawResponse()
        var pending = ByteBuffer()
        var headDone = false
        reading: for try await var incoming in inbound {
            pending.writeBuffer(&incoming)
            if !headDone {
                guard let end = pending.readableBytesView.firstRange(of: Array("\r\n\r\n".utf8)) else { continue }
                response.head = pending.readString(length: end.upperBound - pending.readerIndex)!
                headDone = true
                try await onHead()
                if !response.head.lowercased().contains("transfer-encoding: chunked"),
                    response.contentLength == nil
                {
                    break reading
                }
            }
            if let length = response.contentLength {
                guard pending.readableBytes >= length else { continue }
                let body = pending.readSlice(length: length)!
                try onChunk(body)
                response.chunks.append(body)
                response.complete = true
                break reading
            }
            while let lineEnd = pending.readableBytesView.firstRange(of: Array("\r\n".utf8)) {
                let sizeLine = String(
                    decoding: pending.readableBytesView[pending.readerIndex..<lineEnd.lowerBound], as: UTF8.self)
                let size = try #require(Int(sizeLine, radix: 16))
                guard pending.readableBytes >= (lineEnd.upperBound - pending.readerIndex) + size + 2 else { break }
                pending.moveReaderIndex(to: lineEnd.upperBound)
                let chunk = pending.readSlice(length: size)!
                pending.moveReaderIndex(forwardBy: 2)
                if size == 0 {
                    response.complete = true
                    break reading
                }
                try onChunk(chunk)
                response.chunks.append(chunk)
            }
        }
        return response
    }
}

/// A plain TCP connection to the server under test; with `halfClosing`, one whose client can end its output alone.
func connect(port: Int, halfClosing: Bool = false) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
    try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .channelOption(.allowRemoteHalfClosure, value: halfClosing)
        .connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(
                    wrappingChannelSynchronously: channel,
                    configuration: .init(isOutboundHalfClosureEnabled: halfClosing))
            }
        }
}

/// Everything a server sends for `request` until it closes the connection, as text; with `halfClosing`, the
/// client ends its output once the request is sent.
func rawText(port: Int, request: String, halfClosing: Bool = false) async throws -> String {
    let channel = try await connect(port: port, halfClosing: halfClosing)
    return try await channel.executeThenClose { inbound, outbound in
        try await outbound.write(ByteBuffer(string: request))
        if halfClosing { outbound.finish() }
        var text = ""
        for try await buffer in inbound { text += String(buffer: buffer) }
        return text
    }
}

/// Runs the real `endless` binary built beside the tests.
func endlessBinary() -> URL {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let beside = products.appendingPathComponent("endless")
    return FileManager.default.fileExists(atPath: beside.path)
        ? beside : products.deletingLastPathComponent().appendingPathComponent("endless")
}

func renderCommand(_ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = endlessBinary()
    process.arguments = ["render"] + arguments
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](data)
}

/// A number tasks may share: how many were served, whether one was answered.
final class SharedCount: Sendable {
    private let atomic = Synchronization.Atomic(0)
    func add(_ amount: Int = 1) { atomic.add(amount, ordering: .relaxed) }
    var value: Int { atomic.load(ordering: .relaxed) }
}
