import EndlessCore
import Metrics
import NIOCore
import Synchronization

/// Whole responses keyed by URL and encoding: a repeated URL is answered by writing bytes, without
/// parsing or drawing anything, as a static file server would.
final class ResponseCache: Sendable {
    private let pool: Mutex<ReusePool<String, CachedResponse>>
    /// Responses larger than this are streamed every time rather than kept.
    let maximumEntryBytes: Int
    private let hits: Counter
    private let misses: Counter

    init(capacity: Int, maximumEntryBytes: Int) {
        pool = Mutex(ReusePool(capacity: capacity))
        self.maximumEntryBytes = maximumEntryBytes
        hits = Counter(label: "endless_response_cache_hits")
        misses = Counter(label: "endless_response_cache_misses")
    }

    /// The response kept for `key`; `countingMisses: false` for a look that another will repeat on a miss.
    func response(for key: String, countingMisses: Bool = true) -> CachedResponse? {
        let response = pool.withLock { $0.lookup(key) }
        if response != nil { hits.increment() } else if countingMisses { misses.increment() }
        return response
    }

    /// Counts a miss found by a look that did not count it.
    func countMiss() { misses.increment() }

    func store(_ response: CachedResponse, for key: String) {
        guard response.retainedBytes <= maximumEntryBytes else { return }
        pool.withLock { $0.enqueue(response, for: key) }
    }

    var count: Int { pool.withLock { $0.count } }
}
