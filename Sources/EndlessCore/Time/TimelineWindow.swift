/// What a timeline shows in a window whose pointer (its centre along the timeline) is at `offset`: the instant there,
/// snapped to the step, and the blocks `TimelineRenderer` draws.
public struct TimelineWindow: Sendable, Hashable {
    public let timeline: Timeline
    /// Offset under the pointer, already within the timeline's ends.
    public let offset: Double
    public let width: Double
    public let height: Double
    public let orientation: Orientation
    /// Time runs to the left (`dir=rtl`): tile `i` is block `−i`.
    public let isMirrored: Bool
    /// The blocks that cover the window along the timeline, placed relative to its leading (left or top) edge.
    package let blocks: TileRun
    /// The step's tick nearest the pointer: the value.
    public let value: Instant

    /// Throws for a side that is not 0 < side ≤ 8192, or a window of more than 4096 blocks.
    public init(
        timeline: Timeline, at instant: Instant, width: Double, height: Double,
        orientation: Orientation = .horizontal, mirrored: Bool = false
    ) throws(EndlessError) {
        try Limits.checkWindowSide(width, "width")
        try Limits.checkWindowSide(height, "height")
        value = timeline.snapped(timeline.clamped(instant))
        self.timeline = timeline
        offset = timeline.offset(of: timeline.clamped(instant))
        (self.width, self.height, self.orientation) = (width, height, orientation)
        isMirrored = mirrored && !orientation.isVertical
        let length = orientation.isVertical ? height : width
        blocks = timeline.blockStrip.run(from: (isMirrored ? -offset : offset) - length / 2, extent: length)
        guard blocks.count <= Limits.maximumTilesPerWindow else {
            throw EndlessError(
                orientation.isVertical ? "height" : "width",
                "covers \(blocks.count) blocks, more than \(Limits.maximumTilesPerWindow); narrow the window or widen the spacing"
            )
        }
    }

    /// The instant at the window's leading edge, its earliest (its left, right where time runs to the left): whose
    /// context the window writes there, since the periods that begin before it have their words out of view.
    package var leadingInstant: Instant {
        let length = orientation.isVertical ? height : width
        return (try? timeline.instant(atOffset: offset - length / 2)) ?? .first
    }

    /// The block tile `index` shows: block `index`, or `−index − 1` mirrored.
    package func block(ofTile index: Int64) -> Int64 { isMirrored ? -index - 1 : index }
}
