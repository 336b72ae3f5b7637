// Requests drawn from the grammar of every endpoint in the table, each valid but for one or two parameters at an edge.
//
// `Fuzz/Sources/GrammarFuzz/RequestGrammar.swift` is a link to this file: `scripts/fuzz grammar` runs millions of
// these, and writes some as seeds for libFuzzer; `GrammarTests` runs a hundred thousand in CI.
import EndlessCore
import Foundation
import TestSupport

#if ENDLESS_FUZZ
    @testable import FuzzedServer
#else
    @testable import EndlessServer
#endif

/// Draws request targets from the endpoint table (`EndpointTable.endpoints`): a row, its `:name` segments, and for
/// each name it reads (`Endpoint.parameters`) a valid value, some left out; then one or two of them at an edge: a
/// limit and one past it, `Int64`'s ends, the view's own ends (time's ends at this rung and spacing, in points), the
/// largest sizes, every key with the most presses. A name it has no grammar for gets every number's edges, so a
/// parameter added to an endpoint is drawn at once.
struct RequestGrammar {
    let endpoints: [Endpoint]
    let weight: Int
    var random: SeededGenerator

    init(table: EndpointTable, seed: UInt64) {
        endpoints = table.endpoints
        weight = endpoints.reduce(0) { $0 + 1 + $1.parameters.count }
        random = SeededGenerator(seed: seed)
    }

    /// The next request's target: a path and query, as sent.
    mutating func next() -> String {
        // A row as often as it has names to vary, and at least once as often as a row with none.
        var (choice, index) = (Int(random.next() % UInt64(weight)), 0)
        while choice >= 1 + endpoints[index].parameters.count {
            choice -= 1 + endpoints[index].parameters.count
            index += 1
        }
        let endpoint = endpoints[index]
        let view = Self.view(of: endpoint.pattern)
        var query = Query()
        for name in endpoint.parameters where chance(0.4) || Self.isRequired(name, on: endpoint.pattern) {
            query[name] = valid(name, view: view, query: query)
        }
        // Values that agree with each other: a ruler's range and step, a frame's origins and tiles held.
        coherent(&query, view: view, names: endpoint.parameters)
        if endpoint.pattern.hasPrefix("/frame/") { coherentFrame(&query, view: view) }
        let edges = 1 + Int(random.next() % 2)
        for _ in 0..<edges {
            guard let name = endpoint.parameters.randomElement(using: &random) else { break }
            query[name] = edge(name, view: view, query: query)
        }
        let path = endpoint.pattern.split(separator: "/", omittingEmptySubsequences: false).map { part in
            part.hasPrefix(":") ? segment(String(part.dropFirst())) : String(part)
        }.joined(separator: "/")
        return query.pairs.isEmpty ? path : path + "?" + query.text
    }

    // MARK: - Valid values

    /// A valid value of `name` on `view`'s endpoints (`nil` for a page, an asset), given what is chosen so far.
    private mutating func valid(_ name: String, view: String?, query: Query) -> String {
        switch (view, name) {
        case (nil, "value"): return pick(["72.4", "8.5", "999.4", "100"])
        case (nil, "height"): return pick(["172.5", "100", "250"])
        case (nil, "time"): return pick(["7.5", "0", "12.25"])
        case (_, "v"): return SVGResource.renderingVersion
        case ("timeline", "value"), (_, "at"): return instant()
        case ("timeline", "min"): return instant(years: 1...5000)
        case ("timeline", "max"): return instant(years: 5001...9999)
        case ("timeline", "scale"), ("timeline", "step"), ("timeline", "zoom"):
            return TimeScale.allCases.randomElement(using: &random)!.rawValue
        case ("timeline", "spacing"): return pick(["80", "2", "1000", "37.5", "120"])
        case ("timeline", "ends"): return "clamp"
        case ("grid", "zoom"): return String(Int.random(in: Limits.gridLevelRange, using: &random))
        case ("grid", "tile"), ("loop", "spacing"): return pick(["100", "10", "4096", "150", "33.3"])
        case (_, "value"), (_, "min-zoom"), (_, "max-zoom"), (_, "zoom"): return decimal()
        case (_, "min"): return pick(["0", "-100", "18", "100"])
        case (_, "max"): return pick(["250", "1000", "2204", "100000"])
        case (_, "step"): return pick(["0.1", "0.5", "1", "0.0625", "0.001", "10"])
        case (_, "ticks"): return String(Int.random(in: Limits.ticksPerBlockRange, using: &random))
        case (_, "spacing"): return pick(["10", "2", "1000", "12.5"])
        case (_, "ends"): return pick(RulerEnds.all.map(\.description))
        case (_, "unit"): return pick(["kg", "cm", "%E2%80%B2", ""])
        case (_, "format"): return pick(RulerFormat.all.map(\.description))
        case (_, "grouping"): return pick([",.", "%20,", "'.", "_,"])
        case (_, "subdivisions"): return pick(["2,2,2,2", "2,5", "10", "4,4"])
        case (_, "orientation"): return pick(Orientation.all.map(\.description))
        case (_, "dir"): return pick(Direction.all.map(\.description))
        case (_, "theme"): return pick(Theme.all.map(\.description))
        case (_, "tz"): return pick(chance(0.5) ? Self.zones : Self.everyZone)
        case (_, "locale"): return locale()
        case (_, "items"): return "edges"
        case ("timeline", "item"): return pick(["next", "previous"])
        case ("timeline", "pick"): return number(0...2000) + "," + number(0...400)
        case (_, "selected"): return String(Int.random(in: 0...30, using: &random))
        case (_, "drawn"): return pick(["0", "ffffffffffffffff", "1a2b3c"])
        case (_, "hours"): return pick(HourCycle.allCases.map(\.rawValue))
        case (_, "week-start"): return pick(WeekStart.allCases.map(\.rawValue))
        case (_, "width"), (_, "height"): return number(1...2000)
        case (_, "offset"), (_, "x"), (_, "y"): return number(-1e6...1e6)
        case (_, "count"): return String(Int.random(in: 1...500, using: &random))
        case (_, "inset"): return number(0...100)
        case (_, "item"): return String(Int.random(in: -1000...1000, using: &random))
        case (_, "lead"): return number(-6e10...2.5e11)
        case (_, "factor"): return pick(["2.20462262185", "0.0328084", "-1", "1"])
        case (_, "zoomable"), (_, "end"), (_, "resize"): return pick(["1", "0"])
        case (_, "zoom-by"): return pick(["2", "0.5", "1.6", "0.7", "1"])
        case ("grid", "zoom-at"): return number(0...300) + "," + number(0...300)
        case (_, "zoom-at"): return number(0...300)
        case (_, "seq"): return String(Int.random(in: 0...100_000, using: &random))
        case (_, "t"): return number(0...1e7)
        case (_, "rtt"): return number(0...300)
        case (_, "frame"): return pick(["0", "16.7", "33.3"])
        case (_, "size"): return number(1...2000) + "," + number(1...2000)
        case (_, "scroll"): return number(0...4e6) + "," + number(0...4e6)
        case (_, "origin"): return number(-1e7...1e7)
        case (_, "have"): return "0:3"
        case (_, "mark"): return number(-1e6...1e6) + ":" + number(-5...5) + "@" + number(0...1e7)
        case (_, "key"): return pick(ViewKey.allCases.map(\.rawValue))
        case (_, "presses"): return String(Int.random(in: Limits.keyPressRange, using: &random))
        case (_, "time"), (_, "meeting"): return instant()
        default: return pick(Self.numberEdges)
        }
    }

    /// A ruler's range, step and ticks as one of the configurations that fit together, when any of them is given; a
    /// grouping only for decimals.
    private mutating func coherent(_ query: inout Query, view: String?, names: [String]) {
        if view == "ruler", ["min", "max", "step", "ticks"].contains(where: { query[$0] != nil }) {
            let (min, max, step, ticks) = pick([
                ("0", "100", "0.1", "10"), ("100", "250", "0.5", "10"), ("18", "2204", "1", "2"),
                ("-1000", "1000", "0.0625", "16"), ("0", "1000000", "1000", "100"), ("0", "1", "0.001", "10"),
            ])
            (query["min"], query["max"], query["step"], query["ticks"]) = (min, max, step, ticks)
            if query["format"] != nil && query["format"] != "decimal" { query["format"] = nil }
            query["subdivisions"] = nil
        }
        if view == "ruler", ["zoom", "min-zoom", "max-zoom"].contains(where: { query[$0] != nil }) {
            // The rungs about the step, whatever it is: `zoom` left to default to it.
            (query["zoom"], query["min-zoom"], query["max-zoom"]) = (nil, "0.000001", pick(["1000000000000", nil]))
            if names.contains("zoomable") && chance(0.5) { (query["zoomable"], query["min-zoom"]) = ("1", nil) }
        }
        if query["grouping"] != nil { query["format"] = "decimal" }
        if query["value"] != nil && view == "ruler" { query["offset"] = nil }
        if query["presses"] != nil && query["key"] == nil { query["key"] = valid("key", view: view, query: query) }
        if query["zoom-at"] != nil && query["zoom-by"] == nil { query["zoom-by"] = "2" }
        // A timeline with items changes with its set: it is never pinned to a version.
        if query["items"] != nil { query["v"] = nil }
    }

    /// A frame's origins, tiles held, scroll and mark in the shape its view reads: one axis, or two for a grid.
    private mutating func coherentFrame(_ query: inout Query, view: String?) {
        let axes = view == "grid" ? 2 : 1
        // A report about items names the set.
        if view == "timeline", ["drawn", "selected", "item", "pick"].contains(where: { query[$0] != nil }) {
            query["items"] = "edges"
        }
        if let size = query["size"]?.split(separator: ",").compactMap({ Double($0) }), size.count == 2 {
            let vertical = query["orientation"] == "vertical"
            // A click is within the view along its axis: across a horizontal one, down a vertical one.
            if query["pick"] != nil {
                query["pick"] =
                    vertical
                    ? number(0...400) + "," + number(0...size[1]) : number(0...size[0]) + "," + number(0...400)
            }
            // A zoom is centred within the view: along it, or at a point of a grid.
            if query["zoom-at"] != nil {
                query["zoom-at"] =
                    view == "grid"
                    ? number(0...size[0]) + "," + number(0...size[1]) : number(0...(vertical ? size[1] : size[0]))
            }
        }
        guard chance(0.7) else {
            (query["origin"], query["have"], query["mark"]) = (nil, nil, nil)
            return
        }
        var origins: [String] = [], held: [String] = [], marks: [String] = []
        for _ in 0..<axes {
            origins.append(number(-3e6...3e6))
            let first = Int64.random(in: -10_000...10_000, using: &random)
            held.append("\(first):\(first + Int64.random(in: 0...40, using: &random))")
            marks.append(number(-1e6...1e6) + ":" + number(-5...5))
        }
        // A timeline's view centre within time's ends, as a page's is: near the instant it opens at.
        if view == "timeline", let timeline = Self.timeline(query), let scroll = Double(number(0...4e6)) {
            let centre = timeline.offset(of: Parameters.defaultInstant) + Double(number(-1e5...1e5))!
            query["scroll"] = query["orientation"] == "vertical" ? "0,\(scroll)" : "\(scroll),0"
            origins = ["\(centre - scroll)"]
        }
        query["origin"] = origins.joined(separator: ",")
        if chance(0.6) { query["have"] = held.joined(separator: ",") }
        if chance(0.5) {
            query["t"] = number(1e6...2e6)
            query["mark"] = marks.joined(separator: ",") + "@" + number(0...1e6) + (chance(0.2) ? "@bare" : "")
        }
    }

    // MARK: - Edges

    /// A value of `name` at an edge: what its grammar puts at the ends of what it accepts, or any number's edges.
    private mutating func edge(_ name: String, view: String?, query: Query) -> String {
        switch (view, name) {
        case ("timeline", "value"), ("timeline", "min"), ("timeline", "max"), (_, "at"), (_, "time"), (_, "meeting"):
            return pick(Self.instantEdges)
        case ("timeline", "scale"), ("timeline", "step"), ("timeline", "zoom"):
            return pick(TimeScale.allCases.map(\.rawValue) + ["1000y", "1s", "2h", "", "1S"])
        case (_, "origin"), (_, "scroll"), (_, "lead"), (_, "offset"), (_, "x"), (_, "y"), (_, "mark"):
            let ends = viewEnds(view: view, query: query)
            // A bound, or any magnitude up to past the largest coordinate: a view's arithmetic may break anywhere.
            let value = chance(0.3) ? magnitude() : pick(ends + Self.coordinateEdges)
            switch name {
            case "scroll": return view == "grid" ? value + "," + value : value + "," + pick(["0", value])
            case "origin" where view == "grid": return value + "," + pick(Self.coordinateEdges + ends)
            case "mark": return value + ":" + pick(["0", "100", "-100", "100.1"]) + "@" + pick(Self.numberEdges)
            default: return value
            }
        case (_, "have"):
            let runs = pick(Self.integerEdges + ["0", "-1", "1"])
            let run = runs + ":" + pick([runs] + Self.integerEdges)
            let axis = Array(repeating: run, count: Int.random(in: 1...9, using: &random)).joined(separator: ";")
            return view == "grid" ? axis + "," + axis : axis
        case (_, "size"):
            let side = pick(Self.sideEdges)
            return side + "," + pick(Self.sideEdges + ["120"])
        case (_, "key"): return pick(ViewKey.allCases.map(\.rawValue) + ["Escape", ""])
        case (_, "orientation"), (_, "dir"), (_, "theme"), (_, "ends"), (_, "format"), (_, "hours"), (_, "week-start"),
            (_, "end"), (_, "resize"), (_, "zoomable"), (_, "grouping"):
            // Each choice is an edge of its own (a look, a format, a flag), with one that is none.
            return chance(0.8) ? valid(name, view: view, query: query) : pick(["", "x", "2", "Light"])
        case (_, "presses"):
            return pick(
                Self.integerEdges + ["\(Limits.keyPressRange.upperBound)", "\(Limits.keyPressRange.upperBound + 1)"])
        case (_, "width"), (_, "height"): return pick(Self.sideEdges)
        case (_, "zoom-by"): return pick(Self.edges(Limits.zoomFactorRange) + Self.numberEdges)
        case ("grid", "zoom-at"): return pick(Self.sideEdges + Self.numberEdges) + "," + pick(Self.sideEdges)
        case (_, "zoom-at"): return pick(Self.sideEdges + Self.numberEdges)
        case (_, "spacing"):
            return pick(Self.edges(Limits.tickSpacingRange) + Self.edges(Limits.tileLengthRange) + Self.numberEdges)
        case (_, "tile"): return pick(Self.edges(Limits.tileLengthRange) + Self.numberEdges)
        case (_, "ticks"): return pick(Self.edges(Limits.ticksPerBlockRange) + Self.integerEdges)
        case (_, "count"): return pick(Self.edges(Limits.loopCountRange) + Self.integerEdges)
        case ("grid", "zoom"): return pick(Self.edges(Limits.gridLevelRange) + Self.integerEdges)
        case (_, "value"), (_, "min"), (_, "max"), (_, "step"), (_, "zoom"), (_, "min-zoom"), (_, "max-zoom"):
            return pick(Self.decimalEdges + Self.integerEdges)
        case (_, "factor"): return pick(Self.edges(Limits.factorMagnitudeRange) + Self.numberEdges)
        case (_, "rtt"): return pick(Self.edges(Limits.roundTripRange) + Self.numberEdges)
        case (_, "frame"): return pick(Self.edges(Limits.frameTimeRange) + Self.numberEdges)
        case ("timeline", "item"):
            return pick(["", "next%00", "sideways", "NEXT", "previous,next"] + Self.integerEdges)
        case ("timeline", "pick"):
            return pick(Self.sideEdges + Self.numberEdges + [""]) + pick(["", ","]) + pick(Self.sideEdges + ["x"])
        case (_, "selected"): return pick(Self.integerEdges + ["-1", "1e3", ""])
        case (_, "drawn"): return pick(["", String(repeating: "f", count: 5000), "%00"])
        case (_, "item"): return pick(["1000000000", "1000000001", "-1000000000", "-1000000001"] + Self.integerEdges)
        case (_, "tz"): return pick(Self.zones + ["Mars/Olympus", "", "utc", "../../etc/passwd", "Etc/GMT+14"])
        case (_, "locale"):
            // Its bound and one past it, tags ICU lacks or traps on, and malformed ones.
            let longest = "en-" + Array(repeating: "abcdefgh", count: 6).joined(separator: "-") + "-abcdefg"
            return pick(
                [
                    longest, longest.dropLast(1) + "-abcdefgh", "de_DE", "de-", "-de", "x", "de-DE-u", "de-%C3%BC",
                    "und", "root", "x-private",
                    "hi-IN-u-nu-deva", "en-u-nu-roman", "en-u-nu-bogus", "ja-JP-u-ca-japanese", "zz-ZZ", "%00", "",
                ] + Self.numberEdges)
        case (_, "unit"): return pick([String(repeating: "m", count: 32), String(repeating: "m", count: 33), "%01"])
        case (_, "items"):
            return pick(
                ["nope", "", "Edges", "edges%00", "a%0Ab", "a%0D%0Ab", "..%2Fedges", String(repeating: "e", count: 33)]
                    + Self.numberEdges)
        case (_, "subdivisions"): return pick(["2,2,2,2,2,2", "2,2,2,2,2,2,2", "100,100,100", "1", "0", ",", "101"])
        default: return pick(Self.numberEdges + ["", "x"])
        }
    }

    /// The ends of the view in the page's points, as its configuration so far puts them, and one past and the
    /// content's length (4,000,000 points) past each: a timeline's are time's ends at its rung and spacing.
    private mutating func viewEnds(view: String?, query: Query) -> [String] {
        guard view == "timeline", let timeline = Self.timeline(query) else { return [] }
        let content = AxisLayout().contentLength
        var ends: [String] = []
        for end in [Instant.first, Instant.last] {
            let offset = timeline.offset(of: end)
            for point in [offset, -offset] {
                for past in [0, 1, -1, content, 2 * content, 3 * content, 3 * content + 1, -3 * content - 1] {
                    ends.append((point + past).description)
                }
                // The raw seconds too: a page that sent seconds where points were asked.
                ends.append(String(end.secondsSinceEpoch))
            }
        }
        return ends
    }

    /// The timeline `query` draws: its rung (`zoom`, else `scale`) and spacing.
    private static func timeline(_ query: Query) -> Timeline? {
        let scale =
            query["zoom"].flatMap { TimeScale(rawValue: $0) } ?? query["scale"].flatMap { TimeScale(rawValue: $0) }
            ?? .hour
        let spacing = query["spacing"].flatMap(Double.init).flatMap { Limits.tickSpacingRange.contains($0) ? $0 : nil }
        return try? Timeline(scale: scale, spacing: spacing ?? 80)
    }

    // MARK: - Paths

    /// A `:name` segment: a tile's file (`-12.svg`) at an edge or not, a view's name, an asset's name or version.
    private mutating func segment(_ name: String) -> String {
        switch name {
        case "file", "x":
            let index = chance(0.5) ? String(Int.random(in: -1000...1000, using: &random)) : pick(Self.integerEdges)
            return name == "file" ? index + pick([".svg", ".svg", ".png", ""]) : index
        case "view": return pick(["ruler", "grid", "loop", "timeline", "calendar", "", "%2e"])
        case "version": return pick(["0", "abc123", "%2e%2e", String(repeating: "f", count: 64)])
        default: return pick(["endless.js", "endless.css", "page.js", "custom-elements.json", "endless.d.ts", "x"])
        }
    }

    /// The view a pattern serves (`/svg/timeline/tiles/:file`: timeline), `nil` for the page and assets.
    static func view(of pattern: String) -> String? {
        let parts = pattern.split(separator: "/")
        guard parts.count >= 2, parts[0] == "svg" || parts[0] == "frame" else { return nil }
        return String(parts[1])
    }

    /// What a row cannot do without: a frame's viewport.
    static func isRequired(_ name: String, on pattern: String) -> Bool {
        name == "size" && pattern.hasPrefix("/frame/")
    }

    // MARK: - Values

    /// A locale CLDR has, as BCP 47 writes it, or one with a region it lacks; with Unicode keywords a third of the
    /// time (every calendar, numbering system, hour cycle and first day ICU names), or a private use.
    private mutating func locale() -> String {
        var tag = pick(Self.locales)
        if chance(0.1) { tag += "-" + pick(["XX", "001", "Zzzz", "1996", "valencia"]) }
        if chance(0.3) {
            tag +=
                "-u-ca-" + pick(Self.calendars) + "-nu-" + pick(Self.numberings) + "-hc-"
                + pick(["h11", "h12", "h23", "h24"]) + "-fw-" + pick(["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
        }
        return chance(0.05) ? tag + "-x-" + pick(["a", "private", "12345678"]) : tag
    }

    static let locales = Locale.availableIdentifiers.map { $0.replacing("_", with: "-") }
    static let calendars = [
        "gregory", "buddhist", "chinese", "coptic", "dangi", "ethioaa", "ethiopic", "hebrew", "indian", "islamic",
        "islamic-civil", "islamic-umalqura", "islamic-tbla", "islamic-rgsa", "iso8601", "japanese", "persian", "roc",
    ]
    static let numberings = Locale.NumberingSystem.availableNumberingSystems.map(\.identifier)

    /// Zones whose clocks are odd (a quarter-hour offset, a half-hour change, a skipped day) or common.
    static let zones = [
        "UTC", "Europe/London", "Asia/Kathmandu", "Australia/Lord_Howe", "America/New_York", "Pacific/Kiritimati",
        "Pacific/Chatham", "America/St_Johns", "Pacific/Apia", "Antarctica/Troll", "Africa/Casablanca",
    ]
    /// Every zone ICU knows: their rules are read from its data, a file the server did not write.
    static let everyZone = TimeZone.knownTimeZoneIdentifiers
    static let integerEdges = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
        "4611686018427387904", "2147483648", "-2147483649", "0", "-1",
    ]
    /// Numbers at the edges of what any parameter takes, and text that is not quite a number.
    static let numberEdges =
        integerEdges + edges(Limits.maximumCoordinate) + [
            "9007199254740992", "9007199254740993", "1e308", "-1e308", "4.9e-324", "-0", "0.1", "1e-7", "nan", "inf",
            "-inf", "0x10", "1,2", "", "+1", "1e", ".",
        ]
    static let coordinateEdges =
        edges(Limits.maximumCoordinate) + integerEdges + ["1e308", "4.9e-324", "-0", "4000000", "-4000000", "8000000"]
    static let sideEdges = edges(0...Limits.maximumWindowSide) + ["4.9e-324", "1", "0.5"] + integerEdges
    static let decimalEdges = [
        "1000000000000", "1000000000000.000001", "-1000000000000", "-1000000000000.000001", "999999999999.999999",
        "576460752303.423488", "0.000001", "0.0000001", "0", "0.0625",
    ]
    /// Time's ends and one past each, in every spelling an instant takes.
    static let instantEdges = [
        "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "0000-12-31T23:59:59Z", "10000-01-01T00:00:00Z",
        "0001-01-01T00:00:00%2B23:59", "9999-12-31T23:59:59-23:59", "0001-01-01T00:59:59%2B01:00",
        "9999-12-31T22:59:59-01:00", "1970-01-01T00:00:00Z", "2026-10-25T01:30:00%2B01:00", "2026-02-30T00:00:00Z",
        "2026-10-25T01:30:60Z", "",
    ]

    /// A limit, one step past it (`Double.nextUp` for a real number), and the same at the other end or side.
    static func edges(_ range: ClosedRange<Double>) -> [String] {
        [range.lowerBound, range.lowerBound.nextDown, range.upperBound, range.upperBound.nextUp].map(\.description)
    }

    static func edges(_ range: ClosedRange<Int>) -> [String] {
        [range.lowerBound, range.lowerBound - 1, range.upperBound, range.upperBound + 1].map(String.init)
    }

    static func edges(_ limit: Double) -> [String] {
        [limit, limit.nextUp, -limit, -limit.nextUp].map(\.description)
    }

    private mutating func pick<Choice>(_ choices: [Choice]) -> Choice { choices.randomElement(using: &random)! }

    private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    /// A number in `range`: whole, or with a few decimals.
    private mutating func number(_ range: ClosedRange<Double>) -> String {
        let value = Double.random(in: range, using: &random)
        return chance(0.5) ? String(Int64(value)) : String((value * 100).rounded() / 100)
    }

    /// A number of any size from 1 to past 1e18, either sign, whole or not.
    private mutating func magnitude() -> String {
        let value = pow(10, Double.random(in: 0...18.5, using: &random)) * (chance(0.5) ? -1 : 1)
        return chance(0.5) ? value.rounded().description : value.description
    }

    /// A ruler number with at most 6 decimals.
    private mutating func decimal() -> String {
        pick(["72.4", "0", "172.5", "1", "0.5", "-3.25", "100", "1234.567891"])
    }

    /// An RFC 3339 instant in `years`, in UTC or with an offset.
    private mutating func instant(years: ClosedRange<Int> = 1...9999) -> String {
        let year = chance(0.5) ? Int.random(in: 1900...2100, using: &random) : Int.random(in: years, using: &random)
        let (month, day) = (Int.random(in: 1...12, using: &random), Int.random(in: 1...28, using: &random))
        let (hour, minute) = (Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let yearText = String(repeating: "0", count: 4 - String(year).count) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):00"
            + pick(["Z", "%2B01:00", "-05:00", "%2B05:45"])
    }
}

/// A query being drawn: names in the order given, each once.
struct Query {
    private(set) var pairs: [(String, String)] = []

    subscript(name: String) -> String? {
        get { pairs.first { $0.0 == name }?.1 }
        set {
            pairs.removeAll { $0.0 == name }
            if let newValue { pairs.append((name, newValue)) }
        }
    }

    var text: String { pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&") }
}
