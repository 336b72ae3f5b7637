/// Seed 003 §3's reuse queue, bounded: tiles that leave the screen are enqueued, and a tile that is
/// needed is dequeued (the same tile if it is still pooled, else the oldest one to reconfigure)
/// before a new one is created.
///
/// Least-recently-enqueued tiles are evicted first, so memory is `capacity` tiles however far one scrolls.
///
/// Inlinable, so that the server's caches get code specialised for their keys and elements rather than generic code
/// that looks up type metadata at run time on every request.
public struct ReusePool<Key: Hashable, Element> {
    public let capacity: Int
    /// Dequeues that found the very tile asked for.
    public var hits: Int { counts.hits }
    /// Dequeues that recycled another tile.
    public var recycles: Int { counts.recycles }
    /// Tiles made because the pool was empty.
    public var creations: Int { counts.creations }
    /// Tiles dropped because the pool was full.
    public var evictions: Int { counts.evictions }

    @usableFromInline var counts = Counts()
    @usableFromInline var slots: [Slot] = []
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var slotOfKey: [Key: Int] = [:]
    /// Most recently enqueued slot, and the oldest.
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1

    @usableFromInline struct Counts: Sendable {
        @usableFromInline var hits = 0, recycles = 0, creations = 0, evictions = 0
        @inlinable init() {}
    }

    @usableFromInline struct Slot {
        @usableFromInline var key: Key
        @usableFromInline var element: Element?
        @usableFromInline var newer = -1
        @usableFromInline var older = -1

        @inlinable init(key: Key, element: Element?) {
            self.key = key
            self.element = element
        }
    }

    @inlinable public init(capacity: Int) {
        precondition(capacity >= 0)
        self.capacity = capacity
        slotOfKey.reserveCapacity(capacity)
    }

    @inlinable public var count: Int { slotOfKey.count }
    @inlinable public var isEmpty: Bool { slotOfKey.isEmpty }
    @inlinable public func contains(_ key: Key) -> Bool { slotOfKey[key] != nil }

    /// Puts a tile that left the screen in the pool, evicting the oldest one if the pool is full; returns what left
    /// the pool (the evicted tile, or the one `key` held), so that a cache can count the bytes it no longer keeps.
    @discardableResult
    @inlinable public mutating func enqueue(_ element: Element, for key: Key) -> Element? {
        guard capacity > 0 else { return element }
        if let slot = slotOfKey[key] {
            unlink(slot)
            let replaced = slots[slot].element
            slots[slot].element = element
            linkAsNewest(slot)
            return replaced
        }
        var evicted: Element? = nil
        if count == capacity, let oldest = removeOldest() {
            counts.evictions += 1
            evicted = oldest.element
        }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = Slot(key: key, element: element)
        } else {
            slot = slots.count
            slots.append(Slot(key: key, element: element))
        }
        slotOfKey[key] = slot
        linkAsNewest(slot)
        return evicted
    }

    /// The pooled tile for `key`, taken out of the pool.
    @inlinable public mutating func dequeue(for key: Key) -> Element? {
        guard let slot = slotOfKey[key] else { return nil }
        counts.hits += 1
        return remove(slot).element
    }

    /// The pooled tile for `key`, left in the pool and marked recently used: a cache lookup.
    @inlinable public mutating func lookup(_ key: Key) -> Element? {
        guard let slot = slotOfKey[key] else { return nil }
        counts.hits += 1
        unlink(slot)
        linkAsNewest(slot)
        return slots[slot].element
    }

    /// The tile for `key`: the pooled one if there is one, else the oldest pooled tile handed to `make`
    /// to reconfigure, else a new one from `make(key, nil)`.
    @inlinable public mutating func dequeue(for key: Key, orMake make: (Key, Element?) -> Element) -> Element {
        if let element = dequeue(for: key) { return element }
        if let old = removeOldest() {
            counts.recycles += 1
            return make(key, old.element)
        }
        counts.creations += 1
        return make(key, nil)
    }

    /// Counts a miss that the caller filled itself (a cache that renders on a miss).
    @inlinable public mutating func recordCreation() { counts.creations += 1 }

    /// Drops the least recently enqueued tile, for a cache bounded by bytes as well as by count.
    @inlinable public mutating func evictOldest() -> Element? {
        guard let oldest = removeOldest() else { return nil }
        counts.evictions += 1
        return oldest.element
    }

    @inlinable mutating func removeOldest() -> (key: Key, element: Element?)? {
        guard oldest >= 0 else { return nil }
        return remove(oldest)
    }

    @inlinable mutating func remove(_ slot: Int) -> (key: Key, element: Element?) {
        unlink(slot)
        let key = slots[slot].key
        let element = slots[slot].element
        slots[slot].element = nil
        slotOfKey[key] = nil
        freeSlots.append(slot)
        return (key, element)
    }

    @inlinable mutating func unlink(_ slot: Int) {
        let (newer, older) = (slots[slot].newer, slots[slot].older)
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = -1
        slots[slot].older = -1
    }

    @inlinable mutating func linkAsNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}

extension ReusePool: Sendable where Key: Sendable, Element: Sendable {}
extension ReusePool.Slot: Sendable where Key: Sendable, Element: Sendable {}
