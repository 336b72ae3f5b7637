import EndlessCore
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@testable import EndlessSVG

/// The set `scripts/make-items` writes (what the benchmarks read): its JSON Lines and its CSV read as the same set, and
/// a window over it is well formed at every rung, at its busiest hour and across its fifty years.
@Suite struct MadeItemsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `scripts/make-items 10000`, with `--csv` or not.
    static func made(csv: Bool) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", repository.appendingPathComponent("scripts/make-items").path, "10000"]
            + (csv ? ["--csv"] : [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return bytes
    }

    /// The script is Python's: a machine without it (Swift alone) leaves this test out.
    static let hasPython =
        ["/usr/bin/python3", "/usr/local/bin/python3"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        || ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/python3")
        } == true

    @Test(.enabled(if: hasPython)) func bothFormatsReadAsOneSetAndEveryWindowIsWellFormed() throws {
        let items = try ItemSet(jsonLines: try Self.made(csv: false), file: "items.jsonl")
        let csv = try ItemSet(csv: try Self.made(csv: true), file: "items.csv")
        #expect(items.count == 10_000 && items.lanes.count == 12)
        #expect(csv.version == items.version, "the CSV holds the same items, arranged the same")
        // The busiest hour: where 256 items start closest together.
        let starts = items.starts.sorted()
        let gaps: [Int64] = (0..<starts.count - 256).map { starts[$0 + 256] - starts[$0] }
        let busiest = gaps.indices.min { gaps[$0] < gaps[$1] }!
        let seconds: [Int64] = [starts[busiest + 128], starts[starts.count / 2], starts[0] - 86_400]
        let instants = seconds.map { Instant(unchecked: $0) }
        for scale in TimeScale.allCases {
            let timeline = try Timeline(scale: scale, spacing: 80)
            for at in instants {
                for mirrored in [false, true] {
                    let window = try TimelineWindow(
                        timeline: timeline, at: at, width: 1200,
                        height: ItemLayout.axisThickness(.horizontal) + ItemLayout.thickness(of: items),
                        mirrored: mirrored)
                    let document = TimelineRenderer(window: window, items: items).render(window).document
                    let parsed = XMLParser(data: Data(document)).parse()
                    #expect(parsed, "\(scale.rawValue) at \(at.secondsSinceEpoch)")
                }
            }
        }
    }
}
