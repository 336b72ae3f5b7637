import Testing

@testable import EndlessCore

@Suite struct ReusePoolTests {
    @Test func aTileEnqueuedIsReusedUntilItIsEvicted() {
        var pool = ReusePool<Int, String>(capacity: 4)
        pool.enqueue("tile 1", for: 1)
        pool.enqueue("tile 2", for: 2)
        #expect(pool.lookup(2) == "tile 2")
        #expect(pool.lookup(2) == "tile 2", "a lookup leaves the tile in the pool")
        #expect(pool.lookup(9) == nil)
        #expect(pool.count == 2)
    }

    @Test func neverGrowsPastItsBoundAndEvictsTheOldest() {
        var pool = ReusePool<Int, Int>(capacity: 3)
        var evicted: [Int] = []
        for key in 0..<1000 {
            if let gone = pool.enqueue(key * 10, for: key) { evicted.append(gone) }
        }
        #expect(pool.count == 3)
        #expect(evicted == (0..<997).map { $0 * 10 }, "each enqueue past the bound hands back the oldest")
        #expect(pool.lookup(997) == 9970 && pool.lookup(998) == 9980 && pool.lookup(999) == 9990)
        #expect(pool.lookup(996) == nil)
    }

    @Test func lookupMarksATileRecent() {
        var pool = ReusePool<Int, Int>(capacity: 2)
        pool.enqueue(10, for: 1)
        pool.enqueue(20, for: 2)
        #expect(pool.lookup(1) == 10)
        #expect(pool.enqueue(30, for: 3) == 20, "evicts 2, the least recently used")
        #expect(pool.lookup(1) == 10 && pool.lookup(2) == nil && pool.lookup(3) == 30)
    }

    @Test func reenqueueingAKeyReplacesIt() {
        var pool = ReusePool<Int, Int>(capacity: 2)
        pool.enqueue(1, for: 7)
        #expect(pool.enqueue(2, for: 7) == 1, "the replaced tile leaves the pool")
        #expect(pool.count == 1)
        #expect(pool.lookup(7) == 2)
    }

    @Test func evictOldestEmptiesThePoolOldestFirst() {
        var pool = ReusePool<Int, Int>(capacity: 3)
        for key in 1...3 { pool.enqueue(key, for: key) }
        _ = pool.lookup(1)
        #expect(pool.evictOldest() == 2)
        #expect(pool.evictOldest() == 3)
        #expect(pool.evictOldest() == 1)
        #expect(pool.evictOldest() == nil && pool.count == 0)
        pool.enqueue(4, for: 4)
        #expect(pool.lookup(4) == 4, "freed slots are used again")
    }

    @Test func zeroCapacityKeepsNothing() {
        var pool = ReusePool<Int, Int>(capacity: 0)
        #expect(pool.enqueue(1, for: 1) == 1)
        #expect(pool.count == 0)
    }
}
