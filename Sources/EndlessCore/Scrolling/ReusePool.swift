/// Seed 003 §3's reuse queue, bounded: tiles that leave the screen are enqueued, and a tile that is
/// needed is dequeued (the same tile if it is still pooled, else the oldest one to reconfigure)
/// before a new one is created.
///
/// Least-recently-enqueued tiles are evicted first, so memory is `capacity` tiles however far one scrolls.
public struct ReusePool<Key: Hashable, Element> {
    public let capacity: Int
    /// Dequeues that found the very tile asked for.
    public private(set) var hits = 0
    /// Dequeues that recycled another tile.
    public private(set) var recycles = 0
    /// Tiles made because the pool was empty.
    public private(set) var creations = 0
    /// Tiles dropped because the pool was full.
    public private(set) var evictions = 0

    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var slotOfKey: [Key: Int] = [:]
    /// Most recently enqueued slot, and the oldest.
    private var newest = -1
    private var oldest = -1

    fileprivate struct Slot {
        var key: Key
        var element: Element?
        var newer = -1
        var older = -1
    }

    public init(capacity: Int) {
        precondition(capacity >= 0)
        self.capacity = capacity
        slotOfKey.reserveCapacity(capacity)
    }

    public var count: Int { slotOfKey.count }
    public var isEmpty: Bool { slotOfKey.isEmpty }
    public func contains(_ key: Key) -> Bool { slotOfKey[key] != nil }

    /// Puts a tile that left the screen in the pool, evicting the oldest one if the pool is full.
    public mutating func enqueue(_ element: Element, for key: Key) {
        guard capacity > 0 else { return }
        if let slot = slotOfKey[key] {
            unlink(slot)
            slots[slot].element = element
            linkAsNewest(slot)
            return
        }
        if count == capacity, removeOldest() != nil { evictions += 1 }
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
    }

    /// The pooled tile for `key`, taken out of the pool.
    public mutating func dequeue(for key: Key) -> Element? {
        guard let slot = slotOfKey[key] else { return nil }
        hits += 1
        return remove(slot).element
    }

    /// The pooled tile for `key`, left in the pool and marked recently used: a cache lookup.
    public mutating func lookup(_ key: Key) -> Element? {
        guard let slot = slotOfKey[key] else { return nil }
        hits += 1
        unlink(slot)
        linkAsNewest(slot)
        return slots[slot].element
    }

    /// The tile for `key`: the pooled one if there is one, else the oldest pooled tile handed to `make`
    /// to reconfigure, else a new one from `make(key, nil)`.
    public mutating func dequeue(for key: Key, orMake make: (Key, Element?) -> Element) -> Element {
        if let element = dequeue(for: key) { return element }
        if let old = removeOldest() {
            recycles += 1
            return make(key, old.element)
        }
        creations += 1
        return make(key, nil)
    }

    /// Counts a miss that the caller filled itself (a cache that renders on a miss).
    public mutating func recordCreation() { creations += 1 }

    private mutating func removeOldest() -> (key: Key, element: Element?)? {
        guard oldest >= 0 else { return nil }
        return remove(oldest)
    }

    private mutating func remove(_ slot: Int) -> (key: Key, element: Element?) {
        unlink(slot)
        let key = slots[slot].key
        let element = slots[slot].element
        slots[slot].element = nil
        slotOfKey[key] = nil
        freeSlots.append(slot)
        return (key, element)
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (slots[slot].newer, slots[slot].older)
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = -1
        slots[slot].older = -1
    }

    private mutating func linkAsNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}

extension ReusePool: Sendable where Key: Sendable, Element: Sendable {}
extension ReusePool.Slot: Sendable where Key: Sendable, Element: Sendable {}
