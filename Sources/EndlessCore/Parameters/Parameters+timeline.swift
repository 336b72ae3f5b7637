/// Reading a timeline from named parameters: the query string's names and `endless render timeline`'s alike.
extension Parameters {
    /// A timeline's configuration, the same in a window, a block and a page's frame.
    package static let timelineConfigurationNames = [
        "tz", "scale", "spacing", "min", "max", "step", "ends", "hours", "week-start",
        "locale",
    ]
    /// With `items`, a set the server serves (`endless render` reads a file instead).
    package static let timelineNames = ParameterTable.names(of: "timeline")

    /// Where a timeline opens when no `at` is given: a fixed instant, never the clock, so that a URL's bytes never
    /// change.
    package static let defaultInstant = Instant(unchecked: 1_774_744_200)  // 2026-03-29T00:30:00Z

    /// A timeline from `tz` (UTC), `scale` (1h), `spacing` (80), `step` (the scale), `min` and `max` (none),
    /// `locale` (English, as it always was), `hours` and `week-start` (the locale's; else 24 and monday).
    package func timeline() throws(EndlessError) -> Timeline {
        if let ends = text("ends"), ends != "clamp" {
            throw EndlessError("ends", "must be clamp: a timeline stops at min and max, and time does not wrap")
        }
        let language = try language()
        return try Timeline(
            zone: try text("tz").map { name throws(EndlessError) in try ZoneRules.named(name) } ?? .utc,
            scale: try text("scale").map { rung throws(EndlessError) in try TimeScale(rung) } ?? .hour,
            spacing: try number("spacing", accepts: Limits.Accepts.tickSpacing) ?? 80,
            step: try text("step").map { rung throws(EndlessError) in try TimeScale(rung, "step") },
            minimum: try instant("min"), maximum: try instant("max"),
            hours: try option("hours", HourCycle.allCases.map(\.rawValue)).flatMap(HourCycle.init)
                ?? language?.hours ?? .twentyFour,
            weekStart: try option("week-start", WeekStart.allCases.map(\.rawValue)).flatMap(WeekStart.init)
                ?? language?.weekStart ?? .monday,
            language: language)
    }

    /// `locale`, a BCP 47 tag; `nil` when not given: English, byte for byte as before there were languages.
    package func language() throws(EndlessError) -> Language? {
        try text("locale").map { tag throws(EndlessError) in try Language.named(tag) }
    }

    /// An RFC 3339 instant; a `+` that a query string turned into a space is read as the `+` it was.
    package func instant(_ name: String) throws(EndlessError) -> Instant? {
        guard let text = text(name) else { return nil }
        return try Instant(rfc3339: text.utf8.count == 25 ? text.replacing(" ", with: "+") : text, name)
    }

    /// A timeline window at `at` (`defaultInstant`), `width` × `height` (1200 × 120; vertical 200 × 600; with
    /// `items`, as thick as the axis and their lanes), `orientation` and `dir`.
    package func timelineWindow(items: ItemSet? = nil) throws(EndlessError) -> TimelineWindow {
        let timeline = try timeline()
        let orientation = try orientation()
        let mirrored = try isMirrored(orientation)
        let itemsThickness = items.map {
            min(ItemLayout.axisThickness(orientation) + ItemLayout.thickness(of: $0), Limits.maximumWindowSide)
        }
        let (width, height) = try windowSize(
            defaultWidth: orientation.isVertical ? itemsThickness ?? 200 : 1200,
            defaultHeight: orientation.isVertical ? 600 : itemsThickness ?? 120)
        return try TimelineWindow(
            timeline: timeline, at: try instant("at") ?? Self.defaultInstant, width: width, height: height,
            orientation: orientation, mirrored: mirrored)
    }
}
