import HTTPTypes
import Metrics

/// The server's own metrics, made once so that a request only bumps numbers.
/// Requests by route and status come from Hummingbird's `MetricsMiddleware` (`hb_requests`).
struct ServerMetrics: Sendable {
    /// Responses answered on the event loop, counted in the series the router's `MetricsMiddleware` counts them in:
    /// by route, method and status.
    let requests: [Series: Counter]
    let bytesSent: [String: Counter]
    let renderDuration: [String: Timer]
    /// Connections closed because a client stalled, by what ran out.
    let connectionsClosed: [ConnectionDeadlines.Expiry: Counter] = Dictionary(
        uniqueKeysWithValues: [ConnectionDeadlines.Expiry.request, .idle, .send].map {
            ($0, Counter(label: "endless_connections_closed", dimensions: [("reason", "\($0.rawValue)_timeout")]))
        })
    /// Connections closed at the bound to make room for a new one.
    let connectionsEvicted = Counter(label: "endless_connections_closed", dimensions: [("reason", "evicted")])

    static let routes = SVGResource.Kind.allCases.map(\.route) + frameViews.map { "/frame/\($0.name)" }

    init() {
        requests = Dictionary(
            uniqueKeysWithValues: Self.routes.flatMap { route in
                ["GET", "HEAD"].flatMap { method in
                    ["200", "304"].map { status in
                        (
                            Series(route: route, method: method, status: status),
                            Counter(
                                label: "hb.requests",
                                dimensions: [
                                    ("http.route", route), ("http.request.method", method),
                                    ("http.response.status_code", status),
                                ])
                        )
                    }
                }
            })
        bytesSent = Dictionary(
            uniqueKeysWithValues: Self.routes.map {
                ($0, Counter(label: "endless_bytes_sent", dimensions: [("route", $0)]))
            })
        renderDuration = Dictionary(
            uniqueKeysWithValues: Self.routes.map {
                ($0, Timer(label: "endless_render_duration", dimensions: [("route", $0)]))
            })
    }

    /// A request counter's dimensions, as a key made without joining text.
    struct Series: Hashable, Sendable {
        var route: String
        var method: String
        var status: String
    }

    /// Counts an answer written on the event loop, as the router would have.
    func count(_ answer: HTTPAnswer, method: HTTPRequest.Method) {
        let status = answer.status == .ok ? "200" : String(answer.status.code)
        requests[Series(route: answer.route, method: method.rawValue, status: status)]?.increment()
        if !answer.chunks.isEmpty { bytesSent[answer.route]?.increment(by: answer.payloadBytes) }
    }
}
