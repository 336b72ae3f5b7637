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
    @Option(help: "Folder of static files.") var publicDirectory = "public"
    @Option(help: "Folder of Mustache templates.") var templatesDirectory = "templates"
    @Option(help: "Log level: trace, debug, info (each request), notice, warning, error.") var logLevel = "notice"

    func run() async throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port: must be a port number from 0 to 65535") }
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("--log-level: must be trace, debug, info, notice, warning or error")
        }
        var logger = Logger(label: "endless")
        logger.logLevel = level
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        var options = ServerOptions()
        options.host = host
        options.port = port
        options.publicDirectory = publicDirectory
        options.templatesDirectory = templatesDirectory
        let app = try await buildApplication(options: options, registry: registry, logger: logger) {
            [logger, host] port in
            let shown = host.contains(":") ? "[\(host)]" : host
            logger.notice("Endless is serving on http://\(shown):\(port)/")
        }
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ValidationError(
                "--port: \(host):\(port) is already in use; stop the other server or pick another port")
        } catch let error as IOError {
            throw ValidationError("--host: cannot listen on \(host):\(port): \(error.description)")
        }
    }
}
