import Foundation
import PackagePlugin

/// Writes `BuildVersion.swift` for `endless --version`: the commit the binary was built from (`git describe`, or
/// `unknown` outside a clone) and each package Endless depends on at the version SwiftPM resolved. The commit is read
/// before every build; the file is rewritten only when it changes, so an unchanged tree compiles nothing again.
@main struct BuildVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let dependencies = context.package.dependencies.map { dependency in
            let package = dependency.package
            return switch package.origin {
            case .repository(_, let version, let revision):
                "\(package.displayName) \(version.isEmpty ? String(revision.prefix(12)) : version)"
            case .registry(_, let version): "\(package.displayName) \(version)"
            default: "\(package.displayName) (local)"
            }
        }.sorted()
        let work = context.pluginWorkDirectoryURL
        let output = work.appending(path: "generated")
        let script = #"""
            set -e
            root="$1" out="$2" work="$3" dependencies="$4"
            commit=$(git -C "$root" describe --tags --always --dirty --abbrev=12 2>/dev/null || echo unknown)
            mkdir -p "$out"
            printf '/// Written by the BuildVersion plugin.\nlet buildCommit = "%s"\nlet buildDependencies = [%s]\n' \
              "$commit" "$dependencies" > "$work/BuildVersion.next"
            if cmp -s "$work/BuildVersion.next" "$out/BuildVersion.swift"; then rm "$work/BuildVersion.next"
            else mv "$work/BuildVersion.next" "$out/BuildVersion.swift"; fi
            """#
        return [
            .prebuildCommand(
                displayName: "The commit and dependencies for endless --version",
                executable: URL(filePath: "/bin/sh"),
                arguments: [
                    "-c", script, "sh", context.package.directoryURL.path, output.path, work.path,
                    dependencies.map { "\"\($0)\"" }.joined(separator: ", "),
                ],
                outputFilesDirectory: output)
        ]
    }
}
