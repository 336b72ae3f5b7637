/// Keys seen lately, two bits each in a fixed set of bits (a Bloom filter), all forgotten at once after `capacity`
/// keys: it tells a key seen a second time from one seen once, in 16 KiB whatever is seen. A key it never saw may
/// pass for seen (about one in twenty when full); one it saw since it last forgot always does.
struct RecentKeys {
    /// Keys remembered before all are forgotten: a key seen again before then is known again.
    static let capacity = 16_384
    private static let bitCount = 1 << 17
    private var words = [UInt64](repeating: 0, count: bitCount / 64)
    private var remembered = 0

    /// Whether `key` was seen since the last forgetting; remembers it.
    mutating func insert(_ key: String) -> Bool {
        var hasher = Hasher()
        hasher.combine(key)
        let hash = UInt64(bitPattern: Int64(hasher.finalize()))
        let first = Int(hash & UInt64(Self.bitCount - 1))
        let second = Int((hash >> 32) & UInt64(Self.bitCount - 1))
        let (firstWasSet, secondWasSet) = (testAndSet(first), testAndSet(second))
        if firstWasSet && secondWasSet { return true }
        remembered += 1
        if remembered > Self.capacity {
            for index in words.indices { words[index] = 0 }
            remembered = 0
            _ = (testAndSet(first), testAndSet(second))
        }
        return false
    }

    private mutating func testAndSet(_ bit: Int) -> Bool {
        let mask: UInt64 = 1 << UInt64(bit & 63)
        defer { words[bit >> 6] |= mask }
        return words[bit >> 6] & mask != 0
    }
}
