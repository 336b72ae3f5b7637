import HTTPTypes
import Metrics

/// The server's own metrics, made once so that a request only bumps numbers.
/// Requests by route, method and status are `RequestMetrics`'s.
struct ServerMetrics: Sendable {
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
        bytesSent = Dictionary(
            uniqueKeysWithValues: Self.routes.map {
                ($0, Counter(label: "endless_bytes_sent", dimensions: [("route", $0)]))
            })
        renderDuration = Dictionary(
            uniqueKeysWithValues: Self.routes.map {
                ($0, Timer(label: "endless_render_duration", dimensions: [("route", $0)]))
            })
    }
}
