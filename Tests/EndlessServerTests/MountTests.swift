import EndlessCore
import EndlessServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Endless in an app of its own routes, below a prefix: what `router.addEndless(at:)` promises.
@Suite(.timeLimit(.minutes(1))) struct MountTests {
    func app(prefix: String, options: EndlessOptions = EndlessOptions()) throws -> some ApplicationProtocol {
        let router = Router()
        router.get("/") { _, _ in "the app's own page" }
        router.get("/endless-free") { _, _ in "the app's" }
        try router.addEndless(at: prefix, options: options)
        return Application(router: router)
    }

    /// The three ways a Hummingbird app mounts it at `/tools/endless`: a prefix of its own, a host's group, a
    /// `RouteCollection`.
    enum Mounting: String, CaseIterable, Sendable {
        case prefix, group, collection

        func app() throws -> some ApplicationProtocol {
            let router = Router()
            router.get("/") { _, _ in "the app's own page" }
            switch self {
            case .prefix: try router.addEndless(at: "/tools/endless/")
            case .group: try router.group("tools").addEndless(at: "/endless")
            case .collection:
                let routes = RouteCollection(context: BasicRequestContext.self)
                try routes.addEndless(at: "endless")
                router.addRoutes(routes, atPath: "/tools")
            }
            return Application(router: router)
        }
    }

    @Test(arguments: Mounting.allCases)
    func servesWindowsFramesFilesAndThePageBelowItsPrefix(mounting: Mounting) async throws {
        try await mounting.app().test(.router) { client in
            let own = try await client.execute(uri: "/", method: .get)
            #expect(String(buffer: own.body) == "the app's own page", "the app keeps its root")
            let window = try await client.execute(uri: "/tools/endless/svg/ruler?value=72.4", method: .get)
            #expect(window.status == .ok && window.headers[.contentType] == "image/svg+xml; charset=utf-8")
            #expect(String(buffer: window.body).contains("72.4"))
            let frame = try await client.execute(
                uri: "/tools/endless/frame/ruler?size=600,120&value=72.4", method: .get)
            #expect(frame.status == .ok)
            #expect(
                String(buffer: frame.body).contains(#""image":"/tools/endless/svg/ruler?"#),
                "a frame's image is below the prefix")
            let script = try await client.execute(uri: "/tools/endless/endless.js", method: .get)
            #expect(script.status == .ok && String(buffer: script.body).contains("customElements.define"))
            let page = String(buffer: try await client.execute(uri: "/tools/endless/", method: .get).body)
            let versioned = try #require(page.firstMatch(of: /href="(\/tools\/endless\/v\/[0-9a-z]+\/endless\.js)"/))
            let pinned = try await client.execute(uri: String(versioned.1), method: .get)
            #expect(pinned.status == .ok && pinned.headers[.cacheControl]?.contains("immutable") == true)
            #expect(page.contains(#"action="/tools/endless/""#), "the page's form submits to the page")
            let old = try await client.execute(uri: "/tools/endless/v/0/endless.js", method: .get)
            #expect(old.status == .notFound && String(buffer: old.body).contains("/tools/endless/v/"))
            let tile = try await client.execute(uri: "/tools/endless/svg/grid/tiles/-1/2.svg", method: .get)
            #expect(tile.status == .ok && String(buffer: tile.body).contains("<svg"))
            let refused = try await client.execute(uri: "/tools/endless/svg/ruler", method: .post)
            #expect(refused.status == .methodNotAllowed && refused.headers[.allow] == "GET, HEAD")
        }
    }

    @Test func errorsAreOneLineAndTheAppKeepsItsOwnPaths() async throws {
        var options = EndlessOptions()
        options.servesPage = false
        try await app(prefix: "endless", options: options).test(.router) { client in
            let bad = try await client.execute(uri: "/endless/svg/ruler?value=abc", method: .get)
            #expect(bad.status == .badRequest && String(buffer: bad.body).hasPrefix("value: "))
            let missing = try await client.execute(uri: "/endless/svg/nothing", method: .get)
            #expect(
                missing.status == .notFound && String(buffer: missing.body).hasPrefix("view: nothing is not a view"))
            let page = try await client.execute(uri: "/endless/", method: .get)
            #expect(page.status == .notFound, "no page when the options say so")
            let own = try await client.execute(uri: "/endless-free", method: .get)
            #expect(String(buffer: own.body) == "the app's")
            // Endless only reads: another method is the table's 405 naming the two it takes, not a bare 404.
            for method in [HTTPRequest.Method.post, .put, .delete, .patch, .options] {
                for uri in ["/endless/svg/ruler", "/endless/frame/ruler", "/endless/endless.js"] {
                    let refused = try await client.execute(uri: uri, method: method)
                    #expect(
                        refused.status == .methodNotAllowed && refused.headers[.allow] == "GET, HEAD",
                        "\(method) \(uri)")
                    #expect(String(buffer: refused.body).hasPrefix("method: \(method.rawValue) is not allowed"))
                }
            }
        }
    }

    /// Options out of range are an error naming the option when the mount or the server is built, not a trap on the
    /// first request that meets them.
    @Test(arguments: [
        "concurrentLargeWindows", "maximumTilesOnEventLoop", "queuedLargeWindows", "responseCacheBytes",
        "bytesPerChunk",
    ])
    func optionsOutOfRangeAreAnErrorNamingThem(option: String) throws {
        var options = EndlessOptions()
        switch option {
        case "concurrentLargeWindows": options.concurrentLargeWindows = 0
        case "maximumTilesOnEventLoop": options.maximumTilesOnEventLoop = .max
        case "queuedLargeWindows": options.queuedLargeWindows = -1
        case "responseCacheBytes": options.responseCacheBytes = -1
        default: options.bytesPerChunk = 0
        }
        #expect(throws: EndlessError.self) { try Router().addEndless(at: "/endless", options: options) }
        do {
            try options.validate()
            Issue.record("\(option) out of range passed")
        } catch {
            #expect(error.parameter == option && error.description.contains("must be from"), "\(error)")
        }
        var server = ServerOptions()
        server.endless = options
        #expect(throws: EndlessError.self) { try server.validate() }
    }

    @Test func aPrefixWithAParameterIsAnError() {
        #expect(throws: EndlessError.self) { try Router().addEndless(at: "/shop/:id") }
    }

    /// `--no-metrics`: the server answers `/metrics` with a 404, and the rest as before.
    @Test func metricsCanBeTurnedOff() async throws {
        var options = testOptions()
        options.servesMetrics = false
        try await withServer(.live, options: options) { client, _ in
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.status == .notFound)
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
        }
    }
}
