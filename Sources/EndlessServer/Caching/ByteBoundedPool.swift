import EndlessCore

/// The core's `ReusePool`, also bounded by the bytes its elements keep alive: each is kept with its byte count, and
/// the oldest go while the total is over `maximumBytes`. What both caches share.
struct ByteBoundedPool<Key: Hashable, Element> {
    private var entries: ReusePool<Key, (element: Element, bytes: Int)>
    private(set) var retainedBytes = 0
    let maximumBytes: Int

    init(capacity: Int, maximumBytes: Int = .max) {
        entries = ReusePool(capacity: capacity)
        self.maximumBytes = maximumBytes
    }

    var count: Int { entries.count }

    mutating func lookup(_ key: Key) -> Element? { entries.lookup(key)?.element }

    /// Keeps `element`, which keeps `bytes` alive, as a miss filled by its caller; returns the bytes kept in all.
    mutating func store(_ element: Element, bytes: Int, for key: Key) -> Int {
        retainedBytes += bytes - (entries.enqueue((element, bytes), for: key)?.bytes ?? 0)
        while retainedBytes > maximumBytes, let gone = entries.evictOldest() { retainedBytes -= gone.bytes }
        return retainedBytes
    }
}
