/// What a ruler shows in a window whose pointer (its horizontal centre) is at `offset`.
public struct RulerWindow: Sendable, Hashable {
    public let ruler: Ruler
    /// Offset under the pointer, already clamped for a clamped ruler.
    public let offset: Double
    public let width: Double
    public let height: Double
    /// The blocks that cover the window, placed relative to its left edge.
    public let blocks: TileRun

    public init(ruler: Ruler, offset: Double, width: Double, height: Double) throws(EndlessError) {
        try Limits.checkCoordinate(offset, "offset")
        try Limits.checkWindowSide(width, "width")
        try Limits.checkWindowSide(height, "height")
        self.ruler = ruler
        self.offset = ruler.clampedOffset(offset)
        self.width = width
        self.height = height
        blocks = ruler.blockStrip.run(from: self.offset - width / 2, extent: width)
        guard blocks.count <= Limits.maximumTilesPerWindow else {
            throw EndlessError(
                "width", "covers \(blocks.count) blocks, more than 4096; narrow the window or widen the blocks")
        }
    }

    /// The exact value under the pointer.
    public var value: DecimalNumber { ruler.value(ofTick: ruler.tick(atOffset: offset)) }
}
