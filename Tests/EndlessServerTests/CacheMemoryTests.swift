import EndlessCore
import EndlessSVG
import NIOCore
import Testing

@testable import EndlessServer

/// The caches are bounded by the bytes they keep alive, not the bytes they show.
@Suite struct CacheMemoryTests {
    @Test func theTileCacheKeepsNoMoreBytesThanItsBound() {
        let tiles = TileCache(capacity: 100_000, maximumBytes: 64_000)
        let renderer = GridRenderer(grid: .standard)
        let style = TileCache.style(of: renderer)
        var shown = 0
        for x in Int64(0)..<2_000 {
            shown += tiles.tile(GridCoordinate(x: x * 1_000_000_007, y: -x), of: renderer, style: style).count
            #expect(tiles.retainedBytes <= 64_000)
        }
        #expect(shown > 64_000 * 4, "far more was drawn than kept")
        #expect(tiles.retainedBytes > 64_000 / 2 && tiles.count < 2_000 && tiles.count > 100)
        // Recently drawn tiles are still there: the oldest went first.
        let before = tiles.count
        _ = tiles.tile(GridCoordinate(x: 1_999 * 1_000_000_007, y: -1_999), of: renderer, style: style)
        #expect(tiles.count == before)
    }

    @Test func aCachedResponseKeepsItsOwnBytesNotTheBuffersItWasCutFrom() {
        var big = ByteBuffer(repeating: UInt8(ascii: "x"), count: 1 << 20)
        let slice = big.readSlice(length: 100)!
        let cut = CachedResponse(etag: "\"a\"", resource: .gridWindow, gzip: false, chunks: [slice])
        let response = cut.compacted
        #expect(
            cut.retainedBytes >= 1 << 20 && response.retainedBytes < 1_000, "a copy, not the megabyte it was cut from")
        let responses = ResponseCache(capacity: 10, maximumEntryBytes: 1_000)
        responses.store(response, for: "identity /svg/grid")
        #expect(responses.count == 1 && responses.retainedBytes >= response.retainedBytes)
        // One that keeps more than its bound is not kept.
        let large = CachedResponse(
            etag: "\"b\"", resource: .gridWindow, gzip: false, chunks: [ByteBuffer(repeating: 0x20, count: 2_000)])
        responses.store(large, for: "identity /svg/grid?x=1")
        #expect(responses.count == 1)
        // Replacing and evicting give the bytes back.
        for index in 0..<25 { responses.store(cut, for: "identity /svg/grid?y=\(index)") }
        #expect(responses.count == 10)
        #expect(
            responses.retainedBytes == 10 * response.retainedBytes
                + (0..<10).map { "identity /svg/grid?y=\(15 + $0)".utf8.count }.reduce(0, +))
    }
}
