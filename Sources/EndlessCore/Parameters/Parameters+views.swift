/// Reading each view's window from named parameters: the names and defaults of the query string and
/// of `endless render` alike.
extension Parameters {
    static let windowSide = "a number greater than 0 and at most 8192"
    static let coordinate = "a number between -1e15 and 1e15"

    func windowSize(defaultWidth: Double, defaultHeight: Double) throws(EndlessError) -> (Double, Double) {
        (
            try number("width", accepts: Self.windowSide) ?? defaultWidth,
            try number("height", accepts: Self.windowSide) ?? defaultHeight
        )
    }

    /// A ruler from `min`, `max`, `step`, `ticks`, `spacing`, `ends` and `unit`, each defaulting to seed 000's.
    public func ruler() throws(EndlessError) -> Ruler {
        var configuration = RulerConfiguration.weight
        let custom = ["min", "max", "step", "ticks", "spacing", "ends", "unit"].contains(where: contains)
        if custom { configuration.initialValue = nil }
        if let minimum = try decimal("min") { configuration.minimum = minimum }
        if let maximum = try decimal("max") { configuration.maximum = maximum }
        if let step = try decimal("step") { configuration.step = step }
        if let ticks = try integer("ticks", accepts: "a whole number of ticks per block from 1 to 100") {
            configuration.ticksPerBlock = ticks
        }
        if let spacing = try number("spacing", accepts: "a tick spacing in points from 2 to 1000") {
            configuration.tickSpacing = spacing
        }
        if let ends = text("ends") {
            guard let known = RulerEnds.all.first(where: { $0.description == ends }) else {
                throw EndlessError("ends", "must be wrap or clamp")
            }
            configuration.ends = known
        }
        if let unit = text("unit") { configuration.unit = unit }
        return try Ruler(configuration)
    }

    /// A ruler window: the ruler, at `value` or `offset` (not both), `width` × `height` (600 × 120).
    public func rulerWindow() throws(EndlessError) -> RulerWindow {
        let ruler = try ruler()
        let (width, height) = try windowSize(defaultWidth: 600, defaultHeight: 120)
        let offset: Double
        if let value = try decimal("value") {
            guard !contains("offset") else { throw EndlessError("value", "give value or offset, not both") }
            offset = try ruler.offset(for: value)
        } else if let given = try number("offset", accepts: Self.coordinate) {
            offset = given
        } else {
            offset = try ruler.offset(for: ruler.configuration.initialValue ?? ruler.configuration.minimum)
        }
        return try RulerWindow(ruler: ruler, offset: offset, width: width, height: height)
    }

    public static let rulerNames = [
        "value", "offset", "width", "height", "min", "max", "step", "ticks", "spacing", "ends", "unit",
    ]

    /// A grid of `tile`-point tiles (100).
    public func grid() throws(EndlessError) -> Grid {
        try Grid(tileSize: try number("tile", accepts: "a tile size in points from 10 to 4096") ?? 100)
    }

    /// A grid window centred on world point (`x`, `y`), `width` × `height` (600 × 400).
    public func gridWindow() throws(EndlessError) -> GridWindow {
        let grid = try grid()
        let (width, height) = try windowSize(defaultWidth: 600, defaultHeight: 400)
        return try GridWindow(
            grid: grid, centerX: try number("x", accepts: Self.coordinate) ?? 0,
            centerY: try number("y", accepts: Self.coordinate) ?? 0, width: width, height: height)
    }

    public static let gridNames = ["x", "y", "width", "height", "tile"]

    /// A loop of `count` items (21) every `spacing` points (150), the first `inset` points in (40).
    public func loop() throws(EndlessError) -> Loop {
        try Loop(
            count: try integer("count", accepts: "a whole number of items from 1 to 100000") ?? 21,
            spacing: try number("spacing", accepts: "an item spacing in points from 10 to 4096") ?? 150,
            inset: try number("inset", accepts: "a number of points within one loop period") ?? 40)
    }

    /// A loop window whose left edge is at `offset` (0), `width` × `height` (600 × 120).
    public func loopWindow() throws(EndlessError) -> LoopWindow {
        let loop = try loop()
        let (width, height) = try windowSize(defaultWidth: 600, defaultHeight: 120)
        return try LoopWindow(
            loop: loop, offset: try number("offset", accepts: Self.coordinate) ?? 0, width: width, height: height)
    }

    public static let loopNames = ["offset", "width", "height", "count", "spacing", "inset"]
}
