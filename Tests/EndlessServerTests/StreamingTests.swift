import CompressNIO
import EndlessCore
import EndlessSVG
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
import Testing

@testable import EndlessServer

@Suite(.timeLimit(.minutes(1))) struct StreamingTests {
    @Test func everyChunkDecodesAsItArrives() async throws {
        let uri = "/svg/grid?x=-5000&y=123&width=4000&height=3000"
        let expected = try renderCommand(["grid", "--x", "-5000", "--y", "123", "--width", "4000", "--height", "3000"])
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            let inflater = try ZlibDecompressor(algorithm: .gzip)
            var decoded: [UInt8] = []
            var decodedPerChunk: [String] = []
            let response = try await rawExchange(
                port: port,
                request: "GET \(uri) HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n",
                onChunk: { chunk in
                    var chunk = chunk
                    let plain = try chunk.decompressStream(with: inflater)
                    decodedPerChunk.append(String(buffer: plain))
                    decoded += Array(buffer: plain)
                })
            #expect(response.head.lowercased().contains("transfer-encoding: chunked"))
            #expect(response.head.lowercased().contains("content-encoding: gzip"))
            #expect(response.complete)
            // 41 × 31 tiles: the head with the first labels, then chunks of at least 8 kB.
            #expect(response.chunks.count > 2)
            for (index, text) in decodedPerChunk.dropLast().enumerated() {
                #expect(text.hasSuffix("</tspan>"), "chunk \(index) decoded on arrival and ends on a whole tile")
                #expect(text.utf8.count >= 8_192)
            }
            #expect(decodedPerChunk.last?.hasSuffix("</g>\n</svg>\n") == true)
            #expect(decodedPerChunk.first?.hasPrefix("<?xml") == true)
            #expect(decoded == expected)
        }
    }

    @Test func identityStreamsAreChunkedToo() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            let response = try await rawExchange(
                port: port,
                request: "GET /svg/grid?width=5000&height=5000 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(response.head.lowercased().contains("transfer-encoding: chunked"))
            #expect(!response.head.lowercased().contains("content-encoding"))
            #expect(response.chunks.count > 4 && response.chunks.dropLast().allSatisfy { $0.readableBytes >= 8_192 })
            #expect(
                response.chunks.reduce([]) { $0 + Array(buffer: $1) }
                    == (try renderCommand(["grid", "--width", "5000", "--height", "5000"])))
        }
    }

    /// A body in one piece (a small window, a frame) goes with its length, whichever way it leaves: no chunk framing.
    @Test(arguments: [TestingSetup.router, .live], ["/svg/ruler?value=72.4", "/frame/ruler?size=600,120&value=72.4"])
    func aBodyInOnePieceHasItsLength(_ mode: TestingSetup, _ uri: String) async throws {
        try await withServer(mode) { client, _ in
            try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentLength] == String(response.body.readableBytes))
                #expect(response.headers[.transferEncoding] == nil)
            }
        }
    }

    @Test func aClientThatLeavesMidStreamCostsNothing() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            for _ in 0..<20 {
                let channel = try await connect(port: port)
                try await channel.executeThenClose { inbound, outbound in
                    try await outbound.write(
                        ByteBuffer(string: "GET /svg/grid?width=6000&height=6000 HTTP/1.1\r\nHost: x\r\n\r\n"))
                    for try await _ in inbound { break }  // the first bytes, then hang up
                }
            }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/svg/ruler?value=72.4", method: .get) { #expect($0.status == .ok) }
        }
    }
}

@Suite(.timeLimit(.minutes(1))) struct CacheTests {
    @Test func tileCacheHitsShowInMetrics() async throws {
        try await withServer { client, registry in
            _ = try await client.execute(uri: "/svg/loop?offset=0&width=300", method: .get)
            _ = try await client.execute(uri: "/svg/loop?offset=150&width=300", method: .get)
            _ = try await client.execute(
                uri: "/svg/loop?offset=0&width=300", method: .get, headers: [.acceptEncoding: "gzip"])
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            let text = String(buffer: metrics.body)
            // The first draws its items; the second shares all but its new one; the gzip repeat finds them all.
            let items = { (offset: Double) in
                let run = try LoopWindow(loop: .standard, offset: offset, width: 300, height: 120).items
                return Set((run.first...run.last).map { Loop.standard.label(ofItem: $0) })
            }
            let (first, second) = (try items(0), try items(150))
            let new = second.subtracting(first).count
            #expect(first.count == 3 && new == 1)
            #expect(text.contains("endless_tile_cache_misses \(first.count + new)"))
            #expect(text.contains("endless_tile_cache_hits \(second.count - new + first.count)"))
            #expect(
                text.contains(
                    #"hb_requests{http_route="/svg/loop",http_request_method="GET",http_response_status_code="200"} 3"#
                ))
            #expect(text.contains(#"endless_render_duration_count{route="/svg/loop"} 3"#))
            #expect(text.contains(#"endless_bytes_sent{route="/svg/loop"}"#))
            #expect(text.contains("endless_response_cache_misses"))
        }
    }

    @Test func responseCacheAnswersARepeatedURL() async throws {
        try await withServer { client, _ in
            for _ in 0..<5 {
                _ = try await client.execute(uri: "/svg/grid?x=7", method: .get, headers: [.acceptEncoding: "gzip"])
            }
            let text = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(text.contains("endless_response_cache_hits 3"))
            #expect(
                text.contains(#"endless_render_duration_count{route="/svg/grid"} 2"#),
                "drawn when first asked for, drawn and kept when asked again")
        }
    }

    @Test func cachesStayWithinTheirBoundsWhateverIsAskedFor() async throws {
        var options = testOptions()
        options.endless.tileCacheCapacity = 64
        options.endless.responseCacheCapacity = 16
        let tiles = TileCache(capacity: options.endless.tileCacheCapacity)
        let responses = ResponseCache(capacity: options.endless.responseCacheCapacity, maximumEntryBytes: 1_000)
        var rng = SystemRandomNumberGenerator()
        let renderer = GridRenderer(grid: .standard)
        let style = TileCache.style(of: renderer)
        for _ in 0..<5_000 {
            let (x, y) = (Double.random(in: -1e15...1e15, using: &rng), Double.random(in: -1e15...1e15, using: &rng))
            let tile = GridCoordinate(x: Int64(x / 100), y: Int64(y / 100))
            _ = tiles.tile(tile, of: renderer, style: style)
            let resource = SVGResource.gridWindow(
                try GridWindow(grid: .standard, centerX: x, centerY: y, width: 400, height: 300), .light)
            responses.store(
                CachedResponse(etag: "x", resource: resource.kind, gzip: false, chunks: [ByteBuffer(string: "x")]),
                for: String(resource.contentHash()))
            #expect(tiles.count <= 64 && responses.count <= 16)
        }
        #expect(tiles.count == 64 && responses.count == 16)
    }

    /// A page tile is `Ruler.pageBlocks` blocks: `cycle` tiles further on are that many turns of the ruler further on.
    @Test func aWrappingRulerSharesBlocksAcrossTurns() async throws {
        let tiles = TileCache(capacity: 1_000)
        let ruler = try Ruler(.weight)
        let renderer = RulerRenderer(ruler: ruler, height: 120)
        let style = TileCache.pageStyle(ofStyle: TileCache.style(of: renderer))
        let cycle = try #require(ruler.cycleBlocks)
        let near = (15...21).map { tiles.pageTile($0, of: renderer, style: style) }
        let countAfterFirst = tiles.count
        let turnsAway = (15...21).map { tiles.pageTile($0 + cycle * 250_000, of: renderer, style: style) }
        #expect(countAfterFirst == 7 && tiles.count == countAfterFirst, "a million turns later, the same 7 drawings")
        #expect(near == turnsAway)
        // And the windows the server sends are the same bytes a million turns apart.
        let window = { (offset: Double) in
            let placed = try RulerWindow(ruler: ruler, offset: offset, width: 1200, height: 120)
            return SVGResource.rulerWindow(placed, tiles.rulerLooks.drawing(of: placed, theme: .light))
                .render(cache: tiles)
        }
        #expect(try window(6340).document == (try window(6340 + 99_100 * 1_000_000)).document)
    }
}
