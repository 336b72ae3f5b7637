import HTTPTypes
import NIOCore
import Prometheus

/// `endless`'s own rows of the endpoint table: health and, unless turned off, metrics.
enum ServerEndpoints {
    static func all(registry: PrometheusCollectorRegistry, servesMetrics: Bool) -> [Endpoint] {
        var rows = [
            Endpoint("/healthz", reads: []) { _ in
                .now(text("ok\n", type: "text/plain; charset=utf-8", route: "/healthz"))
            }
        ]
        if servesMetrics {
            rows.append(
                Endpoint("/metrics", reads: []) { _ in
                    var bytes: [UInt8] = []
                    registry.emit(into: &bytes)
                    return .now(text(bytes, type: "text/plain; version=0.0.4; charset=utf-8", route: "/metrics"))
                })
        }
        return rows
    }

    private static func text(_ body: some Sequence<UInt8>, type: String, route: String) -> HTTPAnswer {
        var answer = HTTPAnswer(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"], route: route)
        answer.chunks = [ByteBuffer(bytes: body)]
        return answer
    }

    private static func text(_ body: String, type: String, route: String) -> HTTPAnswer {
        text(Array(body.utf8), type: type, route: route)
    }
}
