/// One axis of a scroll view whose bounded content stands for an unbounded world.
///
/// Tiles sit at content coordinates `world − origin`; recentering moves `offset` and `origin` together
/// and tells the caller by how much to shift its tiles, so nothing on screen moves.
package struct ScrollAxis: Sendable, Hashable {
    /// Length of the scrollable content, in points.
    package var contentLength: Double
    /// Length of the visible bounds, in points.
    package var boundsLength: Double
    /// Content coordinate of the bounds' leading edge (UIScrollView's `contentOffset`).
    package var offset: Double
    /// World coordinate of content coordinate 0.
    package var origin: Double

    package init(contentLength: Double, boundsLength: Double, offset: Double, origin: Double) {
        precondition(contentLength >= boundsLength && boundsLength > 0)
        self.contentLength = contentLength
        self.boundsLength = boundsLength
        self.offset = offset
        self.origin = origin
    }

    /// The offset that centres the bounds in the content.
    package var centerOffset: Double { (contentLength - boundsLength) / 2 }

    /// World coordinate of the bounds' leading edge.
    package var worldOffset: Double { origin + offset }

    /// Seed 000's `recenterIfNecessary`: once the bounds come within `edgeMargin` of either end of the
    /// content, jump back to the centre. Returns the shift to add to every tile's content position
    /// (the offset moved by the same amount), or `nil` when no recenter was needed.
    ///
    /// The seed's own rule is `edgeMargin: 0` (recenter once past an edge, during a bounce); a browser
    /// cannot scroll past an edge, so `AxisLayout` passes a margin of many screens, a last resort mid-fling.
    package mutating func recenterIfNecessary(edgeMargin: Double = 0) -> Double? {
        let distanceFromCenter = offset - centerOffset
        guard abs(distanceFromCenter) > centerOffset - edgeMargin else { return nil }
        return shift(by: -distanceFromCenter)
    }

    /// Seed 004's recenter when scrolling ends (drag ended without deceleration, or deceleration ended):
    /// back towards the centre by a whole number of `quantum`s, so tiles keep their alignment and a fling is
    /// never interrupted. Returns the tile shift, or `nil` if none.
    ///
    /// The number of quanta rounds toward zero: an offset within one quantum of the centre stays. Rounding to
    /// nearest would flip ±1 quantum forever when the centre sits half a quantum between two whole positions.
    ///
    /// Seed 002's loop jumps one period at either end of content one period long; here a loop recenters like any
    /// view, by whole items, and its items are labelled by world index (`Loop.label(ofItem:)`), so the jump is as
    /// seamless and needs no copy of the head at the tail.
    package mutating func recenterAtGestureEnd(quantum: Double) -> Double? {
        let shift = quantum * ((centerOffset - offset) / quantum).rounded(.towardZero)
        guard shift != 0 else { return nil }
        return self.shift(by: shift)
    }

    private mutating func shift(by amount: Double) -> Double {
        offset += amount
        origin -= amount
        return amount
    }
}
