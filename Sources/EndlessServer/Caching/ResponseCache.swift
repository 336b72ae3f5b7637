import EndlessCore
import Metrics
import NIOCore
import Synchronization

/// Whole responses keyed by URL and encoding: a repeated URL is answered by writing bytes, without
/// parsing or drawing anything, as a static file server would.
///
/// Bounded twice: by `capacity` entries, and each entry by the bytes it keeps alive (`retainedBytes`, which counts a
/// buffer's whole storage), so that the cache never holds more than `capacity × maximumEntryBytes` plus its keys.
final class ResponseCache: Sendable {
    private let pool: Mutex<ByteBoundedPool<String, CachedResponse>>
    /// Responses that keep more bytes alive than this are drawn every time rather than kept.
    let maximumEntryBytes: Int
    private let hits: Counter
    private let misses: Counter
    private let retained: Gauge

    init(capacity: Int, maximumEntryBytes: Int) {
        pool = Mutex(ByteBoundedPool(capacity: capacity))
        self.maximumEntryBytes = maximumEntryBytes
        hits = Counter(label: "endless_response_cache_hits")
        misses = Counter(label: "endless_response_cache_misses")
        retained = Gauge(label: "endless_response_cache_retained_bytes")
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
        let bytes = response.retainedBytes + key.utf8.count
        retained.record(pool.withLock { $0.store(response, bytes: bytes, for: key) })
    }

    var count: Int { pool.withLock { $0.count } }
    /// Bytes the cache keeps alive now.
    var retainedBytes: Int { pool.withLock { $0.retainedBytes } }
}
