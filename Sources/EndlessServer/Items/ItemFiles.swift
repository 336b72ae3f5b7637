import EndlessCore
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// Item sets read from files (`endless serve --items launches=launches.jsonl`), each read again when its file
/// changes and then stays as it is for one look (a file saved in place is first cut to nothing, then written):
/// whole and checked, then swapped in at once. A file that no longer reads (half written, or wrong) is logged as
/// `file:line: field: why`, and the set read before goes on being served.
public struct ItemFiles: Service {
    /// Each set's name and its file.
    public let files: [(name: String, path: String)]
    let sets: TimelineItemSets
    let logger: Logger
    /// How often the files are looked at.
    let interval: Duration
    /// What each file was when last read and when last looked at (`stamp(of:)`): a change after `load()` is read,
    /// even one before `run()`.
    private let stamps = Stamps()

    private final class Stamps: Sendable {
        let seen = Mutex<(read: [[Double]], looked: [[Double]])>(([], []))
    }

    public init(
        _ files: [(name: String, path: String)], into sets: TimelineItemSets, logger: Logger,
        interval: Duration = .milliseconds(125)
    ) {
        (self.files, self.sets, self.logger, self.interval) = (files, sets, logger, interval)
    }

    /// Reads every file once and serves its set; the first that does not read throws its one line.
    public func load() throws {
        let read = files.map { Self.stamp(of: $0.path) }
        stamps.seen.withLock { $0 = (read, read) }
        for (name, path) in files {
            let set = try ItemSet(contentsOf: path)
            try sets.replace(name, with: set)
        }
    }

    /// Looks at the files every `interval` until cancelled or the server shuts down, and reads again each whose
    /// size or time changed.
    public func run() async throws {
        try await cancelWhenGracefulShutdown { try await watch() }
    }

    private func watch() async throws {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            readChanged()
        }
    }

    /// Reads again each file whose size or time changed since it was read and not since it was last looked at
    /// (so a file still being written waits a look); one that does not read is logged, and its set left as it was.
    package func readChanged() {
        for (index, (name, path)) in files.enumerated() {
            let stamp = Self.stamp(of: path)
            let settled = stamps.seen.withLock { seen in
                if seen.read.count != files.count {  // not loaded: every file is new
                    seen = (Array(repeating: [], count: files.count), Array(repeating: [], count: files.count))
                }
                defer { seen.looked[index] = stamp }
                guard stamp != seen.read[index], stamp == seen.looked[index] else { return false }
                seen.read[index] = stamp
                return true
            }
            guard settled else { continue }
            do {
                let set = try ItemSet(contentsOf: path)
                try sets.replace(name, with: set)
                logger.notice("items \(name): read \(set.count) items from \(path)")
            } catch {
                logger.error("items \(name): \(error); still serving the set read before")
            }
        }
    }

    /// What tells a file changed: its size and modification time.
    static func stamp(of path: String) -> [Double] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return [] }
        return [
            Double(attributes[.size] as? Int ?? -1),
            (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1,
        ]
    }
}
