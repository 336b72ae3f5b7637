import Metrics
import Synchronization

/// Bounds the large windows drawn at once, so that drawing them cannot take every core from light requests (a
/// health check, a small window), and bounds those waiting, so that a flood gets a quick 503 rather than a queue
/// that grows without end. Waiting suspends a task; it holds no thread.
///
/// It also counts the bytes drawn and not yet written to a socket, server-wide (`holding`, `sent`): while they are
/// over `maximumUnsentBytes`, large windows wait, and nothing new is drawn on the event loop, so that clients that
/// read slowly cannot make the server hold more than that in answers.
final class RenderGate: Sendable {
    /// Windows with fewer tiles pass at once: they cost less than queuing them would.
    let smallestTiles: Int
    let concurrent: Int
    let queued: Int
    let maximumUnsentBytes: Int
    private let state: Mutex<State>
    private let shed = Counter(label: "endless_requests_shed", dimensions: [("reason", "large_windows_queue_full")])
    private let unsent = Gauge(label: "endless_unsent_bytes")

    private struct State {
        var free: Int
        /// In the order they came, each with its number, by which a waiter that was cancelled leaves.
        var waiting: [(number: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
        var unsentBytes = 0
        var nextNumber: UInt64 = 0
    }

    /// The answer to a large window that found the queue full.
    struct Busy: Error {}

    init(concurrent: Int, queued: Int, smallestTiles: Int, maximumUnsentBytes: Int = .max) {
        precondition(concurrent > 0 && queued >= 0)
        self.concurrent = concurrent
        self.queued = queued
        self.smallestTiles = smallestTiles
        self.maximumUnsentBytes = maximumUnsentBytes
        state = Mutex(State(free: concurrent))
    }

    /// Whether the answers drawn and not yet sent are within their bound: if not, new windows wait.
    var hasRoomForAnswers: Bool { state.withLock { $0.unsentBytes < maximumUnsentBytes } }

    /// An answer of `bytes` was drawn and is on its way to a socket.
    func holding(_ bytes: Int) {
        unsent.record(
            state.withLock { state in
                state.unsentBytes += bytes
                return state.unsentBytes
            })
    }

    /// An answer of `bytes` has left (or its connection closed): a waiting window may go if that made room.
    func sent(_ bytes: Int) {
        let (next, total) = state.withLock { state -> (CheckedContinuation<Bool, Never>?, Int) in
            state.unsentBytes -= bytes
            guard state.free > 0, state.unsentBytes < maximumUnsentBytes, !state.waiting.isEmpty else {
                return (nil, state.unsentBytes)
            }
            state.free -= 1
            return (state.waiting.removeFirst().continuation, state.unsentBytes)
        }
        unsent.record(total)
        next?.resume(returning: true)
    }

    /// `draw()` for a window of `tiles` tiles, in its turn if it is large; throws `Busy` when too many wait.
    func admit<T>(tiles: Int, _ draw: () async throws -> T) async throws -> T {
        guard tiles >= smallestTiles else { return try await draw() }
        try await acquire()
        defer { release() }
        return try await draw()
    }

    /// Takes a turn: now if one is free, else when a window ahead finishes; `Busy` if `queued` already wait. A task
    /// cancelled while it waits (its client left) leaves the queue at once, with `CancellationError`.
    private func acquire() async throws {
        let number = state.withLock { state in
            defer { state.nextNumber += 1 }
            return state.nextNumber
        }
        let admitted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let decided = state.withLock { state -> Bool? in
                    // Checked under the lock the handler takes: a cancellation is seen here or finds the waiter.
                    if Task.isCancelled { return false }
                    if state.free > 0, state.unsentBytes < maximumUnsentBytes {
                        state.free -= 1
                        return true
                    }
                    guard state.waiting.count < queued else { return false }
                    state.waiting.append((number, continuation))
                    return nil
                }
                if let decided { continuation.resume(returning: decided) }
            }
        } onCancel: {
            let left = state.withLock { state in
                state.waiting.firstIndex { $0.number == number }.map { state.waiting.remove(at: $0).continuation }
            }
            left?.resume(returning: false)
        }
        guard admitted else {
            try Task.checkCancellation()
            shed.increment()
            throw Busy()
        }
    }

    /// Hands the turn to the longest waiting if the answers unsent leave room, else frees it.
    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            if state.waiting.isEmpty || state.unsentBytes >= maximumUnsentBytes {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}

extension RenderGate {
    /// An answer's bytes counted as unsent for as long as it lives: what holds it (a response's body) lets go of it
    /// once written, or dropped, whichever way that happens.
    final class Unsent: Sendable {
        private let gate: RenderGate
        private let bytes: Int

        init(_ bytes: Int, in gate: RenderGate) {
            self.gate = gate
            self.bytes = bytes
            gate.holding(bytes)
        }

        deinit { gate.sent(bytes) }
    }
}
