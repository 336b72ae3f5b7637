import Hummingbird
import Prometheus

extension Router {
    /// `endless`'s own: health and metrics.
    func addServerRoutes(registry: PrometheusCollectorRegistry) {
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
        for (path, handler) in [("/healthz", health), ("/metrics", metrics)] {
            get(RouterPath(path), use: handler)
            head(RouterPath(path), use: handler)
        }
    }
}
