import Foundation
import TestSupport
import Testing

@testable import EndlessCore

/// Items read from JSON Lines and CSV, checked field by field, arranged in rows that never overlap, and counted
/// exactly in any span.
@Suite struct ItemSetTests {
    static func jsonLines(_ lines: [String], file: String = "t.jsonl") throws(ItemError) -> ItemSet {
        try ItemSet(jsonLines: Array(lines.joined(separator: "\n").utf8), file: file)
    }

    /// An item's id, title and URL.
    static func texts(_ items: ItemSet, _ item: Int) -> [String] {
        [ItemSet.Text.id, .title, .url].map { text in items.withText(item, text) { String(decoding: $0, as: UTF8.self) }
        }
    }

    static func fault(_ lines: [String]) -> String {
        do {
            _ = try jsonLines(lines)
            return "read"
        } catch {
            return error.description
        }
    }

    @Test func aLineReadsEveryField() throws {
        let items = try Self.jsonLines([
            #"{"id":"a","start":"2026-03-29T00:30:00Z","end":"2026-03-29T02:00:00+01:00","title":"Launch <1> & \"go\"","lane":"Ops","class":"red","url":"https://example.com/a"}"#,
            "",
            #"  {"title":"Point \u00e9\ud83d\ude80","start":"2026-03-29T01:00:00Z","id":7, "extra":{"nested":[1,2.5e3,true,null]}}  "#,
        ])
        #expect(items.count == 2 && items.lanes.map(\.name) == ["", "Ops"])
        #expect(
            Self.texts(items, 0) == ["7", "Point é🚀", ""] && items.isPoint(0) && items.kinds[0] == ItemSet.pointBit)
        #expect(Self.texts(items, 1) == ["a", #"Launch <1> & "go""#, "https://example.com/a"] && !items.isPoint(1))
        #expect(items.kinds[1] == UInt8(ItemClass.allCases.firstIndex(of: .red)!))
        #expect(items.starts[1] == 1_774_744_200 && items.ends[1] == 1_774_746_000)
    }

    /// Each fault names the file, the line (from 1, blank lines counted) and the field, and what it accepts.
    @Test(arguments: [
        (#"{"id":"a","start":"2026-13-01T00:00:00Z","title":"t"}"#, "t.jsonl:2: start: must be an RFC 3339 instant"),
        (#"{"id":"a","start":"2026-03-29T00:00:00Z"}"#, "t.jsonl:2: title: is missing"),
        (#"{"start":"2026-03-29T00:00:00Z","title":"t"}"#, "t.jsonl:2: id: is missing"),
        (
            #"{"id":"a","start":"2026-03-29T00:00:00Z","end":"2026-03-28T00:00:00Z","title":"t"}"#,
            "t.jsonl:2: end: must not be before start"
        ),
        (#"{"id":"a","start":"2026-03-29T00:00:00Z","title":"t","class":"pink"}"#, "t.jsonl:2: class: must be one of"),
        (
            #"{"id":"a","start":"2026-03-29T00:00:00Z","title":"t","url":"javascript:alert(1)"}"#,
            "t.jsonl:2: url: must be an http or https URL"
        ),
        (#"{"id":"a","start":"2026-03-29T00:00:00Z","title":"t","url":"//evil.example"}"#, "t.jsonl:2: url:"),
        (#"{"id":"a","id":"b","start":"2026-03-29T00:00:00Z","title":"t"}"#, "t.jsonl:2: id: is given twice"),
        (#"{"id":"a","start":"2026-03-29T00:00:00Z","title":"t"} x"#, "t.jsonl:2: line: must hold one JSON object"),
        (#"{"id":"a","start":"2026-03-29T00:00:00Z","title":"t""#, "t.jsonl:2: line: must be JSON"),
        (#"{"id":"a","start":"2026-03-29T00:00:00Z","title":"\ud800"}"#, "t.jsonl:2: line: has half a surrogate"),
        (#"{"id":1.5,"start":"2026-03-29T00:00:00Z","title":"t"}"#, "t.jsonl:2: id: must be a string or a whole"),
        (#"{"id":"a","start":"2026-03-29T00:00:00Z","title":null}"#, "t.jsonl:2: title: must be a string"),
        ("[1]", "t.jsonl:2: line: must be JSON: expected an object"),
        (
            #"{"id":"a","start":"2026-03-29T00:00:00Z","title":"t","x":"#
                + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
            "t.jsonl:2: line: nests more than 64"
        ),
        (
            #"{"id":"a","start":"2026-03-29T00:00:00Z","title":""# + String(repeating: "x", count: 257) + #""}"#,
            "t.jsonl:2: title: must be at most 256 bytes"
        ),
    ])
    func aBadLineIsNamed(line: String, message: String) {
        let good = #"{"id":"ok","start":"2026-03-29T00:00:00Z","title":"fine"}"#
        let fault = Self.fault([good, line])
        #expect(fault.hasPrefix(message), "\(fault)")
    }

    @Test func invalidUTF8IsRefused() {
        var bytes = Array(#"{"id":"a","start":"2026-03-29T00:00:00Z","title":"x"#.utf8)
        bytes += [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: ItemError("f:1", "title", "must be UTF-8")) { try ItemSet(jsonLines: bytes, file: "f") }
    }

    @Test func csvReadsQuotedFieldsAndNamesItsLines() throws {
        let text =
            "\u{FEFF}title,start,id,end,lane,class,url,note\r\n"
            + "\"A, \"\"quoted\"\"\nline\",2026-03-29T00:00:00Z,1,,Ops,green,,x\r\n"
            + "\r\n"
            + "B,2026-03-29T01:00:00Z,2,2026-03-29T03:00:00Z,,,/b,\n"
        let items = try ItemSet(csv: Array(text.utf8), file: "t.csv")
        #expect(items.count == 2 && items.lanes.map(\.name) == ["", "Ops"])
        #expect(Self.texts(items, 0)[2] == "/b" && Self.texts(items, 1)[1] == "A, \"quoted\"\nline")
        let bad = "id,start,title\n1,2026-03-29T00:00:00Z,a\n2,nope,b\n"
        #expect(throws: ItemError("t.csv", "start", "must be \(Limits.Accepts.instant)").with(line: 3)) {
            try ItemSet(csv: Array(bad.utf8), file: "t.csv")
        }
        #expect(throws: ItemError("t.csv:1", "title", "has no column: the header row names id, start and title")) {
            try ItemSet(csv: Array("id,start\n".utf8), file: "t.csv")
        }
    }

    /// What the fuzzer found (`scripts/fuzz items`): each once trapped; now a set, or one line naming the fault.
    @Test(arguments: ["ir**,\r,,", "id,start,title\r\n1,2026-03-29T00:00:00Z,\r,\r", "\"\"\"\r\n"])
    func csvTheFuzzerFound(text: String) {
        do {
            _ = try ItemSet(csv: Array(text.utf8), file: "f.csv")
        } catch {
            #expect(error.description.hasPrefix("f.csv:") && !error.description.contains("\n"))
        }
    }

    @Test func limitsAreKept() {
        let lanes = (0...Limits.maximumLanesPerSet).map {
            #"{"id":"a","start":"2026-03-29T00:00:00Z","title":"t","lane":"L\#($0)"}"#
        }
        #expect(Self.fault(lanes).hasPrefix("t.jsonl:65: lane: a set has at most 64 lanes"))
        let file = [UInt8](repeating: 0x20, count: Limits.maximumItemsFileBytes + 1)
        #expect(throws: ItemError.self) { try ItemSet(jsonLines: file, file: "big") }
    }

    /// Random sets: rows never hold two items at once, nothing moves row when items come in another order, and a
    /// span's count is the brute-force count, at any span.
    @Test func rowsNeverOverlapAndCountsAreExact() throws {
        var random = SeededGenerator(seed: 52)
        var items: [TimelineItem] = []
        for index in 0..<3_000 {
            let start = Int64.random(in: 0...100_000, using: &random)
            let end = Bool.random(using: &random) ? nil : start + Int64.random(in: 0...5_000, using: &random)
            items.append(
                TimelineItem(
                    id: "i\(index)", start: Instant(unchecked: start), end: end.map(Instant.init(unchecked:)),
                    title: "t", lane: ["", "a", "b"][index % 3]))
        }
        let set = try ItemSet(items)
        let shuffled = try ItemSet(items.shuffled(using: &random))
        #expect(set.version == shuffled.version, "the same items arrange the same, whatever their order")
        for (laneIndex, lane) in set.lanes.enumerated() {
            for row in lane.rows {
                for item in row.dropFirst() { #expect(set.starts[item] > set.ends[item - 1]) }
            }
            let mine = items.filter { $0.lane == lane.name }
            for _ in 0..<200 {
                let from = Int64.random(in: -1_000...106_000, using: &random)
                let to = from + Int64.random(in: 1...20_000, using: &random)
                let expected = mine.filter {
                    $0.start.secondsSinceEpoch < to && ($0.end ?? $0.start).secondsSinceEpoch >= from
                }
                #expect(set.count(inLane: laneIndex, from: from, to: to) == expected.count)
                let inRows = (0..<lane.rows.count).reduce(0) {
                    $0 + set.items(inLane: laneIndex, row: $1, from: from, to: to).count
                }
                #expect(inRows == expected.count)
            }
        }
    }

    /// `]` and `[` reach every item once, in order of start (then the set's order), from an item or an instant.
    @Test func stepsReachEveryItemInOrder() throws {
        var random = SeededGenerator(seed: 53)
        let items = (0..<2_000).map { index in
            let start = Int64.random(in: 0...20_000, using: &random)
            return TimelineItem(
                id: "i\(index)", start: Instant(unchecked: start),
                end: index % 3 == 0 ? Instant(unchecked: start + Int64.random(in: 0...900, using: &random)) : nil,
                title: "t\(index)", lane: ["", "a", "b", "c"][index % 4], itemClass: ItemClass.allCases[index % 6],
                url: index % 7 == 0 ? "/items/\(index)" : nil)
        }
        let set = try ItemSet(items)
        let order = (0..<set.count).sorted { set.position(of: $0) < set.position(of: $1) }
        var forward: [Int] = [], at = ItemPosition(seconds: .min)
        while let next = set.item(after: at) { (forward, at) = (forward + [next], set.position(of: next)) }
        #expect(forward == order)
        var backward: [Int] = []
        at = ItemPosition(seconds: .max)
        while let previous = set.item(before: at) {
            (backward, at) = (backward + [previous], set.position(of: previous))
        }
        #expect(backward == order.reversed())
        for _ in 0..<300 {
            let seconds = Int64.random(in: -10...20_010, using: &random)
            let after = order.first { set.starts[$0] >= seconds }, before = order.last { set.starts[$0] < seconds }
            #expect(set.item(after: ItemPosition(seconds: seconds)) == after)
            #expect(set.item(before: ItemPosition(seconds: seconds)) == before)
        }
        // Each item as it was given.
        #expect(Set((0..<set.count).map(set.item)) == Set(items))
    }

    /// A point in a lane's row names the item drawn there: within a marker's reach, and not where the lane counts.
    @Test func aPointNamesTheItemDrawnThere() throws {
        let set = try ItemSet([
            TimelineItem(id: "p", start: Instant(unchecked: 1_000), title: "point"),
            TimelineItem(id: "r", start: Instant(unchecked: 2_000), end: Instant(unchecked: 3_000), title: "range"),
            TimelineItem(id: "o", start: Instant(unchecked: 2_500), title: "over", lane: "other"),
        ])
        // A block of 10,000 seconds, 1,000 points long: 6 points are 60 seconds.
        func item(_ seconds: Double, _ y: Double) -> String? {
            ItemLayout.item(of: set, at: seconds, y: y, block: 0, to: 10_000, length: 1_000).map { set.item($0).id }
        }
        #expect(item(1_000, 11) == "p" && item(1_055, 11) == "p" && item(1_065, 11) == nil)
        #expect(item(2_700, 11) == "r" && item(1_950, 11) == "r" && item(3_070, 11) == nil)
        #expect(item(2_500, 30 + 18 + 11) == "o" && item(2_500, 25) == nil, "the gap between lanes holds none")
        #expect(item(2_500, 30 + 9) == nil, "nor a lane's name's band")
        #expect(item(2_500, -1) == nil && item(2_500, 30 + 18 + 22 + 1) == nil)
        let dense = try ItemSet(
            (0..<1_000).map { TimelineItem(id: "\($0)", start: Instant(unchecked: Int64($0)), title: "d") })
        #expect(ItemLayout.item(of: dense, at: 500, y: 11, block: 0, to: 10_000, length: 1_000) == nil)
    }

    @Test func aDenseLaneShowsCountsAndASparseOneItsItems() throws {
        let burst = (0..<1_000).map {
            TimelineItem(id: "\($0)", start: Instant(unchecked: 1_000 + Int64($0)), title: "b", lane: "burst")
        }
        let set = try ItemSet(
            burst + [TimelineItem(id: "x", start: Instant(unchecked: 5_000), title: "x", lane: "one")])
        #expect(!ItemLayout.showsItems(of: set, lane: 0, from: 0, to: 10_000, length: 1_200))
        #expect(ItemLayout.showsItems(of: set, lane: 0, from: 1_000, to: 1_100, length: 1_200))
        #expect(ItemLayout.showsItems(of: set, lane: 1, from: 0, to: 10_000, length: 1_200))
    }
}

extension ItemError {
    func with(line: Int) -> ItemError { ItemError("\(place):\(line)", field, reason) }
}
