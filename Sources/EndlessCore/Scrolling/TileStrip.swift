/// A line cut into equal tiles: tile `i` covers `[phase + i·length, phase + (i+1)·length)`.
///
/// Ruler blocks, loop items and grid columns and rows are all strips; only length and phase differ.
package struct TileStrip: Sendable, Hashable {
    package var length: Double
    package var phase: Double

    /// Float noise below this fraction of a tile never adds a tile at either end of a span.
    static let edgeTolerance = 1e-9

    package init(length: Double, phase: Double = 0) {
        precondition(length > 0 && length.isFinite && phase.isFinite)
        self.length = length
        self.phase = phase
    }

    /// The tile holding coordinate `x`.
    package func tile(containing x: Double) -> Int64 {
        floorDivision(x - phase, by: length).quotient
    }

    /// The tiles that cover `[lower, lower + extent)`, placed relative to `lower`.
    ///
    /// Positions come from the exact remainder of `lower`, not from subtracting two huge coordinates,
    /// so tiles stay put to the point even a billion points out.
    package func run(from lower: Double, extent: Double) -> TileRun {
        precondition(extent > 0 && extent.isFinite)
        var (first, remainder) = floorDivision(lower - phase, by: length)
        if length - remainder <= length * Self.edgeTolerance {
            first += 1
            remainder -= length
        }
        let span = remainder + extent
        var count = Int((span / length).rounded(.up))
        if Double(count - 1) * length >= span - length * Self.edgeTolerance { count -= 1 }
        return TileRun(first: first, count: max(count, 1), leadingEdge: -remainder, length: length)
    }
}

/// A run of consecutive tiles of one strip, placed relative to some reference point.
package struct TileRun: Sendable, Hashable {
    /// Index of the first tile.
    package var first: Int64
    /// Number of tiles.
    package var count: Int
    /// Where the first tile starts, relative to the reference point.
    package var leadingEdge: Double
    package var length: Double

    package var last: Int64 { first + Int64(count) - 1 }
    package var indices: ClosedRange<Int64> { first...last }

    /// Where tile `index` starts, relative to the reference point.
    package func position(of index: Int64) -> Double {
        leadingEdge + Double(index - first) * length
    }
}
