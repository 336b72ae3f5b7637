import HummingbirdCore
import Metrics

/// Counts open connections for `endless_open_connections`, and stops accepting one past `maximum`: the connection
/// that goes past makes room by closing the longest-waiting one (`ConnectionRegistry`); if none waits, new connections
/// wait in the listen queue (and past it the kernel refuses them) until one closes.
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

    func isAcceptingNewConnections() -> Bool { count <= maximum }
}
