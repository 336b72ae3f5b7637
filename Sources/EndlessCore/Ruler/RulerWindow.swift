/// What a ruler shows in a window whose pointer (its centre along the ruler) is at `offset`: the value there, and
/// what `RulerRenderer` draws.
public struct RulerWindow: Sendable, Hashable {
    /// The ruler it shows.
    public let ruler: Ruler
    /// Offset under the pointer, already clamped for a clamped ruler.
    public let offset: Double
    /// Size in points: at most 8192 each way.
    public let width: Double
    /// Size in points: at most 8192 each way.
    public let height: Double
    /// Vertical: values grow downwards and `height` is the window's length along the ruler.
    public let orientation: Orientation
    /// Values grow to the left (a horizontal ruler with `dir=rtl`): tile `i` is block `−i`.
    public let isMirrored: Bool
    /// The tiles that cover the window along the ruler, placed relative to its leading (left or top) edge.
    package let blocks: TileRun
    /// The exact value under the pointer.
    public let value: DecimalNumber

    /// Throws for an offset past ±1e15, a side that is not 0 < side ≤ 8192, or a window of more than 4096 blocks.
    public init(
        ruler: Ruler, offset: Double, width: Double, height: Double, orientation: Orientation = .horizontal,
        mirrored: Bool = false
    ) throws(EndlessError) {
        value = try ruler.value(atOffset: offset)  // and an offset past the limits is refused
        try Limits.checkWindowSide(width, "width")
        try Limits.checkWindowSide(height, "height")
        self.ruler = ruler
        self.offset = ruler.clampedOffset(offset)
        self.width = width
        self.height = height
        self.orientation = orientation
        isMirrored = mirrored && !orientation.isVertical
        let length = orientation.isVertical ? height : width
        let pointer = isMirrored ? -self.offset : self.offset
        blocks = ruler.blockStrip(mirrored: isMirrored).run(from: pointer - length / 2, extent: length)
        guard blocks.count <= Limits.maximumTilesPerWindow else {
            throw EndlessError(
                orientation.isVertical ? "height" : "width",
                "covers \(blocks.count) blocks, more than \(Limits.maximumTilesPerWindow); narrow the window or widen the blocks"
            )
        }
    }

    /// The window's thickness across the ruler.
    package var thickness: Double { orientation.isVertical ? width : height }
}
