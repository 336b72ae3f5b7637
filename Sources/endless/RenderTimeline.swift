import ArgumentParser
import EndlessCore
import EndlessSVG

struct RenderTimeline: RenderSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline", abstract: "A timeline window, its pointer (the window's centre) on an instant.")

    @Option(parsing: .unconditional, help: parameterHelp("at", of: "timeline")) var at: String?
    @Option(parsing: .unconditional, help: parameterHelp("tz", of: "timeline")) var tz: String?
    @Option(parsing: .unconditional, help: parameterHelp("scale", of: "timeline")) var scale: String?
    @Option(parsing: .unconditional, help: parameterHelp("spacing", of: "timeline")) var spacing: String?
    @Option(parsing: .unconditional, help: parameterHelp("min", of: "timeline")) var min: String?
    @Option(parsing: .unconditional, help: parameterHelp("max", of: "timeline")) var max: String?
    @Option(parsing: .unconditional, help: parameterHelp("step", of: "timeline")) var step: String?
    @Option(parsing: .unconditional, help: parameterHelp("ends", of: "timeline")) var ends: String?
    @Option(parsing: .unconditional, help: parameterHelp("locale", of: "timeline")) var locale: String?
    @Option(parsing: .unconditional, help: parameterHelp("hours", of: "timeline")) var hours: String?
    @Option(name: .customLong("week-start"), parsing: .unconditional, help: parameterHelp("week-start", of: "timeline"))
    var weekStart: String?
    @Option(parsing: .unconditional, help: parameterHelp("width", of: "timeline")) var width: String?
    @Option(parsing: .unconditional, help: parameterHelp("height", of: "timeline")) var height: String?
    @Option(parsing: .unconditional, help: parameterHelp("orientation", of: "timeline")) var orientation: String?
    @Option(parsing: .unconditional, help: parameterHelp("dir", of: "timeline")) var dir: String?
    @Option(parsing: .unconditional, help: parameterHelp("theme", of: "timeline")) var theme: String?
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
