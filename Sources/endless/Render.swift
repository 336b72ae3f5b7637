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

    @Option(parsing: .unconditional, help: "Value under the pointer, e.g. 72.4 (default 60 kg, or min).")
    var value: String?
    @Option(parsing: .unconditional, help: "Ruler offset under the pointer, in points (tick n is at n × spacing).")
    var offset: String?
    @Option(parsing: .unconditional, help: "Window width in points (default 600; vertical 120; at most 8192).")
    var width: String?
    @Option(parsing: .unconditional, help: "Window height in points (default 120; vertical 600; at most 8192).")
    var height: String?
    @Option(parsing: .unconditional, help: "First block's label (default 9).") var min: String?
    @Option(parsing: .unconditional, help: "Last block's label (default 999).") var max: String?
    @Option(parsing: .unconditional, help: "Value between ticks (default 0.1).") var step: String?
    @Option(parsing: .unconditional, help: "Ticks per block, 1…100 (default 10).") var ticks: String?
    @Option(parsing: .unconditional, help: "Points between ticks, 2…1000 (default 10).") var spacing: String?
    @Option(parsing: .unconditional, help: "wrap (after max comes min) or clamp (default wrap).") var ends: String?
    @Option(parsing: .unconditional, help: "Unit text after values (default kg; in, or min or s, for the formats).")
    var unit: String?
    @Option(parsing: .unconditional, help: "decimal, feet-inches, fraction or time (how values are written).")
    var format: String?
    @Option(parsing: .unconditional, help: "A decimal's group separator and mark, e.g. ,. for 1,234.5.")
    var grouping: String?
    @Option(parsing: .unconditional, help: "Tick levels a block splits into, e.g. 2,2,2,2 for an inch of 16ths.")
    var subdivisions: String?
    @Option(parsing: .unconditional, help: "Values a tick, on a 1-2-5 ladder from step (default step).")
    var zoom: String?
    @Option(name: .customLong("min-zoom"), parsing: .unconditional, help: "Finest zoom allowed (default step).")
    var minZoom: String?
    @Option(name: .customLong("max-zoom"), parsing: .unconditional, help: "Coarsest zoom allowed (step x 10000).")
    var maxZoom: String?
    @Option(parsing: .unconditional, help: "horizontal or vertical (values grow downwards; default horizontal).")
    var orientation: String?
    @Option(parsing: .unconditional, help: "ltr, or rtl: a horizontal ruler whose values grow to the left.")
    var dir: String?
    @Option(parsing: .unconditional, help: "light, dark, or auto (follows prefers-color-scheme; default light).")
    var theme: String?
    @Option(
        parsing: .unconditional, help: "A BCP 47 language tag for the words, e.g. de-DE (72,4 kg); default English.")
    var locale: String?

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

    @Option(parsing: .unconditional, help: "World x at the window's centre (default 0).") var x: String?
    @Option(parsing: .unconditional, help: "World y at the window's centre, growing downwards (default 0).") var y:
        String?
    @Option(parsing: .unconditional, help: "Window width in points (default 600, at most 8192).") var width: String?
    @Option(parsing: .unconditional, help: "Window height in points (default 400, at most 8192).") var height: String?
    @Option(parsing: .unconditional, help: "Tile size in points, 10…4096 (default 100).") var tile: String?
    @Option(parsing: .unconditional, help: "Zoom level 0…30: a tile covers 2^zoom × 2^zoom (default 0).")
    var zoom: String?
    @Option(parsing: .unconditional, help: "light, dark, or auto (follows prefers-color-scheme; default light).")
    var theme: String?
    @Option(parsing: .unconditional, help: "A BCP 47 language tag for the numbers, e.g. ar-EG; default ASCII digits.")
    var locale: String?

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

    @Option(parsing: .unconditional, help: "Strip offset at the window's left edge, in points (default 0).")
    var offset: String?
    @Option(parsing: .unconditional, help: "Window width in points (default 600; vertical 120; at most 8192).")
    var width: String?
    @Option(parsing: .unconditional, help: "Window height in points (default 120; vertical 600; at most 8192).")
    var height: String?
    @Option(parsing: .unconditional, help: "Items in the loop, 1…100000 (default 21).") var count: String?
    @Option(parsing: .unconditional, help: "Points between items, 10…4096 (default 150).") var spacing: String?
    @Option(parsing: .unconditional, help: "Where item 0 sits, in points from offset 0 (default 40).") var inset:
        String?
    @Option(parsing: .unconditional, help: "horizontal or vertical (items run downwards; default horizontal).")
    var orientation: String?
    @Option(parsing: .unconditional, help: "light, dark, or auto (follows prefers-color-scheme; default light).")
    var theme: String?
    @Option(parsing: .unconditional, help: "A BCP 47 language tag for the numbers, e.g. fa-IR; default ASCII digits.")
    var locale: String?

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
