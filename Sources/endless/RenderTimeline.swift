import ArgumentParser
import EndlessCore
import EndlessSVG

struct RenderTimeline: RenderSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline", abstract: "A timeline window, its pointer (the window's centre) on an instant.")

    @Option(parsing: .unconditional, help: "Instant under the pointer, RFC 3339 (default 2026-03-29T00:30:00Z).")
    var at: String?
    @Option(parsing: .unconditional, help: "IANA time zone whose clock labels the ticks (default UTC).") var tz: String?
    @Option(
        parsing: .unconditional,
        help:
            "Interval between minor ticks: 1s 5s 15s 30s 1min 5min 15min 30min 1h 3h 6h 12h 1d 1w 1mo 3mo 1y 10y 100y 1000y (default 1h)."
    ) var scale: String?
    @Option(parsing: .unconditional, help: "Points between minor ticks, 2…1000 (default 80).") var spacing: String?
    @Option(parsing: .unconditional, help: "Earliest instant, RFC 3339 (default none).") var min: String?
    @Option(parsing: .unconditional, help: "Latest instant, RFC 3339 (default none).") var max: String?
    @Option(parsing: .unconditional, help: "What the value snaps to, a rung of the scale's ladder (default the scale).")
    var step: String?
    @Option(parsing: .unconditional, help: "clamp: stop at min and max (the only choice: time does not wrap).")
    var ends: String?
    @Option(parsing: .unconditional, help: "A BCP 47 language tag for the words, e.g. ja-JP; default English.")
    var locale: String?
    @Option(parsing: .unconditional, help: "24 (14:00) or 12 (2 PM); default the locale's, else 24.") var hours: String?
    @Option(
        name: .customLong("week-start"), parsing: .unconditional,
        help: "monday (ISO 8601), sunday or saturday; default the locale's, else monday.")
    var weekStart: String?
    @Option(
        parsing: .unconditional,
        help: "Window width in points (default 1200; vertical 200, with --items the axis and lanes; at most 8192).")
    var width: String?
    @Option(
        parsing: .unconditional,
        help: "Window height in points (default 120, with --items the axis and lanes; vertical 600).") var height:
        String?
    @Option(parsing: .unconditional, help: "horizontal or vertical (time runs downwards; default horizontal).")
    var orientation: String?
    @Option(parsing: .unconditional, help: "ltr or rtl (time runs to the left; horizontal only; default ltr).")
    var dir: String?
    @Option(parsing: .unconditional, help: "light, dark, or auto (follows prefers-color-scheme; default light).")
    var theme: String?
    @Option(
        parsing: .unconditional,
        help: "A file of items to draw in lanes beside the axis: JSON Lines (.jsonl), or CSV (.csv) with a header.")
    var items: String?

    var options: KeyValuePairs<String, String?> {
        [
            "at": at, "tz": tz, "scale": scale, "spacing": spacing, "min": min, "max": max, "step": step, "ends": ends,
            "locale": locale, "hours": hours, "week-start": weekStart, "width": width, "height": height,
            "orientation": orientation,
            "dir": dir, "theme": theme,
        ]
    }
    var accepted: [String] { Parameters.timelineNames }

    func document(_ parameters: Parameters) throws -> [UInt8] {
        let items = try self.items.map { try ItemSet(contentsOf: $0) }
        let window = try parameters.timelineWindow(items: items)
        return TimelineRenderer(window: window, theme: try parameters.theme(), items: items).render(window).document
    }
}
