/// Tiles a page holds or needs: a union of boxes, each one run of tiles per axis.
///
/// At rest, or scrolling along one axis, the set is one box. A diagonal fling's is a staircase of boxes along its
/// path: the bounding box of the path would add the two corners the viewport never crosses, and every tile drawn
/// there costs the page a frame for nothing.
public struct TileSet: Sendable, Hashable {
    /// Each box is one run per axis; consecutive boxes that make one box together are merged.
    public private(set) var boxes: [[ClosedRange<Int64>]]

    public init(boxes: [[ClosedRange<Int64>]]) {
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
    public init(_ box: [ClosedRange<Int64>]) { self.init(boxes: [box]) }

    public func contains(_ tile: [Int64]) -> Bool {
        boxes.contains { box in zip(box, tile).allSatisfy { $0.contains($1) } }
    }

    /// Every tile once, box by box, the first axis varying fastest (a grid's rows, left to right).
    public var tiles: [[Int64]] {
        var tiles: [[Int64]] = []
        for (index, box) in boxes.enumerated() {
            let earlier = boxes[..<index]
            for tile in Self.tiles(of: box)
            where !earlier.contains(where: { zip($0, tile).allSatisfy { $0.contains($1) } }) {
                tiles.append(tile)
            }
        }
        return tiles
    }

    /// The runs of axis `axis`, one per box.
    public func runs(axis: Int) -> [ClosedRange<Int64>] { boxes.map { $0[axis] } }

    /// Tiles in the smallest box holding the set: a bound on what enumerating it costs.
    public var boundingCount: Int {
        (0..<boxes[0].count).reduce(1) { count, axis in
            let runs = runs(axis: axis)
            let span = runs.map(\.upperBound).max()! - runs.map(\.lowerBound).min()! + 1
            return count.multipliedReportingOverflow(by: Int(clamping: span)).partialValue
        }
    }

    /// Every tile of `box`, the first axis varying fastest.
    static func tiles(of box: [ClosedRange<Int64>]) -> [[Int64]] {
        box.reduce([[]]) { tiles, range in range.flatMap { index in tiles.map { $0 + [index] } } }
    }

    /// `a ∪ b` when it is one box: one holds the other, or they differ along one axis only, where they meet.
    static func union(_ a: [ClosedRange<Int64>], _ b: [ClosedRange<Int64>]) -> [ClosedRange<Int64>]? {
        if zip(a, b).allSatisfy({ $0.clamped(to: $1) == $1 }) { return a }
        if zip(a, b).allSatisfy({ $1.clamped(to: $0) == $0 }) { return b }
        let differing = a.indices.filter { a[$0] != b[$0] }
        guard differing.count == 1, let axis = differing.first,
            a[axis].lowerBound <= b[axis].upperBound &+ 1, b[axis].lowerBound <= a[axis].upperBound &+ 1
        else { return nil }
        var merged = a
        merged[axis] = min(a[axis].lowerBound, b[axis].lowerBound)...max(a[axis].upperBound, b[axis].upperBound)
        return merged
    }
}
