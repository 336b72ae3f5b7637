/// Seed 002's looping strip: `count` items every `spacing` points, item 0 `inset` points in,
/// repeating both ways so that after the last item comes item 0 at the same spacing.
public struct Loop: Sendable, Hashable {
    public let count: Int
    public let spacing: Double
    public let inset: Double

    /// `inset` left out is 40 points, wrapped into a loop shorter than that (where 40 is the same place as its
    /// remainder), so that a short loop needs no inset of its own.
    public init(count: Int = 21, spacing: Double = 150, inset: Double? = nil) throws(EndlessError) {
        guard Limits.loopCountRange.contains(count) else {
            throw EndlessError("count", "must be \(Limits.Accepts.loopCount)")
        }
        guard Limits.tileLengthRange.contains(spacing) else {
            throw EndlessError("spacing", "must be \(Limits.Accepts.itemSpacing)")
        }
        let period = spacing * Double(count)
        let inset = inset ?? 40.truncatingRemainder(dividingBy: period)
        guard inset.isFinite, abs(inset) <= period else {
            throw EndlessError("inset", "must be a number of points within one loop period")
        }
        self.count = count
        self.spacing = spacing
        self.inset = inset
    }

    /// The seed's strip: `0`…`20`, 150 pt apart, the first 40 pt in.
    public static let standard = try! Loop()

    /// Length of one turn of the loop: `count × spacing` (the seed's `width + gap` bug put 190 pt at the seam).
    public var period: Double { Double(count) * spacing }

    /// Items as tiles, each centred on its item.
    public var itemStrip: TileStrip { TileStrip(length: spacing, phase: inset - spacing / 2) }

    /// The label of item `index` (any integer): its position in the loop.
    public func label(ofItem index: Int64) -> Int { Int(modulo(index, Int64(count))) }

    /// Seed 003's paging, each item a page: a scroll of a window `width` wide comes to rest with an item centred. The
    /// seed's "snap" way (§2.2), applied once scrolling ended: a browser runs its fling itself and lets no page move
    /// the fling's target (§2.3), and `pagingEnabled` (§2.1) would stop a fling after one item.
    public func pagingRule(windowWidth width: Double) -> SnapRule {
        SnapRule(spacing: spacing, anchor: inset - width / 2)
    }
}

/// What a loop shows in a window whose leading edge is at `offset` (the seed's `contentOffset`).
public struct LoopWindow: Sendable, Hashable {
    public let loop: Loop
    public let offset: Double
    public let width: Double
    public let height: Double
    /// Vertical: items run downwards and `height` is the window's length along the loop.
    public let orientation: Orientation
    /// The items that cover the window, placed relative to its leading (left or top) edge.
    public let items: TileRun

    public init(
        loop: Loop, offset: Double, width: Double, height: Double, orientation: Orientation = .horizontal
    ) throws(EndlessError) {
        try Limits.checkCoordinate(offset, "offset")
        try Limits.checkWindowSide(width, "width")
        try Limits.checkWindowSide(height, "height")
        self.loop = loop
        self.offset = offset
        self.width = width
        self.height = height
        self.orientation = orientation
        items = loop.itemStrip.run(from: offset, extent: orientation.isVertical ? height : width)
        guard items.count <= Limits.maximumTilesPerWindow else {
            throw EndlessError(
                orientation.isVertical ? "height" : "width",
                "covers more than \(Limits.maximumTilesPerWindow) items; narrow the window or widen the spacing")
        }
    }

    /// The window's length along the loop.
    public var length: Double { orientation.isVertical ? height : width }
}
