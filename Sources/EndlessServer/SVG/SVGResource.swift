import EndlessCore
import EndlessSVG

/// What an SVG URL asks for: a window of a view, or one tile of it.
enum SVGResource: Sendable {
    case rulerWindow(RulerWindow, Theme)
    case gridWindow(GridWindow, Theme)
    case loopWindow(LoopWindow, Theme)
    case rulerBlock(RulerRenderer, block: Int64)
    case gridTile(GridRenderer, GridCoordinate)
    case loopItem(LoopRenderer, item: Int64)

    /// Bumped whenever drawing changes, so that old ETags stop matching.
    static let renderingVersion = "2"

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
        case .rulerWindow(let window, let theme):
            TileCache.style(of: Self.renderer(window, theme)) + "|\(window.offset.bitPattern)|"
                + "\(window.width.bitPattern)|\(window.height.bitPattern)"
        case .gridWindow(let window, let theme):
            TileCache.style(of: GridRenderer(grid: window.grid, theme: theme))
                + "|\(window.centerX.bitPattern)|\(window.centerY.bitPattern)|"
                + "\(window.width.bitPattern)|\(window.height.bitPattern)"
        case .loopWindow(let window, let theme):
            TileCache.style(of: Self.renderer(window, theme)) + "|\(window.offset.bitPattern)|"
                + "\(window.width.bitPattern)|\(window.height.bitPattern)"
        case .rulerBlock(let renderer, let block): "block|" + TileCache.style(of: renderer) + "|\(block)"
        case .gridTile(let renderer, let tile): "tile|" + TileCache.style(of: renderer) + "|\(tile.x)|\(tile.y)"
        case .loopItem(let renderer, let item): "item|" + TileCache.style(of: renderer) + "|\(item)"
        }
    }

    static func renderer(_ window: RulerWindow, _ theme: Theme) -> RulerRenderer {
        RulerRenderer(window: window, theme: theme)
    }

    static func renderer(_ window: LoopWindow, _ theme: Theme) -> LoopRenderer {
        LoopRenderer(window: window, theme: theme)
    }

    /// The document as head, tiles and tail, with tile drawings taken from `cache`.
    func render(cache: TileCache) -> RenderedWindow {
        switch self {
        case .rulerWindow(let window, let theme):
            let renderer = Self.renderer(window, theme)
            let style = TileCache.style(of: renderer)
            return renderer.render(window) { cache.block($0, of: renderer, style: style) }
        case .gridWindow(let window, let theme):
            let renderer = GridRenderer(grid: window.grid, theme: theme)
            let style = TileCache.style(of: renderer)
            return renderer.render(window) { cache.tile($0, of: renderer, style: style) }
        case .loopWindow(let window, let theme):
            let renderer = Self.renderer(window, theme)
            let style = TileCache.style(of: renderer)
            return renderer.render(window) { cache.item($0, of: renderer, style: style) }
        case .rulerBlock(let renderer, let block):
            return RenderedWindow(header: renderer.blockDocument(block), tiles: [], footer: [])
        case .gridTile(let renderer, let tile):
            return RenderedWindow(header: renderer.tileDocument(tile), tiles: [], footer: [])
        case .loopItem(let renderer, let item):
            return RenderedWindow(header: renderer.itemDocument(item), tiles: [], footer: [])
        }
    }
}

extension SVGResource {
    /// Reads a window request's query.
    static func window(view: String, query: [(String, String)]) throws(EndlessError) -> SVGResource {
        switch view {
        case "ruler":
            let parameters = try Parameters(query, accepted: Parameters.rulerNames)
            return .rulerWindow(try parameters.rulerWindow(), try parameters.theme())
        case "grid":
            let parameters = try Parameters(query, accepted: Parameters.gridNames)
            return .gridWindow(try parameters.gridWindow(), try parameters.theme())
        case "loop":
            let parameters = try Parameters(query, accepted: Parameters.loopNames)
            return .loopWindow(try parameters.loopWindow(), try parameters.theme())
        default: throw EndlessError("view", "\(view) is not a view; use ruler, grid or loop", kind: .notFound)
        }
    }

    static let rulerTileNames = ["height"] + Parameters.rulerConfigurationNames + Parameters.lookNames
    static let loopTileNames = ["height"] + Parameters.loopConfigurationNames + ["orientation", "theme"]

    /// Reads `/svg/ruler/tiles/{block}.svg`: the block, the ruler's configuration and `height` (120).
    static func rulerBlock(file: String, query: [(String, String)]) throws(EndlessError) -> SVGResource {
        let parameters = try Parameters(query, accepted: rulerTileNames)
        let ruler = try parameters.ruler()
        let orientation = try parameters.orientation()
        let height = try parameters.number("height", accepts: Limits.Accepts.windowSide) ?? 120
        try Limits.checkWindowSide(height, "height")
        let renderer = RulerRenderer(
            ruler: ruler, height: height, orientation: orientation, mirrored: try parameters.isMirrored(orientation),
            theme: try parameters.theme())
        let block = try tileIndex(file, "block", length: ruler.blockLength)
        guard ruler.label(ofBlock: block) != nil || !ruler.tickIndices(inBlock: block).isEmpty else {
            throw EndlessError("block", "\(block) is past the ends of this clamped ruler", kind: .notFound)
        }
        return .rulerBlock(renderer, block: block)
    }

    /// Reads `/svg/grid/tiles/{x}/{y}.svg` and `tile` (100).
    static func gridTile(x: String, file: String, query: [(String, String)]) throws(EndlessError) -> SVGResource {
        let parameters = try Parameters(query, accepted: ["tile", "theme"])
        let grid = try parameters.grid()
        let column = try tileIndex(x + ".svg", "x", length: grid.tileSize)
        let row = try tileIndex(file, "y", length: grid.tileSize)
        return .gridTile(GridRenderer(grid: grid, theme: try parameters.theme()), GridCoordinate(x: column, y: row))
    }

    /// Reads `/svg/loop/tiles/{item}.svg`, the loop's configuration and `height` (120).
    static func loopItem(file: String, query: [(String, String)]) throws(EndlessError) -> SVGResource {
        let parameters = try Parameters(query, accepted: loopTileNames)
        let loop = try parameters.loop()
        let height = try parameters.number("height", accepts: Limits.Accepts.windowSide) ?? 120
        try Limits.checkWindowSide(height, "height")
        let renderer = LoopRenderer(
            loop: loop, height: height, orientation: try parameters.orientation(), theme: try parameters.theme())
        return .loopItem(renderer, item: try tileIndex(file, "item", length: loop.spacing))
    }

    /// A tile number from a file name such as `-12.svg`, within ±1e15 points.
    static func tileIndex(_ file: String, _ name: String, length: Double) throws(EndlessError) -> Int64 {
        let limit = Int64(Limits.maximumCoordinate / length)
        guard file.hasSuffix(".svg"), let index = Int64(file.dropLast(4)), (-limit...limit).contains(index) else {
            throw EndlessError(
                name, "must be a whole tile number within ±\(limit), as in 12.svg", kind: .notFound)
        }
        return index
    }
}
