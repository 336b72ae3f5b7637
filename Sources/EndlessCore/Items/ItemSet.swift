import HeapModule

/// A timeline's items, arranged once for drawing: by lane, then by row, then by start. Each lane's items are stacked
/// in rows when the set is made (greedily, in order of start: an item takes the first row free when it starts), so
/// that nothing changes row while the reader scrolls or zooms; within a row none overlap. Columns rather than
/// structs, and every text in one buffer: a million items take about 150 MB.
public final class ItemSet: Sendable {
    package let count: Int
    /// Seconds since 1970; a point's end is its start.
    package let starts: [Int64]
    package let ends: [Int64]
    /// The item's class (`ItemClass`'s index), with `pointBit` for a point.
    package let kinds: [UInt8]
    package let lanes: [Lane]
    /// Every item's id, title and URL, one after another; `textStarts[3 i…3 i + 3]` are item `i`'s, and the next
    /// one's start ends its URL.
    private let text: [UInt8]
    private let textStarts: [UInt32]
    /// A hash of everything drawn: part of every ETag and tile style that draws the set.
    package let version: UInt64

    package static let pointBit: UInt8 = 0x80

    package struct Lane: Sendable {
        package let name: String
        /// Each row's items, a range of the set's: ends rise with starts along a row.
        package let rows: [Range<Int>]
        /// The lane's starts and ends, each sorted: how many of its items are at some time in a span, at once.
        let sortedStarts: [Int64]
        let sortedEnds: [Int64]
    }

    /// `items`, checked as a file's are (`ItemError` names the item by its place, from 1).
    public convenience init(_ items: some Sequence<TimelineItem>) throws(ItemError) {
        var builder = Builder()
        for (index, item) in items.enumerated() {
            try builder.add(
                id: item.id.utf8, start: item.start.secondsSinceEpoch, end: item.end?.secondsSinceEpoch,
                title: item.title.utf8, lane: item.lane.utf8, itemClass: item.itemClass, url: (item.url ?? "").utf8,
                place: Builder.Place(number: index + 1))
        }
        self.init(builder)
    }

    init(_ builder: consuming Builder) {
        let built = builder.arranged()
        (count, starts, ends, kinds, lanes) = (built.starts.count, built.starts, built.ends, built.kinds, built.lanes)
        (text, textStarts) = (built.text, built.textStarts)
        var hash = WordHash()
        for lane in lanes {  // each lane's name and where its rows are: which items it holds
            hash.combine(bytes: Array(lane.name.utf8))
            lane.rows.flatMap { [$0.lowerBound, $0.upperBound] }.withUnsafeBytes { hash.combine(bytes: $0) }
        }
        starts.withUnsafeBytes { hash.combine(bytes: $0) }
        ends.withUnsafeBytes { hash.combine(bytes: $0) }
        kinds.withUnsafeBytes { hash.combine(bytes: $0) }
        text.withUnsafeBytes { hash.combine(bytes: $0) }
        version = hash.value
    }

    package func isPoint(_ item: Int) -> Bool { kinds[item] & Self.pointBit != 0 }

    /// An item's texts, as given.
    package enum Text: Int {
        case id, title, url
    }

    /// Item `item`'s `text` (UTF-8, as given; an empty URL for none), read in place.
    package func withText<Result>(
        _ item: Int, _ text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let field = 3 * item + text.rawValue
        let range = Int(textStarts[field])..<Int(textStarts[field + 1])
        return self.text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// How many of lane `lane`'s items are at some time in `from..<to`: those that start before `to`, less those that
    /// ended before `from`. Exact, in two binary searches.
    package func count(inLane lane: Int, from: Int64, to: Int64) -> Int {
        let lane = lanes[lane]
        return lane.sortedStarts.count(below: to) - lane.sortedEnds.count(below: from)
    }

    /// The items of row `row` of lane `lane` at some time in `from..<to`, in order: those from the first that ends at
    /// or after `from` (ends rise along a row) to the last that starts before `to`.
    package func items(inLane lane: Int, row: Int, from: Int64, to: Int64) -> Range<Int> {
        let row = lanes[lane].rows[row]
        let first = ends[row].count(below: from) + row.lowerBound
        let last = starts[first..<row.upperBound].count(below: to) + first
        return first..<last
    }
}

/// Why an item cannot be read: where (`launches.jsonl:12`, or `item 12` for one an app handed over), which field,
/// and what it accepts. One line, as an operator reads it.
public struct ItemError: Error, Sendable, Hashable, CustomStringConvertible {
    public var place: String
    public var field: String
    public var reason: String

    package init(_ place: String, _ field: String, _ reason: String) {
        (self.place, self.field, self.reason) = (place, field, reason)
    }

    init(_ place: ItemSet.Builder.Place, _ field: String, _ reason: String) {
        self.init(place.name, field, reason)
    }

    public var description: String { "\(place): \(field): \(reason)" }
}

extension RandomAccessCollection where Element == Int64, Index == Int {
    /// How many leading elements are below `value`, in a sorted collection.
    func count(below value: Int64) -> Int {
        var (low, high) = (startIndex, endIndex)
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low - startIndex
    }
}

/// FNV-1a over 64-bit words, for hashing a hundred megabytes of items in a tenth of the time a byte at a time takes.
struct WordHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(bytes: UnsafeRawBufferPointer) {
        var index = 0
        while index + 8 <= bytes.count {
            value = (value ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x100_0000_01b3
            index += 8
        }
        while index < bytes.count {
            value = (value ^ UInt64(bytes[index])) &* 0x100_0000_01b3
            index += 1
        }
        value = (value ^ UInt64(bytes.count)) &* 0x100_0000_01b3
    }

    mutating func combine(bytes: [UInt8]) { bytes.withUnsafeBytes { combine(bytes: $0) } }
}

extension ItemSet {
    /// Items as they are read, checked one by one, then arranged at once (`arranged`).
    struct Builder {
        private var starts: [Int64] = []
        private var ends: [Int64] = []
        private var kinds: [UInt8] = []
        private var laneOf: [UInt8] = []
        private var text: [UInt8] = []
        private var textStarts: [UInt32] = []
        private var laneIndex: [String: UInt8] = [:]
        private var laneNames: [String] = []

        /// Checks an item's fields (`end` at or after `start`, each within its limit, a URL that leads somewhere
        /// safe) and keeps it.
        mutating func add(
            id: some Collection<UInt8>, start: Int64, end: Int64?, title: some Collection<UInt8>,
            lane: some Collection<UInt8>, itemClass: ItemClass, url: some Collection<UInt8>, place: Place
        ) throws(ItemError) {
            guard starts.count < Limits.maximumItemsPerSet else {
                throw ItemError(place, "items", "a set holds at most \(Limits.maximumItemsPerSet) items")
            }
            try Self.check(id, "id", place, at: 1...Limits.maximumItemIdBytes)
            try Self.check(title, "title", place, at: 0...Limits.maximumTitleBytes)
            try Self.check(lane, "lane", place, at: 0...Limits.maximumLaneNameBytes)
            try Self.check(url, "url", place, at: 0...Limits.maximumItemURLBytes)
            try Self.checkURL(url, place)
            try Self.checkInstant(start, "start", place)
            if let end {
                try Self.checkInstant(end, "end", place)
                guard end >= start else { throw ItemError(place, "end", "must not be before start") }
            }
            let laneName = String(decoding: lane, as: UTF8.self)
            let laneNumber: UInt8
            if let known = laneIndex[laneName] {
                laneNumber = known
            } else {
                guard laneNames.count < Limits.maximumLanesPerSet else {
                    throw ItemError(place, "lane", "a set has at most \(Limits.maximumLanesPerSet) lanes")
                }
                laneNumber = UInt8(laneNames.count)
                laneIndex[laneName] = laneNumber
                laneNames.append(laneName)
            }
            starts.append(start)
            ends.append(end ?? start)
            kinds.append(UInt8(ItemClass.allCases.firstIndex(of: itemClass)!) | (end == nil ? pointBit : 0))
            laneOf.append(laneNumber)
            textStarts.append(UInt32(text.count))
            text.append(contentsOf: id)
            textStarts.append(UInt32(text.count))
            text.append(contentsOf: title)
            textStarts.append(UInt32(text.count))
            text.append(contentsOf: url)
        }

        private static func check(
            _ bytes: some Collection<UInt8>, _ field: String, _ place: Place, at sizes: ClosedRange<Int>
        ) throws(ItemError) {
            guard sizes.contains(bytes.count) else {
                throw ItemError(
                    place, field,
                    sizes.lowerBound > 0
                        ? "must be \(sizes.lowerBound) to \(sizes.upperBound) bytes of UTF-8"
                        : "must be at most \(sizes.upperBound) bytes of UTF-8")
            }
            guard bytes.allSatisfy({ $0 < 0x80 }) || String(validating: bytes, as: UTF8.self) != nil else {
                throw ItemError(place, field, "must be UTF-8")
            }
        }

        /// A link a reader may follow: `http:` or `https:` with a host, or a path from `/` (not `//`), with no
        /// space or control character; never `javascript:` and the like.
        private static func checkURL(_ url: some Collection<UInt8>, _ place: Place) throws(ItemError) {
            guard let first = url.first else { return }
            let lower = url.prefix(8).map { $0 | 0x20 }
            let scheme = lower.starts(with: "https://".utf8) || lower.starts(with: "http://".utf8)
            let path = first == UInt8(ascii: "/") && url.dropFirst().first != UInt8(ascii: "/")
            guard scheme || path, url.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
                throw ItemError(place, "url", "must be an http or https URL, or a path from /, without spaces")
            }
        }

        private static func checkInstant(_ seconds: Int64, _ field: String, _ place: Place) throws(ItemError) {
            guard (Instant.first.secondsSinceEpoch...Instant.last.secondsSinceEpoch).contains(seconds) else {
                throw ItemError(place, field, "must be \(Limits.Accepts.instant)")
            }
        }

        /// Where an item is: a file's line (`launches.jsonl:12`), or its place among those an app handed over
        /// (`item 12`); written out only for an error.
        struct Place {
            var file: String?
            var number: Int

            var name: String { file.map { "\($0):\(number)" } ?? "item \(number)" }
        }

        struct Arranged {
            var starts: [Int64] = [], ends: [Int64] = [], kinds: [UInt8] = [], text: [UInt8] = []
            var textStarts: [UInt32] = [], lanes: [Lane] = []
        }

        /// Lanes in the order they were first named (the unnamed lane first), each item in the first row free when
        /// it starts, then every column in that order.
        consuming func arranged() -> Arranged {
            let count = starts.count
            var order = Array(0..<count)
            // Lanes ranked with the unnamed one first, then as first named.
            let unnamed = laneIndex[""]
            let rank = (unnamed.map { [$0] } ?? []) + laneNames.indices.map { UInt8($0) }.filter { $0 != unnamed }
            var rankOf = [UInt8](repeating: 0, count: laneNames.count)
            for (position, lane) in rank.enumerated() { rankOf[Int(lane)] = UInt8(position) }
            order.sort { a, b in
                let (laneA, laneB) = (rankOf[Int(laneOf[a])], rankOf[Int(laneOf[b])])
                if laneA != laneB { return laneA < laneB }
                if starts[a] != starts[b] { return starts[a] < starts[b] }
                return ends[a] > ends[b]  // the longer first, on top
            }
            // Rows: each item takes the lowest row whose last item ended before it starts.
            var rows = [UInt32](repeating: 0, count: count)
            var busy = Heap<Busy>()
            var free = Heap<UInt32>()
            var rowCount: UInt32 = 0
            var previousLane: UInt8? = nil
            for item in order {
                if laneOf[item] != previousLane {
                    (busy, free, rowCount, previousLane) = (Heap(), Heap(), 0, laneOf[item])
                }
                while let first = busy.min, first.end < starts[item] {
                    free.insert(busy.removeMin().row)
                }
                let row = free.popMin() ?? rowCount
                if row == rowCount { rowCount += 1 }
                busy.insert(Busy(end: ends[item], row: row))
                rows[item] = row
            }
            // Row by row within a lane, in order of start (a stable sort keeps it).
            var keys = order.enumerated().map { position, item in
                UInt64(rankOf[Int(laneOf[item])]) << 56 | UInt64(rows[item]) << 32 | UInt64(position)
            }
            keys.sort()
            var result = Arranged()
            result.starts.reserveCapacity(count)
            result.ends.reserveCapacity(count)
            result.kinds.reserveCapacity(count)
            result.text.reserveCapacity(text.count)
            result.textStarts.reserveCapacity(3 * count + 1)
            var laneRows: [[Range<Int>]] = Array(repeating: [], count: laneNames.count)
            for (index, key) in keys.enumerated() {
                let item = order[Int(key & 0xFFFF_FFFF)]
                let (lane, row) = (Int(key >> 56), Int(key >> 32 & 0xFF_FFFF))
                if laneRows[lane].count == row { laneRows[lane].append(index..<index) }
                laneRows[lane][row] = laneRows[lane][row].lowerBound..<index + 1
                result.starts.append(starts[item])
                result.ends.append(ends[item])
                result.kinds.append(kinds[item])
                let end = item + 1 < count ? Int(textStarts[3 * item + 3]) : text.count
                for field in 0..<3 {
                    result.textStarts.append(UInt32(result.text.count))
                    let from = Int(textStarts[3 * item + field])
                    let to = field < 2 ? Int(textStarts[3 * item + field + 1]) : end
                    result.text.append(contentsOf: text[from..<to])
                }
            }
            result.textStarts.append(UInt32(result.text.count))
            result.lanes = rank.enumerated().map { position, lane in
                let items =
                    laneRows[position].first.map { $0.lowerBound..<laneRows[position].last!.upperBound } ?? 0..<0
                return Lane(
                    name: laneNames[Int(lane)], rows: laneRows[position],
                    sortedStarts: result.starts[items].sorted(), sortedEnds: result.ends[items].sorted())
            }
            return result
        }

        private struct Busy: Comparable {
            let end: Int64
            let row: UInt32
            static func < (a: Busy, b: Busy) -> Bool { (a.end, a.row) < (b.end, b.row) }
        }
    }
}
