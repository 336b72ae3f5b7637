/// Reading each view's window from named parameters: the names and defaults of the query string and
/// of `endless render` alike.
extension Parameters {
    static let windowSide = Limits.Accepts.windowSide
    static let coordinate = Limits.Accepts.coordinate
    /// Names made once, not an array a request.
    private static let zoomNames = ["zoom", "min-zoom", "max-zoom"]
    private static let rangeNames = ["min", "max", "step", "ticks", "spacing", "ends", "unit"]

    func windowSize(defaultWidth: Double, defaultHeight: Double) throws(EndlessError) -> (Double, Double) {
        (
            try number("width", accepts: Self.windowSide) ?? defaultWidth,
            try number("height", accepts: Self.windowSide) ?? defaultHeight
        )
    }

    /// A ruler from `min`, `max`, `step`, `ticks`, `spacing`, `ends`, `unit`, `format`, `grouping` and
    /// `subdivisions`, each defaulting to seed 000's, or to what a `format` measures (`RulerConfiguration.standard`);
    /// at `zoom` values a tick when given (`zoom(of:)`).
    package func ruler() throws(EndlessError) -> Ruler {
        let base = try baseRuler()
        guard let zoom = try zoom(of: base) else { return base }
        return try zoom.ladder.ruler(at: zoom.at)
    }

    /// `base`'s zoom ladder (`min-zoom`…`max-zoom`) and the rung `zoom` asks (the step when not given); `nil` when
    /// none of them is given.
    package func zoom(of base: Ruler) throws(EndlessError) -> (ladder: RulerZoom, at: DecimalNumber)? {
        guard Self.zoomNames.contains(where: contains) else { return nil }
        let ladder = try RulerZoom(base, lowest: try decimal("min-zoom"), highest: try decimal("max-zoom"))
        return (ladder, try decimal("zoom") ?? base.configuration.step)
    }

    /// The ruler as configured, at its own step.
    package func baseRuler() throws(EndlessError) -> Ruler {
        let format = try rulerFormat()
        var configuration = RulerConfiguration.standard(for: format)
        let custom = Self.rangeNames.contains(where: contains)
        if custom { configuration.initialValue = nil }
        if let minimum = try decimal("min") { configuration.minimum = minimum }
        if let maximum = try decimal("max") { configuration.maximum = maximum }
        if let step = try decimal("step") { configuration.step = step }
        if let ticks = try integer("ticks", accepts: Limits.Accepts.ticks) {
            configuration.ticksPerBlock = ticks
            configuration.subdivisions = []
        }
        if let spacing = try number("spacing", accepts: Limits.Accepts.tickSpacing) {
            configuration.tickSpacing = spacing
        }
        if let ends = try option("ends", RulerEnds.all) { configuration.ends = ends }
        if let unit = text("unit") { configuration.unit = unit }
        configuration.language = try language()
        if let subdivisions = text("subdivisions") {
            let parts = subdivisions.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count <= 6, parts.allSatisfy({ $0 != nil }) else {
                throw EndlessError("subdivisions", "must be whole numbers separated by commas, such as 2,2,2,2")
            }
            configuration.subdivisions = parts.map { $0! }
        }
        return try Ruler(configuration)
    }

    /// `format` (`decimal`, `feet-inches`, `fraction` or `time`) and, for a decimal, `grouping` (`,.` writes 1,234.5).
    func rulerFormat() throws(EndlessError) -> RulerFormat {
        let format = try option("format", RulerFormat.all) ?? .decimal
        guard let text = text("grouping") else { return format }
        guard format == .decimal else { throw EndlessError("grouping", "is only for format=decimal") }
        guard let grouping = Grouping(text) else {
            throw EndlessError(
                "grouping", "must be a group separator (, . ' _ or a space) then a decimal mark (. or ,), such as ,.")
        }
        return .decimal(grouping: grouping)
    }

    /// `orientation`: `horizontal` (the default) or `vertical`.
    package func orientation() throws(EndlessError) -> Orientation {
        try option("orientation", Orientation.all) ?? .horizontal
    }

    /// `dir`: `ltr` (the default) or `rtl`, a horizontal ruler whose values grow to the left.
    package func isMirrored(_ orientation: Orientation) throws(EndlessError) -> Bool {
        let direction = try option("dir", Direction.all) ?? .leftToRight
        if direction == .rightToLeft && orientation.isVertical {
            throw EndlessError("dir", "must be ltr for a vertical ruler; rtl is for a horizontal one")
        }
        return direction == .rightToLeft
    }

    /// `theme`: `light` (the default), `dark`, or `auto` (follows `prefers-color-scheme`).
    package func theme() throws(EndlessError) -> Theme { try option("theme", Theme.all) ?? .light }

    /// One of a few named choices.
    func option<Choice: CustomStringConvertible>(_ name: String, _ choices: [Choice]) throws(EndlessError) -> Choice? {
        guard let text = text(name) else { return nil }
        guard let choice = choices.first(where: { $0.description == text }) else {
            throw EndlessError(name, "must be \(Parameter.either(choices.map(\.description)))")
        }
        return choice
    }

    /// A ruler window: the ruler, at `value` or `offset` (not both), `width` × `height` (600 × 120; a vertical
    /// one 120 × 600), `orientation` and `dir`.
    package func rulerWindow() throws(EndlessError) -> RulerWindow {
        let ruler = try ruler()
        let orientation = try orientation()
        let mirrored = try isMirrored(orientation)
        let (width, height) = try windowSize(
            defaultWidth: orientation.isVertical ? 120 : 600, defaultHeight: orientation.isVertical ? 600 : 120)
        let offset: Double
        if let value = try decimal("value") {
            guard !contains("offset") else { throw EndlessError("value", "give value or offset, not both") }
            offset = try ruler.offset(for: value)
        } else if let given = try number("offset", accepts: Self.coordinate) {
            offset = given
        } else {
            offset = try ruler.offset(for: ruler.configuration.initialValue ?? ruler.configuration.minimum)
        }
        return try RulerWindow(
            ruler: ruler, offset: offset, width: width, height: height, orientation: orientation, mirrored: mirrored)
    }

    /// What every view's look may add: its orientation (ruler and loop), direction (ruler) and theme.
    package static let lookNames = ["orientation", "dir", "theme"]

    /// A ruler's configuration, the same in a window, a tile and a page's frame.
    package static let rulerConfigurationNames = [
        "min", "max", "step", "ticks", "spacing", "ends", "unit", "format", "grouping", "subdivisions", "zoom",
        "min-zoom", "max-zoom", "locale",
    ]

    package static let rulerNames = ParameterTable.names(of: "ruler")

    /// A grid of `tile`-point tiles (100) at zoom level `zoom` (0).
    package func grid() throws(EndlessError) -> Grid {
        try Grid(
            tileSize: try number("tile", accepts: Limits.Accepts.tileSize) ?? 100,
            level: try integer("zoom", accepts: Limits.Accepts.gridLevel) ?? 0, language: try language())
    }

    /// A grid window centred on world point (`x`, `y`), `width` × `height` (600 × 400).
    package func gridWindow() throws(EndlessError) -> GridWindow {
        let grid = try grid()
        let (width, height) = try windowSize(defaultWidth: 600, defaultHeight: 400)
        return try GridWindow(
            grid: grid, centerX: try number("x", accepts: Self.coordinate) ?? 0,
            centerY: try number("y", accepts: Self.coordinate) ?? 0, width: width, height: height)
    }

    package static let gridNames = ParameterTable.names(of: "grid")

    /// A loop of `count` items (21) every `spacing` points (150), the first `inset` points in (40, wrapped into a
    /// shorter loop).
    package func loop() throws(EndlessError) -> Loop {
        try Loop(
            count: try integer("count", accepts: Limits.Accepts.loopCount) ?? 21,
            spacing: try number("spacing", accepts: Limits.Accepts.itemSpacing) ?? 150,
            inset: try number("inset", accepts: "a number of points within one loop period"),
            language: try language())
    }

    /// A loop window whose leading edge is at `offset` (0), `width` × `height` (600 × 120; vertical 120 × 600).
    package func loopWindow() throws(EndlessError) -> LoopWindow {
        let loop = try loop()
        let orientation = try orientation()
        let (width, height) = try windowSize(
            defaultWidth: orientation.isVertical ? 120 : 600, defaultHeight: orientation.isVertical ? 600 : 120)
        return try LoopWindow(
            loop: loop, offset: try number("offset", accepts: Self.coordinate) ?? 0, width: width, height: height,
            orientation: orientation)
    }

    package static let loopConfigurationNames = ["count", "spacing", "inset", "locale"]
    package static let loopNames = ParameterTable.names(of: "loop")
}
