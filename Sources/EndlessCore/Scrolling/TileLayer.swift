/// The tiles a view holds, re-tiled to what is visible in one pass however far the scroll went.
///
/// This is StreetScroller's `tileLabelsFromMinX:toMaxX:` with `while` instead of the seed ruler's `if`:
/// tiles that left are enqueued first, so the tiles that arrive reuse them before any is created.
public struct TileLayer<Key: Hashable, Element> {
    public private(set) var tiles: [Key: Element] = [:]
    public private(set) var pool: ReusePool<Key, Element>

    public init(poolCapacity: Int) {
        pool = ReusePool(capacity: poolCapacity)
    }

    /// Makes the layer hold exactly the tiles in `visible`; `make` configures a recycled tile or makes one.
    @discardableResult
    public mutating func tile(
        _ visible: some Collection<Key>,
        make: (Key, Element?) -> Element
    ) -> TilingChange<Key> {
        let wanted = Set(visible)
        var change = TilingChange<Key>()
        for (key, element) in tiles where !wanted.contains(key) {
            tiles[key] = nil
            pool.enqueue(element, for: key)
            change.removed.append(key)
        }
        for key in visible where tiles[key] == nil {
            tiles[key] = pool.dequeue(for: key, orMake: make)
            change.added.append(key)
        }
        return change
    }
}

extension TileLayer: Sendable where Key: Sendable, Element: Sendable {}

/// What one tiling pass changed.
public struct TilingChange<Key: Hashable>: Hashable {
    public var added: [Key] = []
    public var removed: [Key] = []
    public init(added: [Key] = [], removed: [Key] = []) {
        self.added = added
        self.removed = removed
    }
}

extension TilingChange: Sendable where Key: Sendable {}
