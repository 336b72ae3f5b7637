/// Where a scroll may come to rest: every `spacing` points from `anchor` (ticks, items or pages).
///
/// Seed 003 §2.3: snapping the fling's projected target, rather than snapping after it stops, makes the
/// settle one smooth motion.
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

    /// Pages of `size` points, the first at offset 0.
    public static func paging(size: Double) -> SnapRule { SnapRule(spacing: size) }

    /// The nearest snap point; an exact half goes to the larger offset (see `nearestIndex`).
    public func snap(_ offset: Double) -> Double {
        anchor + Double(nearestIndex(offset - anchor, spacing: spacing)) * spacing
    }

    /// Seed 003 §2.3: where a fling should end, snapped.
    public func target(of fling: Fling) -> Double { snap(fling.restingOffset) }

    /// `pagingEnabled`'s target: at most one page from the page the drag started on, in the fling's
    /// direction, or the nearest page when there is no velocity.
    public func pagedTarget(from startOffset: Double, releasedAt offset: Double, velocity: Double) -> Double {
        let startPage = nearestIndex(startOffset - anchor, spacing: spacing)
        let page: Int64
        if velocity > 0 {
            page = startPage + 1
        } else if velocity < 0 {
            page = startPage - 1
        } else {
            page = nearestIndex(offset - anchor, spacing: spacing)
        }
        return anchor + Double(page) * spacing
    }
}
