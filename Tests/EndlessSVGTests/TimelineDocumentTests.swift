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
