import EndlessCore
import HTTPTypes
import Hummingbird

/// The one door: every endpoint Endless serves, with the guards that hold for all of them. The router's routes
/// (`Router+endpoints.swift`, in `endless` and in any app that mounts it) and the event loop (`EventLoopResponder`)
/// both ask `outcome(for:target:start:)`, so a request meets the same guards, parsing and answer whichever way it
/// comes in; what differs is only who carries the bytes, and who waits for an answer that must wait its turn.
struct EndpointTable: Sendable {
    /// Where the table is mounted (`""`, `/endless`): route names in metrics start with it.
    let mountPath: String
    /// Literal patterns first, so that `/svg/ruler` is never taken for `/svg/:view`.
    let endpoints: [Endpoint]

    init(mountPath: String, endpoints: [Endpoint]) {
        self.mountPath = mountPath
        self.endpoints =
            endpoints.filter { !$0.pattern.contains(":") } + endpoints.filter { $0.pattern.contains(":") }
    }

    /// What metrics call a request nothing matched, as Hummingbird's `MetricsMiddleware` does.
    static let unmatchedRoute = "NotFound"

    /// The answer to `head`, whose `target` is its path below the mount and its query, and the route its metrics
    /// count it under. Never throws: a refused or malformed request is a one-line 4xx answer.
    func outcome(for head: HTTPRequest, target: String, start: ContinuousClock.Instant = .now) -> (
        route: String, outcome: Outcome
    ) {
        let path = Self.path(of: target)
        let found = head.method == .get || head.method == .head ? match(path) : nil
        let route = found.map { mountPath + $0.endpoint.route } ?? Self.unmatchedRoute
        if let refusal = Self.refusal(head, target: target) { return (route, .now(refusal.answer(route: route))) }
        guard let (endpoint, captures) = found else {
            return (route, .now(PlainTextError.notHere(String(path)).answer(route: route)))
        }
        let request = EndpointRequest(head: head, target: target, captures: captures, start: start)
        return (route, endpoint.answer(request))
    }

    /// What no endpoint may answer, before any reads a parameter: a URL over `Limits.maximumURLBytes` (414), a method
    /// other than GET and HEAD (405: Endless only reads), `..` in the path (404: nothing lives above `public/`).
    static func refusal(_ head: HTTPRequest, target: String) -> PlainTextError? {
        guard target.utf8.count <= Limits.maximumURLBytes, (head.path ?? "").utf8.count <= Limits.maximumURLBytes else {
            return PlainTextError(.uriTooLong, "url: longer than \(Limits.maximumURLBytes) bytes; shorten the query")
        }
        guard head.method == .get || head.method == .head else {
            return PlainTextError(
                .methodNotAllowed, "method: \(head.method.rawValue) is not allowed; use GET or HEAD",
                headers: [.allow: "GET, HEAD"])
        }
        let path = Self.path(of: target)
        guard !path.contains(".."), !path.lowercased().contains("%2e%2e") else {
            return PlainTextError.notHere(String(path))
        }
        return nil
    }

    /// The endpoint whose pattern `path` matches, and the segments its `:name` parts matched.
    func match(_ path: Substring) -> (endpoint: Endpoint, captures: [Substring])? {
        let parts = SVGResource.segments(of: path)
        for endpoint in endpoints {
            if let captures = Self.captures(of: parts, in: endpoint.pattern) { return (endpoint, captures) }
        }
        return nil
    }

    private static func captures(of parts: [Substring], in pattern: String) -> [Substring]? {
        let expected = SVGResource.segments(of: pattern[...])
        guard expected.count == parts.count else { return nil }
        var captures: [Substring] = []
        for (want, part) in zip(expected, parts) {
            if want.hasPrefix(":") {
                guard !part.isEmpty else { return nil }
                captures.append(part)
            } else if want != part {
                return nil
            }
        }
        return captures
    }

    /// The path of a target: what comes before its `?`.
    static func path(of target: String) -> Substring {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target[...] }
        return target[..<mark]
    }
}

extension Outcome {
    /// The answer `make` gives now, its `EndlessError` as a one-line 4xx under `route`.
    static func now(route: String, _ make: () throws(EndlessError) -> HTTPAnswer) -> Outcome {
        do {
            return .now(try make())
        } catch {
            return .now(PlainTextError(error).answer(route: route))
        }
    }
}
