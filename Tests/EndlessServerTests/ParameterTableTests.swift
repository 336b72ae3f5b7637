import EndlessCore
import Foundation
import HummingbirdTesting
import Testing

/// `ParameterTable` is where a parameter is written once: here the server is held to it (a value it names as refused
/// is the 400 it says; its default, given, draws the window left without it) and docs/protocol.md's *Parameters*
/// tables are its own. `endless render`'s help is made from it, and `ParameterPlacesTests` holds the other places to
/// its names.
@Suite struct ParameterTableTests {
    static func get(_ client: some TestClientProtocol, _ view: String, _ query: [(String, String)]) async throws -> (
        Int, String
    ) {
        let encoded = query.map { "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }
        return try await client.execute(uri: "/svg/\(view)?" + encoded.joined(separator: "&"), method: .get) {
            (Int($0.status.code), String(buffer: $0.body))
        }
    }

    @Test(arguments: ParameterTable.views) func aValueItRefusesIsThe400ItSays(view: String) async throws {
        try await withServer { client, _ in
            for parameter in ParameterTable.parameters(of: view) {
                guard let refused = parameter.refused else { continue }
                let (status, body) = try await Self.get(client, view, [(parameter.name, refused)])
                #expect(status == 400, "\(view) \(parameter.name)=\(refused)")
                #expect(body == "\(parameter.name): must be \(parameter.takes)\n", "\(view) \(parameter.name)")
            }
        }
    }

    /// What a frame reads a parameter with: a viewport always, and another where only that one reads it.
    static func frameQuery(_ view: String, _ name: String, _ value: String) -> [(String, String)] {
        let with: [String: [(String, String)]] = [
            "mark": [("t", "1")], "presses": [("key", "Home")], "factor": [("lead", "1")],
            "drawn": [("items", "launches")], "selected": [("items", "launches")],
            "item": view == "timeline" ? [("items", "launches")] : [], "pick": [("items", "launches")],
        ]
        let size = view == "grid" ? "600,400" : view == "timeline" ? "1200,300" : "600,120"
        return [(name, value)] + (name == "size" ? [] : [("size", size)]) + (with[name] ?? [])
    }

    @Test(arguments: ParameterTable.views) func aFrameRefusesAsItSays(view: String) async throws {
        try await withServer(options: try ItemFramesTests.options()) { client, _ in
            for parameter in ParameterTable.frameParameters(of: view) {
                guard let refused = parameter.refused else { continue }
                let query = Self.frameQuery(view, parameter.name, refused)
                let encoded = query.map { "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }
                let (status, body) = try await client.execute(
                    uri: "/frame/\(view)?" + encoded.joined(separator: "&"), method: .get
                ) { (Int($0.status.code), String(buffer: $0.body)) }
                let said = status == 400 ? body : "\(status): \(body.prefix(60))…"
                #expect(
                    said == "\(parameter.name): must be \(parameter.takes)\n",
                    "/frame/\(view)?\(encoded.joined(separator: "&"))")
            }
        }
    }

    @Test(arguments: ParameterTable.views) func itsDefaultGivenDrawsTheWindowLeftWithout(view: String) async throws {
        try await withServer { client, _ in
            for parameter in ParameterTable.parameters(of: view) {
                guard let value = parameter.sameAsLeftOut else { continue }
                // A ruler's range given moves its value to `min` unless the value is given too.
                let plain = (view == "ruler" ? [("value", "60")] : []).filter { $0.0 != parameter.name }
                let (_, without) = try await Self.get(client, view, plain)
                let (status, given) = try await Self.get(client, view, plain + [(parameter.name, value)])
                #expect(status == 200 && given == without, "\(view): \(parameter.name)=\(value) is not its default")
            }
        }
    }

    static func table(_ parameters: [Parameter]) -> String {
        "| parameter | must be | default | what it does |\n| --- | --- | --- | --- |\n"
            + parameters.map { "| `\($0.name)` | \($0.takes) | \($0.byDefault) | \($0.meaning) |\n" }.joined()
    }

    /// Every view's window parameters as docs/protocol.md's *Parameters* tables give them.
    static func windowTables() -> String {
        ParameterTable.views.map { view in
            "### `/svg/\(view)`\n\n" + table(ParameterTable.parameters(of: view))
        }.joined(separator: "\n")
    }

    /// The frames' parameters as *The frame protocol* gives them: the report, then each view's (its window's as
    /// they are, and the rest).
    static func frameTables() -> String {
        let report = ParameterTable.report.map(\.name)
        return "### Every view's report\n\n" + table(ParameterTable.report) + "\n"
            + ParameterTable.views.map { view in
                let window = ParameterTable.parameters(of: view)
                let isWindows = { (p: Parameter) in
                    window.contains { $0.name == p.name && $0.meaning == p.meaning && $0.takes == p.takes }
                }
                let frame = ParameterTable.frameParameters(of: view).filter { !report.contains($0.name) }
                let kept = Set(frame.filter(isWindows).map(\.name))
                let left = window.map(\.name).filter { !kept.contains($0) }.map { "`\($0)`" }
                return "### `/frame/\(view)`\n\nThe report, `/svg/\(view)`'s parameters but "
                    + Parameter.either(left).replacingOccurrences(of: " or ", with: " and ") + ", and:\n\n"
                    + table(frame.filter { !isWindows($0) })
            }.joined(separator: "\n")
    }

    /// A block of docs/protocol.md written from the table, between its two marks.
    struct Block: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable () -> String
        var testDescription: String { name }
        var opening: String {
            "<!-- The tables below are ParameterTable's \(name), written by ENDLESS_WRITE_DOCS=1 swift test --filter ParameterTableTests -->\n"
        }
        var closing: String { "<!-- end of ParameterTable's \(name) -->" }
    }

    static let blocks = [Block(name: "windows", make: windowTables), Block(name: "frames", make: frameTables)]

    @Test(.serialized, arguments: blocks) func protocolMdGivesTheTables(block: Block) throws {
        let url = repositoryRoot.appendingPathComponent("docs/protocol.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: block.opening), "docs/protocol.md has no tables of \(block.name)")
        let end = try #require(text.range(of: block.closing, range: start.upperBound..<text.endIndex))
        let written = String(text[start.upperBound..<end.lowerBound])
        let tables = "\n" + block.make() + "\n"
        if ProcessInfo.processInfo.environment["ENDLESS_WRITE_DOCS"] == "1", written != tables {
            try (text[..<start.upperBound] + tables + text[end.lowerBound...]).write(
                to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            written == tables,
            "docs/protocol.md's tables of \(block.name) are not ParameterTable's: ENDLESS_WRITE_DOCS=1 swift test --filter ParameterTableTests writes them"
        )
    }
}
