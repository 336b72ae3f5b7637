import ArgumentParser
import EndlessCore
import EndlessSVG
import Foundation

/// `endless render ruler|grid|loop|timeline …`: one window as a standalone SVG document on stdout.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one window of a view as an SVG document to stdout.",
        subcommands: [
            RenderCommand<RenderedView.Ruler>.self, RenderCommand<RenderedView.Grid>.self,
            RenderCommand<RenderedView.Loop>.self, RenderCommand<RenderedView.Timeline>.self,
        ]
    )
}

/// `endless render VIEW --NAME VALUE …`: its options are the parameters `GET /svg/VIEW` takes, with their help, made
/// from `ParameterTable`, so that a parameter is written once; the server's parser reads them.
struct RenderCommand<Kind: RenderedViewKind>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let view = Kind.view
        return CommandConfiguration(
            commandName: view.rawValue, abstract: view.abstract,
            usage: "endless render \(view.rawValue) [--NAME VALUE | --NAME=VALUE ...]", discussion: view.optionsHelp)
    }

    /// Every argument, read here rather than by ArgumentParser, which would need a property an option: a negative
    /// number (`--x -1e15`) stays a value.
    @Argument(parsing: .captureForPassthrough, help: .hidden) var arguments: [String] = []

    func run() throws {
        let view = Kind.view
        // The command's own options (a timeline's `--items`, a file) are taken out before the table's are read.
        var pairs: [(String, String)] = []
        var own: [String: String] = [:]
        for (name, value) in try Self.pairs(arguments) {
            guard view.ownOptions[name] != nil else {
                pairs.append((name, value))
                continue
            }
            guard own.updateValue(value, forKey: name) == nil else {
                throw EndlessError(name, "is given twice; give it once")
            }
        }
        let parameters = try Parameters(pairs, accepted: ParameterTable.names(of: view.rawValue))
        let bytes = try view.document(parameters, own: own)
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// `--name value` and `--name=value`, in order; `-h` or `--help` anywhere asks for the help.
    static func pairs(_ arguments: [String]) throws -> [(String, String)] {
        var pairs: [(String, String)] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "-h" || argument == "--help" { throw CleanExit.helpRequest(self) }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw ValidationError("unexpected argument '\(argument)'; give each parameter as --NAME VALUE")
            }
            let option = argument.dropFirst(2)
            if let equals = option.firstIndex(of: "=") {
                pairs.append((String(option[..<equals]), String(option[option.index(after: equals)...])))
            } else if let value = rest.popFirst() {
                pairs.append((String(option), value))
            } else {
                throw EndlessError(String(option), "needs a value: --\(option) VALUE")
            }
        }
        return pairs
    }
}

/// A view `endless render` draws, as a type, since ArgumentParser's commands are types.
protocol RenderedViewKind {
    static var view: RenderedView { get }
}

/// The views `endless render` draws: what each is, and how its parameters become a document.
enum RenderedView: String {
    case ruler, grid, loop, timeline

    enum Ruler: RenderedViewKind { static let view = RenderedView.ruler }
    enum Grid: RenderedViewKind { static let view = RenderedView.grid }
    enum Loop: RenderedViewKind { static let view = RenderedView.loop }
    enum Timeline: RenderedViewKind { static let view = RenderedView.timeline }

    var abstract: String {
        switch self {
        case .ruler: "A ruler window, its pointer (the window's centre) on a value or offset."
        case .grid: "A grid window centred on a world point; (0, 0) is the centre of tile (0, 0)."
        case .loop: "A window of the looping strip 0…20, its left edge at an offset."
        case .timeline: "A timeline window, its pointer (the window's centre) on an instant."
        }
    }

    /// The command's options that are not the endpoint's parameter of that name, and their help.
    var ownOptions: [String: String] {
        guard self == .timeline else { return [:] }
        return [
            "items":
                "A file of items to draw in lanes beside the axis: JSON Lines (.jsonl), or CSV (.csv) with a header."
        ]
    }

    func document(_ parameters: Parameters, own: [String: String]) throws -> [UInt8] {
        switch self {
        case .ruler:
            let window = try parameters.rulerWindow()
            return RulerRenderer(window: window, theme: try parameters.theme()).render(window).document
        case .grid:
            let window = try parameters.gridWindow()
            return GridRenderer(grid: window.grid, theme: try parameters.theme()).render(window).document
        case .loop:
            let window = try parameters.loopWindow()
            return LoopRenderer(window: window, theme: try parameters.theme()).render(window).document
        case .timeline:
            let items = try own["items"].map { try ItemSet(contentsOf: $0) }
            let window = try parameters.timelineWindow(items: items)
            return TimelineRenderer(window: window, theme: try parameters.theme(), items: items).render(window).document
        }
    }

    /// The options and their help in ArgumentParser's columns (a label, then the help wrapped beside it).
    var optionsHelp: String {
        let rows = ParameterTable.parameters(of: rawValue).map { parameter in
            Self.row("--\(parameter.name) <\(parameter.name)>", ownOptions[parameter.name] ?? parameter.help)
        }
        return (["PARAMETERS (those of GET /svg/\(rawValue)):"] + rows).joined(separator: "\n")
    }

    /// One option's lines, under 80 columns (ArgumentParser wraps at 80): its help from column 27, below a label
    /// too long to stand beside it.
    private static func row(_ label: String, _ help: String, width: Int = 79, column: Int = 26) -> String {
        var lines = ["  " + label]
        var line =
            lines[0].count + 2 <= column
            ? lines.removeLast().padding(toLength: column, withPad: " ", startingAt: 0) : ""
        for word in help.split(separator: " ") {
            if line.count > column, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            if line.isEmpty { line = String(repeating: " ", count: column) }
            line += (line.count > column ? " " : "") + word
        }
        return (lines + [line]).joined(separator: "\n")
    }
}
