import EndlessCore
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Mustache
import NIOCore
import Prometheus

/// Builds the whole server; `endless` runs it and the tests drive it, so both get the same thing.
///
/// Metrics go to whatever `MetricsSystem` factory is in force when this runs (the tests bind one per test
/// with `withMetricsFactory`); `registry` is what `/metrics` prints.
public func buildApplication(
    options: ServerOptions,
    registry: PrometheusCollectorRegistry,
    logger: Logger = Logger(label: "endless"),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let templates = try await MustacheLibrary(directory: options.templatesDirectory)
    guard templates.getTemplate(named: "index") != nil else {
        throw ServerStartError(
            "templates: no index.mustache in \(options.templatesDirectory); run from the repository root")
    }
    let responses = ResponseCache(options: options)
    let metrics = ServerMetrics()
    let compressors = CompressorPool(capacity: 64)
    let responder = SVGResponder(
        options: options, responses: responses, metrics: metrics, compressors: compressors)
    let frames = FrameResponder(beside: responder, options: options)

    let connections = ConnectionRegistry(maximum: options.maximumConnections)
    let assets = StaticAssets(directory: options.publicDirectory, compressors: compressors)
    _ = SVGResource.renderingVersion  // drawn now, not by the first request

    let serverName = "Endless"
    let router = Router()
    router.add(middleware: MetricsMiddleware())
    if logger.logLevel <= .info { router.add(middleware: LogRequestsMiddleware(.info)) }  // off the hot path otherwise
    router.addMiddleware {
        PlainTextErrorMiddleware()
        RequestGuardMiddleware()
        StaticAssetsMiddleware(assets: assets)
    }
    router.addSVGRoutes(responder)
    router.addFrameRoutes(frames, metrics: metrics)
    router.addPageRoutes(
        templates: templates, registry: registry, compressors: compressors, assets: assets)

    return Application(
        router: router,
        // The parser's limits are far above the 4096-byte URL limit, so that a long URL reaches the
        // guard and gets its 414; past 1 MiB the parser itself refuses the request (400) and closes.
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: [
                    ConnectionGuard(
                        requestTimeout: TimeAmount(options.requestHeadTimeout),
                        idleTimeout: TimeAmount(options.idleTimeout), registry: connections,
                        closed: metrics.connectionsClosed, evicted: metrics.connectionsEvicted),
                    EventLoopResponder(
                        svg: responder, frames: frames, maximumTiles: options.maximumTilesOnEventLoop,
                        serverName: serverName, logsRequests: logger.logLevel <= .info),
                ],
                httpDecoderConfiguration: .init(maxHeaderFieldSize: 1 << 20, maxHeaderListSize: 1 << 20))),
        configuration: ApplicationConfiguration(
            address: .hostname(options.host, port: options.port), serverName: serverName,
            backlog: options.listenBacklog,
            availableConnectionsDelegate: OpenConnections(maximum: options.maximumConnections)),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? options.port) },
        logger: logger)
}

/// Why the server could not start, in one line.
public struct ServerStartError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension Request {
    /// The query as name–value pairs, repeated names kept (so that the core can refuse them).
    var queryPairs: [(String, String)] { uri.queryPairs }
}

extension URI {
    var queryPairs: [(String, String)] { queryParameters.map { (String($0.key), String($0.value)) } }
}
