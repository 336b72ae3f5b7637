import ArgumentParser
import EndlessServer
import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import Prometheus

/// `endless` or `endless serve`: the HTTP server, until SIGINT or SIGTERM (which let in-flight responses finish).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the page and the SVG endpoints (the default).")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port = 8080
    @Option(help: "Serve the elements' script and styles from this folder, re-read on change, not the built-in copies.")
    var publicDirectory: String?
    @Option(help: "Log level: trace, debug, info (each request), notice, warning, error.") var logLevel = "notice"
    @Option(help: "Seconds a client has to send a whole request once its first byte arrives; then 408 and close.")
    var requestHeadTimeout = 10.0
    @Option(help: "Seconds a kept-alive connection may stay silent, or leave a response unread, before it is closed.")
    var idleTimeout = 60.0
    @Option(help: "Open connections kept; one more closes the one that has waited longest to take its place.")
    var maximumConnections = 4_096
    @Option(help: "Large windows (over 128 tiles) drawn at once; 0 means one fewer than the cores, and at least 1.")
    var largeWindows = 0
    @Option(help: "Large windows that may wait for their turn; one more is answered 503 with Retry-After.")
    var largeWindowQueue = 32
    @Option(
        help: ArgumentHelp(
            "An item set timelines draw, read again when its file changes: NAME=FILE, JSON Lines or .csv; repeatable.",
            valueName: "name=file"))
    var items: [String] = []
    @Flag(
        inversion: .prefixedNo,
        help: "Serve /metrics (Prometheus). Turn it off where the server faces the internet with nothing in front.")
    var metrics = true

    func run() async throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port: must be a port number from 0 to 65535") }
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("--log-level: must be trace, debug, info, notice, warning or error")
        }
        for (flag, seconds) in [("--request-head-timeout", requestHeadTimeout), ("--idle-timeout", idleTimeout)]
        where !(seconds.isFinite && seconds >= 0.1 && seconds <= 86_400) {
            throw ValidationError("\(flag): must be a number of seconds from 0.1 to 86400")
        }
        guard (1...1_000_000).contains(maximumConnections) else {
            throw ValidationError("--maximum-connections: must be a whole number from 1 to 1000000")
        }
        guard (0...1024).contains(largeWindows) else {
            throw ValidationError("--large-windows: must be a whole number from 0 (one fewer than the cores) to 1024")
        }
        guard (0...100_000).contains(largeWindowQueue) else {
            throw ValidationError("--large-window-queue: must be a whole number from 0 to 100000")
        }
        var logger = Logger(label: "endless")
        logger.logLevel = level
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        var options = ServerOptions()
        options.host = host
        options.port = port
        options.endless.publicDirectory = publicDirectory
        options.requestHeadTimeout = .milliseconds(Int64(requestHeadTimeout * 1000))
        options.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        options.maximumConnections = maximumConnections
        if largeWindows > 0 { options.endless.concurrentLargeWindows = largeWindows }
        options.endless.queuedLargeWindows = largeWindowQueue
        options.servesMetrics = metrics
        options.itemFiles = try items.map { pair in
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex,
                pair.index(after: equals) != pair.endIndex
            else { throw ValidationError("--items: must be NAME=FILE, as in launches=launches.jsonl") }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
        }
        let app = try await buildApplication(options: options, registry: registry, logger: logger) {
            [logger, host] port in
            let shown = host.contains(":") ? "[\(host)]" : host
            logger.notice("Endless is serving on http://\(shown):\(port)/")
        }
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            // A server that cannot start (exit 1), not a command written wrong (a usage error's 64).
            throw ServerStartError(
                "--port: \(host):\(port) is already in use; stop the other server or pick another port")
        } catch let error as IOError {
            throw ServerStartError("--host: cannot listen on \(host):\(port): \(error.description)")
        }
    }
}
