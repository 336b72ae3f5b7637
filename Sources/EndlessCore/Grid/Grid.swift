/// A grid tile's key: its column and row, (0, 0) at the world's centre, y growing downwards.
public struct GridCoordinate: Sendable, Hashable, CustomStringConvertible {
    public var x: Int64
    public var y: Int64

    public init(x: Int64, y: Int64) {
        self.x = x
        self.y = y
    }

    /// `(x, y)` with plain integers: no grouping separators, whatever the locale.
    public var description: String { "(\(x), \(y))" }
}

/// Seed 004's infinite grid: square tiles keyed by (x, y); world point (0, 0) is the centre of tile (0, 0).
public struct Grid: Sendable, Hashable {
    public let tileSize: Double

    public init(tileSize: Double = 100) throws(EndlessError) {
        guard Limits.tileLengthRange.contains(tileSize) else {
            throw EndlessError("tile", "must be \(Limits.Accepts.tileSize)")
        }
        self.tileSize = tileSize
    }

    public static let standard = try! Grid()

    /// Columns or rows as tiles: tile 0 spans `[−size/2, size/2)`.
    public var strip: TileStrip { TileStrip(length: tileSize, phase: -tileSize / 2) }

    /// Square blocks of `n × n` tiles, so that a page places fewer, larger elements: block `b` of the strip holds
    /// tiles `b·n` … `b·n + n − 1`.
    public func blockStrip(tilesPerBlock n: Int64) -> TileStrip {
        TileStrip(length: tileSize * Double(n), phase: -tileSize / 2)
    }

    /// The columns and rows of the tiles of `block`: `b·n` … `b·n + n − 1` each way.
    public func tiles(inBlock block: GridCoordinate, tilesPerBlock n: Int64) -> (
        columns: ClosedRange<Int64>, rows: ClosedRange<Int64>
    ) {
        (block.x * n...block.x * n + n - 1, block.y * n...block.y * n + n - 1)
    }

    /// The tile under a world point.
    public func tile(containingX x: Double, y: Double) -> GridCoordinate {
        GridCoordinate(x: strip.tile(containing: x), y: strip.tile(containing: y))
    }

    /// Seed 004's "back to centre": the scroll positions that put world point (0, 0), the centre of tile (0, 0), in
    /// the middle of a `viewport` whose content coordinate 0 is world point `origin`.
    public static func backToCentreOffsets(
        origin: (x: Double, y: Double), viewport: (width: Double, height: Double)
    ) -> (x: Double, y: Double) {
        (-viewport.width / 2 - origin.x, -viewport.height / 2 - origin.y)
    }
}

/// What the grid shows in a window centred on world point (`centerX`, `centerY`).
public struct GridWindow: Sendable, Hashable {
    public let grid: Grid
    public let centerX: Double
    public let centerY: Double
    public let width: Double
    public let height: Double
    /// Columns and rows that cover the window, placed relative to its top-left corner.
    public let columns: TileRun
    public let rows: TileRun

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
        columns = grid.strip.run(from: centerX - width / 2, extent: width)
        rows = grid.strip.run(from: centerY - height / 2, extent: height)
        guard columns.count * rows.count <= Limits.maximumTilesPerWindow else {
            throw EndlessError(
                "width",
                "with this height covers \(columns.count * rows.count) tiles, more than \(Limits.maximumTilesPerWindow); use a smaller window"
            )
        }
    }

    /// Every visible tile, row by row, centre-first order is the caller's choice.
    public var tiles: [GridCoordinate] {
        rows.indices.flatMap { y in columns.indices.map { x in GridCoordinate(x: x, y: y) } }
    }
}
