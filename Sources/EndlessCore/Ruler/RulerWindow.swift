/// What a ruler shows in a window whose pointer (its centre along the ruler) is at `offset`.
public struct RulerWindow: Sendable, Hashable {
    public let ruler: Ruler
    /// Offset under the pointer, already clamped for a clamped ruler.
    public let offset: Double
    public let width: Double
    public let height: Double
    /// Vertical: values grow downwards and `height` is the window's length along the ruler.
    public let orientation: Orientation
    /// Values grow to the left (a horizontal ruler with `dir=rtl`): tile `i` is block `−i`.
    public let isMirrored: Bool
    /// The tiles that cover the window along the ruler, placed relative to its leading (left or top) edge.
    public let blocks: TileRun

    public init(
        ruler: Ruler, offset: Double, width: Double, height: Double, orientation: Orientation = .horizontal,
        mirrored: Bool = false
    ) throws(EndlessError) {
        try Limits.checkCoordinate(offset, "offset")
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

    /// The exact value under the pointer.
    public var value: DecimalNumber { ruler.value(ofTick: ruler.tick(atOffset: offset)) }

    /// The window's length along the ruler, and its thickness across it.
    public var length: Double { orientation.isVertical ? height : width }
    public var thickness: Double { orientation.isVertical ? width : height }
}
