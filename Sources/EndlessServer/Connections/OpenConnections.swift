import HummingbirdCore
import Metrics

/// Counts open connections for `endless_open_connections`, and stops accepting at `maximum`: then new connections
/// wait in the listen queue (and past it the kernel refuses them) until one closes, which the timeouts see to.
struct OpenConnections: AvailableConnectionsDelegate {
    let maximum: Int
    private var count = 0
    private let gauge = Gauge(label: "endless_open_connections")

    init(maximum: Int) { self.maximum = maximum }

    mutating func connectionOpened() {
        count += 1
        gauge.record(count)
    }

    mutating func connectionClosed() {
        count -= 1
        gauge.record(count)
    }

    func isAcceptingNewConnections() -> Bool { count < maximum }
}
