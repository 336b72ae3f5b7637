import Testing

@testable import EndlessCore

/// A tile that counts how often it was made, to tell reuse from allocation.
final class CountedTile {
    nonisolated(unsafe) static var made = 0
    var label: Int64
    init(_ label: Int64) {
        self.label = label
        CountedTile.made += 1
    }
}

@Suite(.serialized) struct ReusePoolTests {
    @Test func dequeuesTheSameTileBeforeRecyclingOrCreating() {
        var pool = ReusePool<Int, String>(capacity: 4)
        pool.enqueue("tile 1", for: 1)
        pool.enqueue("tile 2", for: 2)
        var made: [Int] = []
        let same = pool.dequeue(for: 2) { key, _ in
            made.append(key); return "new \(key)"
        }
        #expect(same == "tile 2" && made.isEmpty && pool.hits == 1)
        let recycled = pool.dequeue(for: 9) { key, old in "\(old ?? "nothing") → \(key)" }
        #expect(recycled == "tile 1 → 9" && pool.recycles == 1)
        let created = pool.dequeue(for: 10) { key, old in old ?? "new \(key)" }
        #expect(created == "new 10" && pool.creations == 1)
        #expect(pool.isEmpty)
    }

    @Test func neverGrowsPastItsBoundAndEvictsTheOldest() {
        var pool = ReusePool<Int, Int>(capacity: 3)
        for key in 0..<1000 { pool.enqueue(key * 10, for: key) }
        #expect(pool.count == 3)
        #expect(pool.evictions == 997)
        #expect(pool.contains(997) && pool.contains(998) && pool.contains(999) && !pool.contains(996))
    }

    @Test func lookupKeepsTheTileAndMarksItRecent() {
        var pool = ReusePool<Int, Int>(capacity: 2)
        pool.enqueue(10, for: 1)
        pool.enqueue(20, for: 2)
        #expect(pool.lookup(1) == 10)
        pool.enqueue(30, for: 3)  // evicts 2, the least recently used
        #expect(pool.contains(1) && !pool.contains(2) && pool.contains(3))
        #expect(pool.lookup(2) == nil)
    }

    @Test func reenqueueingAKeyReplacesIt() {
        var pool = ReusePool<Int, Int>(capacity: 2)
        pool.enqueue(1, for: 7)
        pool.enqueue(2, for: 7)
        #expect(pool.count == 1)
        #expect(pool.dequeue(for: 7) == 2)
    }

    @Test func zeroCapacityKeepsNothing() {
        var pool = ReusePool<Int, Int>(capacity: 0)
        pool.enqueue(1, for: 1)
        #expect(pool.isEmpty)
    }

    @Test func tileLayerReusesBeforeItAllocates() {
        CountedTile.made = 0
        var layer = TileLayer<Int64, CountedTile>(poolCapacity: 8)
        let strip = TileStrip(length: 100)
        func tile(at offset: Double) -> TilingChange<Int64> {
            layer.tile(strip.run(from: offset, extent: 600).indices) { key, old in
                if let old {
                    old.label = key
                    return old
                }
                return CountedTile(key)
            }
        }
        _ = tile(at: 0)
        let afterFirstScreen = CountedTile.made
        #expect(afterFirstScreen == 6)
        for step in 1...10_000 { _ = tile(at: Double(step) * 37) }
        #expect(CountedTile.made <= afterFirstScreen + 1, "scrolling 370,000 points made at most one more tile")
        #expect(layer.tiles.count <= 7)
        #expect(layer.pool.count <= 8)
        #expect(layer.tiles.allSatisfy { $0.key == $0.value.label })
    }

    @Test func aFastFlingTilesFullyInOnePass() {
        var layer = TileLayer<Int64, Int64>(poolCapacity: 16)
        let strip = TileStrip(length: 100, phase: -55)
        layer.tile(strip.run(from: 0, extent: 1200).indices) { key, _ in key }
        // One frame of a fling jumps 50,000 points: everything visible must be there after one pass.
        let run = strip.run(from: 50_000, extent: 1200)
        let change = layer.tile(run.indices) { key, _ in key }
        #expect(Set(layer.tiles.keys) == Set(run.indices))
        #expect(change.added.count == run.count)
        #expect(change.removed.count == 13)
    }

    @Test func gridLayerTilesTwoDimensions() {
        var layer = TileLayer<GridCoordinate, GridCoordinate>(poolCapacity: 64)
        let window = try! GridWindow(grid: .standard, centerX: -12_345, centerY: 678, width: 800, height: 600)
        layer.tile(window.tiles) { key, _ in key }
        #expect(layer.tiles.count == window.columns.count * window.rows.count)
        let next = try! GridWindow(grid: .standard, centerX: -12_345 + 1e6, centerY: 678 - 1e6, width: 800, height: 600)
        let change = layer.tile(next.tiles) { key, _ in key }
        #expect(change.removed.count == window.tiles.count)
        #expect(Set(layer.tiles.keys) == Set(next.tiles))
        #expect(layer.pool.count <= 64)
    }
}
