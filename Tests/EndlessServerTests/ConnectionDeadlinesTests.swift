import NIOCore
import Testing

@testable import EndlessServer

/// When a connection has waited too long, as a pure function of what it read and wrote.
@Suite struct ConnectionDeadlinesTests {
    let opened = NIODeadline.uptimeNanoseconds(1_000_000_000)
    func deadlines() -> ConnectionDeadlines {
        ConnectionDeadlines(requestTimeout: .seconds(10), idleTimeout: .seconds(60), openedAt: opened)
    }

    @Test func aSilentConnectionIsIdleFromTheStart() {
        let d = deadlines()
        #expect(d.next?.deadline == opened + .seconds(60) && d.next?.expiry == .idle)
        #expect(d.expired(at: opened + .seconds(59)) == nil)
        #expect(d.expired(at: opened + .seconds(60)) == .idle)
    }

    @Test func aStartedRequestMustArriveWholeWithinTheRequestTimeout() {
        var d = deadlines()
        d.bytesArrived(at: opened + .seconds(1))
        d.bytesArrived(at: opened + .seconds(5))  // more of the same request moves nothing
        #expect(d.next?.deadline == opened + .seconds(11) && d.next?.expiry == .request)
        d.headRead()
        #expect(d.expired(at: opened + .seconds(11)) == .request, "a head without its body is not a request")
        d.requestRead()
        #expect(d.next == nil, "a response is under way: no deadline while it flows")
        #expect(d.expired(at: opened + .seconds(1_000)) == nil)
    }

    @Test func idleTimeCountsFromTheLastResponse() {
        var d = deadlines()
        d.bytesArrived(at: opened)
        d.headRead()
        d.requestRead()
        d.responseEnded(at: opened + .seconds(30))
        #expect(d.next?.deadline == opened + .seconds(90) && d.next?.expiry == .idle)
    }

    @Test func pipelinedRequestsKeepTheConnectionBusyUntilTheLastResponse() {
        var d = deadlines()
        for _ in 0..<2 {
            d.bytesArrived(at: opened)
            d.headRead()
            d.requestRead()
        }
        d.responseEnded(at: opened + .seconds(1))
        #expect(d.next == nil, "one response still owed")
        d.responseEnded(at: opened + .seconds(2))
        #expect(d.next?.deadline == opened + .seconds(62))
    }

    @Test func aClientThatStopsReadingIsClosedAfterTheIdleTimeout() {
        var d = deadlines()
        d.bytesArrived(at: opened)
        d.headRead()
        d.requestRead()
        d.writabilityChanged(to: false, at: opened + .seconds(2))
        d.writabilityChanged(to: false, at: opened + .seconds(20))  // still stuck since 2 s
        #expect(d.next?.deadline == opened + .seconds(62) && d.next?.expiry == .send)
        d.writabilityChanged(to: true, at: opened + .seconds(30))
        #expect(d.next == nil)
    }

    @Test func theTimerLooksAgainNoLaterThanTheShorterTimeout() {
        var d = deadlines()
        #expect(d.checkTime(now: opened) == opened + .seconds(10), "a request could start any moment")
        d.bytesArrived(at: opened)
        #expect(d.checkTime(now: opened + .seconds(3)) == opened + .seconds(10))
    }

    @Test func aConnectionWaitsFromItsUnfinishedRequestOrItsLastResponseButNotWhileOneFlows() {
        var d = deadlines()
        #expect(d.waitingSince == opened, "silent since it opened")
        d.bytesArrived(at: opened + .seconds(2))
        #expect(d.waitingSince == opened + .seconds(2), "an unfinished request, since its first byte")
        d.headRead()
        d.requestRead()
        #expect(d.waitingSince == nil, "a response under way")
        d.writabilityChanged(to: false, at: opened + .seconds(3))
        #expect(d.waitingSince == opened + .seconds(3), "a client that stopped reading it")
        d.writabilityChanged(to: true, at: opened + .seconds(4))
        d.responseEnded(at: opened + .seconds(5))
        #expect(d.waitingSince == opened + .seconds(5), "kept alive, silent")
    }
}
