/// What `/frame/{view}` takes, written once: the page's report, the same for every view, then the view's
/// configuration (its window's parameters but where the window stands and how large it is: the page's viewport
/// says that) and what only its frames read. The frame endpoints accept these names, docs/protocol.md's frame
/// tables are written from them, and the elements' attributes (custom-elements.json) are made from them.
extension ParameterTable {
    package static func frameParameters(of view: String) -> [Parameter] {
        switch view {
        case "ruler": report + configuration(of: "ruler", but: ["value", "offset"]) + rulerFrame
        case "timeline": report + configuration(of: "timeline", but: ["at"]) + timelineFrame
        case "loop": report + configuration(of: "loop", but: ["offset"]) + loopFrame
        case "grid": report + configuration(of: "grid", but: ["x", "y", "height"]) + gridFrame
        default: []
        }
    }

    /// The names `/frame/{view}` takes.
    package static func frameNames(of view: String) -> [String] { frameParameters(of: view).map(\.name) }

    /// The window's parameters a frame reads as they are: not `width`, nor `height` (a frame's is the element's
    /// thickness), nor those in `excluded`.
    private static func configuration(of view: String, but excluded: Set<String>) -> [Parameter] {
        parameters(of: view).filter { !excluded.union(["width", "height"]).contains($0.name) }
    }

    private typealias Accepts = Limits.Accepts

    /// What the page reports with every frame it asks for (docs/protocol.md, *The frame protocol*).
    package static let report = [
        Parameter("seq", takes: Accepts.sequence, byDefault: "0", "echoed, so that a late answer is dropped"),
        Parameter(
            "t", takes: Accepts.pageClock, byDefault: "none",
            "when the page first saw the scroll position it reports (with mark, the scroll's speed)"),
        Parameter(
            "mark", takes: Accepts.mark, byDefault: "none", "the last frame's mark: where and how fast it scrolled",
            refused: "1:0"),
        Parameter(
            "rtt", takes: Accepts.roundTrip, byDefault: "0: unknown",
            "the page's quickest round trip of its last 8, less the server's time on each (took)"),
        Parameter(
            "frame", takes: Accepts.frameTime, byDefault: "none",
            "the middle of the gaps between its last 8 scroll events a frame apart"),
        Parameter(
            "size", takes: Accepts.viewport, byDefault: "none: it must be given", "the viewport's width and height"),
        Parameter("scroll", takes: Accepts.scrollPosition, byDefault: "0,0", "its scrollLeft,scrollTop"),
        Parameter(
            "origin", takes: Accepts.origins, byDefault: "none: place the view anew",
            "per axis, the world coordinate of content 0, as the last frame said"),
        Parameter(
            "have", takes: Accepts.tilesHeld, byDefault: "none: place the view anew",
            "per axis, the tiles held, as the last frame said"),
        Parameter("end", takes: Accepts.flag, byDefault: "0", "1: a scroll ended"),
        Parameter("resize", takes: Accepts.flag, byDefault: "0", "1: the view was resized"),
        Parameter("key", takes: Accepts.key, byDefault: "none", "a key pressed"),
        Parameter(
            "presses", takes: Accepts.keyPresses, byDefault: "1",
            "with key: how many times it was pressed while the last answer was on its way"),
    ]

    /// An element's thickness across its axis, where a window's is its `height` or `width`.
    private static func thickness(_ across: String, byDefault: String = "120") -> Parameter {
        Parameter(
            "height", takes: Accepts.windowSide, byDefault: byDefault, "its thickness across \(across), in points")
    }

    private static let zoomBy = Parameter(
        "zoom-by", takes: Accepts.zoomFactor, byDefault: "none", "a zoom gesture's factor since the scale last changed")

    private static let zoomAt = Parameter(
        "zoom-at", takes: Accepts.position, byDefault: "the middle", "where along the view a zoom is centred",
        refused: "-1")

    private static let zoomable = Parameter(
        "zoomable", takes: "anything: given, the element zooms", byDefault: "none",
        "the element zooms: from step, without zoom", refused: nil)

    private static let rulerFrame = [
        thickness("the ticks"),
        Parameter(
            "value", takes: Accepts.decimal, byDefault: "60, or min on a ruler configured otherwise",
            "where to open when placed anew (and, resized, "
                + "the value to keep)"),
        Parameter(
            "lead", takes: Accepts.leaderValue, byDefault: "none: no leader",
            "for a follower: its leader's value under the pointer (readout.position)"),
        Parameter(
            "factor", takes: Accepts.factor, byDefault: "1", "for a follower: its value is its leader's times this",
            refused: "0"),
        zoomable, zoomBy, zoomAt,
    ]

    private static let timelineFrame =
        [
            thickness("the ticks", byDefault: "120; with items, the axis and its lanes"),
            Parameter(
                "value", takes: Accepts.instant, byDefault: "2026-03-29T00:30:00Z (the element sends its clock)",
                "the instant to open at when placed anew"),
            Parameter(
                "lead", takes: Accepts.leaderInstant, byDefault: "none: no leader",
                "for a follower: its leader's instant under the pointer"),
            Parameter(
                "zoom", takes: Accepts.timeScale, byDefault: "scale", "the rung the element shows: it stands for scale"),
            zoomable, zoomBy, zoomAt,
        ] + timelineItemsFrame

    /// What a timeline's frame reads of its items, each a 400 without `items`.
    package static let timelineItemsFrame = [
        Parameter(
            "drawn", takes: "what the last frame said of its items (drawn)", byDefault: "none",
            "with items: the set as the page holds it drawn, so that a changed set is drawn again", refused: nil),
        Parameter(
            "selected", takes: Accepts.itemIndex, byDefault: "none",
            "with items: the item held (the one [ or ] went to)"),
        Parameter(
            "item", takes: Accepts.itemStep, byDefault: "none", "with items: go to the next or the previous item"),
        Parameter(
            "pick", takes: Accepts.point, byDefault: "none", "with items: a click, to find the item under it",
            refused: "-1,0"),
    ]

    private static let loopFrame = [
        thickness("the strip"),
        Parameter("item", takes: Accepts.loopItem, byDefault: "0", "the item to centre when placed anew"),
    ]

    private static let gridFrame = [
        Parameter("x", takes: Accepts.coordinate, byDefault: "0", "the world x to centre when placed anew"),
        Parameter("y", takes: Accepts.coordinate, byDefault: "0", "the world y to centre when placed anew"),
        zoomBy,
        Parameter(
            "zoom-at", takes: Accepts.point, byDefault: "the middle", "where in the view a zoom is centred",
            refused: "-1,0"),
    ]
}
