import HTTPTypes
import NIOHTTP1
import Synchronization

/// Answers the event loop began and hands on to the router to wait their turn (a large window, a heavy frame): the
/// router's route takes the work it was handed rather than ask the table again, so an answer that waits is worked
/// out once. Each is named by a random number in a header field of the request the event loop hands on, which it
/// strips from every request a client sends; a request with no such name (any other adapter's) is answered as ever.
/// A connection has at most one here: its event loop begins work only while nothing it handed on awaits a response.
final class HandedOnWork: Sendable {
    /// The header field that names a request's work.
    static let field = HTTPField.Name("Endless-Handed-On")!

    private let waiting = Mutex<[UInt64: @Sendable () async -> HTTPAnswer]>([:])

    /// Keeps `work` for the router: its name, for the request's `field`.
    func keep(_ work: @escaping @Sendable () async -> HTTPAnswer) -> UInt64 {
        let name = UInt64.random(in: 1...UInt64.max)
        waiting.withLock { $0[name] = work }
        return name
    }

    /// The work kept for the request `head`, taken: `nil` if it names none.
    func take(for head: HTTPRequest) -> (@Sendable () async -> HTTPAnswer)? {
        guard let value = head.headerFields[Self.field], let name = UInt64(value) else { return nil }
        return waiting.withLock { $0.removeValue(forKey: name) }
    }

    /// Forgets work its request never reached the router for (its connection closed first).
    func forget(_ name: UInt64) {
        _ = waiting.withLock { $0.removeValue(forKey: name) }
    }
}
