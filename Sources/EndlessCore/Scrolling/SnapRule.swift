/// Where a scroll may come to rest: every `spacing` points from `anchor` (a ruler's ticks, a loop's items). The one
/// snapper: a ruler snaps with it (`Ruler.snapRule`), a loop pages with it (`Loop.pagingRule`).
package struct SnapRule: Sendable, Hashable {
    package var spacing: Double
    package var anchor: Double

    package init(spacing: Double, anchor: Double = 0) {
        precondition(spacing > 0 && spacing.isFinite && anchor.isFinite)
        self.spacing = spacing
        self.anchor = anchor
    }

    /// A scroll this close to where it should settle is there: a browser keeps scroll positions in steps (Firefox in
    /// eighths of a point 2,000,000 points out), so asking it to move less than a step would never end.
    package static let reachedWithin = 0.5

    /// Whether a scroll at `offset` has reached `target`, within `reachedWithin`.
    package static func hasReached(_ offset: Double, _ target: Double) -> Bool { abs(offset - target) < reachedWithin }

    /// The nearest snap point; an exact half goes to the larger offset (see `nearestIndex`).
    package func snap(_ offset: Double) -> Double {
        anchor + Double(nearestIndex(offset - anchor, spacing: spacing)) * spacing
    }
}
