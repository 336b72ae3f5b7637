/// The axis of a view whose pointer is its viewport's centre (a ruler, a timeline), over the view's offsets: where the
/// page's scroll puts the pointer, where a settle scrolls to, and where a follower is placed. Mirrored (right to
/// left), the page's world coordinate is the negated offset, so that its tiles still grow along the page's axis.
package struct PointerAxis: Sendable {
    /// The view's tiles along the page's axis, placed in multiples of `quantum`, at most `maximumTiles` a frame.
    package let strip: TileStrip
    package let quantum: Double
    package let maximumTiles: Int
    package let mirrored: Bool
    /// The view's ends in its offsets (a timeline's: time's), when its arithmetic needs them: a frame's origin and
    /// centre are then refused far past them (`AxisLayout.frame`).
    package let ends: ClosedRange<Double>?

    package init(
        strip: TileStrip, quantum: Double, maximumTiles: Int, mirrored: Bool, ends: ClosedRange<Double>? = nil
    ) {
        (self.strip, self.quantum, self.maximumTiles, self.mirrored) = (strip, quantum, maximumTiles, mirrored)
        self.ends = ends
    }

    /// `ends` in the page's world coordinates: negated, mirrored.
    private var pageEnds: ClosedRange<Double>? {
        ends.map { mirrored ? -$0.upperBound ... -$0.lowerBound : $0 }
    }

    private var sign: Double { mirrored ? -1 : 1 }

    /// The axis's frame and the offset under the pointer once it is applied (within the view's ends, `clamped`);
    /// `start` places a view that has no origin yet.
    package func frame(
        _ report: AxisReport, layout: AxisLayout, phase: ScrollPhase, start: Double, clamped: (Double) -> Double
    ) throws(EndlessError) -> (axis: AxisFrame, pointer: Double) {
        let half = report.length / 2
        let axis = try layout.frame(
            report, strip: strip, phase: phase, quantum: quantum, start: sign * start - half,
            maximumTiles: maximumTiles, ends: pageEnds)
        return (axis, clamped(sign * (axis.origin + axis.settledScroll + half)))
    }

    /// The scroll position that brings `offset` under the pointer of a view `length` long; `nil` once it is there.
    package func snapScroll(to offset: Double, axis: AxisFrame, length: Double) -> Double? {
        let scroll = sign * offset - length / 2 - axis.origin
        return SnapRule.hasReached(axis.settledScroll, scroll) ? nil : scroll
    }

    /// A follower's axis: its pointer on `offset`, its content recentered when needed; it is never scrolled itself.
    package func followerFrame(_ report: AxisReport, layout: AxisLayout, at offset: Double) throws(EndlessError)
        -> AxisFrame
    {
        let world = sign * offset - report.length / 2
        var placed = report
        if let origin = report.origin { placed.scroll = world - origin }
        if !(0...layout.contentLength - report.length).contains(placed.scroll) { placed.origin = nil }
        var axis = try layout.frame(
            placed, strip: strip, phase: .scrolling, quantum: quantum, start: world, maximumTiles: maximumTiles,
            ends: pageEnds)
        axis.scroll = world - axis.origin
        return axis
    }
}
