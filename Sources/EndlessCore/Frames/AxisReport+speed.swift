extension Collection where Element == AxisReport {
    /// Points per millisecond a view whose axes move as these reports say is moving at: the length of their
    /// velocities together (a diagonal fling is as fast as its path, not as either axis).
    var speed: Double { map { $0.velocity * $0.velocity }.reduce(0, +).squareRoot() }
}
