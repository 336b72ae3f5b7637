/// Where a timeline's items stand across it, in points: their lanes under the axis, one band a lane, its name's band
/// then a few rows; and whether a lane shows its items in a span or, where they are too many to tell apart, how many each few
/// points hold.
package enum ItemLayout {
    /// The axis's band beside the lanes: a timeline without items is this thick by default (a vertical one as wide
    /// as its instant at the pointer).
    package static func axisThickness(_ orientation: Orientation) -> Double { orientation.isVertical ? 200 : 120 }

    /// The axis's band in a view `thickness` across: all of it, up to `axisThickness`.
    package static func axisBand(within thickness: Double, _ orientation: Orientation) -> Double {
        min(thickness, axisThickness(orientation))
    }
    /// A row across, and its bar's thickness.
    package static let rowHeight: Double = 22
    package static let barHeight: Double = 18
    /// Rows a lane shows: where an item of a lower row is in view, the lane shows counts instead.
    package static let rowsShown = 4
    /// Points between lanes.
    package static let laneGap: Double = 8
    /// A count's bar along the axis: 16 points, half a window's bytes where a lane is dense against 8, each still
    /// wide enough to point at.
    package static let bucket: Double = 16
    /// A lane shows its items one by one while they stand at least this far apart on average.
    package static let pointsPerItem: Double = 4

    /// A named lane's band for its name, above its rows: no bar, marker, title or count is drawn in it.
    package static let nameHeight: Double = 18

    package static func nameBand(of lane: ItemSet.Lane) -> Double { lane.name.isEmpty ? 0 : nameHeight }

    package static func thickness(of lane: ItemSet.Lane) -> Double {
        nameBand(of: lane) + Double(max(1, min(lane.rows.count, rowsShown))) * rowHeight + laneGap
    }

    /// The lanes' bands together.
    package static func thickness(of items: ItemSet) -> Double {
        items.lanes.reduce(0) { $0 + thickness(of: $1) }
    }

    /// Whether lane `lane` shows its items one by one in `from..<to` seconds, `length` points long: every item in
    /// the span is in a row it shows, and they are not too many.
    package static func showsItems(of items: ItemSet, lane: Int, from: Int64, to: Int64, length: Double) -> Bool {
        let count = items.count(inLane: lane, from: from, to: to)
        guard Double(count) * pointsPerItem <= length else { return false }
        let shown = min(items.lanes[lane].rows.count, rowsShown)
        return (0..<shown).reduce(0) { $0 + items.items(inLane: lane, row: $1, from: from, to: to).count } == count
    }
}

extension ItemLayout {
    /// The item drawn at `seconds` along and `y` points down the lanes (their top 0), in a block `from..<to` seconds
    /// and `length` points long: the one in that row nearest `seconds`, within a point's marker (6 points) of it.
    /// `nil` where nothing is drawn, or where the lane shows counts there.
    package static func item(
        of items: ItemSet, at seconds: Double, y: Double, block from: Int64, to: Int64, length: Double
    ) -> Int? {
        var top = 0.0
        for (index, lane) in items.lanes.enumerated() {
            defer { top += thickness(of: lane) }
            guard y >= top + nameBand(of: lane), y < top + thickness(of: lane) else { continue }
            let row = Int((y - top - nameBand(of: lane)) / rowHeight)
            guard row < min(lane.rows.count, rowsShown),
                showsItems(of: items, lane: index, from: from, to: to, length: length)
            else { return nil }
            let reach = 6 * Double(to - from) / length
            let (low, high) = ((seconds - reach).rounded(.down), (seconds + reach).rounded(.up) + 1)
            let span = Int64(max(low, Double(from - 1)))..<Int64(min(high, Double(to + 1)))
            let near = items.items(inLane: index, row: row, from: span.lowerBound, to: span.upperBound)
            func distance(_ item: Int) -> Double {
                let (start, end) = (Double(items.starts[item]), Double(items.ends[item]))
                return seconds < start ? start - seconds : seconds > end ? seconds - end : 0
            }
            return near.filter { distance($0) <= reach }.min { distance($0) < distance($1) }
        }
        return nil
    }
}
