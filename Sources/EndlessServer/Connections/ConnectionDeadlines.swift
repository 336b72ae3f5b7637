import NIOCore

/// When a connection has waited too long, worked out from what it read and wrote: the time a client has to finish a
/// request once it started it, the time a kept-alive connection may stay silent, and the time a response may stay
/// stuck because the client does not read it.
struct ConnectionDeadlines {
    /// What ran out.
    enum Expiry: String, Sendable { case request, idle, send }

    let requestTimeout: TimeAmount
    let idleTimeout: TimeAmount
    /// When the first byte of the request being read arrived; `nil` between requests.
    private(set) var requestStarted: NIODeadline?
    /// Requests whose responses have not ended.
    private(set) var responsesOwed = 0
    /// When the last response ended, or the connection opened.
    private(set) var idleSince: NIODeadline
    /// Since when the client has not taken what was written.
    private(set) var unwritableSince: NIODeadline?

    init(requestTimeout: TimeAmount, idleTimeout: TimeAmount, openedAt now: NIODeadline) {
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        idleSince = now
    }

    /// Bytes came in: they start a request, unless one is being read. (Bytes that finish one request and start a
    /// pipelined next one leave that next one under the idle timeout.)
    mutating func bytesArrived(at now: NIODeadline) {
        if requestStarted == nil { requestStarted = now }
    }

    mutating func headRead() { responsesOwed += 1 }

    mutating func requestRead() { requestStarted = nil }

    mutating func responseEnded(at now: NIODeadline) {
        responsesOwed = max(0, responsesOwed - 1)
        if responsesOwed == 0 { idleSince = now }
    }

    mutating func writabilityChanged(to isWritable: Bool, at now: NIODeadline) {
        unwritableSince = isWritable ? nil : (unwritableSince ?? now)
    }

    /// The earliest deadline in force, and what it ends; `nil` while a response is under way and flowing.
    var next: (deadline: NIODeadline, expiry: Expiry)? {
        var next: (deadline: NIODeadline, expiry: Expiry)?
        if let requestStarted { next = (requestStarted + requestTimeout, .request) }
        if let unwritableSince, unwritableSince + idleTimeout < next?.deadline ?? .distantFuture {
            next = (unwritableSince + idleTimeout, .send)
        }
        if next == nil, responsesOwed == 0 { next = (idleSince + idleTimeout, .idle) }
        return next
    }

    /// Since when the connection has kept the server waiting, or `nil` while a response is under way and the client
    /// takes it: what the connection bound makes room by, longest first.
    var waitingSince: NIODeadline? {
        responsesOwed > 0 ? unwritableSince : requestStarted ?? idleSince
    }

    /// When to look again: at the next deadline, and never later than the shorter timeout from now, since any
    /// deadline that appears meanwhile is at least that far off.
    func checkTime(now: NIODeadline) -> NIODeadline {
        min(next?.deadline ?? .distantFuture, now + min(requestTimeout, idleTimeout))
    }

    /// What has run out at `now`, if anything.
    func expired(at now: NIODeadline) -> Expiry? {
        guard let next, next.deadline <= now else { return nil }
        return next.expiry
    }
}
