import EndlessCore
import HTTPTypes
import Hummingbird

/// The one door: every endpoint Endless serves, with the guards that hold for all of them. Each request is routed
/// once: a host's router (`Router+endpoints.swift`, EndlessVapor) routes to an endpoint and hands over what it
/// matched (`outcome(of:…)`); the event loop (`EventLoopResponder`), which has no router, matches the path here
/// (`outcome(for:target:start:)`). Both run the same guards, then the same endpoint, so a request meets the same
/// parsing and answer whichever way it comes in; what differs is only who carries the bytes, and who waits for an
/// answer that must wait its turn.
struct EndpointTable: Sendable {
    /// Where the table is mounted (`""`, `/endless`): route names in metrics start with it.
    let mountPath: String
    /// Literal patterns first, so that `/svg/ruler` is never taken for `/svg/:view`.
    let endpoints: [Endpoint]
    /// The header fields any endpoint reads: all the event loop keeps of a request's.
    let headersRead: [HTTPField.Name]
    /// What the event loop began and the router finishes (the table's copies share it).
    let handedOn = HandedOnWork()

    /// `endpoints`' route names are below the mount: the table puts `mountPath` before them.
    init(mountPath: String, endpoints: [Endpoint]) {
        self.mountPath = mountPath
        let rows = Self.prefixed(endpoints, by: mountPath)
        self.endpoints = rows.filter { !$0.pattern.contains(":") } + rows.filter { $0.pattern.contains(":") }
        headersRead = rows.flatMap(\.reads).reduce(into: []) { names, name in
            if !names.contains(name) { names.append(name) }
        }
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
        let route = found?.endpoint.route ?? Self.unmatchedRoute
        if let refusal = Self.refusal(head, target: target, path: path) {
            return (route, .now(refusal.answer(route: route)))
        }
        guard let (endpoint, captures) = found else {
            return (route, .now(PlainTextError.notHere(String(path)).answer(route: route)))
        }
        let request = EndpointRequest(
            head: head.keeping(endpoint.reads), target: target, captures: captures, mountPath: mountPath,
            start: start)
        return (route, endpoint.answer(request))
    }

    /// The answer of `endpoint`, which a host's router matched with `captures` (its pattern's `:name` segments, in
    /// order) below `mountPath`, to `head`, whose `target` is its path below the mount and its query: the guards,
    /// then the endpoint, with no second match.
    func outcome(
        of endpoint: Endpoint, _ head: HTTPRequest, target: String, captures: [Substring], mountPath: String,
        start: ContinuousClock.Instant = .now
    ) -> Outcome {
        if let refusal = Self.refusal(head, target: target) { return .now(refusal.answer(route: endpoint.route)) }
        return endpoint.answer(
            EndpointRequest(
                head: head.keeping(endpoint.reads), target: target, captures: captures, mountPath: mountPath,
                start: start))
    }

    /// Where a mount is, from the path a host's router matched (its components, the mount's and `endpoint`'s, which
    /// come last): `""` at the root, else `/tools/endless`.
    static func mountPath(matched: [Substring], endpoint: Endpoint) -> String {
        let below = endpoint.segments.count { $0 != "" }
        return matched.dropLast(below).map { "/" + $0 }.joined()
    }

    /// `path` (with its query) below `mountPath`, as the table reads a target.
    static func local(_ path: String, below mountPath: String) -> String {
        guard !mountPath.isEmpty, path.hasPrefix(mountPath) else { return path }
        let rest = String(path.dropFirst(mountPath.count))
        return rest.isEmpty || rest.hasPrefix("?") ? "/" + rest : rest
    }

    /// What no endpoint may answer, before any reads a parameter: a URL over `Limits.maximumURLBytes` (414), a method
    /// other than GET and HEAD (405: Endless only reads), `..` in the path (404: nothing lives above `public/`).
    static func refusal(_ head: HTTPRequest, target: String, path: Substring? = nil) -> PlainTextError? {
        // The full path too: below a mount, the target is shorter than what was sent.
        guard target.utf8.count <= Limits.maximumURLBytes, (head.path?.utf8.count ?? 0) <= Limits.maximumURLBytes else {
            return PlainTextError(.uriTooLong, "url: longer than \(Limits.maximumURLBytes) bytes; shorten the query")
        }
        guard head.method == .get || head.method == .head else {
            return PlainTextError(
                .methodNotAllowed, "method: \(head.method.rawValue) is not allowed; use GET or HEAD",
                headers: [.allow: "GET, HEAD"])
        }
        let path = path ?? Self.path(of: target)
        guard !climbs(path) else { return PlainTextError.notHere(String(path)) }
        return nil
    }

    /// The endpoint whose pattern `path` matches, and the segments its `:name` parts matched.
    func match(_ path: Substring) -> (endpoint: Endpoint, captures: [Substring])? {
        // Most requests name a pattern with no `:name` (`/svg/ruler`, `/frame/ruler`): compared whole, not cut.
        for endpoint in endpoints where endpoint.captureCount == 0 && path == endpoint.pattern {
            return (endpoint, [])
        }
        let parts = SVGResource.segments(of: path)
        for endpoint in endpoints where endpoint.captureCount > 0 && endpoint.segments.count == parts.count {
            if let captures = Self.captures(of: parts, in: endpoint.segments) { return (endpoint, captures) }
        }
        return nil
    }

    private static func captures(of parts: [Substring], in pattern: [Substring?]) -> [Substring]? {
        var captures: [Substring] = []
        for (want, part) in zip(pattern, parts) {
            if let want {
                guard want == part else { return nil }
            } else {
                guard !part.isEmpty else { return nil }
                captures.append(part)
            }
        }
        return captures
    }

    /// Whether `path` climbs: two dots in a row, each `.` or `%2e` in either case (`..`, `%2e%2e`, `.%2E`); read in
    /// place, as every request's path is.
    static func climbs(_ path: Substring) -> Bool {
        let read = path.utf8.withContiguousStorageIfAvailable { bytes in
            var (index, dots) = (0, 0)
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: ".") {
                    (dots, index) = (dots + 1, index + 1)
                } else if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "2"), bytes[index + 2] | 0x20 == UInt8(ascii: "e")
                {
                    (dots, index) = (dots + 1, index + 3)
                } else {
                    (dots, index) = (0, index + 1)
                }
                if dots == 2 { return true }
            }
            return false
        }
        return read ?? climbs(Substring(String(path)))
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
