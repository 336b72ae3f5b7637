/// Where a timeline's items stand across it, in points: their lanes under the axis, one band a lane, a few rows a
/// band; and whether a lane shows its items in a span or, where they are too many to tell apart, how many each few
/// points hold.
package enum ItemLayout {
    /// The axis's band, above the lanes: a timeline without items is this thick by default.
    package static let axisThickness: Double = 120
    /// A row across, and its bar's thickness.
    package static let rowHeight: Double = 22
    package static let barHeight: Double = 18
    /// Rows a lane shows: where an item of a lower row is in view, the lane shows counts instead.
    package static let rowsShown = 4
    /// Points between lanes, and a count's bucket along the axis.
    package static let laneGap: Double = 8
    package static let bucket: Double = 8
    /// A lane shows its items one by one while they stand at least this far apart on average.
    package static let pointsPerItem: Double = 4

    package static func thickness(of lane: ItemSet.Lane) -> Double {
        Double(max(1, min(lane.rows.count, rowsShown))) * rowHeight + laneGap
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
