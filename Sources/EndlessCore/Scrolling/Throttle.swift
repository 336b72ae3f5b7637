/// Lets a value change through at most once per `interval`, timed from the last change it let through.
///
/// The seed restarts its clock on every call, so at 120 Hz (8.3 ms frames) nothing ever gets through;
/// timing from the last pass lets every second 120 Hz frame through, i.e. 60 a second.
public struct Throttle: Sendable, Hashable {
    /// Seconds; 1/60 by default (16.67 ms, one 60 Hz frame).
    public var interval: Double
    public private(set) var lastPass: Double?

    /// Frame timestamps are not exact: two 120 Hz frames may be 16.6666 ms apart. One microsecond of slack.
    static let slack = 1e-6

    public init(interval: Double = 1.0 / 60) {
        self.interval = interval
    }

    /// Whether a change at `time` (seconds) may go through; if so, the clock restarts from `time`.
    public mutating func shouldPass(at time: Double) -> Bool {
        if let lastPass, time - lastPass < interval - Self.slack { return false }
        lastPass = time
        return true
    }

    /// Forgets the last pass, so the next change goes through (a scroll that ended must report its value).
    public mutating func reset() { lastPass = nil }
}
