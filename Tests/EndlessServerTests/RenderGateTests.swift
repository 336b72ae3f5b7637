import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

@testable import EndlessServer

/// Large windows take turns, a full queue is turned away at once, and small windows never wait.
@Suite(.timeLimit(.minutes(1))) struct RenderGateTests {
    /// Counts the draws under way and the most seen at once.
    final class Drawing: Sendable {
        let now = Atomic(0)
        let most = Atomic(0)

        func draw(for duration: Duration) async {
            let under = now.add(1, ordering: .relaxed).newValue
            most.max(under, ordering: .relaxed)
            try? await Task.sleep(for: duration)
            now.subtract(1, ordering: .relaxed)
        }
    }

    @Test func largeWindowsTakeTurnsAndTheRestAreTurnedAway() async throws {
        let gate = RenderGate(concurrent: 1, queued: 2, smallestTiles: 100)
        let drawing = Drawing()
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    do {
                        try await gate.admit(tiles: 100) { await drawing.draw(for: .milliseconds(150)) }
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(drawing.most.load(ordering: .relaxed) == 1, "one at a time")
        #expect(outcomes.filter { $0 }.count == 3, "one drawing and two waiting; the other three were turned away")
        // Once the queue drains, a window is admitted again.
        try await gate.admit(tiles: 4_096) {}
    }

    @Test func smallWindowsPassWhileLargeOnesWait() async throws {
        let gate = RenderGate(concurrent: 1, queued: 0, smallestTiles: 100)
        let drawing = Drawing()
        async let large: Void = gate.admit(tiles: 100) { await drawing.draw(for: .milliseconds(300)) }
        try await Task.sleep(for: .milliseconds(100))
        await #expect(throws: RenderGate.Busy.self) { try await gate.admit(tiles: 100) {} }
        let small = try await gate.admit(tiles: 99) { drawing.now.load(ordering: .relaxed) }
        #expect(small == 1, "drawn while the large one was")
        try await large
    }

    /// A waiter whose task is cancelled (its client left) leaves the queue at once, and its place goes to the next.
    @Test func aCancelledWaiterFreesItsPlaceInTheQueue() async throws {
        let gate = RenderGate(concurrent: 1, queued: 1, smallestTiles: 1)
        let held = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await gate.admit(tiles: 1) {
                held.continuation.yield()
                for await _ in release.stream { break }
            }
        }
        for await _ in held.stream { break }
        let waiter = Task { try await gate.admit(tiles: 1) {} }
        try await Task.sleep(for: .milliseconds(100))
        await #expect(throws: RenderGate.Busy.self, "the queue's one place is taken") {
            try await gate.admit(tiles: 1) {}
        }
        waiter.cancel()
        await #expect(throws: CancellationError.self, "the cancelled waiter left, not drawn") {
            try await waiter.value
        }
        let next = Task { try await gate.admit(tiles: 1) { "drawn" } }
        try await Task.sleep(for: .milliseconds(100))
        release.continuation.yield()
        try await holder.value
        #expect(try await next.value == "drawn", "its place in the queue went to the next")
    }
}
