extension ItemSet {
    /// The item after `from` in the order a reader steps through them (`]`): by start, then by the set's order
    /// (lane, row), so items that start together are each reached in turn. `nil` past the last.
    package func item(after from: ItemPosition) -> Int? {
        var best: Int?
        for row in allRows {
            // Along a row (start, index) only rises: the first past `position` by a binary search.
            let first = row.partitioningIndex { ItemPosition(start: starts[$0], item: $0) > from }
            if first < row.upperBound, best.map({ position(of: first) < position(of: $0) }) ?? true { best = first }
        }
        return best
    }

    /// The item before `from` in the same order (`[`); `nil` before the first.
    package func item(before from: ItemPosition) -> Int? {
        var best: Int?
        for row in allRows {
            let last = row.partitioningIndex { ItemPosition(start: starts[$0], item: $0) >= from } - 1
            if last >= row.lowerBound, best.map({ position(of: last) > position(of: $0) }) ?? true { best = last }
        }
        return best
    }

    package func position(of item: Int) -> ItemPosition { ItemPosition(start: starts[item], item: item) }

    /// Item `item` as it was given: what a reader who chose it is handed (`endless-item`).
    package func item(_ item: Int) -> TimelineItem {
        func text(_ field: Text) -> String { withText(item, field) { String(decoding: $0, as: UTF8.self) } }
        let lane = lanes.first { $0.rows.contains { $0.contains(item) } }
        let url = text(.url)
        return TimelineItem(
            id: text(.id), start: Instant(unchecked: starts[item]),
            end: isPoint(item) ? nil : Instant(unchecked: ends[item]), title: text(.title), lane: lane?.name ?? "",
            itemClass: ItemClass.allCases[Int(kinds[item] & ~Self.pointBit)], url: url.isEmpty ? nil : url)
    }

    private var allRows: some Sequence<Range<Int>> { lanes.lazy.flatMap(\.rows) }
}

/// Where a reader is among a set's items: at an item (`item` its index), or at an instant (`item` -1: before the
/// items that start then).
package struct ItemPosition: Comparable, Sendable {
    package var start: Int64
    package var item: Int

    package init(start: Int64, item: Int) { (self.start, self.item) = (start, item) }

    /// Just before every item that starts at `seconds` or later.
    package init(seconds: Int64) { self.init(start: seconds, item: -1) }

    package static func < (a: ItemPosition, b: ItemPosition) -> Bool { (a.start, a.item) < (b.start, b.item) }
}

extension Range<Int> {
    /// The first index for which `isPast` holds, where it holds for every index after one it holds for.
    fileprivate func partitioningIndex(where isPast: (Int) -> Bool) -> Int {
        var (low, high) = (lowerBound, upperBound)
        while low < high {
            let middle = low + (high - low) / 2
            if isPast(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
