import NIOCore
import Synchronization

/// The open connections, so that at the bound a new one takes the place of the one that has kept the server waiting
/// longest (an unfinished request, a silent kept-alive connection, a client that stopped reading), rather than waiting
/// behind them in the listen queue until a timeout frees a place. A connection whose response is under way and
/// flowing is never chosen.
final class ConnectionRegistry: Sendable {
    /// One open connection: since when it has kept the server waiting, readable from any thread, and how to close it.
    final class Entry: Sendable {
        /// `ConnectionDeadlines.waitingSince` in uptime nanoseconds, or `UInt64.max` while a response flows.
        let waitingSince = Atomic<UInt64>(.max)
        /// Asks the connection, on its own event loop, to close if it is still waiting.
        let evict: @Sendable () -> Void

        init(evict: @escaping @Sendable () -> Void) { self.evict = evict }

        func publish(_ deadline: NIODeadline?) {
            waitingSince.store(deadline?.uptimeNanoseconds ?? .max, ordering: .relaxed)
        }
    }

    let maximum: Int
    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    init(maximum: Int) { self.maximum = maximum }

    /// Counts `entry` in; past the bound, asks the longest-waiting other connection to make room.
    func opened(_ entry: Entry) {
        let victim = entries.withLock { entries -> Entry? in
            entries[ObjectIdentifier(entry)] = entry
            guard entries.count > maximum, let victim = Self.longestWaiting(entries.values, besides: entry) else {
                return nil
            }
            entries[ObjectIdentifier(victim)] = nil  // so that no other newcomer picks it too
            return victim
        }
        victim?.evict()
    }

    /// Counts back in a connection asked to make room that turned out busy by the time its loop looked.
    func reinstate(_ entry: Entry) { entries.withLock { $0[ObjectIdentifier(entry)] = entry } }

    func closed(_ entry: Entry) { _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(entry)) } }

    /// The connection that has waited longest, if any waits: a scan, paid only by a connection that finds the bound.
    private static func longestWaiting(_ entries: some Sequence<Entry>, besides newcomer: Entry) -> Entry? {
        var longest: (entry: Entry, since: UInt64)?
        for entry in entries where entry !== newcomer {
            let since = entry.waitingSince.load(ordering: .relaxed)
            if since != .max, since < longest?.since ?? .max { longest = (entry, since) }
        }
        return longest?.entry
    }
}
