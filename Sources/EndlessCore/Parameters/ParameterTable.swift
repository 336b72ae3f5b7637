/// Every parameter of a view's window (and of its frames: `ParameterTable+frames.swift`), written once: what it
/// takes, its default and what it means. The endpoints accept these names (`Parameters.rulerNames`…), `endless
/// render`'s options take their help from here, docs/protocol.md's tables and the elements' attributes
/// (custom-elements.json) are written from here, and tests hold the parsers to it: a value it names as refused is the
/// 400 it says, and its default, given, draws the window left without it.
package struct Parameter: Sendable {
    package let name: String
    /// What it takes, as its 400 says: `name: must be …`.
    package let takes: String
    /// Its default in words.
    package let byDefault: String
    /// What it does, in a line.
    package let meaning: String
    /// The default as a value, where one draws the same window as leaving the parameter out (a ruler's range
    /// given with its value): what `ParameterTableTests` holds the parsers to, with `refused`.
    package let sameAsLeftOut: String?
    /// A value the parser refuses with `takes`.
    package let refused: String?
    /// Its values, when it takes one of a few names (an element's attribute is then typed as their union).
    package private(set) var choices: [String]

    init(
        _ name: String, takes: String, byDefault: String, _ meaning: String, sameAsLeftOut: String? = nil,
        refused: String? = "x"
    ) {
        (self.name, self.takes, self.byDefault, self.meaning) = (name, takes, byDefault, meaning)
        (self.sameAsLeftOut, self.refused, self.choices) = (sameAsLeftOut, refused, [])
    }

    /// One that takes one of `choices`, named as `Parameters.option` reads them.
    init(
        _ name: String, choices: [some CustomStringConvertible], byDefault: String, _ meaning: String,
        sameAsLeftOut: String? = nil
    ) {
        let names = choices.map(\.description)
        self.init(
            name, takes: Self.either(names), byDefault: byDefault, meaning, sameAsLeftOut: sameAsLeftOut)
        self.choices = names
    }

    /// `a, b or c`: choices as a 400 names them.
    package static func either(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : "\(names.dropLast().joined(separator: ", ")) or \(names.last!)"
    }

    /// `endless render`'s help for it: its meaning, what it takes (in the 400's words) and its default.
    package var help: String {
        meaning.prefix(1).uppercased() + meaning.dropFirst() + ". Must be \(takes); default \(byDefault)."
    }
}

package enum ParameterTable {
    /// The views, by the name their endpoints and `endless render` give them.
    package static let views = ["ruler", "timeline", "loop", "grid"]

    package static func parameters(of view: String) -> [Parameter] {
        switch view {
        case "ruler": ruler
        case "timeline": timeline
        case "loop": loop
        case "grid": grid
        default: []
        }
    }

    /// `view`'s parameter `name`.
    package static func parameter(_ name: String, of view: String) -> Parameter? {
        parameters(of: view).first { $0.name == name }
    }

    /// The names `view`'s window takes.
    package static func names(of view: String) -> [String] { parameters(of: view).map(\.name) }

    private typealias Accepts = Limits.Accepts

    private static func orientation(_ runs: String) -> Parameter {
        Parameter(
            "orientation", choices: Orientation.all, byDefault: "horizontal",
            "which way the view runs (vertical: \(runs) downwards)", sameAsLeftOut: "horizontal")
    }

    private static func direction(_ grows: String) -> Parameter {
        Parameter(
            "dir", choices: Direction.all, byDefault: "ltr", "which way a horizontal \(grows): rtl to the left",
            sameAsLeftOut: "ltr")
    }

    private static let theme = Parameter(
        "theme", choices: Theme.all, byDefault: "light",
        "its colours; auto follows the reader's prefers-color-scheme", sameAsLeftOut: "light")

    private static func locale(for words: String, byDefault: String, sameAsLeftOut: String?) -> Parameter {
        Parameter(
            "locale", takes: Accepts.locale, byDefault: byDefault, "the reader's language for \(words)",
            sameAsLeftOut: sameAsLeftOut)
    }

    private static func width(_ byDefault: String) -> Parameter {
        Parameter(
            "width", takes: Accepts.windowSide, byDefault: byDefault, "the window's width in points",
            sameAsLeftOut: byDefault.prefix { $0.isNumber }.description)
    }

    private static func height(_ byDefault: String) -> Parameter {
        Parameter(
            "height", takes: Accepts.windowSide, byDefault: byDefault, "the window's height in points",
            sameAsLeftOut: byDefault.prefix { $0.isNumber }.description)
    }

    private static let ruler = [
        Parameter(
            "value", takes: Accepts.decimal, byDefault: "60, or min on a ruler configured otherwise",
            "the value under the pointer, exactly", sameAsLeftOut: "60"),
        Parameter(
            "offset", takes: Accepts.coordinate, byDefault: "value's",
            "the ruler's offset under the pointer, in points "
                + "(tick n is n × spacing along); instead of value"),
        width("600; vertical 120"), height("120; vertical 600"),
        Parameter(
            "min", takes: Accepts.decimal, byDefault: "9", "the first block's label, and the lowest value when clamped",
            sameAsLeftOut: "9"),
        Parameter(
            "max", takes: Accepts.decimal, byDefault: "999",
            "the last block's label, and the highest value when clamped",
            sameAsLeftOut: "999"),
        Parameter("step", takes: Accepts.decimal, byDefault: "0.1", "the value between ticks", sameAsLeftOut: "0.1"),
        Parameter(
            "ticks", takes: Accepts.ticks, byDefault: "10", "ticks per block, its label on the middle one",
            sameAsLeftOut: "10"),
        Parameter("spacing", takes: Accepts.tickSpacing, byDefault: "10", "points between ticks", sameAsLeftOut: "10"),
        Parameter(
            "ends", choices: RulerEnds.all, byDefault: "wrap", "what follows max: min again (wrap), or nothing (clamp)",
            sameAsLeftOut: "wrap"),
        Parameter(
            "unit", takes: Accepts.unit, byDefault: "kg; in, min or s for the formats", "the unit after each value",
            sameAsLeftOut: "kg", refused: String(repeating: "k", count: Limits.maximumUnitBytes + 1)),
        Parameter(
            "format", choices: RulerFormat.all, byDefault: "decimal",
            "how values are written: 72.4, 5′ 8″, 3 1/16, 1:30", sameAsLeftOut: "decimal"),
        Parameter(
            "grouping",
            takes: "a group separator (, . ' _ or a space) then a decimal mark (. or ,), such as ,.",
            byDefault: "none", "a decimal's group separator and mark: ,. writes 1,234.5"),
        Parameter(
            "subdivisions", takes: "whole numbers separated by commas, such as 2,2,2,2", byDefault: "none",
            "the tick levels a block splits into: 2,2,2,2 for an inch of 16ths"),
        Parameter(
            "zoom", takes: Accepts.decimal, byDefault: "step", "the value a tick is, on a 1-2-5 ladder from step",
            sameAsLeftOut: "0.1"),
        Parameter(
            "min-zoom", takes: Accepts.decimal, byDefault: "step", "the finest zoom a reader may reach",
            sameAsLeftOut: "0.1"),
        Parameter(
            "max-zoom", takes: Accepts.decimal, byDefault: "step × 10000", "the coarsest zoom a reader may reach",
            sameAsLeftOut: "1000"),
        locale(for: "its words and numbers: de-DE writes 72,4 kg", byDefault: "none: English", sameAsLeftOut: "en"),
        orientation("values grow"),
        direction("ruler's values grow"),
        theme,
    ]

    private static let timeline = [
        Parameter(
            "at", takes: Accepts.instant, byDefault: "2026-03-29T00:30:00Z, never the clock",
            "the instant under the pointer", sameAsLeftOut: "2026-03-29T00:30:00Z"),
        width("1200; vertical 200, with items the axis and lanes"),
        height("120, with items the axis and lanes; vertical 600"),
        Parameter(
            "tz", takes: Accepts.zone, byDefault: "UTC", "the time zone whose clock labels the ticks",
            sameAsLeftOut: "UTC"),
        Parameter(
            "scale", takes: Accepts.timeScale, byDefault: "1h", "the interval between minor ticks",
            sameAsLeftOut: "1h"),
        Parameter("spacing", takes: Accepts.tickSpacing, byDefault: "80", "points between ticks", sameAsLeftOut: "80"),
        Parameter("min", takes: Accepts.instant, byDefault: "none", "the earliest instant"),
        Parameter("max", takes: Accepts.instant, byDefault: "none", "the latest instant"),
        Parameter(
            "step", takes: Accepts.timeScale, byDefault: "scale", "what the value snaps to",
            sameAsLeftOut: "1h"),
        Parameter(
            "ends", takes: "clamp: a timeline stops at min and max, and time does not wrap", byDefault: "clamp",
            "what the ends do: the only choice, clamp", sameAsLeftOut: "clamp"),
        Parameter(
            "hours", choices: HourCycle.allCases.map(\.rawValue), byDefault: "the locale's, else 24",
            "the clock: 14:00 (24) or 2 PM (12)",
            sameAsLeftOut: "24"),
        Parameter(
            "week-start", choices: WeekStart.allCases.map(\.rawValue), byDefault: "the locale's, else monday",
            "the day a week starts (ISO 8601's is monday)", sameAsLeftOut: "monday"),
        locale(
            for: "its words and calendar: ja-JP, ar-EG, hi-IN",
            byDefault: "none: English words, the title's instant in RFC 3339", sameAsLeftOut: nil),
        orientation("time runs"),
        direction("timeline's time runs"),
        theme,
        Parameter(
            "items", takes: "a set's name: 1 to 32 of a-z, 0-9, - and _", byDefault: "none",
            "an item set the server serves, drawn in lanes beside the axis (not endless render's --items, a file)",
            refused: "x!"),
    ]

    private static let loop = [
        Parameter(
            "offset", takes: Accepts.coordinate, byDefault: "0", "the strip's offset at the window's leading edge",
            sameAsLeftOut: "0"),
        width("600; vertical 120"), height("120; vertical 600"),
        Parameter("count", takes: Accepts.loopCount, byDefault: "21", "items in the loop", sameAsLeftOut: "21"),
        Parameter(
            "spacing", takes: Accepts.itemSpacing, byDefault: "150", "points between items", sameAsLeftOut: "150"),
        Parameter(
            "inset", takes: "a number of points within one loop period",
            byDefault: "40, wrapped into a shorter loop", "where item 0 sits, in points from offset 0",
            sameAsLeftOut: "40"),
        locale(for: "its numbers: fa-IR writes ۱۲", byDefault: "none: ASCII digits", sameAsLeftOut: "en"),
        orientation("items run"), theme,
    ]

    private static let grid = [
        Parameter(
            "x", takes: Accepts.coordinate, byDefault: "0", "the world x at the window's centre", sameAsLeftOut: "0"),
        Parameter(
            "y", takes: Accepts.coordinate, byDefault: "0", "the world y at the window's centre, growing downwards",
            sameAsLeftOut: "0"),
        width("600"), height("400"),
        Parameter("tile", takes: Accepts.tileSize, byDefault: "100", "a tile's side in points", sameAsLeftOut: "100"),
        Parameter(
            "zoom", takes: Accepts.gridLevel, byDefault: "0",
            "the zoom level: a tile covers 2^zoom × 2^zoom of the world",
            sameAsLeftOut: "0"),
        theme,
        locale(for: "its numbers: ar-EG writes ٣", byDefault: "none: ASCII digits", sameAsLeftOut: "en"),
    ]
}
