import EndlessCore
import Foundation
import Testing

/// A view's parameters are written once, in `ParameterTable` (what its endpoints accept; `endless render VIEW`'s help
/// and protocol.md's *Parameters* tables are made from it), and met in more places: `endless render VIEW`'s
/// options, protocol.md's row for the view's window, the fuzzer's dictionary, and, those a page sets as attributes,
/// the element in custom-elements.json and docs/elements.md. A parameter added or renamed
/// in one place only fails here, naming the place that lacks it. (`test_manifest.py` checks the manifest and
/// endless.d.ts against the element the browser runs.)
@Suite struct ParameterPlacesTests {
    struct View: Sendable, CustomTestStringConvertible {
        let name: String
        let tag: String
        let parameters: [String]
        /// Parameters an element takes otherwise: its position as `value` or `item`, its size from its box, its
        /// language from the page's `lang`.
        let notAttributes: Set<String>
        /// The element's own attributes, which no window reads: it turns them into its frame reports (a timeline's
        /// `zoom` is a rung its frames zoom to, where a window's is its `scale`).
        let elementOnly: Set<String>
        var testDescription: String { name }
    }

    static let slider: Set<String> = ["follows", "haptics", "name", "disabled"]
    static let views = [
        View(
            name: "ruler", tag: "endless-ruler", parameters: Parameters.rulerNames,
            notAttributes: ["offset", "width", "locale"], elementOnly: slider.union(["zoomable", "factor"])),
        View(
            name: "timeline", tag: "endless-timeline", parameters: Parameters.timelineNames,
            notAttributes: ["at", "width", "locale"], elementOnly: slider.union(["zoomable", "zoom", "value"])),
        View(
            name: "loop", tag: "endless-loop", parameters: Parameters.loopNames,
            notAttributes: ["offset", "width", "locale"], elementOnly: ["item"]),
        View(
            name: "grid", tag: "endless-grid", parameters: Parameters.gridNames,
            notAttributes: ["width", "height", "locale"], elementOnly: []),
    ]

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test(arguments: views) func theCommandLineTakesEachAndNoOther(view: View) throws {
        let help = try DocsNamesTests.help("render", view.name)
        let options = Set(help.matches(of: /\n\s+--([a-z-]+)/).map { String($0.1) })
        for name in view.parameters {
            #expect(options.contains(name), "`endless render \(view.name)` has no --\(name)")
        }
        // `--items` is a file there, read by the command, where the endpoint takes a set's name; `--version` is
        // the command's own.
        for option in options.subtracting(view.parameters + ["items", "version"]) {
            #expect(Bool(false), "`endless render \(view.name) --\(option)` is no parameter of /svg/\(view.name)")
        }
    }

    @Test(arguments: views) func protocolMdListsEachForItsWindow(view: View) throws {
        let protocolMd = try Self.text("docs/protocol.md")
        let row = try #require(
            protocolMd.split(separator: "\n").first { $0.hasPrefix("| `GET /svg/\(view.name)?") },
            "protocol.md has no row for GET /svg/\(view.name)")
        for name in view.parameters {
            #expect(
                row.contains("`\(name)`") || row.contains("`\(name)=") || row.contains("?\(name)=")
                    || row.contains("&\(name)="),
                "protocol.md's row for /svg/\(view.name) does not name `\(name)`")
        }
    }

    @Test(arguments: views) func theFuzzersDictionaryHasEach(view: View) throws {
        let dictionary = try Self.text("Fuzz/endless.dict")
        for name in view.parameters + ParameterTable.frameNames(of: view.name) {
            #expect(dictionary.contains("\"\(name)=\""), "Fuzz/endless.dict has no \"\(name)=\"")
        }
    }

    @Test(arguments: views) func theElementTakesEachAsAnAttribute(view: View) throws {
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.text("public/custom-elements.json").utf8))
                as? [String: Any])
        let declarations = (manifest["modules"] as? [[String: Any]] ?? []).flatMap {
            $0["declarations"] as? [[String: Any]] ?? []
        }
        let element = try #require(declarations.first { $0["tagName"] as? String == view.tag })
        let attributes = Set((element["attributes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        let expected = Set(view.parameters).subtracting(view.notAttributes).union(view.elementOnly)
        for name in expected.subtracting(attributes).sorted() {
            #expect(Bool(false), "custom-elements.json's <\(view.tag)> has no attribute `\(name)`")
        }
        for name in attributes.subtracting(expected).sorted() {
            #expect(Bool(false), "<\(view.tag)>'s `\(name)` is neither a parameter of /svg/\(view.name) nor its own")
        }
        let elementsMd = try Self.text("docs/elements.md")
        for name in expected.sorted() {
            #expect(elementsMd.contains("`\(name)`"), "docs/elements.md does not name `\(name)`")
        }
    }
}
