/// Seed 003 §3's reuse queue, bounded: a tile's drawing is enqueued once drawn, and a tile that is needed again
/// (scrolled back to, in another window, or one turn of a wrapping ruler on) is looked up before it is drawn anew.
/// A server's drawings are bytes, shared rather than reconfigured, so a lookup leaves the drawing in the pool.
///
/// Least-recently-used tiles are evicted first, so memory is `capacity` tiles however far one scrolls.
///
/// Public and inlinable, so that the server's caches get code specialised for their keys and elements rather than
/// generic code that looks up type metadata at run time on every request: Swift 6.3 neither inlines nor specialises
/// `@inlinable package` code in another module (a repeated window's cache lookup took 5,100 instructions, now 1,100).
public struct ReusePool<Key: Hashable, Element> {
    /// How many elements it keeps at most.
    public let capacity: Int

    @usableFromInline var slots: [Slot] = []
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var slotOfKey: [Key: Int] = [:]
    /// Most recently used slot, and the oldest.
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1

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

    /// An empty pool that keeps at most `capacity` elements (0 keeps none).
    @inlinable public init(capacity: Int) {
        precondition(capacity >= 0)
        self.capacity = capacity
        slotOfKey.reserveCapacity(capacity)
    }

    /// How many elements it keeps now.
    @inlinable public var count: Int { slotOfKey.count }

    /// Puts a tile in the pool, evicting the oldest one if the pool is full; returns what left the pool (the evicted
    /// tile, or the one `key` held), so that a cache can count the bytes it no longer keeps.
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
        let evicted = count == capacity ? evictOldest() : nil
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

    /// The pooled tile for `key`, left in the pool and marked recently used.
    @inlinable public mutating func lookup(_ key: Key) -> Element? {
        guard let slot = slotOfKey[key] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return slots[slot].element
    }

    /// Drops the least recently used tile, for a cache bounded by bytes as well as by count.
    @inlinable public mutating func evictOldest() -> Element? {
        guard oldest >= 0 else { return nil }
        let slot = oldest
        unlink(slot)
        let element = slots[slot].element
        slots[slot].element = nil
        slotOfKey[slots[slot].key] = nil
        freeSlots.append(slot)
        return element
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
