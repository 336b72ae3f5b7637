import EndlessCore
import Foundation
import Hummingbird
import Logging
import Mustache
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
    let responses = ResponseCache(
        capacity: options.responseCacheCapacity, maximumEntryBytes: options.maximumCachedResponseBytes)
    let metrics = ServerMetrics()
    let responder = SVGResponder(
        tiles: TileCache(capacity: options.tileCacheCapacity), responses: responses,
        compressors: CompressorPool(capacity: 64), metrics: metrics, tilesPerBatch: options.tilesPerBatch)

    let router = Router()
    router.add(middleware: MetricsMiddleware())
    if logger.logLevel <= .info { router.add(middleware: LogRequestsMiddleware(.info)) }  // off the hot path otherwise
    router.addMiddleware {
        PlainTextErrorMiddleware()
        RequestGuardMiddleware()
        FileMiddleware(options.publicDirectory, searchForIndexHtml: false, logger: logger)
    }
    router.addSVGRoutes(responder)
    router.addFrameRoutes(FrameResponder(tiles: responder.tiles), compressors: responder.compressors)
    router.addPageRoutes(templates: templates, registry: registry, compressors: responder.compressors)

    return Application(
        router: router,
        // The parser's limits are far above the 4096-byte URL limit, so that a long URL reaches the
        // guard and gets its 414; past 1 MiB the parser itself refuses the request (400) and closes.
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: [CachedResponseHandler(responses: responses, metrics: metrics)],
                httpDecoderConfiguration: .init(maxHeaderFieldSize: 1 << 20, maxHeaderListSize: 1 << 20))),
        configuration: ApplicationConfiguration(
            address: .hostname(options.host, port: options.port), serverName: "Endless"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? options.port) },
        logger: logger)
}

/// Why the server could not start, in one line.
public struct ServerStartError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension Router {
    /// The SVG endpoints, GET and HEAD alike.
    func addSVGRoutes(_ responder: SVGResponder) {
        func both(
            _ path: RouterPath, _ resource: @escaping @Sendable (Request, Context) throws(EndlessError) -> SVGResource
        ) {
            let handler: @Sendable (Request, Context) async throws -> Response = { request, context in
                do throws(EndlessError) {
                    return try responder.respond(to: request) { () throws(EndlessError) in
                        try resource(request, context)
                    }
                } catch {
                    throw PlainTextError(error)
                }
            }
            get(path, use: handler)
            head(path, use: handler)
        }
        // Each view by name: the router does not fall back from `/svg/ruler/tiles/…`'s `ruler` to `:view`.
        for view in ["ruler", "grid", "loop"] {
            both(RouterPath("/svg/\(view)")) { request, _ throws(EndlessError) in
                try SVGResource.window(view: view, query: request.queryPairs)
            }
        }
        both("/svg/:view") { request, context throws(EndlessError) in
            try SVGResource.window(view: context.parameters.get("view") ?? "", query: request.queryPairs)
        }
        both("/svg/ruler/tiles/:file") { request, context throws(EndlessError) in
            try SVGResource.rulerBlock(file: context.parameters.get("file") ?? "", query: request.queryPairs)
        }
        both("/svg/grid/tiles/:x/:file") { request, context throws(EndlessError) in
            try SVGResource.gridTile(
                x: context.parameters.get("x") ?? "", file: context.parameters.get("file") ?? "",
                query: request.queryPairs)
        }
        both("/svg/loop/tiles/:file") { request, context throws(EndlessError) in
            try SVGResource.loopItem(file: context.parameters.get("file") ?? "", query: request.queryPairs)
        }
    }

    /// The page, health and metrics.
    func addPageRoutes(templates: MustacheLibrary, registry: PrometheusCollectorRegistry, compressors: CompressorPool) {
        let index: @Sendable (Request, Context) async throws -> Response = { request, _ in
            let page: IndexPage
            do {
                page = try IndexPage(query: request.queryPairs)
            } catch let error as EndlessError {
                throw PlainTextError(error)
            }
            let html = templates.render(page, withTemplate: "index") ?? ""
            // About 24 kB with its four pictures, 2 kB gzipped: the first picture comes sooner over a network.
            return compressors.response(
                ByteBuffer(string: html),
                headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
                to: request)
        }
        let health: @Sendable (Request, Context) async throws -> Response = { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
        }
        let metrics: @Sendable (Request, Context) async throws -> Response = { _, _ in
            var bytes: [UInt8] = []
            registry.emit(into: &bytes)
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        // HEAD everywhere GET goes: the server answers it with GET's headers and no body.
        for (path, handler) in [("/", index), ("/healthz", health), ("/metrics", metrics)] {
            get(RouterPath(path), use: handler)
            head(RouterPath(path), use: handler)
        }
    }
}

extension Request {
    /// The query as name–value pairs, repeated names kept (so that the core can refuse them).
    var queryPairs: [(String, String)] {
        uri.queryParameters.map { (String($0.key), String($0.value)) }
    }
}
