import EndlessServer
import Foundation
import Testing

/// Every flag, metric and option the docs name exists under that name: the flags in `endless serve --help` (or
/// `endless render --help`), the metrics in a server's `/metrics`, the options as properties of the Swift types.
@Suite(.timeLimit(.minutes(1))) struct DocsNamesTests {
    /// The README, SECURITY.md and docs/*.md, as text.
    static let docs: [(name: String, text: String)] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent("docs")
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".md") }
            .map { folder.appendingPathComponent($0) }
        return ([root.appendingPathComponent("README.md"), root.appendingPathComponent("SECURITY.md")] + pages)
            .compactMap { url in (try? String(contentsOf: url, encoding: .utf8)).map { (url.lastPathComponent, $0) } }
    }()

    /// What `pattern` matches in the docs, and where.
    static func named(_ pattern: String) throws -> [(name: String, page: String)] {
        let expression = try NSRegularExpression(pattern: pattern)
        return docs.flatMap { page, text in
            expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                (String(text[Range(match.range(at: 1), in: text)!]), page)
            }
        }
    }

    static func help(_ command: String...) throws -> String {
        let process = Process()
        process.executableURL = endlessBinary()
        process.arguments = command + ["--help"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A flag where the docs give `endless`'s own: a code span that starts with it, or after `endless serve` or
    /// `endless render …`.
    @Test func everyFlagTheDocsNameIsInTheHelp() throws {
        let helps = try ["ruler", "grid", "loop", "timeline"].map { try Self.help("render", $0) }.joined() + Self.help("serve")
        let flags =
            try Self.named(#"`(--[a-z][a-z-]*)"#) + Self.named(#"`endless (?:serve|render)[^`]*?(--[a-z][a-z-]*)"#)
        #expect(flags.count > 8, "the docs name flags")
        // `--endless-background` and the like are the elements' CSS custom properties, not flags.
        for (flag, page) in flags where flag != "--help" && !flag.hasPrefix("--endless-") {
            #expect(helps.contains(flag), "\(page) names \(flag), which `endless` has not")
        }
    }

    /// docs/architecture.md lists the public API whole: a type or function made public and not listed fails here.
    @Test func everyPublicDeclarationIsInTheArchitecturesList() throws {
        let architecture = try #require(Self.docs.first { $0.name == "architecture.md" }?.text)
        let list = try #require(architecture.components(separatedBy: "The public API, all of it").dropFirst().first)
        let sources = repositoryRoot.appendingPathComponent("Sources")
        var found = 0
        for module in ["EndlessCore", "EndlessSVG", "EndlessServer"] {
            let folder = sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: /\npublic (?:final class|class|struct|enum|protocol|actor|func) (\w+)/) {
                    found += 1
                    #expect(list.contains("`\(match.1)"), "\(module)/\(file): \(match.1) is public, and not listed")
                }
            }
        }
        #expect(found > 30, "the sources declare their public types")
    }

    @Test func everyMetricTheDocsNameIsInMetrics() async throws {
        let names = try Self.named(#"`((?:endless|hb|http_server)_[a-z_]+)"#)
        #expect(names.count > 8, "the docs name metrics")
        try await withServer(.live) { client, _ in
            // A window, a tile, a frame, an error and a refusal, so that each series has been made.
            for uri in ["/svg/ruler", "/svg/grid/tiles/1/2.svg", "/frame/ruler?size=600,120", "/svg/ruler?width=0"] {
                _ = try await client.execute(uri: uri, method: .get)
            }
            let port = try #require(client.port)
            var text = ""
            for _ in 0..<30 where !text.contains("http_server_request_duration_count{") {
                text = try await rawText(
                    port: port, request: "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                try await Task.sleep(for: .milliseconds(100))
            }
            for (name, page) in names {
                #expect(text.contains("\n" + name), "\(page) names \(name), which /metrics has not")
            }
        }
    }

    @Test func everyOptionTheDocsNameIsAProperty() throws {
        let properties: [String: Set<String>] = [
            "EndlessOptions": Set(Mirror(reflecting: EndlessOptions()).children.compactMap(\.label) + ["validate"]),
            "ServerOptions": Set(Mirror(reflecting: ServerOptions()).children.compactMap(\.label) + ["validate"]),
        ]
        let options = try Self.named(#"((?:Endless|Server)Options\.[a-zA-Z]+)"#)
        #expect(options.count > 4, "the docs name options")
        for (option, page) in options {
            let parts = option.split(separator: ".").map(String.init)
            #expect(properties[parts[0]]?.contains(parts[1]) == true, "\(page) names \(option), which is not there")
        }
    }
}
