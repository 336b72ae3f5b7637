import Metrics
import Synchronization

/// Bounds the large windows drawn at once, so that drawing them cannot take every core from light requests (a
/// health check, a small window), and bounds those waiting, so that a flood gets a quick 503 rather than a queue
/// that grows without end. Waiting suspends a task; it holds no thread.
final class RenderGate: Sendable {
    /// Windows with fewer tiles pass at once: they cost less than queuing them would.
    let smallestTiles: Int
    let concurrent: Int
    let queued: Int
    private let state: Mutex<State>
    private let shed = Counter(label: "endless_requests_shed", dimensions: [("reason", "large_windows_queue_full")])

    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }

    /// The answer to a large window that found the queue full.
    struct Busy: Error {}

    init(concurrent: Int, queued: Int, smallestTiles: Int) {
        precondition(concurrent > 0 && queued >= 0)
        self.concurrent = concurrent
        self.queued = queued
        self.smallestTiles = smallestTiles
        state = Mutex(State(free: concurrent))
    }

    /// `draw()` for a window of `tiles` tiles, in its turn if it is large; throws `Busy` when too many wait.
    func admit<T>(tiles: Int, _ draw: () async throws -> T) async throws -> T {
        guard tiles >= smallestTiles else { return try await draw() }
        try await acquire()
        defer { release() }
        return try await draw()
    }

    /// Takes a turn: now if one is free, else when a window ahead finishes; `Busy` if `queued` already wait.
    private func acquire() async throws {
        let admitted = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let decided = state.withLock { state -> Bool? in
                if state.free > 0 {
                    state.free -= 1
                    return true
                }
                guard state.waiting.count < queued else { return false }
                state.waiting.append(continuation)
                return nil
            }
            if let decided { continuation.resume(returning: decided) }
        }
        guard admitted else {
            shed.increment()
            throw Busy()
        }
    }

    /// Hands the turn to the longest waiting, else frees it.
    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            if state.waiting.isEmpty {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume(returning: true)
    }
}
