// libFuzzer's entry point: each input is a request (see `FuzzRequest`) sent to the whole application, built once by
// `buildApplication` and driven as HummingbirdTesting's `.router` mode drives it (its responder, a context on a
// testing channel, the body written to memory). A 5xx, a 4xx whose body is not one line, a body that fails to write,
// or an SVG answer from the event loop (`EventLoopResponder`) that differs from the router's (gzip: in what it decodes
// to) is a violation: the target traps, so libFuzzer saves the input and stops.
//
// Environment:
// `ENDLESS_FUZZ_EVENT_LOOP=0` (leave the event loop's answers out), `ENDLESS_FUZZ_VERBOSE=1` (print each request and status).
import CompressNIO
import Dispatch
import Foundation
import HTTPTypes
import LibFuzzer
import Hummingbird
import Logging
import Metrics
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Prometheus

@testable import FuzzedServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let request = FuzzRequest(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    let outcome = Harness.shared.run(request)
    if Harness.verbose {
        print("\(outcome.status) \(request)" + (outcome.status >= 400 ? ": \(outcome.text)" : ""))
        fflush(nil)
    }
    if let violation = outcome.violation {
        let message = "endless-fuzz: \(violation)\n  request: \(request)\n  url: \(request.target)\n"
        FileHandle.standardError.write(Data(message.utf8))
        fatalError("endless-fuzz: \(violation)")
    }
    return 0
}

/// SwiftPM links an executable with `main` defined as `EndlessFuzz_main` (so that tests could link it): this is that
/// function, and it runs libFuzzer's driver, whose own `main` is then left out of the link.
@_cdecl("EndlessFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    _ = Harness.shared  // builds the app before the first input, so its time is not the first input's
    return 0
}

/// What one request got.
struct Outcome: Sendable {
    var status = 0
    var violation: String?
    /// The body of a 4xx, for `ENDLESS_FUZZ_VERBOSE`.
    var text = ""
}

/// The application, built once, and a way to wait for an async answer from libFuzzer's synchronous callback.
final class Harness: Sendable {
    static let shared = Harness()
    static let verbose = ProcessInfo.processInfo.environment["ENDLESS_FUZZ_VERBOSE"] == "1"

    private let respond: @Sendable (Request) async throws -> Response
    /// A responder of the event loop's own: the app keeps its own out of reach.
    private let eventLoop: EventLoopResponder.Shared?

    private init() {
        let environment = ProcessInfo.processInfo.environment
        let options = ServerOptions()
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        var logger = Logger(label: "endless-fuzz")
        logger.logLevel = .critical

        respond = Self.wait { [options, logger] in
            let app = try await buildApplication(options: options, registry: registry, logger: logger)
            return try await Self.responder(of: app)
        }
        eventLoop =
            environment["ENDLESS_FUZZ_EVENT_LOOP"] == "0"
            ? nil : try! door(options: options, registry: PrometheusCollectorRegistry(), logger: logger).1
    }

    /// The app's responder as `.router` mode calls it: a fresh context on a testing channel for each request.
    private static func responder<App: ApplicationProtocol>(of app: App) async throws
        -> @Sendable (Request) async throws -> Response
    {
        let responder = try await app.responder
        let channel = NIOAsyncTestingChannel()
        let logger = app.logger
        return { request in
            let context = App.Context(source: ApplicationRequestContextSource(channel: channel, logger: logger))
            return try await responder.respond(to: request, context: context)
        }
    }

    func run(_ fuzz: FuzzRequest) -> Outcome {
        Self.wait { await self.exchange(fuzz) }
    }

    private func exchange(_ fuzz: FuzzRequest) async -> Outcome {
        let head = HTTPRequest(
            method: fuzz.method, scheme: "http", authority: "localhost", path: fuzz.target, headerFields: fuzz.headers)
        var outcome = Outcome()
        var headers = HTTPFields()
        let body = BodyCollector()
        do {
            let response = try await respond(Request(head: head, body: RequestBody(buffer: ByteBuffer())))
            outcome.status = Int(response.status.code)
            headers = response.headers
            try await response.body.write(body)
        } catch {
            // The live server answers a thrown error with a bare 500, or drops the connection mid-body.
            outcome.violation = outcome.status == 0 ? "the responder threw \(error)" : "the body threw \(error)"
            return outcome
        }
        outcome.violation = FuzzRequest.violation(status: outcome.status, headers: headers, body: body.bytes)
        if Self.verbose && outcome.status >= 400 { outcome.text = String(reflecting: String(buffer: body.bytes)) }
        if outcome.violation == nil { outcome.violation = eventLoopDifference(head, routed: outcome, body: body.bytes) }
        return outcome
    }

    /// What the event loop, which answers `/svg/` requests whose answers are at hand ahead of the router, does
    /// differently: whatever it answers must be what the router answers.
    private func eventLoopDifference(_ head: HTTPRequest, routed: Outcome, body: ByteBuffer) -> String? {
        guard let eventLoop else { return nil }
        let channel = EmbeddedChannel(handler: EventLoopResponder(eventLoop))
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        // The responder reads NIO's parts, as they come from its decoder.
        guard let nioHead = try? HTTPRequestHead(head),
            (try? channel.writeInbound(HTTPServerRequestPart.head(nioHead))) != nil,
            (try? channel.writeInbound(HTTPServerRequestPart.end(nil))) != nil,
            case .head(let response)? = try? channel.readOutbound(as: HTTPServerResponsePart.self)
        else { return nil }
        guard Int(response.status.code) == routed.status else {
            return "the event loop answers \(response.status.code) where the router answers \(routed.status)"
        }
        var payload = ByteBuffer()
        while case .body(.byteBuffer(var chunk))? = try? channel.readOutbound(as: HTTPServerResponsePart.self) {
            payload.writeBuffer(&chunk)
        }
        var body = body
        if response.headers.first(name: "Content-Encoding") == "gzip" {
            var (fast, routed) = (payload, body)
            payload = (try? fast.decompress(with: .gzip)) ?? ByteBuffer(string: "event loop: no gzip")
            body = (try? routed.decompress(with: .gzip)) ?? ByteBuffer(string: "router: no gzip")
        }
        guard payload == body || Self.sameFrame(payload, body) else {
            return "the event loop's body (\(payload.readableBytes) bytes) differs from the router's"
                + " (\(body.readableBytes))"
        }
        return nil
    }

    /// Whether two frames' JSON say the same but for `took`, the time each took.
    private static func sameFrame(_ a: ByteBuffer, _ b: ByteBuffer) -> Bool {
        func fields(_ buffer: ByteBuffer) -> NSDictionary? {
            guard var object = try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any]
            else { return nil }
            object["took"] = nil
            return object as NSDictionary
        }
        guard let a = fields(a), let b = fields(b) else { return false }
        return a.isEqual(b)
    }

    /// Runs `work` on the concurrency pool and blocks this (libFuzzer's) thread until it is done.
    private static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox<T>()
        Task {
            do {
                result.value = .success(try await work())
            } catch {
                result.value = .failure(error)
            }
            done.signal()
        }
        done.wait()
        switch result.value! {
        case .success(let value): return value
        case .failure(let error): fatalError("endless-fuzz: could not build the app: \(error)")
        }
    }
}

/// Written by one task, read after the semaphore says it is done.
private final class ResultBox<T>: @unchecked Sendable {
    var value: Result<T, any Error>?
}

/// A response body, written to memory as HummingbirdTesting's router mode writes it.
private final class BodyCollector: ResponseBodyWriter, @unchecked Sendable {
    var bytes = ByteBuffer()
    var finished = false

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        bytes.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws { finished = true }
}
