import EndlessCore
import Metrics
import Synchronization

/// Which tile's drawing: the view and its look (`style`: configuration and height), and the tile's key.
struct TileKey: Hashable, Sendable {
    var style: String
    var x: Int64
    var y: Int64 = 0
}

/// Rendered tile drawings, kept in the engine's reuse pool so that scrolling back, or another window
/// over the same tiles, copies bytes instead of drawing; the pool's bound keeps memory flat.
final class TileCache: Sendable {
    private let pool: Mutex<ReusePool<TileKey, [UInt8]>>
    private let hits: Counter
    private let misses: Counter

    init(capacity: Int) {
        pool = Mutex(ReusePool(capacity: capacity))
        hits = Counter(label: "endless_tile_cache_hits")
        misses = Counter(label: "endless_tile_cache_misses")
    }

    /// The drawing for `key`, drawn by `render` on a miss.
    func content(for key: TileKey, render: () -> [UInt8]) -> [UInt8] {
        if let cached = pool.withLock({ $0.lookup(key) }) {
            hits.increment()
            return cached
        }
        misses.increment()
        let content = render()
        pool.withLock { pool in
            pool.recordCreation()
            pool.enqueue(content, for: key)
        }
        return content
    }

    var count: Int { pool.withLock { $0.count } }
    var capacity: Int { pool.withLock { $0.capacity } }
}
