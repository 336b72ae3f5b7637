import EndlessCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import EndlessServer

@Suite(.timeLimit(.minutes(1))) struct SVGEndpointTests {
    @Test func headersForAGzipWindow() async throws {
        try await withServer { client, _ in
            try await client.execute(uri: "/svg/ruler?value=72.4", method: .get, headers: [.acceptEncoding: "gzip, br"])
            {
                #expect($0.status == .ok)
                #expect($0.headers[.contentType] == "image/svg+xml; charset=utf-8")
                #expect($0.headers[.contentEncoding] == "gzip")
                #expect($0.headers[.vary] == "Accept-Encoding")
                #expect($0.headers[.accessControlAllowOrigin] == "*")
                #expect($0.headers[.cacheControl] == "public, max-age=3600")
                let etag = try #require($0.headers[.eTag])
                #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/") && etag.hasSuffix("-gz\""))
            }
        }
    }

    @Test func identityWhenGzipIsNotAccepted() async throws {
        try await withServer { client, _ in
            for acceptEncoding in [nil, "identity", "gzip;q=0", "br, *;q=0", "deflate"] {
                var headers: HTTPFields = [:]
                if let acceptEncoding { headers[.acceptEncoding] = acceptEncoding }
                try await client.execute(uri: "/svg/grid", method: .get, headers: headers) {
                    #expect($0.headers[.contentEncoding] == nil, "\(acceptEncoding ?? "none")")
                    #expect($0.headers[.vary] == "Accept-Encoding")
                    #expect(String(buffer: $0.body).hasPrefix("<?xml"))
                }
            }
            try await client.execute(uri: "/svg/grid", method: .get, headers: [.acceptEncoding: "*"]) {
                #expect($0.headers[.contentEncoding] == "gzip")
            }
        }
    }

    /// A URL that pins the rendering version never changes: caches keep it for good. Without `v`, a new version may
    /// draw it differently: an hour, then the ETag (which names the version) revalidates it.
    @Test func urlsThatPinTheRenderingVersionAreImmutable() async throws {
        let version = SVGResource.renderingVersion
        try await withServer { client, _ in
            for uri in [
                "/svg/ruler/tiles/63.svg", "/svg/grid/tiles/-3/7.svg", "/svg/loop/tiles/-1.svg?height=80",
                "/svg/grid?x=5",
            ] {
                let pinned = uri + (uri.contains("?") ? "&" : "?") + "v=\(version)"
                let first = try await client.execute(uri: uri, method: .get)
                let second = try await client.execute(uri: pinned, method: .get)
                #expect(first.status == .ok && second.status == .ok, "\(uri)")
                #expect(first.headers[.cacheControl] == "public, max-age=3600")
                #expect(second.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(first.headers[.eTag] == second.headers[.eTag] && first.body == second.body)
                #expect(second.headers[.accessControlAllowOrigin] == "*")
                #expect(first.headers[.renderingVersion] == version, "every answer names the version to pin")
                let old = try await client.execute(uri: uri + (uri.contains("?") ? "&" : "?") + "v=2", method: .get)
                #expect(old.status == .notFound)
                #expect(
                    String(buffer: old.body)
                        == "v: must be this server's rendering version, \(version) (or left out)\n")
                let twice = try await client.execute(uri: pinned + "&v=\(version)", method: .get)
                #expect(
                    twice.status == .badRequest && String(buffer: twice.body) == "v: is given twice; give it once\n")
            }
        }
    }

    @Test func theRenderingVersionFollowsWhatIsDrawn() {
        let probes = SVGResource.probeDrawings()
        #expect(probes.count > 20_000, "every view, tile and theme")
        #expect(SVGResource.renderingVersion == String(fnv1a64(Array("5".utf8) + probes), radix: 36))
        #expect(SVGResource.renderingVersion.count >= 8)
    }

    /// Two URLs share an ETag only when they draw the same bytes, and every parameter that may change the drawing
    /// changes the ETag (a field left out of the hash would answer 304 with a stale image); spellings of the same
    /// window share it.
    @Test func everyParameterThatDrawsIsInTheETag() async throws {
        let uris = [
            "/svg/ruler?value=72.4", "/svg/ruler?value=72.40", "/svg/ruler?value=72.5",
            "/svg/ruler?value=72.4&width=700",
            "/svg/ruler?value=72.4&height=90", "/svg/ruler?value=72.4&min=10", "/svg/ruler?value=72.4&max=500",
            "/svg/ruler?value=72.4&step=0.2", "/svg/ruler?value=72.4&ticks=5", "/svg/ruler?value=72.4&spacing=12",
            "/svg/ruler?value=72.4&ends=clamp", "/svg/ruler?value=72.4&unit=lb",
            "/svg/ruler?value=72.4&orientation=vertical",
            "/svg/ruler?value=72.4&dir=rtl", "/svg/ruler?value=72.4&theme=dark", "/svg/ruler?value=72.4&theme=auto",
            "/svg/ruler?value=1234.5&max=100000&grouping=,.", "/svg/ruler?value=1234.5&max=100000&grouping=.,",
            "/svg/ruler?format=feet-inches",
            "/svg/ruler?format=fraction", "/svg/ruler?format=time", "/svg/ruler?format=time&unit=s",
            "/svg/ruler?value=72.4&subdivisions=2,5", "/svg/ruler/tiles/3.svg?format=fraction",
            "/svg/ruler/tiles/3.svg?subdivisions=2,5",
            "/svg/grid", "/svg/grid?x=0&y=0", "/svg/grid?x=1", "/svg/grid?tile=120", "/svg/grid?theme=dark",
            "/svg/grid?width=700", "/svg/grid?zoom=1", "/svg/grid?zoom=2", "/svg/grid/tiles/1/2.svg?zoom=1",
            "/svg/loop", "/svg/loop?count=7", "/svg/loop?spacing=90", "/svg/loop?inset=3",
            "/svg/loop?offset=5", "/svg/loop?orientation=vertical", "/svg/loop?theme=dark",
            "/svg/ruler/tiles/3.svg", "/svg/ruler/tiles/4.svg", "/svg/ruler/tiles/3.svg?theme=dark",
            "/svg/ruler/tiles/3.svg?height=90", "/svg/ruler/tiles/3.svg?dir=rtl", "/svg/grid/tiles/1/2.svg",
            "/svg/grid/tiles/2/1.svg", "/svg/grid/tiles/1/2.svg?tile=120", "/svg/loop/tiles/3.svg",
            "/svg/loop/tiles/3.svg?count=7", "/svg/loop/tiles/3.svg?height=90",
        ]
        try await withServer { client, _ in
            var seen: [(uri: String, etag: String, body: ByteBuffer)] = []
            for uri in uris {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri)")
                let etag = try #require(response.headers[.eTag])
                for earlier in seen where earlier.etag == etag {
                    #expect(earlier.body == response.body, "\(earlier.uri) and \(uri)")
                }
                seen.append((uri, etag, response.body))
            }
            let etags = Dictionary(seen.map { ($0.uri, $0.etag) }, uniquingKeysWith: { first, _ in first })
            #expect(etags["/svg/ruler?value=72.40"] == etags["/svg/ruler?value=72.4"])
            #expect(etags["/svg/grid?x=0&y=0"] == etags["/svg/grid"])
            #expect(Set(etags.values).count == uris.count - 2, "all the others differ")
        }
    }

    @Test func etagAnd304() async throws {
        try await withServer { client, _ in
            let first = try await client.execute(
                uri: "/svg/ruler?value=72.4", method: .get, headers: [.acceptEncoding: "gzip"])
            let etag = try #require(first.headers[.eTag])
            for condition in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                try await client.execute(
                    uri: "/svg/ruler?value=72.40", method: .get,
                    headers: [.acceptEncoding: "gzip", .ifNoneMatch: condition]
                ) {
                    #expect($0.status == .notModified, "\(condition)")
                    #expect($0.body.readableBytes == 0)
                    #expect($0.headers[.eTag] == etag)
                }
            }
            let identity = try await client.execute(
                uri: "/svg/ruler?value=72.4", method: .get, headers: [.ifNoneMatch: etag])
            #expect(identity.status == .ok, "the identity body is another representation with its own ETag")
            #expect(identity.headers[.eTag] != etag)
            let other = try await client.execute(
                uri: "/svg/ruler?value=72.5", method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: etag])
            #expect(other.status == .ok)
        }
    }

    @Test(arguments: [
        ("/svg/ruler?value=72.4", ["ruler", "--value", "72.4"]),
        (
            "/svg/ruler?offset=-1e15&width=1200&height=200",
            ["ruler", "--offset", "-1e15", "--width", "1200", "--height", "200"]
        ),
        (
            "/svg/ruler?min=0&max=100&step=0.5&ends=clamp&unit=cm&value=99.5",
            [
                "ruler", "--min", "0", "--max", "100", "--step", "0.5", "--ends", "clamp", "--unit", "cm", "--value",
                "99.5",
            ]
        ),
        ("/svg/grid?x=250&y=-1e12&width=900", ["grid", "--x", "250", "--y", "-1e12", "--width", "900"]),
        ("/svg/loop?offset=3100&count=7", ["loop", "--offset", "3100", "--count", "7"]),
        (
            "/svg/ruler?min=100&max=250&step=0.5&ends=clamp&unit=cm&orientation=vertical&theme=auto&value=172.5",
            [
                "ruler", "--min", "100", "--max", "250", "--step", "0.5", "--ends", "clamp", "--unit", "cm",
                "--orientation", "vertical", "--theme", "auto", "--value", "172.5",
            ]
        ),
        ("/svg/ruler?dir=rtl&theme=dark&value=72.4", ["ruler", "--dir", "rtl", "--theme", "dark", "--value", "72.4"]),
        ("/svg/grid?theme=dark&x=5", ["grid", "--theme", "dark", "--x", "5"]),
        ("/svg/loop?orientation=vertical&theme=auto", ["loop", "--orientation", "vertical", "--theme", "auto"]),
        ("/svg/ruler?format=fraction&value=3.3125", ["ruler", "--format", "fraction", "--value", "3.3125"]),
        (
            "/svg/grid?zoom=3&x=1e12&y=-1e12&width=900&theme=dark",
            ["grid", "--zoom", "3", "--x", "1e12", "--y", "-1e12", "--width", "900", "--theme", "dark"]
        ),
        (
            "/svg/ruler?format=feet-inches&value=68.5&orientation=vertical",
            ["ruler", "--format", "feet-inches", "--value", "68.5", "--orientation", "vertical"]
        ),
        (
            "/svg/ruler?format=time&value=1435&dir=rtl",
            ["ruler", "--format", "time", "--value", "1435", "--dir", "rtl"]
        ),
        (
            "/svg/ruler?format=time&unit=s&min=0&max=7200&step=0.5&ticks=60&subdivisions=2,3,10&value=5025.5",
            [
                "ruler", "--format", "time", "--unit", "s", "--min", "0", "--max", "7200", "--step", "0.5", "--ticks",
                "60", "--subdivisions", "2,3,10", "--value", "5025.5",
            ]
        ),
        (
            "/svg/ruler?grouping=%20,&min=0&max=10000000000&step=0.01&value=123456789.25&theme=dark",
            [
                "ruler", "--grouping", " ,", "--min", "0", "--max", "10000000000", "--step", "0.01", "--value",
                "123456789.25", "--theme", "dark",
            ]
        ),
    ])
    func decodedBodyIsTheRenderCommandsOutput(uri: String, arguments: [String]) async throws {
        let expected = try renderCommand(arguments)
        #expect(expected.count > 500)
        try await withServer { client, _ in
            let gzip = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(try gzip.body.gunzipped() == expected)
            let plain = try await client.execute(uri: uri, method: .get)
            #expect(Array(buffer: plain.body) == expected)
            // A second time comes from the response cache: still the same bytes.
            let again = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(try again.body.gunzipped() == expected)
        }
    }

    @Test func headHasTheHeadersAndNoBody() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            let head = try await rawText(
                port: port,
                request:
                    "HEAD /svg/ruler?value=72.4 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"
            )
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(head.lowercased().contains("content-encoding: gzip"))
            #expect(head.lowercased().contains("etag: "))
            #expect(!head.lowercased().contains("content-length"))
            #expect(head.hasSuffix("\r\n\r\n"), "nothing follows the head")
            // The connection stays usable: a GET right after a HEAD on the same connection.
            let both = try await rawText(
                port: port,
                request:
                    "HEAD /svg/grid HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            )
            let responses = both.components(separatedBy: "HTTP/1.1 200 OK")
            #expect(responses.count == 3, "\(both)")
            #expect(both.hasSuffix("\r\n\r\nok\n"))
        }
    }

    /// The page, its frames, health and metrics answer HEAD as GET does, with no body, on a connection that goes on.
    @Test(arguments: ["/?value=72.4", "/frame/grid?size=800,500", "/frame/ruler?size=800,120", "/metrics"])
    func headWorksEverywhereGetDoes(path: String) async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            let get = try await rawText(
                port: port, request: "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let both = try await rawText(
                port: port,
                request:
                    "HEAD \(path) HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            )
            let head = try #require(both.components(separatedBy: "\r\n\r\n").first)
            #expect(head.hasPrefix("HTTP/1.1 200"), "\(path): \(head)")
            let type = { (text: String) in
                text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-type:") }
            }
            #expect(type(head) != nil && type(head) == type(get), "\(path)")
            #expect(both.hasSuffix("\r\n\r\nok\n"), "no body after the HEAD's head, then the next answer: \(both)")
            #expect(both.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
        }
    }

    @Test func tilesFollowTheLookToo() async throws {
        try await withServer { client, _ in
            let vertical = String(
                buffer: try await client.execute(
                    uri: "/svg/ruler/tiles/7.svg?orientation=vertical&height=80&theme=dark", method: .get
                ).body)
            #expect(vertical.contains(#"width="80" height="100""#) && vertical.contains(##"fill="#1e1e1e""##))
            #expect(vertical.contains(#"role="img" aria-label="Ruler block 7 (16.0 kg)""#))
            let auto = String(
                buffer: try await client.execute(uri: "/svg/grid/tiles/0/0.svg?theme=auto", method: .get).body)
            #expect(auto.contains("<style>@media (prefers-color-scheme: dark){"))
            let loop = String(
                buffer: try await client.execute(uri: "/svg/loop/tiles/3.svg?orientation=up", method: .get).body)
            #expect(loop == "orientation: must be horizontal or vertical\n")
        }
    }

    @Test func healthz() async throws {
        try await withServer { client, _ in
            try await client.execute(uri: "/healthz", method: .get) {
                #expect($0.status == .ok && String(buffer: $0.body) == "ok\n")
                #expect($0.headers[.cacheControl] == "no-cache")
            }
        }
    }

    @Test func indexPageShowsTheThreeViews() async throws {
        try await withServer { client, _ in
            try await client.execute(uri: "/", method: .get) {
                let html = String(buffer: $0.body)
                #expect($0.headers[.contentType] == "text/html; charset=utf-8")
                for view in ["weight", "pounds", "height", "loop", "grid"] {
                    #expect(html.contains(#"id="\#(view)""#), "\(view)")
                }
                for title in [
                    "Ruler at 60.0 kg", "Ruler at 132.3 lb", "Ruler at 172.5 cm", "Loop around item 0",
                    "Grid around (0, 0)",
                ] {
                    #expect(html.contains("<title>\(title)"), "the first \(title) window is drawn into the page")
                }
            }
        }
    }
}
