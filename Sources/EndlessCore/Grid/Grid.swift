/// A grid tile's key: its column and row, (0, 0) at the world's centre, y growing downwards.
package struct GridCoordinate: Sendable, Hashable, CustomStringConvertible {
    package var x: Int64
    package var y: Int64

    package init(x: Int64, y: Int64) {
        self.x = x
        self.y = y
    }

    /// `(x, y)` with plain integers: no grouping separators, whatever the locale.
    package var description: String { "(\(x), \(y))" }
}

/// Seed 004's infinite grid: square tiles keyed by (x, y); world point (0, 0) is the centre of tile (0, 0).
///
/// Zoomed out to level `z`, as map tiles are, a tile covers 2^z × 2^z tiles of level 0 (tile `k` columns
/// `k·2^z … k·2^z + 2^z − 1`) and a point on screen is 2^z points of the world: powers of two, so a world coordinate
/// of 1e12 is as exact at every level as at level 0.
public struct Grid: Sendable, Hashable {
    /// A tile's side, in points.
    public let tileSize: Double
    /// The zoom level: 0 shows the world's own tiles.
    public let level: Int
    /// The language its labels' numbers are in (`(٣, -٢)`); `nil` for ASCII digits.
    public let language: Language?

    /// Throws naming `tile` when `tileSize` is not 10…4096 points, `zoom` when `level` is not 0…30.
    public init(tileSize: Double = 100, level: Int = 0, language: Language? = nil) throws(EndlessError) {
        guard Limits.tileLengthRange.contains(tileSize) else {
            throw EndlessError("tile", "must be \(Limits.Accepts.tileSize)")
        }
        guard Limits.gridLevelRange.contains(level) else {
            throw EndlessError("zoom", "must be \(Limits.Accepts.gridLevel)")
        }
        self.tileSize = tileSize
        self.level = level
        self.language = language
    }

    /// The seed's grid: tiles of 100 points.
    public static let standard = try! Grid()

    /// World points a point on screen stands for: 2^level.
    package var scale: Double { Double(1 << Int64(level)) }

    /// Columns or rows as tiles, on screen: tile 0 spans `[−size/2, size/2)` of the world, `[−size/2^(z+1), …)` on
    /// screen at level z.
    package var strip: TileStrip { TileStrip(length: tileSize, phase: -tileSize / 2 / scale) }

    /// The level-0 columns (or rows) a tile `index` of level `level` covers.
    package static func covered(_ index: Int64, level: Int) -> ClosedRange<Int64> {
        let first = index << Int64(level)
        return first...first + (1 << Int64(level)) - 1
    }

    /// Square blocks of `n × n` tiles, so that a page places fewer, larger elements: block `b` of the strip holds
    /// tiles `b·n` … `b·n + n − 1`.
    package func blockStrip(tilesPerBlock n: Int64) -> TileStrip {
        TileStrip(length: tileSize * Double(n), phase: strip.phase)
    }

    /// The columns and rows of the tiles of `block`: `b·n` … `b·n + n − 1` each way.
    package func tiles(inBlock block: GridCoordinate, tilesPerBlock n: Int64) -> (
        columns: ClosedRange<Int64>, rows: ClosedRange<Int64>
    ) {
        (block.x * n...block.x * n + n - 1, block.y * n...block.y * n + n - 1)
    }

    /// Seed 004's "back to centre": the scroll positions that put world point (0, 0), the centre of tile (0, 0), in
    /// the middle of a `viewport` whose content coordinate 0 is world point `origin`.
    package static func backToCentreOffsets(
        origin: (x: Double, y: Double), viewport: (width: Double, height: Double)
    ) -> (x: Double, y: Double) {
        (-viewport.width / 2 - origin.x, -viewport.height / 2 - origin.y)
    }
}

/// What the grid shows in a window centred on world point (`centerX`, `centerY`).
public struct GridWindow: Sendable, Hashable {
    /// The grid it shows.
    public let grid: Grid
    /// World point at the window's centre; y grows downwards.
    public let centerX: Double
    /// World point at the window's centre; y grows downwards.
    public let centerY: Double
    /// Size in points: at most 8192 each way.
    public let width: Double
    /// Size in points: at most 8192 each way.
    public let height: Double
    /// Columns and rows that cover the window, placed relative to its top-left corner.
    package let columns: TileRun
    package let rows: TileRun

    /// Throws for a centre past ±1e15, a side that is not 0 < side ≤ 8192, or a window of more than 4096 tiles.
    public init(grid: Grid, centerX: Double, centerY: Double, width: Double, height: Double) throws(EndlessError) {
        try Limits.checkCoordinate(centerX, "x")
        try Limits.checkCoordinate(centerY, "y")
        try Limits.checkWindowSide(width, "width")
        try Limits.checkWindowSide(height, "height")
        self.grid = grid
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
        columns = grid.strip.run(from: centerX / grid.scale - width / 2, extent: width)
        rows = grid.strip.run(from: centerY / grid.scale - height / 2, extent: height)
        guard columns.count * rows.count <= Limits.maximumTilesPerWindow else {
            throw EndlessError(
                "width",
                "with this height covers \(columns.count * rows.count) tiles, more than \(Limits.maximumTilesPerWindow); use a smaller window"
            )
        }
    }
}
