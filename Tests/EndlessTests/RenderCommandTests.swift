import EndlessCore
import EndlessSVG
import Foundation
import Testing

/// Runs the real `endless` binary, built next to the test bundle.
func runEndless(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var binary = products.appendingPathComponent("endless")
    if !FileManager.default.fileExists(atPath: binary.path) {
        binary = products.deletingLastPathComponent().appendingPathComponent("endless")
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stdout, stderr)
}

@Suite struct RenderCommandTests {
    @Test func versionNamesTheCommitAndWhatWentIn() throws {
        let result = try runEndless(["--version"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        // The commit as `git describe` gives it (a hash, a tag), or `unknown` built outside a clone.
        #expect(lines.first?.wholeMatch(of: /endless ([0-9a-f]{7,}|v?[0-9][^ ]*|unknown)(-dirty)?/) != nil)
        for package in ["hummingbird 2.", "swift-nio 2.", "swift-argument-parser 1."] {
            #expect(lines.contains { $0.hasPrefix(package) }, "no \(package)")
        }
        #expect(lines.last?.hasPrefix("libdeflate ") == true || lines.last == "zlib only")
    }

    @Test func rulerAtAValueIsTheLibrarysRendering() throws {
        let result = try runEndless(["render", "ruler", "--value", "72.4"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let ruler = try Ruler(.weight)
        let window = try RulerWindow(ruler: ruler, offset: 6340, width: 600, height: 120)
        #expect(result.stdout == Data(RulerRenderer(ruler: ruler, height: 120).render(window).document))
    }

    @Test func negativeNumbersAndEveryViewRender() throws {
        for arguments in [
            ["render", "ruler", "--offset", "-500", "--width", "1200"],
            ["render", "grid", "--x", "-1e15", "--y", "250"],
            ["render", "loop", "--offset", "-75.5"],
            ["render", "ruler", "--min", "0", "--max", "100", "--ends", "clamp"],
        ] {
            let result = try runEndless(arguments)
            #expect(result.status == 0, "\(arguments) \(result.stderr)")
            #expect(String(decoding: result.stdout.prefix(5), as: UTF8.self) == "<?xml")
        }
    }

    /// The options are the table's: each parameter given its default (as `--name value` and as `--name=value`)
    /// draws what leaving it out draws, and its refused value is its one line.
    @Test(arguments: ParameterTable.views) func eachParameterOfTheTableIsAnOption(view: String) throws {
        for parameter in ParameterTable.parameters(of: view) {
            if let value = parameter.sameAsLeftOut {
                // A ruler's range given moves its value to `min` unless the value is given too.
                let command =
                    ["render", view] + (view == "ruler" && parameter.name != "value" ? ["--value", "60"] : [])
                let plain = try runEndless(command)
                #expect(plain.status == 0, "\(plain.stderr)")
                for arguments in [["--\(parameter.name)", value], ["--\(parameter.name)=\(value)"]] {
                    let given = try runEndless(command + arguments)
                    #expect(given.stdout == plain.stdout, "\(view) \(arguments): \(given.stderr)")
                }
            }
            // A timeline's `--items` is a file here, not a set's name.
            if let refused = parameter.refused, !(view == "timeline" && parameter.name == "items") {
                let result = try runEndless(["render", view, "--\(parameter.name)", refused])
                #expect(result.stderr == "endless: --\(parameter.name): must be \(parameter.takes)\n", "\(view)")
            }
        }
    }

    @Test(arguments: [
        (["render", "ruler", "--value", "abc"], "--value"), (["render", "ruler", "--width", "0"], "--width"),
        (["render", "grid", "--x", "nan"], "--x"), (["render", "loop", "--offset", "1e16"], "--offset"),
        (["render", "ruler", "--value", "1000"], "--value"), (["render", "ruler", "--ends", "bounce"], "--ends"),
        (["render", "ruler", "--bogus", "1"], "--bogus"),
        (["render", "grid", "--width", "8000", "--height", "8000"], "--width"),
        (["render", "ruler", "--value"], "--value"), (["render", "tree"], "tree"),
        (["render", "ruler", "tree"], "tree"), (["render", "ruler", "--value", "1", "--value", "2"], "--value"),
        (["render", "timeline", "--items", "a", "--items", "b"], "--items"),
    ])
    func badArgumentsGiveOneLineNamingThem(arguments: [String], named: String) throws {
        let result = try runEndless(arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(named), "\(result.stderr)")
    }

    /// `endless render timeline --items FILE`: the file's items drawn, and a file that does not read one line naming
    /// its place and field.
    @Test func itemsFromAFileAreDrawnAndABadFileIsOneLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("items-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("launches.jsonl")
        try #"{"id":"1","start":"2026-03-29T00:00:00Z","end":"2026-03-29T01:00:00Z","title":"Launch","lane":"Ops"}"#
            .write(to: good, atomically: true, encoding: .utf8)
        let drawn = try runEndless(["render", "timeline", "--items", good.path, "--at", "2026-03-29T00:30:00Z"])
        let svg = String(decoding: drawn.stdout, as: UTF8.self)
        #expect(drawn.status == 0 && svg.contains(">Launch</text>") && svg.contains(">Ops</text>"), "\(drawn.stderr)")
        let bad = folder.appendingPathComponent("bad.csv")
        try "id,start,title\n1,2026-03-29T00:00:00Z,ok\n2,2026-03-29T00:00:00Z\n".write(
            to: bad, atomically: true, encoding: .utf8)
        for file in [bad.path, folder.appendingPathComponent("missing.jsonl").path] {
            let result = try runEndless(["render", "timeline", "--items", file])
            #expect(result.status != 0 && result.stdout.isEmpty)
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(file), "\(result.stderr)")
        }
        #expect(
            try runEndless(["render", "timeline", "--items", bad.path]).stderr.contains("bad.csv:3: title: is missing"))
    }
}
