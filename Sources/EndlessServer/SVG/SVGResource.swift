import EndlessCore
import EndlessSVG

/// What an SVG URL asks for: a window of a view, or one tile of it.
enum SVGResource: Sendable {
    /// A ruler window and its look's drawing, found once (`RulerLooks`) for its ETag and its bytes.
    case rulerWindow(RulerWindow, RulerDrawing)
    case gridWindow(GridWindow, Theme)
    case loopWindow(LoopWindow, Theme)
    case rulerBlock(RulerRenderer, block: Int64)
    case gridTile(GridRenderer, GridCoordinate)
    case loopItem(LoopRenderer, item: Int64)
    /// A timeline window, and the items it draws.
    case timelineWindow(TimelineWindow, Theme, ItemSet?)
    /// A timeline's block, `thickness` points across.
    case timelineBlock(TimelineRenderer, block: Int64, mirrored: Bool, thickness: Double)

    /// What a resource is, without its contents: what its caching and metrics depend on.
    enum Kind: Sendable, CaseIterable {
        case rulerWindow, gridWindow, loopWindow, rulerBlock, gridTile, loopItem, timelineWindow, timelineBlock

        /// The router's path for it.
        var routePath: String {
            switch self {
            case .rulerWindow: "/svg/ruler"
            case .gridWindow: "/svg/grid"
            case .loopWindow: "/svg/loop"
            case .rulerBlock: "/svg/ruler/tiles/:file"
            case .gridTile: "/svg/grid/tiles/:x/:file"
            case .loopItem: "/svg/loop/tiles/:file"
            case .timelineWindow: "/svg/timeline"
            case .timelineBlock: "/svg/timeline/tiles/:file"
            }
        }

        /// The query's names it reads: its view's, and `v`, which pins the rendering version.
        var parameterNames: [String] {
            let names =
                switch self {
                case .rulerWindow: Parameters.rulerNames
                case .gridWindow: Parameters.gridNames
                case .loopWindow: Parameters.loopNames
                case .timelineWindow: Parameters.timelineNames
                case .rulerBlock: SVGResource.rulerTileNames
                case .gridTile: SVGResource.gridTileNames
                case .loopItem: SVGResource.loopTileNames
                case .timelineBlock: SVGResource.timelineTileNames
                }
            return names + ["v"]
        }

        /// The route's name in metrics, as Hummingbird's `MetricsMiddleware` names `routePath` (the table's name for
        /// it), so that an answer from the event loop and one from the router count in the same series.
        var route: String { Self.routes[self] ?? routePath }

        private static let routes = Dictionary(
            uniqueKeysWithValues: allCases.map { ($0, Endpoint.routeName($0.routePath)) })
    }

    var kind: Kind {
        switch self {
        case .rulerWindow: .rulerWindow
        case .gridWindow: .gridWindow
        case .loopWindow: .loopWindow
        case .rulerBlock: .rulerBlock
        case .gridTile: .gridTile
        case .loopItem: .loopItem
        case .timelineWindow: .timelineWindow
        case .timelineBlock: .timelineBlock
        }
    }

    /// A hash of everything the bytes depend on, after parsing (`value=72.40` and `value=72.4` share it), and of
    /// the rendering version: what the ETag says. The look is the tile cache's style, the one place that lists it
    /// (a ruler's kept with its renderer).
    func contentHash() -> UInt64 {
        var hash = StableHash()
        hash.combine(SVGResource.renderingVersion)
        switch self {
        case .rulerWindow(let window, let drawing):
            hash.combine("ruler window")
            hash.combine(drawing.style)
            hash.combine(numbers: window.offset, window.width, window.height)
        case .gridWindow(let window, let theme):
            hash.combine("grid window")
            hash.combine(TileCache.style(of: GridRenderer(grid: window.grid, theme: theme)))
            hash.combine(numbers: window.centerX, window.centerY, window.width, window.height)
        case .loopWindow(let window, let theme):
            hash.combine("loop window")
            hash.combine(TileCache.style(of: Self.renderer(window, theme)))
            hash.combine(numbers: window.offset, window.width, window.height)
        case .rulerBlock(let renderer, let block):
            hash.combine("ruler block")
            hash.combine(TileCache.style(of: renderer))
            hash.combine(block)
        case .gridTile(let renderer, let tile):
            hash.combine("grid tile")
            hash.combine(TileCache.style(of: renderer))
            hash.combine(tile.x)
            hash.combine(tile.y)
        case .loopItem(let renderer, let item):
            hash.combine("loop item")
            hash.combine(TileCache.style(of: renderer))
            hash.combine(item)
        case .timelineWindow(let window, let theme, let items):
            hash.combine("timeline window")
            if let items {
                hash.combine(SVGResource.itemsRenderingVersion)
                hash.combine(items.version)
            }
            let thickness = window.orientation.isVertical ? window.width : window.height
            hash.combine(
                TileCache.style(
                    of: window.timeline, orientation: window.orientation, theme: theme, mirrored: window.isMirrored,
                    thickness: thickness))
            hash.combine(numbers: window.offset, window.width, window.height)
        case .timelineBlock(let renderer, let block, let mirrored, let thickness):
            hash.combine("timeline block")
            hash.combine(TileCache.style(of: renderer, mirrored: mirrored, thickness: thickness))
            hash.combine(block)
        }
        return hash.value
    }

    static func renderer(_ window: LoopWindow, _ theme: Theme) -> LoopRenderer {
        LoopRenderer(window: window, theme: theme)
    }

    /// Whether it draws items: its answer changes with their data, so it is never pinned nor kept by a cache unasked.
    var drawsItems: Bool {
        guard case .timelineWindow(_, _, let items) = self else { return false }
        return items != nil
    }

    /// The language its words are drawn in: `Content-Language`.
    var language: Language? {
        switch self {
        case .rulerWindow(let window, _): window.ruler.configuration.language
        case .rulerBlock(let renderer, _): renderer.ruler.configuration.language
        case .timelineWindow(let window, _, _): window.timeline.language
        case .timelineBlock(let renderer, _, _, _): renderer.timeline.language
        case .gridWindow(let window, _): window.grid.language
        case .gridTile(let renderer, _): renderer.grid.language
        case .loopWindow(let window, _): window.loop.language
        case .loopItem(let renderer, _): renderer.loop.language
        }
    }

    /// How many tiles the document places: what drawing and compressing it costs.
    var tileCount: Int {
        switch self {
        case .rulerWindow(let window, _): window.blocks.count
        case .gridWindow(let window, _): window.columns.count * window.rows.count
        case .loopWindow(let window, _): window.items.count
        case .timelineWindow(let window, _, _): window.blocks.count
        case .rulerBlock, .gridTile, .loopItem, .timelineBlock: 1
        }
    }

    /// The document and where its tiles start, with tile drawings taken from `cache` if there is one.
    func render(cache: TileCache?) -> RenderedWindow {
        switch self {
        case .rulerWindow(let window, let drawing):
            // No block from the cache: a block is a `<use>` of the ticks and a label.
            return drawing.renderer.render(window)
        case .gridWindow(let window, let theme):
            // Nothing to cache either: the squares are drawn at once, and a label is a few bytes.
            return GridRenderer(grid: window.grid, theme: theme).render(window)
        case .loopWindow(let window, let theme):
            let renderer = Self.renderer(window, theme)
            let style = TileCache.style(of: renderer)
            return renderer.draw(window) { item in
                cache.map { $0.item(item, of: renderer, style: style) } ?? renderer.itemContent(item)
            }
        case .rulerBlock(let renderer, let block):
            return RenderedWindow(document: renderer.blockDocument(block))
        case .gridTile(let renderer, let tile):
            return RenderedWindow(document: renderer.tileDocument(tile))
        case .loopItem(let renderer, let item):
            return RenderedWindow(document: renderer.itemDocument(item))
        case .timelineWindow(let window, let theme, let items):
            let renderer = TimelineRenderer(window: window, theme: theme, items: items)
            guard let items, let cache else { return renderer.render(window) }
            // Each block's items drawn once and kept, and the titles beginning in it: a window over them copies them.
            let style = TileCache.itemsStyle(
                of: items, window.timeline, orientation: window.orientation, mirrored: window.isMirrored, theme: theme)
            let titlesStyle = style + "|titles"
            return renderer.render(
                window,
                itemsOfBlock: { block in
                    cache.content(for: TileKey(style: style, x: block)) {
                        renderer.itemsFragment(ofBlock: block, mirrored: window.isMirrored)
                    }
                },
                titlesOfBlock: { block in
                    cache.content(for: TileKey(style: titlesStyle, x: block)) {
                        renderer.itemTitles(beginningIn: block, mirrored: window.isMirrored)
                    }
                })
        case .timelineBlock(let renderer, let block, let mirrored, let thickness):
            return RenderedWindow(document: renderer.renderBlock(block, mirrored: mirrored, thickness: thickness))
        }
    }
}

extension SVGResource {
    /// Reads a window request's query; a ruler's look is drawn by `looks` (made now without it), a timeline's items
    /// are `items`'s.
    static func window(
        view: String, query: [(String, String)], looks: RulerLooks?, items: TimelineItemSets?
    ) throws(EndlessError) -> SVGResource {
        switch view {
        case "ruler":
            let parameters = try Parameters(query, accepted: Parameters.rulerNames)
            let (window, theme) = (try parameters.rulerWindow(), try parameters.theme())
            return .rulerWindow(
                window, looks?.drawing(of: window, theme: theme) ?? RulerLooks.drawing(of: window, theme: theme))
        case "grid":
            let parameters = try Parameters(query, accepted: Parameters.gridNames)
            return .gridWindow(try parameters.gridWindow(), try parameters.theme())
        case "loop":
            let parameters = try Parameters(query, accepted: Parameters.loopNames)
            return .loopWindow(try parameters.loopWindow(), try parameters.theme())
        case "timeline":
            let parameters = try Parameters(query, accepted: Parameters.timelineNames)
            let set = try items.set(named: parameters.text("items"))
            return .timelineWindow(try parameters.timelineWindow(items: set), try parameters.theme(), set)
        default: throw EndlessError("view", "\(view) is not a view; use ruler, grid, loop or timeline", kind: .notFound)
        }
    }

    /// Reads a query as `kind`'s route does, with the segments its pattern captured (a tile's file, a grid tile's
    /// column); with no kind, `/svg/{view}`'s, whose view does not exist. Any of them may pin the rendering version
    /// with `v`. A ruler window's look comes from `looks` when given.
    static func make(
        _ kind: Kind?, captures: [Substring], query: [(String, String)], looks: RulerLooks?,
        items: TimelineItemSets? = nil
    ) throws(EndlessError) -> SVGResource {
        if isPinned(query), query.contains(where: { $0.0 == "items" }) {
            throw EndlessError("v", "cannot pin a timeline with items: they change with their data; leave v out")
        }
        let query = try unpinned(query)
        let file = { (index: Int) in String(captures[index]) }
        switch kind {
        case nil: return try window(view: file(0), query: query, looks: looks, items: items)
        case .rulerWindow: return try window(view: "ruler", query: query, looks: looks, items: items)
        case .gridWindow: return try window(view: "grid", query: query, looks: looks, items: items)
        case .loopWindow: return try window(view: "loop", query: query, looks: looks, items: items)
        case .timelineWindow: return try window(view: "timeline", query: query, looks: looks, items: items)
        case .rulerBlock: return try rulerBlock(file: file(0), query: query)
        case .loopItem: return try loopItem(file: file(0), query: query)
        case .timelineBlock: return try timelineBlock(file: file(0), query: query)
        case .gridTile: return try gridTile(x: file(0), file: file(1), query: query)
        }
    }

    /// The path's parts between slashes, empty ones kept: found byte by byte, as `split` on a `Substring` walks it
    /// character by character (a tenth of reading a new window's URL).
    static func segments(of path: Substring) -> [Substring] {
        var parts: [Substring] = []
        parts.reserveCapacity(8)  // one allocation: the deepest path has six parts
        var start = path.startIndex
        var index = start
        while index < path.endIndex {
            if path.utf8[index] == UInt8(ascii: "/") {
                parts.append(path[start..<index])
                start = path.utf8.index(after: index)
            }
            index = path.utf8.index(after: index)
        }
        parts.append(path[start...])
        return parts
    }

    static let rulerTileNames = ["height"] + Parameters.rulerConfigurationNames + Parameters.lookNames
    static let loopTileNames = ["height"] + Parameters.loopConfigurationNames + ["orientation", "theme"]
    static let gridTileNames = ["tile", "zoom", "theme"]

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

    /// Reads `/svg/grid/tiles/{x}/{y}.svg`, `tile` (100) and `zoom` (0).
    static func gridTile(x: String, file: String, query: [(String, String)]) throws(EndlessError) -> SVGResource {
        let parameters = try Parameters(query, accepted: gridTileNames)
        let grid = try parameters.grid()
        // A tile of level z spans 2^z tiles of the world's: bounded so that its world points stay within ±1e15, and
        // its first and last world tiles (`Grid.covered`) within Int64.
        let column = try tileIndex(x + ".svg", "x", length: grid.tileSize * grid.scale)
        let row = try tileIndex(file, "y", length: grid.tileSize * grid.scale)
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

    static let timelineTileNames = ["height"] + Parameters.timelineConfigurationNames + Parameters.lookNames

    /// Reads `/svg/timeline/tiles/{block}.svg`: the block (within time's ends), the timeline's configuration and
    /// `height`, its thickness (120).
    static func timelineBlock(file: String, query: [(String, String)]) throws(EndlessError) -> SVGResource {
        let parameters = try Parameters(query, accepted: timelineTileNames)
        let timeline = try parameters.timeline()
        let orientation = try parameters.orientation()
        let thickness = try parameters.number("height", accepts: Limits.Accepts.windowSide) ?? 120
        try Limits.checkWindowSide(thickness, "height")
        let range = timeline.blockRange
        guard file.hasSuffix(".svg"), let block = Int64(file.dropLast(4)), range.contains(block) else {
            throw EndlessError(
                "block",
                "must be a whole block number from \(range.lowerBound) to \(range.upperBound) at this scale, as in 12.svg",
                kind: .notFound)
        }
        let mirrored = try parameters.isMirrored(orientation)
        let renderer = TimelineRenderer(
            timeline: timeline, orientation: orientation, theme: try parameters.theme(), thickness: thickness,
            mirrored: mirrored)
        return .timelineBlock(renderer, block: block, mirrored: mirrored, thickness: thickness)
    }

    /// A tile number from a file name such as `-12.svg`, whose tile of `length` world points lies within ±1e15.
    static func tileIndex(_ file: String, _ name: String, length: Double) throws(EndlessError) -> Int64 {
        let limit = Int64(Limits.maximumCoordinate / length)
        guard file.hasSuffix(".svg"), let index = Int64(file.dropLast(4)), (-limit...limit).contains(index) else {
            throw EndlessError(
                name, "must be a whole tile number within ±\(limit), as in 12.svg", kind: .notFound)
        }
        return index
    }
}

extension StableHash {
    fileprivate mutating func combine(numbers: Double...) {
        for number in numbers { combine(number) }
    }
}
