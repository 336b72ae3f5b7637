import EndlessCore
import EndlessSVG

/// A timeline's items in its frames: the item a report chooses (stepped to with `[` and `]`, clicked, or chosen
/// before and still held), where that takes the pointer, and what the answer says of them.
extension TimelineFrameView {
    /// How long a view with items waits at rest before it asks again: a changed set shows within this and the time
    /// the server takes to see the change (a file is read a look after it stops changing, at most 250 ms), under 2 s.
    static let refreshMilliseconds = 1000

    /// What a report does among the items: the item it chooses, and whether the pointer goes to its start (a step
    /// does, and a chosen item held keeps it there; a click only names it).
    struct ItemChoice {
        var item: Int
        var goes: Bool
    }

    /// The item chosen by a report whose pointer is at `pointer` (a timeline offset) over a view whose content's
    /// world coordinate 0 is `origin`, the lanes `band` points across from its edge. `selected` counts only while
    /// the set is the one drawn (`drawn`).
    static func choice(
        among items: ItemSet, _ p: Parameters, timeline: Timeline, report: AxisReport, pointer: Double,
        mirrored: Bool, vertical: Bool, band: Double
    ) throws(EndlessError) -> ItemChoice? {
        let current = p.text("drawn") == drawn(items)
        var selected = try p.integer("selected", accepts: Limits.Accepts.itemIndex)
        if let index = selected, !(0..<items.count).contains(index) || !current { selected = nil }
        if let step = p.text("item") {
            guard step == "next" || step == "previous" else {
                throw EndlessError("item", "must be \(Limits.Accepts.itemStep)")
            }
            // From the item held, else from the pointer: the next starts at or after it, the previous before.
            let seconds = (pointer / timeline.pointsPerSecond).rounded(.up)
            let from = selected.map(items.position(of:)) ?? ItemPosition(seconds: Int64(seconds))
            let found = step == "next" ? items.item(after: from) : items.item(before: from)
            return found.map { ItemChoice(item: $0, goes: true) }
        }
        let side = Limits.maximumWindowSide
        if var point = try p.point("pick", within: vertical ? side : report.length, vertical ? report.length : side) {
            guard let origin = report.origin else { return nil }  // nothing drawn yet to click on
            if vertical { point = (point.y, point.x) }  // along, then across
            let sign: Double = mirrored ? -1 : 1
            // Within time's ends, whatever the report's origin: a whole second of it is then an `Int64`.
            let ends = Double(Instant.first.secondsSinceEpoch)...Double(Instant.last.secondsSinceEpoch)
            let seconds = ends.clamp(sign * (origin + report.scroll + point.x) / timeline.pointsPerSecond)
            let from = timeline.start(ofBlock: floorQuotient(Int64(seconds.rounded(.down)), timeline.blockSeconds))
            let found = ItemLayout.item(
                of: items, at: seconds, y: point.y - band, block: from, to: from + timeline.blockSeconds,
                length: Double(Timeline.ticksPerBlock) * timeline.spacing)
            return found.map { ItemChoice(item: $0, goes: false) }
        }
        return selected.map { ItemChoice(item: $0, goes: true) }
    }

    /// A report that steps, clicks or holds an item names the set: without one, a 400 naming the first.
    static func checkItemsNamed(_ p: Parameters) throws(EndlessError) {
        if let name = ParameterTable.timelineItemsFrame.lazy.map(\.name).first(where: p.contains) {
            throw EndlessError(name, "is about a timeline's items: give it with items")
        }
    }

    /// The set's version as the page sends it back.
    static func drawn(_ items: ItemSet) -> String { String(items.version, radix: 16) }

    /// Item `item`'s fields as a page hands them on (`endless-item`), with its `index` and its `text`.
    static func fields(of index: Int, in items: ItemSet, timeline: Timeline) -> [(String, String)] {
        let item = items.item(index)
        let (start, spoken) = (timeline.text(item.start), timeline.spokenText(item.start))
        return [
            ("index", String(index)), ("id", item.id), ("start", start), ("end", item.end.map(timeline.text) ?? ""),
            ("title", item.title), ("lane", item.lane), ("class", item.itemClass.rawValue), ("url", item.url ?? ""),
            ("text", item.title.isEmpty ? spoken : "\(item.title), \(spoken)"),
        ]
    }
}

extension ClosedRange<Double> {
    /// `x` brought within the range; its lower end for NaN.
    fileprivate func clamp(_ x: Double) -> Double { x >= upperBound ? upperBound : x > lowerBound ? x : lowerBound }
}
