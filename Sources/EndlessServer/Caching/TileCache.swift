import EndlessCore
import EndlessSVG
import Metrics
import Synchronization

/// Which tile's drawing: the view and its look (`style`: configuration and height), and the tile's key.
struct TileKey: Hashable, Sendable {
    var style: String
    var x: Int64
    var y: Int64 = 0
}

/// Rendered tile drawings, kept in the engine's reuse pool so that scrolling back, or another window
/// over the same tiles, copies bytes instead of drawing; bounded by entries and by the bytes they keep alive
/// (each drawing's storage and its key), so that memory stays flat whatever is drawn.
final class TileCache: Sendable {
    private let pool: Mutex<ByteBoundedPool<TileKey, [UInt8]>>
    private let hits: Counter
    private let misses: Counter
    private let retained: Gauge
    /// The looks of the rulers lately drawn, each with its renderer.
    let rulerLooks = RulerLooks()

    init(capacity: Int, maximumBytes: Int = .max) {
        pool = Mutex(ByteBoundedPool(capacity: capacity, maximumBytes: maximumBytes))
        hits = Counter(label: "endless_tile_cache_hits")
        misses = Counter(label: "endless_tile_cache_misses")
        retained = Gauge(label: "endless_tile_cache_retained_bytes")
    }

    /// The drawing for `key`, drawn by `render` on a miss.
    func content(for key: TileKey, render: () -> [UInt8]) -> [UInt8] {
        if let cached = pool.withLock({ $0.lookup(key) }) {
            hits.increment()
            return cached
        }
        misses.increment()
        let content = render()
        let bytes = content.capacity + Self.keyBytes(key)
        retained.record(pool.withLock { $0.store(content, bytes: bytes, for: key) })
        return content
    }

    /// A key's own storage: its style text, when too long to live inside the string, and the key's fields.
    private static func keyBytes(_ key: TileKey) -> Int { MemoryLayout<TileKey>.stride + key.style.utf8.count }

    var count: Int { pool.withLock { $0.count } }
    var retainedBytes: Int { pool.withLock { $0.retainedBytes } }
}

/// The one place that says how each view's tiles are keyed, for the SVG windows and the page's frames alike.
extension TileCache {
    /// A ruler's look; compute once per request, not per block.
    static func style(of renderer: RulerRenderer) -> String {
        style(
            ofRuler: renderer.ruler.configuration, thickness: renderer.height, orientation: renderer.orientation,
            mirrored: renderer.isMirrored, theme: renderer.theme)
    }

    /// A ruler's look from what its renderer is made of, without making one (which draws a block's ticks): a new
    /// window's ETag needs only this.
    static func style(
        ofRuler c: RulerConfiguration, thickness: Double, orientation: Orientation, mirrored: Bool, theme: Theme
    ) -> String {
        // Numbers as integers and names as their text, said outright: no formatting, no dynamic casts.
        "ruler|\(c.minimum.units)e\(c.minimum.scale)|\(c.maximum.units)e\(c.maximum.scale)|\(c.step.units)e\(c.step.scale)|"
            + "\(c.ticksPerBlock)|\(c.tickSpacing.bitPattern)|\(c.ends.description)|\(c.unit)|\(thickness.bitPattern)|"
            + "\(orientation.description)|\(mirrored)|\(theme.description)"
            + (c.format == .decimal && c.subdivisions.isEmpty
                ? ""
                : "|\(c.format.description)|\(c.format.grouping?.description ?? "")|"
                    + c.subdivisions.map(String.init).joined(separator: ","))
            + (c.language.map { "|locale \($0.identifier)" } ?? "")
    }

    static func style(of renderer: LoopRenderer) -> String {
        let loop = renderer.loop
        return "loop|\(loop.count)|\(loop.spacing.bitPattern)|\(loop.inset.bitPattern)|\(renderer.height.bitPattern)|"
            + "\(renderer.orientation.description)|\(renderer.theme.description)"
            + (loop.language.map { "|locale \($0.identifier)" } ?? "")
    }

    static func style(of renderer: GridRenderer) -> String {
        "grid|\(renderer.grid.tileSize.bitPattern)|\(renderer.theme.description)|\(renderer.grid.level)"
            + (renderer.grid.language.map { "|locale \($0.identifier)" } ?? "")
    }

    /// A ruler's page tile (`RulerRenderer.pageElement` of `Ruler.blocks(ofPageTile:)`; a window draws its blocks
    /// itself): a wrapping ruler's tile starting at block `b` looks like the one at `b mod cycle`. `style` is
    /// `pageStyle(of:)`'s.
    func pageTile(_ tile: Int64, of renderer: RulerRenderer, style: String) -> [UInt8] {
        // `renderer.ruler` each time, not a copy of it: a copy retains each of its arrays and strings, a tile.
        let mirrored = renderer.isMirrored
        let first = renderer.ruler.block(ofTile: tile * Ruler.pageBlocks, mirrored: mirrored)  // a hit draws nothing
        return content(for: TileKey(style: style, x: renderer.ruler.wrappedBlock(first))) {
            renderer.pageElement(renderer.ruler.blocks(ofPageTile: tile, mirrored: mirrored))
        }
    }

    /// A ruler's look as the page's tiles draw it, from its look's style (`RulerDrawing.style`); made once a request.
    static func pageStyle(ofStyle style: String) -> String { style + "|page" }

    /// A loop item's drawing: items with the same label look the same.
    func item(_ item: Int64, of renderer: LoopRenderer, style: String) -> [UInt8] {
        content(for: TileKey(style: style, x: Int64(renderer.loop.label(ofItem: item)))) { renderer.itemContent(item) }
    }

    /// A loop item as the page's tile (`LoopRenderer.itemElement`); `style` is `pageStyle(of:)`'s.
    func pageItem(_ item: Int64, of renderer: LoopRenderer, style: String) -> [UInt8] {
        content(for: TileKey(style: style, x: Int64(renderer.loop.label(ofItem: item)))) { renderer.itemElement(item) }
    }

    static func pageStyle(of renderer: LoopRenderer) -> String { style(of: renderer) + "|page" }

    /// A timeline's block as the page's tile (`TimelineRenderer.blockElement`); `style` is `pageStyle(of:)`'s.
    func pageBlock(_ tile: Int64, of renderer: TimelineRenderer, mirrored: Bool, thickness: Double, style: String)
        -> [UInt8]
    {
        let block = renderer.timeline.block(ofTile: tile, mirrored: mirrored)
        return content(for: TileKey(style: style, x: block)) {
            // Its items as a window's: drawn once for both.
            let items = renderer.items.map { set in
                let itemsStyle = Self.itemsStyle(
                    of: set, renderer.timeline, orientation: renderer.orientation, mirrored: mirrored,
                    theme: renderer.theme)
                let bars = content(for: TileKey(style: itemsStyle, x: block)) {
                    renderer.itemsFragment(ofBlock: block, mirrored: mirrored)
                }
                return (bars, renderer.itemTitles(ofBlock: block, mirrored: mirrored))
            }
            return renderer.blockElement(block, mirrored: mirrored, thickness: thickness, items: items)
        }
    }

    /// Everything a timeline's page block depends on: with items, which set (its version).
    static func pageStyle(of renderer: TimelineRenderer, mirrored: Bool, thickness: Double) -> String {
        style(of: renderer, mirrored: mirrored, thickness: thickness) + "|page"
            + (renderer.items.map { "|items \($0.version)" } ?? "")
    }

    /// Everything a timeline's drawing depends on but its position: what a window's and a block's ETag hash too.
    /// A timeline's items in a block: the set's version, the rung and spacing (the block's span and length), its
    /// orientation (a vertical one's lanes are laid from the far edge) and direction, theme and language (the
    /// counts' digits).
    static func itemsStyle(
        of items: ItemSet, _ timeline: Timeline, orientation: Orientation, mirrored: Bool, theme: Theme
    ) -> String {
        "timeline items|\(items.version)|\(timeline.scale.rawValue)|\(timeline.spacing.bitPattern)|"
            + "\(orientation.description)|\(mirrored)|" + theme.description
            + (timeline.language.map { "|locale \($0.identifier)" } ?? "")
    }

    static func style(of renderer: TimelineRenderer, mirrored: Bool, thickness: Double) -> String {
        style(
            of: renderer.timeline, orientation: renderer.orientation, theme: renderer.theme, mirrored: mirrored,
            thickness: thickness)
    }

    /// `style(of:mirrored:thickness:)` from a timeline's parts, for a window's ETag without a renderer.
    static func style(
        of t: Timeline, orientation: Orientation, theme: Theme, mirrored: Bool, thickness: Double
    ) -> String {
        "timeline|\(t.zone.identifier)|\(t.scale.rawValue)|\(t.step.rawValue)|\(t.spacing.bitPattern)|"
            + "\(t.minimum?.secondsSinceEpoch ?? .min)|\(t.maximum?.secondsSinceEpoch ?? .max)|\(t.hours.rawValue)|"
            + "\(t.weekStart.rawValue)|\(thickness.bitPattern)|\(orientation.description)|\(mirrored)|"
            + "\(theme.description)" + (t.language.map { "|locale \($0.identifier)" } ?? "")
    }

    func tile(_ tile: GridCoordinate, of renderer: GridRenderer, style: String) -> [UInt8] {
        content(for: TileKey(style: style, x: tile.x, y: tile.y)) { renderer.tileContent(tile) }
    }

    /// A page's grid blocks of `n × n` tiles; compute once per request, not per block.
    static func blockStyle(of renderer: GridRenderer, tilesPerBlock n: Int64, detail: Detail) -> String {
        "\(style(of: renderer))|block \(n)" + (detail == .bare ? "|bare" : "")
    }

    /// A page's block of grid tiles, as the element the page places; `style` is `blockStyle`'s for `detail`.
    func block(
        _ block: GridCoordinate, tilesPerBlock n: Int64, detail: Detail, of renderer: GridRenderer, style: String
    ) -> [UInt8] {
        content(for: TileKey(style: style, x: block.x, y: block.y)) {
            renderer.blockElement(block, tilesPerBlock: n, detail: detail)
        }
    }
}
