import EndlessCore
import Metrics
import NIOCore
import Synchronization

/// Whole responses keyed by URL and encoding: a repeated URL is answered by writing bytes, without
/// parsing or drawing anything, as a static file server would.
///
/// Bounded by `capacity` entries and by `maximumBytes` in all, each entry counted as the bytes it keeps alive
/// (`retainedBytes`, which counts a buffer's whole storage) plus its key's: long URLs cannot make it hold more.
///
/// A response is kept the second time its URL is asked for lately (`keepIfAskedBefore`), not the first: most new
/// windows are asked for once (a scroll past, a scan of random URLs), and keeping each would cost a new window the
/// cache's bookkeeping and push out the responses asked for again and again.
final class ResponseCache: Sendable {
    private let pool: Mutex<ByteBoundedPool<String, CachedResponse>>
    private let asked = Mutex(RecentKeys())
    /// Responses that keep more bytes alive than this are drawn every time rather than kept.
    let maximumEntryBytes: Int
    private let hits: Counter
    private let misses: Counter
    private let retained: Gauge

    init(capacity: Int, maximumBytes: Int = .max, maximumEntryBytes: Int) {
        pool = Mutex(ByteBoundedPool(capacity: capacity, maximumBytes: maximumBytes))
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

    /// Keeps `response` if its key was asked for lately, and remembers that it was asked for.
    func keepIfAskedBefore(_ response: CachedResponse, for key: String) {
        guard response.payloadBytes + response.etag.utf8.count <= maximumEntryBytes,
            asked.withLock({ $0.insert(key) })
        else { return }
        store(response, for: key)
    }

    /// Keeps `response` (a copy of its bytes alone: `CachedResponse.compacted`), asked for before or not.
    func store(_ response: CachedResponse, for key: String) {
        let response = response.compacted
        let bytes = response.retainedBytes + key.utf8.count
        guard bytes <= maximumEntryBytes else { return }
        retained.record(pool.withLock { $0.store(response, bytes: bytes, for: key) })
    }

    var count: Int { pool.withLock { $0.count } }
    /// Bytes the cache keeps alive now.
    var retainedBytes: Int { pool.withLock { $0.retainedBytes } }
}
