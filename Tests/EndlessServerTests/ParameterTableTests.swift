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

    /// Every view's parameters as docs/protocol.md's *Parameters* tables give them.
    static func markdown() -> String {
        ParameterTable.views.map { view in
            "### `/svg/\(view)`\n\n| parameter | must be | default | what it does |\n| --- | --- | --- | --- |\n"
                + ParameterTable.parameters(of: view).map {
                    "| `\($0.name)` | \($0.takes) | \($0.byDefault) | \($0.meaning) |\n"
                }.joined()
        }.joined(separator: "\n")
    }

    static let opening =
        "<!-- The tables below are ParameterTable's, written by ENDLESS_WRITE_DOCS=1 swift test --filter ParameterTableTests -->\n"
    static let closing = "<!-- end of ParameterTable's tables -->"

    @Test func protocolMdGivesTheTables() throws {
        let url = repositoryRoot.appendingPathComponent("docs/protocol.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: Self.opening), "docs/protocol.md has no *Parameters* tables")
        let end = try #require(text.range(of: Self.closing, range: start.upperBound..<text.endIndex))
        let written = String(text[start.upperBound..<end.lowerBound])
        let tables = "\n" + Self.markdown() + "\n"
        if ProcessInfo.processInfo.environment["ENDLESS_WRITE_DOCS"] == "1", written != tables {
            try (text[..<start.upperBound] + tables + text[end.lowerBound...]).write(
                to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            written == tables,
            "docs/protocol.md's *Parameters* tables are not ParameterTable's: ENDLESS_WRITE_DOCS=1 swift test --filter ParameterTableTests writes them"
        )
    }
}
