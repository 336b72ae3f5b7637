/// Seed 002's looping strip: `count` items every `spacing` points, item 0 `inset` points in,
/// repeating both ways so that after the last item comes item 0 at the same spacing.
public struct Loop: Sendable, Hashable {
    /// Items in one turn, labelled 0 to `count − 1`.
    public let count: Int
    /// Points between neighbouring items.
    public let spacing: Double
    /// Where item 0 sits, in points from offset 0.
    public let inset: Double
    /// The language its labels' numbers are in (`١٢`); `nil` for ASCII digits.
    public let language: Language?

    /// `inset` left out is 40 points, wrapped into a loop shorter than that (where 40 is the same place as its
    /// remainder), so that a short loop needs no inset of its own.
    /// Throws naming `count` (1…100,000), `spacing` (10…4096) or `inset` (within one turn) when out of range.
    public init(
        count: Int = 21, spacing: Double = 150, inset: Double? = nil, language: Language? = nil
    ) throws(EndlessError) {
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
        self.language = language
    }

    /// The seed's strip: `0`…`20`, 150 pt apart, the first 40 pt in.
    public static let standard = try! Loop()

    /// Items as tiles, each centred on its item.
    package var itemStrip: TileStrip { TileStrip(length: spacing, phase: inset - spacing / 2) }

    /// The label of item `index` (any integer): its position in the loop.
    package func label(ofItem index: Int64) -> Int { Int(modulo(index, Int64(count))) }

    /// Seed 003's paging, each item a page: a scroll of a window `width` wide comes to rest with an item centred. The
    /// seed's "snap" way (§2.2), applied once scrolling ended: a browser runs its fling itself and lets no page move
    /// the fling's target (§2.3), and `pagingEnabled` (§2.1) would stop a fling after one item.
    package func pagingRule(windowWidth width: Double) -> SnapRule {
        SnapRule(spacing: spacing, anchor: inset - width / 2)
    }
}

/// What a loop shows in a window whose leading edge is at `offset` (the seed's `contentOffset`).
public struct LoopWindow: Sendable, Hashable {
    /// The loop it shows.
    public let loop: Loop
    /// Where its leading (left or top) edge is along the loop, in points.
    public let offset: Double
    /// Size in points: at most 8192 each way.
    public let width: Double
    /// Size in points: at most 8192 each way.
    public let height: Double
    /// Vertical: items run downwards and `height` is the window's length along the loop.
    public let orientation: Orientation
    /// The items that cover the window, placed relative to its leading (left or top) edge.
    package let items: TileRun

    /// Throws for an offset past ±1e15, a side that is not 0 < side ≤ 8192, or a window of more than 4096 items.
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
    package var length: Double { orientation.isVertical ? height : width }
}
