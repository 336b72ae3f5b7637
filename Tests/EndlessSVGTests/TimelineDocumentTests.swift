import EndlessCore
import Foundation
import Testing

@testable import EndlessSVG

/// A timeline window draws the minor ticks of an even block once, in its `<defs>`, and each such block uses them
/// (shifted where the zone's offset is not a whole number of the unit): the lines a window shows must be exactly
/// those its blocks draw tick by tick.
@Suite struct TimelineDocumentTests {
    /// The path segments of a block's drawing, each as `along` and its two ends across, with a `<use>` of the
    /// window's even ticks expanded.
    func lines(in elements: ArraySlice<(name: String, attributes: [String: String])>, definitions: [String: String])
        -> [[Double]]
    {
        var lines: [[Double]] = []
        for element in elements {
            // Not the window's pointer, which follows the last block.
            if element.name == "path", element.attributes["stroke-width"] == nil, let data = element.attributes["d"] {
                lines += segments(data)
            } else if element.name == "use", let id = element.attributes["href"]?.dropFirst(),
                let data = definitions[String(id)]
            {
                let shift = Double(element.attributes["x"] ?? element.attributes["y"] ?? "0")!
                lines += segments(data).map { [$0[0] + shift, $0[1], $0[2]] }
            }
        }
        return lines.map { $0.map { ($0 * 1000).rounded() / 1000 } }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// `M80 36V60` (horizontal) and `M48 80H72` (vertical) as `[along, from, to]`.
    func segments(_ data: String) -> [[Double]] {
        data.split(separator: "M").map { segment in
            let vertical = segment.contains("H")
            let parts = segment.split(whereSeparator: { $0 == " " || $0 == "V" || $0 == "H" }).map { Double($0)! }
            return vertical ? [parts[1], parts[0], parts[2]] : parts
        }
    }

    /// Each block of the window, as `[along, from, to]` lines, the window's and the block drawn alone.
    func blockLines(_ renderer: TimelineRenderer, _ window: TimelineWindow) throws -> (
        window: [[[Double]]], alone: [[[Double]]], usesDefinitions: Bool
    ) {
        let svg = try SVGReader.read(renderer.render(window).document)
        let definitions = Dictionary(
            svg.elements.filter { $0.name == "path" && $0.attributes["id"] != nil }.map {
                ($0.attributes["id"]!, $0.attributes["d"]!)
            }, uniquingKeysWith: { a, _ in a })
        let starts = svg.elements.indices.filter { svg.elements[$0].attributes["transform"] != nil }
        var fromWindow: [[[Double]]] = [], alone: [[[Double]]] = []
        for (tile, start) in zip(window.blocks.indices, starts) {
            let end = starts.first { $0 > start } ?? svg.elements.count
            fromWindow.append(lines(in: svg.elements[(start + 1)..<end], definitions: definitions))
            let thickness = window.orientation.isVertical ? window.width : window.height
            let block = try SVGReader.read(
                renderer.renderBlock(window.block(ofTile: tile), mirrored: window.isMirrored, thickness: thickness))
            alone.append(lines(in: block.elements[...], definitions: [:]))
        }
        let usesDefinitions = svg.elements.contains { $0.name == "use" }
        return (fromWindow, alone, usesDefinitions)
    }

    @Test(arguments: [
        // London's hours across both its 2026 changes: even in true time.
        ("Europe/London", TimeScale.hour, "2026-03-29T01:00:00Z", Orientation.horizontal, false, true),
        ("Europe/London", .hour, "2026-10-25T01:00:00Z", .horizontal, true, true),
        ("Europe/London", .hour, "2026-10-25T01:00:00Z", .vertical, false, true),
        // Kathmandu's hours fall at a quarter past UTC's: even, shifted.
        ("Asia/Kathmandu", .hour, "2026-06-01T00:00:00Z", .horizontal, false, true),
        ("Asia/Kathmandu", .hour, "2026-06-01T00:00:00Z", .horizontal, true, true),
        // Lord Howe's 30-minute shift leaves its hours uneven across the change, its half hours even.
        ("Australia/Lord_Howe", .hour, "2026-04-04T15:00:00Z", .horizontal, false, true),
        ("Australia/Lord_Howe", .thirtyMinutes, "2026-04-04T15:00:00Z", .horizontal, false, true),
        // Days are 23 and 25 hours: each block draws its own.
        ("Europe/London", .day, "2026-10-25T01:00:00Z", .horizontal, false, false),
        // The first second of time: the first block is cut short.
        ("UTC", .second, "0001-01-01T00:00:00Z", .horizontal, false, true),
    ])
    func evenBlocksDrawnOnceAreTheBlocksDrawnTickByTick(
        zone: String, scale: TimeScale, at: String, orientation: Orientation, mirrored: Bool, uses: Bool
    ) throws {
        let timeline = try Timeline(zone: ZoneRules.named(zone), scale: scale)
        let (width, height) = orientation.isVertical ? (120.0, 1600.0) : (1600.0, 120.0)
        let window = try TimelineWindow(
            timeline: timeline, at: Instant(rfc3339: at), width: width, height: height, orientation: orientation,
            mirrored: mirrored)
        let drawn = try blockLines(TimelineRenderer(window: window), window)
        #expect(drawn.window == drawn.alone)
        #expect(drawn.usesDefinitions == uses)
        #expect(drawn.window.contains { !$0.isEmpty })
    }

    @Test func aBlockAcrossLordHowesChangeIsUnevenAtHourlyTicks() throws {
        let timeline = try Timeline(zone: ZoneRules.named("Australia/Lord_Howe"), scale: .hour)
        // 2026-04-05T02:00 +11:00 becomes 01:30 +10:30: at 15:00Z on the 4th.
        let change = try Instant(rfc3339: "2026-04-04T15:00:00Z").secondsSinceEpoch
        let across = floorQuotient(change, timeline.blockSeconds)
        #expect(timeline.evenTicksShift(ofBlock: across, clock: timeline.clock(ofBlock: across)) == nil)
        let before = across - 2, after = across + 2
        #expect(timeline.evenTicksShift(ofBlock: before, clock: timeline.clock(ofBlock: before)) == 0)
        // At +10:30 the whole hours fall half an hour past UTC's: 40 points at 80 an hour.
        #expect(timeline.evenTicksShift(ofBlock: after, clock: timeline.clock(ofBlock: after)) == 40)
    }
}

/// A page's leading edge: a bar that crosses it is titled there, over a backing that hides its tiles' title.
@Suite struct EdgeTitlesTests {
    static let items: ItemSet = try! ItemSet(
        jsonLines: Array(
            (#"{"id":"a1","start":"2026-10-25T12:00:00Z","end":"2026-10-25T18:00:00Z","title":"Apollo","lane":"L"}"#
                + "\n"
                + #"{"id":"a2","start":"2026-10-25T20:00:00Z","title":"Beacon","lane":"L"}"#).utf8), file: "t")

    /// Apollo (12:00 to 18:00, 80 points an hour) at an edge at 13:30, placed at 1000 points: the element's middle
    /// is the edge; the title 4 points past it (before it, right to left); the bar's colour from its start (120
    /// points back, where its tile's title stands) to its end, then the background to 6 points before the next
    /// item's marker.
    @Test(arguments: [false, true])
    func aBarCrossingTheEdgeIsTitledThereOverItsTilesTitle(mirrored: Bool) throws {
        let timeline = try Timeline(scale: .hour)
        let renderer = TimelineRenderer(timeline: timeline, thickness: 300, mirrored: mirrored, items: Self.items)
        let at = { (text: String) in try Instant(rfc3339: text).secondsSinceEpoch }
        let drawn = renderer.edgeTitles(at: try at("2026-10-25T13:30:00Z"), placed: 1000, band: 52, mirrored: mirrored)
        let svg = try SVGReader.read(drawn)
        #expect(svg.text == "Apollo")
        let root = svg.elements[0].attributes, reach = TimelineRenderer.edgeReach
        #expect(
            root["x"] == SVGWriter.text(1000 - reach) && root["y"] == "52" && root["width"] == SVGWriter.text(2 * reach)
        )
        let shift = try #require(
            svg.elements.first { $0.name == "g" && $0.attributes["transform"] != nil }?
                .attributes["transform"].flatMap { Double($0.dropFirst(10).dropLast()) })
        // Along from the edge: right of it positive.
        let placed = { (name: String) in
            svg.elements.filter { $0.name == name }.map {
                (Double($0.attributes["x"]!)! + shift - reach, $0.attributes["fill"])
            }
        }
        let title = try #require(placed("text").first)
        #expect(title.0 == (mirrored ? -4 : 4))
        // The background from under the bar's rounded end (360 − 3) to where a title is cut (4 + 480, before
        // Beacon's marker at 520), then the bar from its start (where its tile's title stands) to its end.
        let widths = svg.elements.filter { $0.name == "rect" }.map { Double($0.attributes["width"]!)! }
        #expect(widths == [127, 480])
        #expect(placed("rect").map(\.0) == (mirrored ? [-484, -360] : [357, -120]))
        #expect(placed("rect").map(\.1) == ["#fafafa", "#90caf9"])
        // Before the bar, after it, and at a point: nothing.
        for edge in ["2026-10-25T11:00:00Z", "2026-10-25T19:00:00Z", "2026-10-25T20:00:00Z"] {
            #expect(renderer.edgeTitles(at: try at(edge), placed: 0, band: 52, mirrored: mirrored).isEmpty)
        }
    }
}

/// A window over kept blocks draws what it draws alone: each block's bars, and the titles beginning in a block
/// after its leading edge, kept as the server keeps them.
@Suite struct KeptTitlesTests {
    @Test(arguments: [false, true])
    func aWindowOfKeptBlocksIsTheWindowDrawnAlone(mirrored: Bool) throws {
        // Bars and points every 40 minutes over a day, some crossing blocks, in three lanes.
        let text = { (seconds: Int) in
            ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        let lines = (0..<36).map { index in
            let start = 1_761_350_400 + index * 2_400
            let end = index % 3 == 0 ? #","end":"\#(text(start + 9_000 + index * 100))""# : ""
            return
                #"{"id":"i\#(index)","start":"\#(text(start))"\#(end),"title":"item \#(index) of the day","lane":"L\#(index % 3)"}"#
        }
        let items = try ItemSet(jsonLines: Array(lines.joined(separator: "\n").utf8), file: "t")
        for scale in [TimeScale.hour, .fifteenMinutes, .day] {
            let timeline = try Timeline(scale: scale)
            for at in stride(from: 1_761_350_400, to: 1_761_436_800, by: 7_777) {
                let window = try TimelineWindow(
                    timeline: timeline, at: Instant(unchecked: Int64(at)), width: 1000, height: 400,
                    mirrored: mirrored)
                let renderer = TimelineRenderer(window: window, items: items)
                let kept = renderer.render(
                    window, itemsOfBlock: { renderer.itemsFragment(ofBlock: $0, mirrored: mirrored) },
                    titlesOfBlock: { renderer.itemTitles(beginningIn: $0, mirrored: mirrored) })
                #expect(kept.document == renderer.render(window).document, "\(scale) \(at)")
            }
        }
    }
}
