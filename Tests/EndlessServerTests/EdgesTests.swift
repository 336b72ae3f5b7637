import EndlessCore
import Foundation
import HTTPTypes
import NIOCore
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@testable import EndlessServer

/// Every numeric parameter at its edges (the largest value accepted, one past it, `Int64`'s ends), crossed with every
/// format, level and orientation, on every endpoint: windows, tiles and frames. Asked of the endpoint table in
/// process, as both the router and the event loop ask it. A trap ends this test run; any other answer must be 2xx, 3xx
/// or a one-line 4xx, and every SVG must parse as XML (docs/architecture.md, "Bounds", lists what keeps each in range).
@Suite(.timeLimit(.minutes(2))) struct EdgesTests {
    /// `Int64`'s ends and one past each, which `Int64` cannot hold.
    static let int64Ends = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
    ]

    static let coordinates = RequestGrammar.edges(Limits.maximumCoordinate) + int64Ends + ["1e308", "-0", "4.9e-324"]
    static let sides = RequestGrammar.edges(0...Limits.maximumWindowSide) + ["4.9e-324"] + int64Ends
    /// Ruler numbers: 1e12, one millionth past it, the step whose sixteen times passes `Int64`, the smallest.
    static let decimals = [
        "1000000000000", "1000000000000.000001", "-1000000000000", "-1000000000000.000001", "999999999999.999999",
        "576460752303.423488", "0.000001", "0", "0.0625",
    ]
    static let formats = ["decimal", "feet-inches", "fraction", "time"]
    static let looks = ["", "&orientation=vertical", "&dir=rtl", "&ends=clamp", "&theme=dark"]
    static let levels = [0, 1, 17, 20, Limits.gridLevelRange.upperBound]
    static let tiles = [Limits.tileLengthRange.lowerBound, 100, Limits.tileLengthRange.upperBound]

    /// The parameters a ruler's numbers come from, with their edges.
    static let rulerNumbers: [(String, [String])] = [
        ("value", decimals + int64Ends), ("offset", coordinates), ("width", sides), ("height", sides),
        ("min", decimals + int64Ends), ("max", decimals + int64Ends), ("step", decimals + int64Ends),
        ("ticks", RequestGrammar.edges(Limits.ticksPerBlockRange) + int64Ends),
        ("spacing", RequestGrammar.edges(Limits.tickSpacingRange)),
        ("zoom", decimals), ("min-zoom", decimals), ("max-zoom", decimals),
        ("subdivisions", ["2,5", "100", "101", "2,2,2,2,2,2,2", "9223372036854775807,1"]),
    ]

    @Test func rulerWindowsAndTilesAtEveryEdge() async throws {
        let probe = try EdgeProbe()
        for format in Self.formats {
            for look in Self.looks {
                let base = "format=\(format)\(look)"
                for (name, values) in Self.rulerNumbers {
                    for value in values {
                        await probe.check("/svg/ruler?\(base)&\(name)=\(value)")
                        if !["value", "offset", "width"].contains(name) {
                            await probe.check("/svg/ruler/tiles/3.svg?\(base)&\(name)=\(value)")
                        }
                    }
                }
                for block in Self.int64Ends + RequestGrammar.edges(Limits.maximumCoordinate / 20) {
                    await probe.check("/svg/ruler/tiles/\(block).svg?\(base)&spacing=2&ticks=10")
                }
            }
        }
        probe.report()
    }

    /// `min`, `max` and `step` at their edges together: the fraction check once multiplied a step of 1e18 units.
    @Test func rulerRangesCrossedAtTheirEdges() async throws {
        let probe = try EdgeProbe()
        let numbers = ["0", "0.5", "1000000000000", "-1000000000000", "999999999999.999999", "576460752303.423488"]
        for format in Self.formats {
            for ends in ["wrap", "clamp"] {
                for min in numbers {
                    for max in numbers {
                        for step in numbers {
                            await probe.check(
                                "/svg/ruler?format=\(format)&ends=\(ends)&min=\(min)&max=\(max)&step=\(step)")
                        }
                    }
                }
            }
        }
        await probe.check("/svg/ruler?format=fraction&min=0&max=999999999999.999999&step=999999999999.999999")
        await probe.check("/frame/ruler?format=fraction&min=0&max=999999999999.999999&step=999999999999.999999")
        probe.report()
    }

    /// Tiles at every level: a tile of level z covers 2^z of the world's, so its index is bounded by z.
    @Test func gridTilesAndWindowsAtEveryLevelsEdge() async throws {
        let probe = try EdgeProbe()
        for level in Self.levels {
            for tile in Self.tiles {
                let limit = Int64(Limits.maximumCoordinate / (tile * Double(1 << level)))
                let indices =
                    Self.int64Ends + [limit, limit + 1, -limit, -limit - 1].map(String.init)
                    + (level > 0 ? [String((Int64(1) << (63 - level)) - 1)] : [])
                let query = "tile=\(tile)&zoom=\(level)"
                for index in indices {
                    await probe.check("/svg/grid/tiles/\(index)/0.svg?\(query)")
                    await probe.check("/svg/grid/tiles/0/\(index).svg?\(query)")
                }
                for value in Self.coordinates {
                    await probe.check("/svg/grid?\(query)&x=\(value)&y=\(value)")
                    await probe.check("/frame/grid?\(query)&size=600,400&scroll=0,0&origin=\(value),\(value)")
                    await probe.check("/frame/grid?\(query)&size=600,400&x=\(value)&y=\(value)")
                }
                for side in Self.sides { await probe.check("/svg/grid?\(query)&width=\(side)&height=\(side)") }
            }
            for name in ["tile", "zoom"] {
                let values =
                    name == "tile"
                    ? RequestGrammar.edges(Limits.tileLengthRange) : RequestGrammar.edges(Limits.gridLevelRange)
                for value in values + Self.int64Ends { await probe.check("/svg/grid?\(name)=\(value)") }
            }
        }
        probe.report()
    }

    @Test func loopWindowsAndItemsAtEveryEdge() async throws {
        let probe = try EdgeProbe()
        let numbers: [(String, [String])] = [
            ("offset", Self.coordinates), ("width", Self.sides), ("height", Self.sides),
            ("count", RequestGrammar.edges(Limits.loopCountRange) + Self.int64Ends),
            ("spacing", RequestGrammar.edges(Limits.tileLengthRange)), ("inset", Self.coordinates),
        ]
        for look in ["", "&orientation=vertical", "&theme=auto"] {
            for (name, values) in numbers {
                for value in values {
                    await probe.check("/svg/loop?\(name)=\(value)\(look)")
                    if name != "offset" && name != "width" {
                        await probe.check("/svg/loop/tiles/7.svg?\(name)=\(value)\(look)")
                    }
                    await probe.check("/frame/loop?size=600,120&\(name)=\(value)\(look)")
                }
            }
            for item in Self.int64Ends + RequestGrammar.edges(Limits.maximumCoordinate / 10) {
                await probe.check("/svg/loop/tiles/\(item).svg?spacing=10\(look)")
                await probe.check("/frame/loop?size=600,120&item=\(item)\(look)")
            }
        }
        probe.report()
    }

    /// Time's ends (the first second of year 1, the last of 9999, and a second past each, in UTC and with the
    /// largest offsets), crossed with every rung at the smallest and largest spacing, every look and zones with odd
    /// offsets; blocks at the ends of their range and of `Int64`.
    @Test func timelineWindowsAndBlocksAtEveryEdge() async throws {
        let probe = try EdgeProbe()
        let instants =
            [
                "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "0000-12-31T23:59:59Z", "10000-01-01T00:00:00Z",
                "0001-01-01T00:00:00-23:59", "0001-01-01T00:00:00%2B23:59", "9999-12-31T23:59:59-23:59",
                "9999-12-31T23:59:59%2B23:59", "2026-03-29T01:30:00%2B01:00",
            ] + Self.int64Ends
        let zones = ["UTC", "Europe/London", "Australia/Lord_Howe", "Pacific/Kiritimati", "Etc/GMT%2B12"]
        let spacings = RequestGrammar.edges(Limits.tickSpacingRange)
        // The spacing's edges at the rungs where a point is most and fewest seconds, and where the calendar starts.
        let extremes: Set = ["1s", "1h", "1d", "1mo", "1000y", "2h"]
        for scale in TimeScale.allCases.map(\.rawValue) + ["2h", ""] {
            for spacing in extremes.contains(scale) ? spacings : ["80"] {
                for look in ["", "&orientation=vertical", "&dir=rtl"] {
                    for at in instants {
                        // Zones with odd offsets at one spacing and look: the spacing's edges are the zone's too.
                        for zone in zones where zone == "UTC" || (spacing == "80" && look.isEmpty) {
                            let query = "scale=\(scale)&spacing=\(spacing)&tz=\(zone)\(look)"
                            await probe.check("/svg/timeline?at=\(at)&\(query)&min=\(at)")
                        }
                    }
                    for block in Self.int64Ends + ["0", "-1725989", "-1725990", "7038952", "7038953"] {
                        await probe.check("/svg/timeline/tiles/\(block).svg?scale=\(scale)&spacing=\(spacing)\(look)")
                    }
                }
            }
        }
        probe.report()
    }

    /// Items at time's ends and in a burst (`edgeItems`), on every rung at its spacing's edges, at time's ends,
    /// both directions, in every theme; and the items parameter at its edges.
    @Test func itemsAtEveryEdge() async throws {
        let probe = try EdgeProbe()
        let instants = ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-03-29T00:30:00Z", "2026-03-29T00:40:00Z"]
        for scale in TimelineScaleEdges.all {
            for spacing in RequestGrammar.edges(Limits.tickSpacingRange)
            where Double(spacing).map(Limits.tickSpacingRange.contains) ?? false {
                for look in ["", "&dir=rtl", "&theme=auto", "&theme=dark&width=8192", "&height=8192&locale=ar-EG"] {
                    for at in instants {
                        await probe.check(
                            "/svg/timeline?items=edges&at=\(at)&scale=\(scale)&spacing=\(spacing)\(look)",
                            expecting: 200)
                    }
                }
            }
        }
        for name in ["nope", "", "EDGES", "edges%00", "a%0Ab", "a%0D%0Ab", String(repeating: "e", count: 33)] {
            await probe.check("/svg/timeline?items=\(name)")
        }
        probe.report()
    }

    /// Languages in every script and direction, the calendars a tag may ask for, a keyword ICU's formatters trap on,
    /// and a tag at its bound and one past: at time's ends on every rung, on the ruler's largest numbers in every
    /// format, on the grid's deepest level and the loop's longest count.
    @Test func languagesAtEveryEdge() async throws {
        let probe = try EdgeProbe()
        let longest = "en-" + Array(repeating: "abcdefgh", count: 6).joined(separator: "-") + "-abcdefg"
        let locales = [
            "ar-EG", "fa-IR", "hi-IN-u-nu-deva", "ja-JP-u-ca-japanese", "he-IL-u-ca-hebrew", "th-TH", "zh-Hant-TW",
            "ar-SA-u-ca-islamic-umalqura-hc-h11-fw-sat", "zh-u-ca-chinese", "und", longest, longest + "h",
        ]
        let instants = ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00-23:59"]
        for locale in locales {
            let drawn = locale.utf8.count <= Limits.maximumLocaleBytes ? 200 : 400
            for scale in TimeScale.allCases.map(\.rawValue) {
                for at in instants {
                    let expecting = at.hasSuffix("Z") ? drawn : nil  // a local time's offset may pass time's ends
                    await probe.check(
                        "/svg/timeline?at=\(at)&scale=\(scale)&locale=\(locale)&hours=12", expecting: expecting)
                }
                for block in Self.int64Ends + ["-1725990", "7038952"] {
                    await probe.check("/svg/timeline/tiles/\(block).svg?scale=\(scale)&locale=\(locale)")
                }
            }
            for format in Self.formats {
                for value in ["1000000000000", "-1000000000000", "-999999999999.9"] {
                    let range = "min=-1000000000000&max=1000000000000&step=0.1&ends=clamp"
                    let query = format == "decimal" ? range + "&value=\(value)" : "format=\(format)"
                    await probe.check("/svg/ruler?\(query)&locale=\(locale)", expecting: drawn)
                }
            }
            let deepest = Limits.gridLevelRange.upperBound
            await probe.check(
                "/svg/grid?zoom=\(deepest)&x=-1000000000000000&y=1000000000000000&locale=\(locale)", expecting: drawn)
            await probe.check(
                "/svg/loop?count=\(Limits.loopCountRange.upperBound)&offset=-1e15&locale=\(locale)", expecting: drawn)
            await probe.check("/frame/grid?size=600,400&zoom=\(deepest)&x=-1e15&locale=\(locale)")
        }
        probe.report()
    }

    /// A page's report at its edges: sizes, scrolls and origins, marks, tiles held, keys, zoom gestures, round trips.
    @Test func framesAtEveryEdge() async throws {
        let probe = try EdgeProbe()
        let speed = ScrollSample.maximumSpeed
        let report: [(String, [String])] = [
            ("size", Self.sides.map { "\($0),120" } + Self.sides.map { "600,\($0)" }),
            ("origin", Self.coordinates), ("scroll", Self.coordinates),
            ("mark", ["0:\(speed)@0", "0:\(speed.nextUp)@0", "0:1e308@0", "1e15:-\(speed)@1e15", "0:1@1e308"]),
            ("have", Self.int64Ends.map { "\($0):\($0)" } + ["-9223372036854775808:9223372036854775807"]),
            ("t", Self.coordinates), ("seq", Self.int64Ends),
            ("rtt", RequestGrammar.edges(Limits.roundTripRange)),
            ("frame", RequestGrammar.edges(Limits.frameTimeRange)),
            ("zoom-by", RequestGrammar.edges(Limits.zoomFactorRange)), ("zoom-at", Self.coordinates),
            ("lead", Self.coordinates), ("factor", RequestGrammar.edges(Limits.factorMagnitudeRange)),
        ]
        for format in Self.formats {
            for look in ["", "&orientation=vertical", "&dir=rtl", "&zoomable"] {
                for (name, values) in report {
                    for value in values {
                        let origin = name == "origin" || name == "have" ? "" : "&origin=0"
                        await probe.check("/frame/ruler?format=\(format)\(look)&size=600,120\(origin)&\(name)=\(value)")
                    }
                }
                for presses in RequestGrammar.edges(Limits.keyPressRange) {
                    for key in ["ArrowRight", "PageDown", "End", "Home"] {
                        await probe.check(
                            "/frame/ruler?format=\(format)\(look)&size=600,120&key=\(key)&presses=\(presses)")
                    }
                }
            }
        }
        for level in Self.levels {
            for (name, values) in report where name != "lead" && name != "factor" {
                for value in values {
                    let pair = name == "origin" || name == "scroll" || name == "have" ? "\(value),\(value)" : value
                    await probe.check("/frame/grid?zoom=\(level)&size=600,400&\(name)=\(pair)")
                }
            }
        }
        probe.report()
    }

    /// The URLs of issue 43: each once stopped the server, or answered what it should not have.
    @Test func theURLsThatOnceStoppedTheServerAre4xx() async throws {
        let probe = try EdgeProbe()
        for target in [
            "/svg/ruler?format=fraction&min=0&max=999999999999.999999&step=999999999999.999999",
            "/frame/ruler?size=600,120&format=fraction&min=0&max=999999999999.999999&step=999999999999.999999",
            "/svg/grid/tiles/8589934591/0.svg?zoom=30", "/svg/grid/tiles/8796093022207/0.svg?zoom=20",
            "/frame/grid?zoom=30&size=600,400&scroll=0,0&origin=858993459000,0",
            "/svg/ruler?value=" + String(repeating: "0", count: 200_000) + "72.4",
            "/svg/ruler?unit=%01", "/svg/ruler/tiles/0.svg?unit=%EF%BF%BF", "/frame/ruler?size=600,120&unit=%00",
        ] {
            let answer = await probe.ask(target)
            #expect((400..<500).contains(Int(answer.status.code)), "\(target.prefix(120)): \(answer.status)")
        }
    }

    /// For any parameters the bounds accept, drawn at random: an answer, never a trap, and SVG that parses.
    @Test func acceptedParametersAlwaysDraw() async throws {
        let probe = try EdgeProbe()
        var random = SeededGenerator(seed: 43)
        func number(_ range: ClosedRange<Double>) -> String { Double.random(in: range, using: &random).description }
        let limit = Limits.maximumCoordinate
        for _ in 0..<300 {
            // A ruler of whole blocks: min, then max a whole number of blocks of `ticks` steps on, within ±1e12.
            let scale = Int.random(in: 0...6, using: &random)
            let one = DecimalNumber.powerOfTen(scale)
            let step = Int64.random(in: 1...1000 * one, using: &random)
            let ticks = Int64.random(in: 1...100, using: &random)
            let blocks = Int64.random(
                in: 1...Swift.max(1, 1_000_000_000_000 * one / (2 * step * ticks)), using: &random)
            let minimum = Int64.random(in: -1_000_000_000_000 * one / 2...0, using: &random)
            let numbers = [minimum, minimum + blocks * ticks * step, step].map {
                DecimalNumber(units: $0, scale: scale).description
            }
            let side = number(1...Limits.maximumWindowSide)
            await probe.check(
                "/svg/ruler?min=\(numbers[0])&max=\(numbers[1])&step=\(numbers[2])&ticks=\(ticks)&width=\(side)"
                    + "&spacing=\(number(Limits.tickSpacingRange))&offset=\(number(0...limit))", expecting: 200)
            let level = Int.random(in: Limits.gridLevelRange, using: &random)
            let tile = Double.random(in: Limits.tileLengthRange, using: &random)
            let index = Int64(limit / (tile * Double(1 << level)))
            await probe.check(
                "/svg/grid/tiles/\(Int64.random(in: -index...index, using: &random))/0.svg?zoom=\(level)&tile=\(tile)",
                expecting: 200)
            let page = limit / Double(1 << level) - 10_000
            await probe.check(
                "/frame/grid?zoom=\(level)&tile=\(tile)&size=600,400&origin=\(number(-page...page)),\(number(-page...page))",
                expecting: 200)
            await probe.check(
                "/svg/loop?count=\(Int.random(in: Limits.loopCountRange, using: &random))&offset=\(number(-limit...limit))"
                    + "&spacing=\(number(Limits.tileLengthRange))", expecting: 200)
        }
        probe.report()
    }
}

/// Every rung of the timeline's ladder.
enum TimelineScaleEdges {
    static let all = TimeScale.allCases.map(\.rawValue)
}

/// The endpoint table of a server built with the default options, and what its answers broke.
final class EdgeProbe: @unchecked Sendable {
    let table: EndpointTable
    private(set) var asked = 0
    private var violations: [String] = []

    init() throws { table = try eventLoopShared().table }

    func ask(_ target: String) async -> HTTPAnswer {
        let head = HTTPRequest(method: .get, scheme: "http", authority: "x", path: target)
        switch table.outcome(for: head, target: target).outcome {
        case .now(let answer): return answer
        case .later(let work): return await work()
        }
    }

    /// Asks `target` and notes what is wrong with its answer, or that it is not `expecting` if given.
    func check(_ target: String, expecting: Int? = nil) async {
        asked += 1
        let answer = await ask(target)
        if let violation = AnswerCheck.violation(answer) { violations.append("\(target.prefix(200)): \(violation)") }
        if let expecting, answer.status.code != expecting {
            var body = ByteBuffer()
            for var chunk in answer.chunks { body.writeBuffer(&chunk) }
            violations.append("\(target.prefix(200)): \(answer.status.code), not \(expecting): \(String(buffer: body))")
        }
    }

    /// Records the violations, the first twenty in full.
    func report() {
        #expect(asked > 0)
        for violation in violations.prefix(20) { Issue.record(Comment(rawValue: violation)) }
        #expect(violations.isEmpty, "\(violations.count) of \(asked) answers broke a rule")
    }
}

/// The table's guard against climbing out of `public/`: any two dots in a row, written plainly or encoded.
@Test(arguments: [
    ("/..", true), ("/a/../b", true), ("/%2e%2e/x", true), ("/%2E%2e", true), ("/.%2e/", true), ("/%2e.", true),
    ("/%2..", true), ("/a.b.c", false), ("/v/1.2/endless.js", false), ("/%2f.", false), ("/%2", false), ("/.", false),
])
func aPathThatClimbsIsRefused(path: String, climbs: Bool) {
    #expect(EndpointTable.climbs(path[...]) == climbs)
}
