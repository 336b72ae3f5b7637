/// One axis of a scroll view whose bounded content stands for an unbounded world.
///
/// Tiles sit at content coordinates `world − origin`; recentering moves `offset` and `origin` together
/// and tells the caller by how much to shift its tiles, so nothing on screen moves.
public struct ScrollAxis: Sendable, Hashable {
    /// Length of the scrollable content, in points.
    public var contentLength: Double
    /// Length of the visible bounds, in points.
    public var boundsLength: Double
    /// Content coordinate of the bounds' leading edge (UIScrollView's `contentOffset`).
    public var offset: Double
    /// World coordinate of content coordinate 0.
    public var origin: Double

    public init(contentLength: Double, boundsLength: Double, offset: Double? = nil, origin: Double = 0) {
        precondition(contentLength >= boundsLength && boundsLength > 0)
        self.contentLength = contentLength
        self.boundsLength = boundsLength
        self.offset = offset ?? (contentLength - boundsLength) / 2
        self.origin = origin
    }

    /// The offset that centres the bounds in the content.
    public var centerOffset: Double { (contentLength - boundsLength) / 2 }

    /// World coordinate of the bounds' leading edge.
    public var worldOffset: Double { origin + offset }

    /// Content coordinate of a world coordinate.
    public func contentPosition(ofWorld x: Double) -> Double { x - origin }

    /// Seed 000's `recenterIfNecessary`: once the bounds come within `edgeMargin` of either end of the
    /// content, jump back to the centre. Returns the shift to add to every tile's content position
    /// (the offset moved by the same amount), or `nil` when no recenter was needed.
    ///
    /// The seed's own rule is `edgeMargin: 0` (recenter once past an edge, during a bounce); a browser
    /// cannot scroll past an edge, so the page passes a margin of a few screens as a last resort mid-fling.
    public mutating func recenterIfNecessary(edgeMargin: Double = 0) -> Double? {
        let distanceFromCenter = offset - centerOffset
        guard abs(distanceFromCenter) > centerOffset - edgeMargin else { return nil }
        return shift(by: -distanceFromCenter)
    }

    /// Seed 004's recenter when a gesture ends (drag ended without deceleration, or deceleration ended):
    /// back towards the centre by a whole number of `quantum`s, so tiles keep their alignment and a fling is
    /// never interrupted. `quantum: nil` recenters exactly. Returns the tile shift, or `nil` if none.
    ///
    /// The number of quanta rounds toward zero: an offset within one quantum of the centre stays. Rounding to
    /// nearest would flip ±1 quantum forever when the centre sits half a quantum between two whole positions.
    public mutating func recenterAtGestureEnd(quantum: Double? = nil) -> Double? {
        let wanted = centerOffset - offset
        let shift = quantum.map { ($0 * (wanted / $0).rounded(.towardZero)) } ?? wanted
        guard shift != 0 else { return nil }
        return self.shift(by: shift)
    }

    /// Seed 002's loop rule: content one `period` plus one screen long (a copy of the head at the tail);
    /// before the start jump forward one period, at the end jump back one. The content repeats, so the
    /// jump is seamless; the returned shift is for tiles placed by world coordinate, as with any recenter.
    public mutating func wrapAround(period: Double) -> Double? {
        if offset < 0 { return shift(by: period) }
        if offset >= contentLength - boundsLength { return shift(by: -period) }
        return nil
    }

    private mutating func shift(by amount: Double) -> Double {
        offset += amount
        origin -= amount
        return amount
    }
}
