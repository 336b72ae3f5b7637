/// Where a view's leading edge was in the world, when by the page's clock (milliseconds), and how fast it moved.
///
/// A page sends its position and clock with each request and echoes back the sample the last frame carried, so a
/// stateless server can tell how fast a view scrolls and tile ahead of a fling: seed 003's lazy loading asks for
/// the target, not each step.
package struct ScrollSample: Sendable, Hashable {
    package var position: Double
    package var time: Double
    /// Points per millisecond, towards greater world coordinates when positive.
    package var velocity: Double

    /// Samples further apart than this say nothing about the motion now: the view rested in between. A page asks
    /// again once its last answer is in, so on a slow network its samples are a round trip apart: allow for that.
    package static let maximumInterval: Double = 500
    /// No scroll is faster, in points per millisecond (100,000 points a second); a jump is not a fling.
    package static let maximumSpeed: Double = 100
    /// A slowing view's velocity falls over about this many milliseconds.
    package static let smoothing: Double = 50

    package init(position: Double, time: Double, velocity: Double = 0) {
        self.position = position
        self.time = time
        self.velocity = velocity
    }

    /// The sample at `position` and `time`, after this one.
    ///
    /// A page sees a fast scroll in bursts (a frame that moved 30 points a millisecond, then one that moved 5), so
    /// the velocity takes a speed-up or a reversal at once, and a slow-down gently: one stuttering frame does not
    /// shrink the tiles ahead just before the next burst outruns them. Across a pause, or a clock that went back,
    /// the view is at rest.
    package func following(position: Double, time: Double) -> ScrollSample {
        let interval = time - self.time
        guard interval > 0, interval <= Self.maximumInterval else {
            return ScrollSample(position: position, time: time)
        }
        let measured = min(max((position - self.position) / interval, -Self.maximumSpeed), Self.maximumSpeed)
        guard measured.isFinite else { return ScrollSample(position: position, time: time) }
        let velocity =
            measured * self.velocity < 0 || abs(measured) >= abs(self.velocity)
            ? measured : self.velocity + (measured - self.velocity) * interval / (interval + Self.smoothing)
        return ScrollSample(position: position, time: time, velocity: velocity)
    }

    /// How fast the view sped up from this sample to `next`, in the direction it moves: 0 when it slowed, kept its
    /// speed, turned, or rested in between.
    package func acceleration(to next: ScrollSample) -> Double {
        let interval = next.time - time
        guard interval > 0, velocity * next.velocity > 0, abs(next.velocity) > abs(velocity) else { return 0 }
        return (next.velocity - velocity) / interval
    }
}
