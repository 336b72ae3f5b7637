import EndlessCore
import Metrics
import NIOCore
import Synchronization

/// Whole responses as they went out, chunk by chunk (gzip already applied), keyed by their ETag:
/// a repeated URL is answered by writing bytes, as a static file server would.
final class ResponseCache: Sendable {
    private let pool: Mutex<ReusePool<String, [ByteBuffer]>>
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

    func chunks(for etag: String) -> [ByteBuffer]? {
        let chunks = pool.withLock { $0.lookup(etag) }
        (chunks == nil ? misses : hits).increment()
        return chunks
    }

    func store(_ chunks: [ByteBuffer], for etag: String) {
        guard chunks.reduce(0, { $0 + $1.readableBytes }) <= maximumEntryBytes else { return }
        pool.withLock { $0.enqueue(chunks, for: etag) }
    }

    var count: Int { pool.withLock { $0.count } }
}
