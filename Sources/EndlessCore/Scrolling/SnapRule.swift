/// Where a scroll may come to rest: every `spacing` points from `anchor` (a ruler's ticks, a loop's items). The one
/// snapper: a ruler snaps with it (`Ruler.snapRule`), a loop pages with it (`Loop.pagingRule`).
public struct SnapRule: Sendable, Hashable {
    public var spacing: Double
    public var anchor: Double

    public init(spacing: Double, anchor: Double = 0) {
        precondition(spacing > 0 && spacing.isFinite && anchor.isFinite)
        self.spacing = spacing
        self.anchor = anchor
    }

    /// A scroll this close to where it should settle is there: a browser keeps scroll positions in steps (Firefox in
    /// eighths of a point 2,000,000 points out), so asking it to move less than a step would never end.
    public static let reachedWithin = 0.5

    /// Whether a scroll at `offset` has reached `target`, within `reachedWithin`.
    public static func hasReached(_ offset: Double, _ target: Double) -> Bool { abs(offset - target) < reachedWithin }

    /// The nearest snap point; an exact half goes to the larger offset (see `nearestIndex`).
    public func snap(_ offset: Double) -> Double {
        anchor + Double(nearestIndex(offset - anchor, spacing: spacing)) * spacing
    }
}
