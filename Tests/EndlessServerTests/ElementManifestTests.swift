import EndlessCore
import Foundation
import Testing

/// The elements' attributes, as custom-elements.json and endless.d.ts declare them, are made from `ParameterTable`:
/// an attribute the element sends with its frames takes its type (the union of its choices), what it must be and
/// its default from the frame parameter of that name, so the manifest cannot drift from what the server accepts.
/// Only what the element reads itself (`follows`, `haptics`, a form control's `name` and `disabled`, `zoomable`)
/// is written here. docs/elements.md's *Attributes* tables are made from the same. `ENDLESS_WRITE_DOCS=1 swift test
/// --filter ElementManifestTests` writes the three files; `test_manifest.py` holds the script's observed attributes
/// to them in three browsers.
@Suite struct ElementManifestTests {
    struct Attribute: Sendable {
        let name: String
        /// Its type, description and what it takes, for one the element reads itself; `nil` for a frame parameter.
        var own: (type: String, about: String, takes: String)?
        /// For a frame parameter: what the element makes of it, where the table's meaning is the server's.
        var about: String?
        /// For a frame parameter: its default where the element's differs from the server's.
        var byDefault: String?
        /// Observed: setting it changes what the element shows (a form control's `name` and `disabled` and
        /// `haptics` are read when used).
        var observed = true

        static func sent(_ name: String, about: String? = nil, byDefault: String? = nil) -> Self {
            Self(name: name, about: about, byDefault: byDefault)
        }

        static func own(
            _ name: String, _ type: String, _ about: String, takes: String = "present or absent", observed: Bool = true
        ) -> Self {
            Self(name: name, own: (type, about, takes), observed: observed)
        }
    }

    struct Element: Sendable, CustomTestStringConvertible {
        let tag: String
        let view: String
        let attributes: [Attribute]
        var testDescription: String { tag }
    }

    static let zoomable = Attribute.own(
        "zoomable", "boolean",
        "Ctrl/⌘ + wheel, a pinch and the `+` / `-` keys change its scale; what is under the pointer stays where it is.")
    static let thickness = Attribute.sent("height", about: "Its thickness across its axis, in points")
    static func follows(_ what: String) -> Attribute {
        .own(
            "follows", "string",
            "The `id` of the \(what) it follows, not scrolled by hand; removed, it is a slider of its own.",
            takes: "another \(what)'s id")
    }
    static let formControl: [Attribute] = [
        .own(
            "haptics", "boolean",
            "A short vibration for each tick crossed while dragging it, where the browser can vibrate and reduced motion is not asked for.",
            observed: false),
        .own(
            "name", "string", "The name it submits its value under, as for any form control.", takes: "a name",
            observed: false),
        .own(
            "disabled", "boolean", "Not submitted, not moved, not focusable, as for any form control.", observed: false),
    ]
    static let byLanguage = "the page language's (`lang`), else "

    static let elements = [
        Element(
            tag: "endless-ruler", view: "ruler",
            attributes: [
                "min", "max", "step", "ticks", "spacing", "ends", "unit", "format", "grouping", "subdivisions",
            ]
            .map { .sent($0) } + [zoomable]
                + ["zoom", "min-zoom", "max-zoom"].map { .sent($0) }
                + [thickness, .sent("orientation"), .sent("dir"), .sent("theme"), .sent("factor")]
                + [.sent("value", about: "The value it opens at, and that `form.reset()` restores"), follows("ruler")]
                + formControl),
        Element(
            tag: "endless-timeline", view: "timeline",
            attributes: ["tz", "scale", "spacing", "min", "max", "step", "ends"].map { .sent($0) } + [
                .sent("hours", byDefault: byLanguage + "24"), .sent("week-start", byDefault: byLanguage + "monday"),
                zoomable,
                .sent(
                    "zoom",
                    about: "The rung it shows now, kept up to date as the reader zooms; set, it rescales where it is"),
                thickness, .sent("orientation"), .sent("dir"), .sent("theme"), .sent("items"),
                .sent(
                    "value", about: "The instant it opens at, and that `form.reset()` restores",
                    byDefault: "the browser's clock"),
                follows("timeline"),
            ] + formControl),
        Element(
            tag: "endless-loop", view: "loop",
            attributes: ["count", "spacing", "inset"].map { .sent($0) } + [
                thickness, .sent("orientation"), .sent("theme"),
            ]
                + [.sent("item", about: "The item it opens with centred")]),
        Element(
            tag: "endless-grid", view: "grid",
            attributes: [
                .sent("tile"), .sent("theme"),
                .sent(
                    "zoom",
                    about: "Its zoom level, each tile labelled with the range of the world's it covers. "
                        + "Ctrl/⌘ + wheel, a pinch and `+` / `-` change it; Home goes back to level 0 and (0, 0)"),
                .sent("x", about: "The world point's x it opens centred on"),
                .sent("y", about: "The world point's y it opens centred on"),
            ]),
    ]

    /// What `attribute` is: its type, what it does, what it must be and its default.
    struct Described {
        let name, type, about, takes, byDefault: String
        /// The manifest's description: a frame parameter's says what it must be and its default.
        let description: String
    }

    static func described(_ attribute: Attribute, of view: String) throws -> Described {
        if let own = attribute.own {
            let about = String(own.about.dropLast())  // its full stop
            let byDefault = own.type == "boolean" ? "absent" : "none"
            return Described(
                name: attribute.name, type: own.type, about: about, takes: own.takes, byDefault: byDefault,
                description: own.about)
        }
        let parameter = try #require(
            ParameterTable.frameParameters(of: view).first { $0.name == attribute.name },
            "/frame/\(view) takes no `\(attribute.name)`")
        let about = attribute.about ?? parameter.meaning.prefix(1).uppercased() + parameter.meaning.dropFirst()
        let type = parameter.choices.isEmpty ? "string" : parameter.choices.map { "'\($0)'" }.joined(separator: " | ")
        let byDefault = attribute.byDefault ?? parameter.byDefault
        return Described(
            name: attribute.name, type: type, about: about, takes: parameter.takes, byDefault: byDefault,
            description: "\(about). Must be \(parameter.takes); default \(byDefault).")
    }

    /// A JSON string, as the manifest writes one (UTF-8, not escaped).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The element's `attributes` array, as the manifest's two-space JSON lays it out ten spaces in.
    static func attributesJSON(_ element: Element) throws -> String {
        let pad = String(repeating: " ", count: 12)
        let entries = try element.attributes.map { attribute in
            let d = try described(attribute, of: element.view)
            return "\(pad){\n\(pad)  \"name\": \(quoted(d.name)),\n\(pad)  \"type\": {\n\(pad)    \"text\": "
                + "\(quoted(d.type))\n\(pad)  },\n\(pad)  \"description\": \(quoted(d.description))\n\(pad)}"
        }
        return "\"attributes\": [\n" + entries.joined(separator: ",\n") + "\n          ]"
    }

    /// The class's `observedAttributes` as endless.d.ts declares them, wrapped at 120 columns.
    static func observedDeclaration(_ element: Element) -> String {
        let names = element.attributes.filter(\.observed).map { "'\($0.name)'" }
        var lines = ["  static readonly observedAttributes: readonly ["]
        for (index, name) in names.enumerated() {
            let item = name + (index == names.count - 1 ? "];" : ",")
            let last = lines[lines.count - 1]
            if last.hasSuffix("[") {
                lines[lines.count - 1] += item
            } else if last.count + 1 + item.count <= 120 {
                lines[lines.count - 1] += " " + item
            } else {
                lines.append("    " + item)
            }
        }
        return lines.joined(separator: "\n")
    }

    static var writes: Bool { ProcessInfo.processInfo.environment["ENDLESS_WRITE_DOCS"] == "1" }

    @Test func theManifestsAttributesAreTheTables() throws {
        let url = repositoryRoot.appendingPathComponent("public/custom-elements.json")
        var text = try String(contentsOf: url, encoding: .utf8)
        let written = text
        for element in Self.elements {
            let tag = try #require(text.range(of: "\"tagName\": \"\(element.tag)\""))
            let start = try #require(text.range(of: "\"attributes\": [", range: tag.upperBound..<text.endIndex))
            let end = try #require(text.range(of: "\n          ]", range: start.upperBound..<text.endIndex))
            text.replaceSubrange(start.lowerBound..<end.upperBound, with: try Self.attributesJSON(element))
        }
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
        if Self.writes, text != written { return try text.write(to: url, atomically: true, encoding: .utf8) }
        #expect(
            text == written,
            "custom-elements.json's attributes are not the tables': ENDLESS_WRITE_DOCS=1 swift test --filter ElementManifestTests writes them"
        )
    }

    @Test func theDeclarationsObservedAttributesAreTheTables() throws {
        let url = repositoryRoot.appendingPathComponent("public/endless.d.ts")
        var text = try String(contentsOf: url, encoding: .utf8)
        let written = text
        for element in Self.elements {
            let name = "class Endless\(element.view.prefix(1).uppercased() + element.view.dropFirst()) "
            let declaration = try #require(text.range(of: name))
            let start = try #require(
                text.range(of: "  static readonly observedAttributes", range: declaration.upperBound..<text.endIndex))
            let end = try #require(text.range(of: "];", range: start.upperBound..<text.endIndex))
            text.replaceSubrange(start.lowerBound..<end.upperBound, with: Self.observedDeclaration(element))
        }
        if Self.writes, text != written { return try text.write(to: url, atomically: true, encoding: .utf8) }
        #expect(
            text == written,
            "endless.d.ts's observedAttributes are not the tables': ENDLESS_WRITE_DOCS=1 swift test --filter ElementManifestTests writes them"
        )
    }

    /// The elements' attributes as docs/elements.md's *Attributes* gives them: a table an element.
    static func elementsMarkdown() throws -> String {
        try elements.map { element in
            "### `<\(element.tag)>`\n\n| attribute | what it does | must be | default |\n| --- | --- | --- | --- |\n"
                + (try element.attributes.map { attribute in
                    let d = try described(attribute, of: element.view)
                    return "| `\(d.name)` | \(d.about) | \(d.takes) | \(d.byDefault) |\n"
                }).joined()
        }.joined(separator: "\n")
    }

    @Test func elementsMdGivesTheAttributes() throws {
        let url = repositoryRoot.appendingPathComponent("docs/elements.md")
        var text = try String(contentsOf: url, encoding: .utf8)
        let written = text
        let opening =
            "<!-- The tables below are ElementManifestTests', written by ENDLESS_WRITE_DOCS=1 swift test --filter ElementManifestTests -->\n"
        let start = try #require(text.range(of: opening), "docs/elements.md has no tables of attributes")
        let end = try #require(
            text.range(of: "<!-- end of ElementManifestTests' tables -->", range: start.upperBound..<text.endIndex))
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: "\n" + (try Self.elementsMarkdown()) + "\n")
        if Self.writes, text != written { return try text.write(to: url, atomically: true, encoding: .utf8) }
        #expect(
            text == written,
            "docs/elements.md's attributes are not the tables': ENDLESS_WRITE_DOCS=1 swift test --filter ElementManifestTests writes them"
        )
    }

    /// What the script sends with every frame (its `…Configuration` lists) the frame endpoint takes.
    @Test(arguments: elements) func theScriptSendsOnlyWhatItsFrameTakes(element: Element) throws {
        let script = try String(contentsOf: repositoryRoot.appendingPathComponent("public/endless.js"), encoding: .utf8)
        let list = try #require(
            script.firstMatch(of: try Regex("const \(element.view)Configuration = \\[([^\\]]*)\\]")),
            "endless.js has no \(element.view)Configuration")
        let sent = String(list.output[1].substring ?? "").matches(of: /'([\w-]+)'/).map { String($0.1) }
        let takes = ParameterTable.frameNames(of: element.view)
        #expect(!sent.isEmpty)
        for name in sent {
            #expect(
                takes.contains(name), "<\(element.tag)> sends `\(name)`, which /frame/\(element.view) does not take")
        }
    }
}
