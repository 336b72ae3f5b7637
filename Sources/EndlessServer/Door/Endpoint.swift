import HTTPTypes
import HummingbirdCore

/// One row of the endpoint table (`EndpointTable`): where it is, what its metrics call it, and how it answers. Its
/// answer reads the parameters, checks them and makes the reply; the table has run the guards that hold for every
/// row first.
final class Endpoint: Sendable {
    /// The router's pattern below the mount: literal segments, and `:name` for any one segment.
    let pattern: String
    /// What `http.route` calls it in metrics: the pattern as Hummingbird names it (`/svg/ruler/tiles/{file}`), after
    /// the mount's prefix once it is in a table.
    let route: String
    /// The pattern's segments between slashes, cut once: `nil` for a `:name` segment, which matches any.
    let segments: [Substring?]
    /// The names of its `:name` segments, in order: what a host's router hands over as the request's parameters.
    let captureNames: [String]
    /// How many `:name` segments it has: none, and a path matches it only by being it.
    var captureCount: Int { captureNames.count }
    /// The query's names it reads, as its answer accepts them: what a request may give, and what the request
    /// grammar (`Tests/EndlessServerTests/RequestGrammar.swift`) draws from, so that a name added is fuzzed at once.
    let parameters: [String]
    /// The header fields its answer reads: the table hands it these and no other, whichever path the request
    /// came by, so that an answer cannot differ by path (the event loop keeps only what some endpoint reads).
    let reads: [HTTPField.Name]
    /// The answer to a request whose path matched, with the segments `:name` matched, in order.
    let answer: @Sendable (EndpointRequest) -> Outcome

    /// What an answer that may be gzipped and revalidated reads.
    static let conditional: [HTTPField.Name] = [.acceptEncoding, .ifNoneMatch]

    /// `route` is `routeName(pattern)` unless given (with a mount's prefix before it).
    init(
        _ pattern: String, route: String? = nil, parameters: [String] = [], reads: [HTTPField.Name] = conditional,
        answer: @escaping @Sendable (EndpointRequest) -> Outcome
    ) {
        self.pattern = pattern
        self.route = route ?? Self.routeName(pattern)
        self.parameters = parameters
        self.reads = reads
        let parts = SVGResource.segments(of: pattern[...])
        self.segments = parts.map { $0.hasPrefix(":") ? nil : $0 }
        self.captureNames = parts.filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
        self.answer = answer
    }

    /// `/svg/grid/tiles/:x/:file` as `/svg/grid/tiles/{x}/{file}`.
    static func routeName(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { part in
            part.hasPrefix(":") ? "{\(part.dropFirst())}" : String(part)
        }.joined(separator: "/")
    }
}

extension EndpointTable {
    /// `endpoints` with the mount's prefix before their route names, made once: no request joins text for them.
    static func prefixed(_ endpoints: [Endpoint], by mountPath: String) -> [Endpoint] {
        endpoints.map {
            Endpoint(
                $0.pattern, route: mountPath + $0.route, parameters: $0.parameters, reads: $0.reads, answer: $0.answer)
        }
    }
}

/// A request as an endpoint reads it, routed already: the head, its path below the mount, the segments its pattern's
/// `:name` parts matched, and where the mount is. An endpoint never reads the path to learn what was asked.
struct EndpointRequest: Sendable {
    let head: HTTPRequest
    /// The path below the mount with its query, as sent (`/svg/ruler?value=72.4`): what a response is kept under.
    let target: String
    /// The segments the pattern's `:name` parts matched, in order.
    let captures: [Substring]
    /// Where the mount is, as this request reached it (`""`, `/endless`, `/tools/endless` inside a host's group):
    /// the URLs an answer writes start with it.
    let mountPath: String
    /// When the request was first taken up: a frame's `took` counts from it.
    let start: ContinuousClock.Instant

    /// The query's names and values, percent-decoded, in order.
    var queryPairs: [(String, String)] { URI(target).queryPairs }
}

/// What an endpoint gives: an answer now, or work that waits its turn (a large window, a heavy frame), which only the
/// router's asynchronous path runs.
enum Outcome: Sendable {
    case now(HTTPAnswer)
    case later(@Sendable () async -> HTTPAnswer)
}

extension HTTPRequest {
    /// The request with only the header fields `names`: what an endpoint that reads them answers from.
    func keeping(_ names: [HTTPField.Name]) -> HTTPRequest {
        guard headerFields.contains(where: { !names.contains($0.name) }) else { return self }
        var kept = self
        kept.headerFields = HTTPFields(headerFields.filter { names.contains($0.name) })
        return kept
    }
}
