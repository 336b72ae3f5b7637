import EndlessCore
import EndlessSVG

/// What an SVG URL asks for: a window of a view, or one tile of it.
enum SVGResource: Sendable {
    case rulerWindow(RulerWindow)
    case gridWindow(GridWindow)
    case loopWindow(LoopWindow)
    case rulerBlock(Ruler, height: Double, block: Int64)
    case gridTile(Grid, GridCoordinate)
    case loopItem(Loop, height: Double, item: Int64)

    /// Bumped whenever drawing changes, so that old ETags stop matching.
    static let renderingVersion = "1"

    /// What a resource is, without its contents: what its caching and metrics depend on.
    enum Kind: String, Sendable {
        case rulerWindow = "/svg/ruler", gridWindow = "/svg/grid", loopWindow = "/svg/loop"
        case rulerBlock = "/svg/ruler/tiles", gridTile = "/svg/grid/tiles", loopItem = "/svg/loop/tiles"

        var isTile: Bool { self == .rulerBlock || self == .gridTile || self == .loopItem }
        /// The route's name in metrics.
        var route: String { rawValue }
    }

    var kind: Kind {
        switch self {
        case .rulerWindow: .rulerWindow
        case .gridWindow: .gridWindow
        case .loopWindow: .loopWindow
        case .rulerBlock: .rulerBlock
        case .gridTile: .gridTile
        case .loopItem: .loopItem
        }
    }

    /// Everything the bytes depend on, after parsing: `value=72.40` and `value=72.4` share it.
    var canonicalKey: String {
        switch self {
        case .rulerWindow(let window):
            "ruler|\(Self.style(window.ruler, height: window.height))|\(window.offset.bitPattern)|\(window.width.bitPattern)"
        case .gridWindow(let window):
            "grid|\(window.grid.tileSize.bitPattern)|\(window.centerX.bitPattern)|\(window.centerY.bitPattern)|"
                + "\(window.width.bitPattern)|\(window.height.bitPattern)"
        case .loopWindow(let window):
            "loop|\(Self.style(window.loop, height: window.height))|\(window.offset.bitPattern)|\(window.width.bitPattern)"
        case .rulerBlock(let ruler, let height, let block): "ruler-block|\(Self.style(ruler, height: height))|\(block)"
        case .gridTile(let grid, let tile): "grid-tile|\(grid.tileSize.bitPattern)|\(tile.x)|\(tile.y)"
        case .loopItem(let loop, let height, let item): "loop-item|\(Self.style(loop, height: height))|\(item)"
        }
    }

    static func style(_ ruler: Ruler, height: Double) -> String {
        let c = ruler.configuration
        return "\(c.minimum)|\(c.maximum)|\(c.step)|\(c.ticksPerBlock)|\(c.tickSpacing.bitPattern)|\(c.ends)|\(c.unit)|"
            + "\(height.bitPattern)"
    }

    static func style(_ loop: Loop, height: Double) -> String {
        "\(loop.count)|\(loop.spacing.bitPattern)|\(loop.inset.bitPattern)|\(height.bitPattern)"
    }

    /// The document as head, tiles and tail, with tile drawings taken from `cache`.
    func render(cache: TileCache) -> RenderedWindow {
        switch self {
        case .rulerWindow(let window):
            let renderer = RulerRenderer(ruler: window.ruler, height: window.height)
            let style = TileCache.style(of: renderer)
            return renderer.render(window) { cache.block($0, of: renderer, style: style) }
        case .gridWindow(let window):
            let renderer = GridRenderer(grid: window.grid)
            let style = TileCache.style(of: renderer)
            return renderer.render(window) { cache.tile($0, of: renderer, style: style) }
        case .loopWindow(let window):
            let renderer = LoopRenderer(loop: window.loop, height: window.height)
            let style = TileCache.style(of: renderer)
            return renderer.render(window) { cache.item($0, of: renderer, style: style) }
        case .rulerBlock(let ruler, let height, let block):
            return RenderedWindow(
                header: RulerRenderer(ruler: ruler, height: height).blockDocument(block), tiles: [], footer: [])
        case .gridTile(let grid, let tile):
            return RenderedWindow(header: GridRenderer(grid: grid).tileDocument(tile), tiles: [], footer: [])
        case .loopItem(let loop, let height, let item):
            return RenderedWindow(
                header: LoopRenderer(loop: loop, height: height).itemDocument(item), tiles: [], footer: [])
        }
    }
}

extension SVGResource {
    /// Reads a window request's query.
    static func window(view: String, query: [(String, String)]) throws(EndlessError) -> SVGResource {
        switch view {
        case "ruler": .rulerWindow(try Parameters(query, accepted: Parameters.rulerNames).rulerWindow())
        case "grid": .gridWindow(try Parameters(query, accepted: Parameters.gridNames).gridWindow())
        case "loop": .loopWindow(try Parameters(query, accepted: Parameters.loopNames).loopWindow())
        default: throw EndlessError("view", "\(view) is not a view; use ruler, grid or loop", kind: .notFound)
        }
    }

    static let rulerTileNames = ["height", "min", "max", "step", "ticks", "spacing", "ends", "unit"]
    static let loopTileNames = ["height", "count", "spacing", "inset"]

    /// Reads `/svg/ruler/tiles/{block}.svg`: the block, the ruler's configuration and `height` (120).
    static func rulerBlock(file: String, query: [(String, String)]) throws(EndlessError) -> SVGResource {
        let parameters = try Parameters(query, accepted: rulerTileNames)
        let ruler = try parameters.ruler()
        let height = try parameters.number("height", accepts: "a number greater than 0 and at most 8192") ?? 120
        try Limits.checkWindowSide(height, "height")
        let block = try tileIndex(file, "block", length: ruler.blockLength)
        guard ruler.label(ofBlock: block) != nil || !ruler.tickIndices(inBlock: block).isEmpty else {
            throw EndlessError("block", "\(block) is past the ends of this clamped ruler", kind: .notFound)
        }
        return .rulerBlock(ruler, height: height, block: block)
    }

    /// Reads `/svg/grid/tiles/{x}/{y}.svg` and `tile` (100).
    static func gridTile(x: String, file: String, query: [(String, String)]) throws(EndlessError) -> SVGResource {
        let grid = try Parameters(query, accepted: ["tile"]).grid()
        let column = try tileIndex(x + ".svg", "x", length: grid.tileSize)
        let row = try tileIndex(file, "y", length: grid.tileSize)
        return .gridTile(grid, GridCoordinate(x: column, y: row))
    }

    /// Reads `/svg/loop/tiles/{item}.svg`, the loop's configuration and `height` (120).
    static func loopItem(file: String, query: [(String, String)]) throws(EndlessError) -> SVGResource {
        let parameters = try Parameters(query, accepted: loopTileNames)
        let loop = try parameters.loop()
        let height = try parameters.number("height", accepts: "a number greater than 0 and at most 8192") ?? 120
        try Limits.checkWindowSide(height, "height")
        return .loopItem(loop, height: height, item: try tileIndex(file, "item", length: loop.spacing))
    }

    /// A tile number from a file name such as `-12.svg`, within ±1e15 points.
    static func tileIndex(_ file: String, _ name: String, length: Double) throws(EndlessError) -> Int64 {
        let limit = Int64(Limits.maximumCoordinate / length)
        guard file.hasSuffix(".svg"), let index = Int64(file.dropLast(4)), abs(index) <= limit else {
            throw EndlessError(
                name, "must be a whole tile number within ±\(limit), as in 12.svg", kind: .notFound)
        }
        return index
    }
}
