import Foundation

/// How fast a fling slows: UIScrollView multiplies the velocity by this every millisecond.
public struct DecelerationRate: Sendable, Hashable {
    public var perMillisecond: Double

    public init(perMillisecond: Double) {
        precondition(perMillisecond > 0 && perMillisecond < 1)
        self.perMillisecond = perMillisecond
    }

    /// `UIScrollView.DecelerationRate.normal`.
    public static let normal = DecelerationRate(perMillisecond: 0.998)
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fast = DecelerationRate(perMillisecond: 0.99)

    /// `k = 1000·ln d`, the exponent per second (negative).
    var perSecondExponent: Double { 1000 * log(perMillisecond) }
}

/// A fling released at `start` with `velocity` points per second, decelerating exponentially.
public struct Fling: Sendable, Hashable {
    public var start: Double
    /// Points per second (UIKit's `willEndDragging` reports points per millisecond: multiply by 1000).
    public var velocity: Double
    public var rate: DecelerationRate

    public init(start: Double, velocity: Double, rate: DecelerationRate = .normal) {
        self.start = start
        self.velocity = velocity
        self.rate = rate
    }

    /// Where the fling comes to rest: `x0 − v0/k`.
    public var restingOffset: Double { start - velocity / rate.perSecondExponent }

    /// Position `t` seconds after release: `x0 + (d^(1000t) − 1)·v0/k`.
    public func offset(after t: Double) -> Double {
        let k = rate.perSecondExponent
        return start + (exp(k * t) - 1) * velocity / k
    }

    /// Seconds until the fling is within `epsilon` points of rest: `ln(−k·ε/|v0|)/k`.
    public func duration(within epsilon: Double = 0.5) -> Double {
        let k = rate.perSecondExponent
        let ratio = -k * epsilon / abs(velocity)
        return ratio >= 1 ? 0 : log(ratio) / k
    }
}
