import NIOCore
import Synchronization
import Testing

@testable import EndlessServer

/// Which connection makes room past the bound: the one that has kept the server waiting longest, never one whose
/// response flows, never the newcomer, and never the same one twice.
@Suite struct ConnectionRegistryTests {
    /// Opens connections waiting since the given seconds, in order; what each was asked, by the time all are open.
    func evictions(maximum: Int, waitingSince seconds: [Int64?]) -> [Int] {
        let registry = ConnectionRegistry(maximum: maximum)
        let asked = Mutex<[Int]>(Array(repeating: 0, count: seconds.count))
        for (index, second) in seconds.enumerated() {
            let entry = ConnectionRegistry.Entry { asked.withLock { $0[index] += 1 } }
            entry.publish(second.map { .uptimeNanoseconds(UInt64(1_000_000_000 + $0 * 1_000_000_000)) })
            registry.opened(entry)
        }
        return asked.withLock { $0 }
    }

    @Test func withinTheBoundNoneIsClosed() {
        #expect(evictions(maximum: 3, waitingSince: [5, 1, 9]) == [0, 0, 0])
    }

    @Test func pastTheBoundTheLongestWaitingMakesRoom() {
        #expect(evictions(maximum: 3, waitingSince: [5, 1, 9, 10]) == [0, 1, 0, 0])
    }

    @Test func aConnectionWhoseResponseFlowsIsNeverClosed() {
        #expect(evictions(maximum: 2, waitingSince: [nil, 7, 8]) == [0, 1, 0])
        #expect(evictions(maximum: 2, waitingSince: [nil, nil, 8]) == [0, 0, 0], "all busy: the newcomer waits")
    }

    @Test func theNewcomerIsNeverItsOwnVictimEvenIfItWaitedLongest() {
        #expect(evictions(maximum: 1, waitingSince: [nil, 0]) == [0, 0])
    }

    @Test func eachNewcomerClosesADifferentConnection() {
        #expect(evictions(maximum: 2, waitingSince: [3, 1, 2, 4, 5]) == [1, 1, 1, 0, 0])
    }

    @Test func aConnectionClosedOrReinstatedIsCountedOnce() {
        let registry = ConnectionRegistry(maximum: 1)
        let asked = Mutex(0)
        let first = ConnectionRegistry.Entry { asked.withLock { $0 += 1 } }
        first.publish(.uptimeNanoseconds(1))
        registry.opened(first)
        let second = ConnectionRegistry.Entry {}
        second.publish(.uptimeNanoseconds(2))
        registry.opened(second)
        #expect(asked.withLock { $0 } == 1)
        registry.reinstate(first)  // it was busy by the time its loop looked
        registry.closed(second)
        let third = ConnectionRegistry.Entry {}
        third.publish(.uptimeNanoseconds(3))
        registry.opened(third)
        #expect(asked.withLock { $0 } == 2, "back in the count, it makes room again")
    }
}
