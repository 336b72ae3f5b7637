/// One thing that happened on a timeline: a point at `start`, or a range from `start` to `end`, in a lane, with a
/// title a reader sees and an id and link a program reads. What an app hands `ItemSet(_:)`, and what a file's line
/// says.
public struct TimelineItem: Sendable, Hashable {
    /// The app's own name for it, handed back when it is chosen (`endless-item`).
    public var id: String
    public var start: Instant
    /// The range's end, at or after `start`; `nil` for a point.
    public var end: Instant?
    public var title: String
    /// The row group it is drawn in (`""`: the set's unnamed lane, drawn first).
    public var lane: String
    /// Its colour, from the theme's palette.
    public var itemClass: ItemClass
    /// Where choosing it leads: an `http` or `https` URL, or a path from `/`; `nil` for none.
    public var url: String?

    public init(
        id: String, start: Instant, end: Instant? = nil, title: String, lane: String = "",
        itemClass: ItemClass = .blue, url: String? = nil
    ) {
        (self.id, self.start, self.end, self.title) = (id, start, end, title)
        (self.lane, self.itemClass, self.url) = (lane, itemClass, url)
    }
}

/// An item's colour by name (`class` in a file): each has a light and a dark theme's shade.
public enum ItemClass: String, Sendable, Hashable, CaseIterable {
    case blue, green, orange, red, purple, grey
}
