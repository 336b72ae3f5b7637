import ArgumentParser
import EndlessCore
import EndlessSVG
import Foundation

/// `endless render ruler|grid|loop|timeline …`: one window as a standalone SVG document on stdout.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one window of a view as an SVG document to stdout.",
        subcommands: [RenderRuler.self, RenderGrid.self, RenderLoop.self, RenderTimeline.self]
    )
}

/// What every `render` subcommand shares: turn its options into the parameters the server also reads.
protocol RenderSubcommand: ParsableCommand {
    /// Each option by its parameter name, `nil` when not given.
    var options: KeyValuePairs<String, String?> { get }
    var accepted: [String] { get }
    func document(_ parameters: Parameters) throws -> [UInt8]
}

/// An option's help: the parameter's meaning, what it takes and its default, from `ParameterTable`.
func parameterHelp(_ name: String, of view: String) -> ArgumentHelp {
    ArgumentHelp(ParameterTable.parameter(name, of: view)?.help ?? "")
}

extension RenderSubcommand {
    func run() throws {
        let pairs = options.compactMap { name, value in value.map { (name, $0) } }
        let bytes = try document(Parameters(pairs, accepted: accepted))
        FileHandle.standardOutput.write(Data(bytes))
    }
}

struct RenderRuler: RenderSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "ruler", abstract: "A ruler window, its pointer (the window's centre) on a value or offset.")

    @Option(parsing: .unconditional, help: parameterHelp("value", of: "ruler")) var value: String?
    @Option(parsing: .unconditional, help: parameterHelp("offset", of: "ruler")) var offset: String?
    @Option(parsing: .unconditional, help: parameterHelp("width", of: "ruler")) var width: String?
    @Option(parsing: .unconditional, help: parameterHelp("height", of: "ruler")) var height: String?
    @Option(parsing: .unconditional, help: parameterHelp("min", of: "ruler")) var min: String?
    @Option(parsing: .unconditional, help: parameterHelp("max", of: "ruler")) var max: String?
    @Option(parsing: .unconditional, help: parameterHelp("step", of: "ruler")) var step: String?
    @Option(parsing: .unconditional, help: parameterHelp("ticks", of: "ruler")) var ticks: String?
    @Option(parsing: .unconditional, help: parameterHelp("spacing", of: "ruler")) var spacing: String?
    @Option(parsing: .unconditional, help: parameterHelp("ends", of: "ruler")) var ends: String?
    @Option(parsing: .unconditional, help: parameterHelp("unit", of: "ruler")) var unit: String?
    @Option(parsing: .unconditional, help: parameterHelp("format", of: "ruler")) var format: String?
    @Option(parsing: .unconditional, help: parameterHelp("grouping", of: "ruler")) var grouping: String?
    @Option(parsing: .unconditional, help: parameterHelp("subdivisions", of: "ruler")) var subdivisions: String?
    @Option(parsing: .unconditional, help: parameterHelp("zoom", of: "ruler")) var zoom: String?
    @Option(name: .customLong("min-zoom"), parsing: .unconditional, help: parameterHelp("min-zoom", of: "ruler"))
    var minZoom: String?
    @Option(name: .customLong("max-zoom"), parsing: .unconditional, help: parameterHelp("max-zoom", of: "ruler"))
    var maxZoom: String?
    @Option(parsing: .unconditional, help: parameterHelp("orientation", of: "ruler")) var orientation: String?
    @Option(parsing: .unconditional, help: parameterHelp("dir", of: "ruler")) var dir: String?
    @Option(parsing: .unconditional, help: parameterHelp("theme", of: "ruler")) var theme: String?
    @Option(parsing: .unconditional, help: parameterHelp("locale", of: "ruler")) var locale: String?

    var options: KeyValuePairs<String, String?> {
        [
            "value": value, "offset": offset, "width": width, "height": height, "min": min, "max": max,
            "step": step, "ticks": ticks, "spacing": spacing, "ends": ends, "unit": unit, "format": format,
            "grouping": grouping, "subdivisions": subdivisions, "zoom": zoom, "min-zoom": minZoom, "max-zoom": maxZoom,
            "orientation": orientation, "dir": dir, "theme": theme, "locale": locale,
        ]
    }
    var accepted: [String] { Parameters.rulerNames }

    func document(_ parameters: Parameters) throws(EndlessError) -> [UInt8] {
        let window = try parameters.rulerWindow()
        return RulerRenderer(window: window, theme: try parameters.theme()).render(window).document
    }
}

struct RenderGrid: RenderSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "grid", abstract: "A grid window centred on a world point; (0, 0) is the centre of tile (0, 0).")

    @Option(parsing: .unconditional, help: parameterHelp("x", of: "grid")) var x: String?
    @Option(parsing: .unconditional, help: parameterHelp("y", of: "grid")) var y: String?
    @Option(parsing: .unconditional, help: parameterHelp("width", of: "grid")) var width: String?
    @Option(parsing: .unconditional, help: parameterHelp("height", of: "grid")) var height: String?
    @Option(parsing: .unconditional, help: parameterHelp("tile", of: "grid")) var tile: String?
    @Option(parsing: .unconditional, help: parameterHelp("zoom", of: "grid")) var zoom: String?
    @Option(parsing: .unconditional, help: parameterHelp("theme", of: "grid")) var theme: String?
    @Option(parsing: .unconditional, help: parameterHelp("locale", of: "grid")) var locale: String?

    var options: KeyValuePairs<String, String?> {
        [
            "x": x, "y": y, "width": width, "height": height, "tile": tile, "zoom": zoom, "theme": theme,
            "locale": locale,
        ]
    }
    var accepted: [String] { Parameters.gridNames }

    func document(_ parameters: Parameters) throws(EndlessError) -> [UInt8] {
        let window = try parameters.gridWindow()
        return GridRenderer(grid: window.grid, theme: try parameters.theme()).render(window).document
    }
}

struct RenderLoop: RenderSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "loop", abstract: "A window of the looping strip 0…20, its left edge at an offset.")

    @Option(parsing: .unconditional, help: parameterHelp("offset", of: "loop")) var offset: String?
    @Option(parsing: .unconditional, help: parameterHelp("width", of: "loop")) var width: String?
    @Option(parsing: .unconditional, help: parameterHelp("height", of: "loop")) var height: String?
    @Option(parsing: .unconditional, help: parameterHelp("count", of: "loop")) var count: String?
    @Option(parsing: .unconditional, help: parameterHelp("spacing", of: "loop")) var spacing: String?
    @Option(parsing: .unconditional, help: parameterHelp("inset", of: "loop")) var inset: String?
    @Option(parsing: .unconditional, help: parameterHelp("orientation", of: "loop")) var orientation: String?
    @Option(parsing: .unconditional, help: parameterHelp("theme", of: "loop")) var theme: String?
    @Option(parsing: .unconditional, help: parameterHelp("locale", of: "loop")) var locale: String?

    var options: KeyValuePairs<String, String?> {
        [
            "offset": offset, "width": width, "height": height, "count": count, "spacing": spacing, "inset": inset,
            "orientation": orientation, "theme": theme, "locale": locale,
        ]
    }
    var accepted: [String] { Parameters.loopNames }

    func document(_ parameters: Parameters) throws(EndlessError) -> [UInt8] {
        let window = try parameters.loopWindow()
        return LoopRenderer(window: window, theme: try parameters.theme()).render(window).document
    }
}
