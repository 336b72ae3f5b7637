/// Tiles a page holds or needs: a union of boxes, each one run of tiles per axis.
///
/// At rest, or scrolling along one axis, the set is one box. A diagonal fling's is a staircase of boxes along its
/// path: the bounding box of the path would add the two corners the viewport never crosses, and every tile drawn
/// there costs the page a frame for nothing.
package struct TileSet: Sendable, Hashable {
    /// Each box is one run per axis; consecutive boxes that make one box together are merged.
    package private(set) var boxes: [[ClosedRange<Int64>]]

    package init(boxes: [[ClosedRange<Int64>]]) {
        precondition(!boxes.isEmpty && boxes.allSatisfy { $0.count == boxes[0].count })
        self.boxes = []
        for box in boxes {
            if let last = self.boxes.last, let merged = Self.union(last, box) {
                self.boxes[self.boxes.count - 1] = merged
            } else {
                self.boxes.append(box)
            }
        }
    }

    /// One box.
    package init(_ box: [ClosedRange<Int64>]) { self.init(boxes: [box]) }

    package func contains(_ tile: [Int64]) -> Bool { boxes.contains { Self.box($0, contains: tile) } }

    /// Every tile once, box by box, the first axis varying fastest (a grid's rows, left to right).
    package var tiles: [[Int64]] {
        var tiles: [[Int64]] = []
        for (index, box) in boxes.enumerated() {
            let earlier = boxes[..<index]
            for tile in Self.tiles(of: box) where !earlier.contains(where: { Self.box($0, contains: tile) }) {
                tiles.append(tile)
            }
        }
        return tiles
    }

    /// The runs of axis `axis`, one per box.
    package func runs(axis: Int) -> [ClosedRange<Int64>] { boxes.map { $0[axis] } }

    /// Tiles in the set, each once, `Int.max` past it: the boxes cut along every edge any of them has, and the
    /// cells some box holds summed. A diagonal fling's path holds far fewer than its bounding box, and a few boxes
    /// cost a few hundred cells to count, however large they are.
    package var count: Int {
        // Cells are half-open, from an edge to the next: a run's last tile ends its cell one index on.
        guard !boxes.joined().contains(where: { $0.upperBound == .max }) else { return .max }
        let edges = (0..<boxes[0].count).map { axis in
            Set(runs(axis: axis).flatMap { [$0.lowerBound, $0.upperBound + 1] }).sorted()
        }
        var total = 0
        // Adds the cells past `axis` whose earlier axes start at `cell`, `size` tiles across them; false past Int.max.
        func add(axis: Int, cell: [Int64], size: Int) -> Bool {
            guard axis < edges.count else {
                guard contains(cell) else { return true }
                guard let sum = total.plus(size) else { return false }
                total = sum
                return true
            }
            for (start, end) in zip(edges[axis], edges[axis].dropFirst()) {
                guard let span = end.minus(start), let product = size.times(Int(span)),
                    add(axis: axis + 1, cell: cell + [start], size: product)
                else { return false }
            }
            return true
        }
        return add(axis: 0, cell: [], size: 1) ? total : .max
    }

    /// The smallest run holding `runs` (one or more).
    package static func hull(_ runs: [ClosedRange<Int64>]) -> ClosedRange<Int64> {
        runs.map(\.lowerBound).min()!...runs.map(\.upperBound).max()!
    }

    static func box(_ box: [ClosedRange<Int64>], contains tile: [Int64]) -> Bool {
        zip(box, tile).allSatisfy { $0.contains($1) }
    }

    /// Every tile of `box`, the first axis varying fastest.
    static func tiles(of box: [ClosedRange<Int64>]) -> [[Int64]] {
        box.reduce([[]]) { tiles, range in range.flatMap { index in tiles.map { $0 + [index] } } }
    }

    /// `a ∪ b` when it is one box: one holds the other, or they differ along one axis only, where they meet.
    static func union(_ a: [ClosedRange<Int64>], _ b: [ClosedRange<Int64>]) -> [ClosedRange<Int64>]? {
        // (`clamped(to:)` would not do: it makes a range that misses another into one of the other's ends.)
        func holds(_ outer: ClosedRange<Int64>, _ inner: ClosedRange<Int64>) -> Bool {
            outer.lowerBound <= inner.lowerBound && inner.upperBound <= outer.upperBound
        }
        // Overlapping or side by side; `+ 1` checked, as runs may end anywhere.
        func meet(_ first: ClosedRange<Int64>, _ second: ClosedRange<Int64>) -> Bool {
            let (lower, upper) = first.lowerBound <= second.lowerBound ? (first, second) : (second, first)
            guard let after = lower.upperBound.plus(1) else { return true }
            return upper.lowerBound <= after
        }
        if zip(a, b).allSatisfy(holds) { return a }
        if zip(b, a).allSatisfy(holds) { return b }
        let differing = a.indices.filter { a[$0] != b[$0] }
        guard differing.count == 1, let axis = differing.first, meet(a[axis], b[axis]) else { return nil }
        var merged = a
        merged[axis] = min(a[axis].lowerBound, b[axis].lowerBound)...max(a[axis].upperBound, b[axis].upperBound)
        return merged
    }
}
