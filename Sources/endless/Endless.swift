import ArgumentParser
import EndlessCore
import EndlessServer
import Foundation

/// The one executable: `endless` serves; `endless render …` writes an SVG to stdout.
struct Endless: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "endless",
        abstract: "Infinitely scrollable rulers, looping strips and grids, rendered as SVG.",
        version: version,
        subcommands: [Serve.self, Render.self],
        defaultSubcommand: Serve.self
    )

    /// What `--version` prints: the commit, then what went into the binary, one to a line.
    static var version: String {
        let compressor = libdeflateVersion.map { "libdeflate \($0) (the Libdeflate trait)" } ?? "zlib only"
        return (["endless \(buildCommit)"] + buildDependencies + [compressor]).joined(separator: "\n")
    }
}

@main
enum Main {
    static func main() async {
        do {
            var command = try Endless.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(reporting: error)
        }
    }

    /// Help goes to stdout in full; any other failure is one line on stderr and a non-zero exit.
    static func exit(reporting error: Error) -> Never {
        let code = Endless.exitCode(for: error)
        if code == .success {
            print(Endless.fullMessage(for: error))
            Foundation.exit(0)
        }
        let message: String
        if let error = error as? EndlessError {
            message = "--\(error.parameter): \(error.reason)"
        } else if let error = error as? ServerStartError {
            message = error.description
        } else {
            message = Endless.message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        FileHandle.standardError.write(Data("endless: \(message)\n".utf8))
        Foundation.exit(code.rawValue == 0 ? 1 : code.rawValue)
    }
}
