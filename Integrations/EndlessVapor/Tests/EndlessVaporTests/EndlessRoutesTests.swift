import EndlessCore
import EndlessServer
import EndlessVapor
import Foundation
import Testing
import VaporTesting

/// Endless in a Vapor app, below a prefix, over real HTTP: the same answers as the Hummingbird mount, from the same
/// endpoint table.
@Suite(.timeLimit(.minutes(2))) struct EndlessRoutesTests {
    /// An app with a root of its own and Endless at `/tools/endless`, asked over a socket on a free port.
    func withShop(
        options: EndlessOptions = EndlessOptions(), _ test: (any TestingApplicationTester) async throws -> Void
    ) async throws {
        try await withApp { app in
            app.get { _ in "the app's own page" }
            try app.endless(at: "/tools/endless/", options: options)
            try await test(try app.testing(method: .running(hostname: "127.0.0.1", port: 0)))
        }
    }

    @Test func aWindowATileAndAFrameBelowThePrefix() async throws {
        try await withShop { client in
            try await client.test(.GET, "/") {
                #expect($0.body.string == "the app's own page", "the app keeps its root")
            }
            try await client.test(.GET, "/tools/endless/svg/ruler?value=72.4") { window in
                #expect(window.status == .ok)
                #expect(window.headers.first(name: "Content-Type") == "image/svg+xml; charset=utf-8")
                #expect(window.body.string.hasPrefix("<?xml") && window.body.string.contains("Ruler at 72.4 kg"))
            }
            try await client.test(.GET, "/tools/endless/svg/grid/tiles/1/-2.svg?zoom=3") { tile in
                #expect(tile.status == .ok && tile.body.string.contains("<svg"))
                #expect(tile.headers.first(name: "Cache-Control")?.hasPrefix("public") == true)
            }
            try await client.test(.GET, "/tools/endless/frame/ruler?size=600,120&value=72.4&step=0.1") { frame in
                #expect(frame.status == .ok && frame.headers.first(name: "Content-Type") == "application/json")
                let json = try JSONSerialization.jsonObject(with: Data(frame.body.readableBytesView)) as? [String: Any]
                let readout = try #require(json?["readout"] as? [String: Any])
                #expect(readout["value"] as? String == "72.4")
                #expect((readout["image"] as? String)?.hasPrefix("/tools/endless/svg/ruler?") == true)
            }
            try await client.test(.GET, "/tools/endless/endless.js") { script in
                #expect(script.status == .ok && script.body.string.contains("customElements.define"))
            }
        }
    }

    /// In a group of the app's, Vapor routes to Endless once and Endless finds its place from the route matched:
    /// its frames' images, its page's script and its refusals all say `/tools/endless`.
    @Test func inAGroupOfTheApps() async throws {
        try await withApp { app in
            try app.grouped("tools").register(collection: EndlessRoutes(at: "/endless"))
            let client = try app.testing(method: .running(hostname: "127.0.0.1", port: 0))
            try await client.test(.GET, "/tools/endless/svg/ruler/tiles/7.svg") { tile in
                #expect(tile.status == .ok && tile.body.string.contains("<svg"))
            }
            try await client.test(.GET, "/tools/endless/frame/ruler?size=600,120&value=72.4") { frame in
                let json = try JSONSerialization.jsonObject(with: Data(frame.body.readableBytesView)) as? [String: Any]
                let readout = try #require(json?["readout"] as? [String: Any])
                #expect((readout["image"] as? String)?.hasPrefix("/tools/endless/svg/ruler?") == true)
            }
            try await client.test(.GET, "/tools/endless/") { page in
                #expect(page.status == .ok && page.body.string.contains(#"href="/tools/endless/v/"#))
            }
            try await client.test(.GET, "/tools/endless/v/0/endless.js") { old in
                #expect(old.status == .notFound && old.body.string.contains("/tools/endless/v/"))
            }
            try await client.test(.POST, "/tools/endless/svg/ruler") { post in
                #expect(post.status == .methodNotAllowed && post.headers.first(name: "Allow") == "GET, HEAD")
            }
        }
    }

    @Test func refusalsAreTheTablesOneLine4xx() async throws {
        try await withShop { client in
            try await client.test(.GET, "/tools/endless/svg/ruler?value=abc") { bad in
                #expect(bad.status == .badRequest && bad.body.string.hasPrefix("value: "))
                #expect(bad.headers.first(name: "Cache-Control") == "no-store")
            }
            try await client.test(.POST, "/tools/endless/frame/ruler") { post in
                #expect(post.status == .methodNotAllowed && post.headers.first(name: "Allow") == "GET, HEAD")
            }
            try await client.test(.GET, "/tools/endless/svg/nothing") { missing in
                #expect(missing.status == .notFound && missing.body.string.hasPrefix("view: nothing is not a view"))
            }
            try await client.test(.GET, "/tools/endless/svg/ruler?unit=" + String(repeating: "k", count: 5000)) {
                #expect($0.status == .uriTooLong && $0.body.string.hasPrefix("url: "))
            }
            try await client.test(.GET, "/tools/endless/.%2E") {  // the table's guard, not Vapor's router
                #expect($0.status == .notFound && $0.body.string.hasPrefix("path: /.%2E is not here"))
            }
            try await client.test(.GET, "/tools/endless/svg/ruler/tiles/-9223372036854775808.svg") {
                #expect($0.status == .notFound && $0.body.string.hasPrefix("block: "))
            }
        }
    }

    /// A HEAD has the GET's head and no body; a window asked again with its ETag is a 304.
    @Test func headAndRevalidation() async throws {
        try await withShop { client in
            var tag = ""
            try await client.test(.GET, "/tools/endless/svg/loop?offset=300") { window in
                tag = try #require(window.headers.first(name: "ETag"))
            }
            try await client.test(.HEAD, "/tools/endless/svg/loop?offset=300") { head in
                #expect(head.status == .ok && head.body.readableBytes == 0)
                #expect(head.headers.first(name: "ETag") == tag)
            }
            try await client.test(.GET, "/tools/endless/svg/loop?offset=300", headers: ["If-None-Match": tag]) {
                #expect($0.status == .notModified && $0.body.readableBytes == 0)
            }
        }
    }

    /// A gzip client gets gzip, from the same compressors as the Hummingbird mount.
    @Test func gzipWhenTheClientTakesIt() async throws {
        try await withShop { client in
            try await client.test(
                .GET, "/tools/endless/svg/ruler?value=72.4&width=2400", headers: ["Accept-Encoding": "gzip"]
            ) {
                #expect($0.status == .ok && $0.headers.first(name: "Content-Encoding") == "gzip")
                #expect($0.body.getBytes(at: 0, length: 2) == [0x1f, 0x8b])
            }
        }
    }

    @Test func noPageWhenTheOptionsSaySoAndBadOptionsThrow() async throws {
        var options = EndlessOptions()
        options.servesPage = false
        try await withShop(options: options) { client in
            try await client.test(.GET, "/tools/endless/") { #expect($0.status == .notFound) }
        }
        options.concurrentLargeWindows = 0
        try await withApp { app in
            #expect(throws: EndlessError.self) { try app.endless(at: "/endless", options: options) }
            #expect(throws: EndlessError.self) { try app.endless(at: "/shop/:id") }
        }
    }
}
