import HTTPTypes

/// One row of the endpoint table (`EndpointTable`): where it is, what its metrics call it, and how it answers. Its
/// answer reads the parameters, checks them and makes the reply; the table has run the guards that hold for every
/// row first.
struct Endpoint: Sendable {
    /// The router's pattern below the mount: literal segments, and `:name` for any one segment.
    let pattern: String
    /// What `http.route` calls it in metrics: the pattern as Hummingbird names it (`/svg/ruler/tiles/{file}`).
    let route: String
    /// The pattern's segments between slashes, cut once: `nil` for a `:name` segment, which matches any.
    let segments: [Substring?]
    /// The answer to a request whose path matched, with the segments `:name` matched, in order.
    let answer: @Sendable (EndpointRequest) -> Outcome

    init(_ pattern: String, answer: @escaping @Sendable (EndpointRequest) -> Outcome) {
        self.pattern = pattern
        self.route = Self.routeName(pattern)
        self.segments = SVGResource.segments(of: pattern[...]).map { $0.hasPrefix(":") ? nil : $0 }
        self.answer = answer
    }

    /// `/svg/grid/tiles/:x/:file` as `/svg/grid/tiles/{x}/{file}`.
    static func routeName(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { part in
            part.hasPrefix(":") ? "{\(part.dropFirst())}" : String(part)
        }.joined(separator: "/")
    }
}

/// A request as an endpoint reads it: the head, its path below the mount and its captured segments.
struct EndpointRequest: Sendable {
    let head: HTTPRequest
    /// The path below the mount with its query, as sent (`/svg/ruler?value=72.4`).
    let target: String
    /// The segments the pattern's `:name` parts matched, in order.
    let captures: [Substring]
    /// When the request was first taken up: a frame's `took` counts from it.
    let start: ContinuousClock.Instant
}

/// What an endpoint gives: an answer now, or work that waits its turn (a large window, a heavy frame), which only the
/// router's asynchronous path runs.
enum Outcome: Sendable {
    case now(HTTPAnswer)
    case later(@Sendable () async -> HTTPAnswer)
}
