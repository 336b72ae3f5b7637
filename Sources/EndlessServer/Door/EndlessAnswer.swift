import HTTPTypes
import Metrics
import NIOCore

/// An answer from the endpoint table, for an adapter to send: its status and headers, then its body through
/// `writeBody(_:)`.
public struct EndlessAnswer: Sendable {
    let answer: HTTPAnswer
    /// Held until the body is written: a drawn answer counts against `EndlessOptions.maximumUnsentBytes` till then.
    let unsent: RenderGate.Unsent?
    let bytesSent: Counter?

    init(_ answer: HTTPAnswer, unsent: RenderGate.Unsent? = nil, bytesSent: Counter? = nil) {
        (self.answer, self.unsent, self.bytesSent) = (answer, unsent, bytesSent)
    }

    public var status: HTTPResponse.Status { answer.status }
    public var headers: HTTPFields { answer.headers }
    /// The body's length when it is one piece, to send with `Content-Length`; `nil` for a body sent in HTTP chunks,
    /// each a part that decodes as it arrives.
    public var contentLength: Int? { answer.contentLength }

    /// Hands `write` the body's parts in order (none for a HEAD or a 304), then counts them sent.
    public func writeBody(_ write: (ByteBuffer) async throws -> Void) async rethrows {
        for chunk in answer.chunks { try await write(chunk) }
        bytesSent?.increment(by: answer.payloadBytes)
        withExtendedLifetime(unsent) {}
    }
}

extension EndpointTable {
    /// The answer of `endpoint`, which a host's router matched (`outcome(of:…)`, or the work the event loop handed
    /// on with the request), awaited if it waits its turn: what every adapter but the event loop sends.
    func answer(
        _ endpoint: Endpoint, _ head: HTTPRequest, target: String, captures: [Substring], mountPath: String,
        gate: RenderGate, bytesSent: [String: Counter]
    ) async -> EndlessAnswer {
        let answer: HTTPAnswer
        let handed = handedOn.take(for: head).map(Outcome.later)
        switch handed ?? outcome(of: endpoint, head, target: target, captures: captures, mountPath: mountPath) {
        case .now(let ready): answer = ready
        case .later(let work): answer = await work()
        }
        let unsent = answer.drawn ? RenderGate.Unsent(answer.payloadBytes, in: gate) : nil
        return EndlessAnswer(answer, unsent: unsent, bytesSent: bytesSent[answer.route])
    }
}
