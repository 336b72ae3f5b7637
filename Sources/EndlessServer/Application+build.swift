import EndlessCore
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Mustache
import NIOCore
import Prometheus

/// Builds the whole server: Endless mounted at `/` (`EndlessMount`), its health and metrics, and the event loop's
/// answers to small requests ahead of the router. `endless` runs it and the tests drive it, so both get the same.
///
/// Metrics go to whatever `MetricsSystem` factory is in force when this runs (the tests bind one per test
/// with `withMetricsFactory`); `registry` is what `/metrics` prints.
public func buildApplication(
    options: ServerOptions,
    registry: PrometheusCollectorRegistry,
    logger: Logger = Logger(label: "endless"),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let (endless, shared) = try door(options: options, registry: registry, logger: logger)
    let (table, requestMetrics) = (shared.table, shared.metrics)
    let connections = ConnectionRegistry(maximum: options.maximumConnections)

    let router = Router()
    router.add(middleware: RequestMetricsMiddleware(metrics: requestMetrics))
    if logger.logLevel <= .info { router.add(middleware: LogRequestsMiddleware(.info)) }  // off the hot path otherwise
    router.addMiddleware {
        PlainTextErrorMiddleware()
        RequestGuardMiddleware()
    }
    router.group("/").add(table, gate: endless.svg.largeWindows, bytesSent: endless.metrics.bytesSent)

    let itemFiles = ItemFiles(options.itemFiles, into: options.endless.items, logger: logger)
    try itemFiles.load()
    return Application(
        router: router,
        // The parser's limits are far above the 4096-byte URL limit, so that a long URL reaches the
        // guard and gets its 414; past 1 MiB the parser itself refuses the request (400) and closes.
        server: .endlessHTTP1(
            handlers: {
                [
                    ConnectionGuard(
                        requestTimeout: TimeAmount(options.requestHeadTimeout),
                        idleTimeout: TimeAmount(options.idleTimeout), registry: connections,
                        closed: endless.metrics.connectionsClosed, evicted: endless.metrics.connectionsEvicted),
                    EventLoopResponder(shared),
                ]
            }, maximumHeaderBytes: 1 << 20),
        configuration: ApplicationConfiguration(
            address: .hostname(options.host, port: options.port), serverName: shared.serverName,
            backlog: options.listenBacklog,
            availableConnectionsDelegate: OpenConnections(maximum: options.maximumConnections)),
        services: options.itemFiles.isEmpty ? [] : [itemFiles],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? options.port) },
        logger: logger)
}

/// The one door (`EndpointTable`): the mount at `/` and the server's own endpoints, with what the event loop's
/// responders share. Throws naming an option out of its range.
func door(options: ServerOptions, registry: PrometheusCollectorRegistry, logger: Logger) throws(EndlessError) -> (
    EndlessMount, EventLoopResponder.Shared
) {
    try options.validate()
    let endless = try EndlessMount(at: "/", options: options.endless)
    let table = EndpointTable(
        mountPath: "",
        endpoints: endless.endpoints()
            + ServerEndpoints.all(registry: registry, servesMetrics: options.servesMetrics))
    let shared = EventLoopResponder.Shared(
        table: table, metrics: RequestMetrics(), gate: endless.svg.largeWindows,
        bytesSent: endless.metrics.bytesSent, serverName: "Endless", logger: logger)
    return (endless, shared)
}

/// Why the server could not start, in one line.
public struct ServerStartError: Error, CustomStringConvertible {
    public let description: String
    package init(_ description: String) { self.description = description }
}

extension Request {
    /// The query as name–value pairs, repeated names kept (so that the core can refuse them).
    var queryPairs: [(String, String)] { uri.queryPairs }
}

extension URI {
    var queryPairs: [(String, String)] { queryParameters.map { (String($0.key), String($0.value)) } }
}
