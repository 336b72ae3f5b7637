import NIOCore
import TestSupport
import Testing

@testable import EndlessServer

/// The response cache keeps what is asked for again, not every new window.
@Suite struct ResponseCacheTests {
    let response = CachedResponse(etag: "\"a\"", resource: .rulerWindow, gzip: false, chunks: [ByteBuffer(string: "x")])

    /// A chunk's size line is the hex `String(_:radix:)` writes, for sizes of every length of digits.
    @Test func chunkSizesAreWrittenInLowercaseHex() {
        for size in [0, 1, 9, 10, 15, 16, 255, 256, 0xABC, 8_192, 65_535, 0x1_0000, 1 << 40, Int.max] {
            var buffer = ByteBuffer()
            CachedResponse.writeHex(size, to: &buffer)
            #expect(String(buffer: buffer) == String(size, radix: 16), "\(size)")
        }
    }

    /// Digits written in place spell what `String(_:radix: 16)` does, for 10,000 random numbers and the edges; an
    /// ETag is its hash so spelled, quoted, `-gz` before the gzip one's closing quote.
    @Test func hexadecimalIsWhatStringWrites() throws {
        var rng = SeededGenerator(seed: 16)
        for value in [0, 1, 15, 16, UInt64.max]
            + (0..<10_000).map({ _ in UInt64.random(in: 0...UInt64.max, using: &rng) >> (rng.next() % 64) })
        {
            let digits = (0..<Hexadecimal.digitCount(value)).reversed().map { Hexadecimal.digit(value, place: $0) }
            #expect(String(decoding: digits, as: UTF8.self) == String(value, radix: 16), "\(value)")
        }
        for offset in [-1e12, -3, 0, 7, 123_456_789] {
            let resource = try #require(
                try SVGResource.at(path: "/svg/ruler", query: [("offset", "\(offset)")], looks: nil))
            let hash = String(resource.contentHash(), radix: 16)
            #expect(SVGResponder.etag(for: resource, gzip: true) == "\"\(hash)-gz\"")
            #expect(SVGResponder.etag(for: resource, gzip: false) == "\"\(hash)\"")
        }
    }

    @Test func aResponseIsKeptTheSecondTimeItsURLIsAskedFor() {
        let responses = ResponseCache(capacity: 10, maximumEntryBytes: 1_000)
        responses.keepIfAskedBefore(response, for: "identity /svg/ruler?value=1")
        #expect(responses.count == 0 && responses.response(for: "identity /svg/ruler?value=1") == nil)
        responses.keepIfAskedBefore(response, for: "identity /svg/ruler?value=1")
        #expect(responses.count == 1 && responses.response(for: "identity /svg/ruler?value=1") != nil)
    }

    /// A scan of 5,000 URLs asked for once each leaves a URL asked for all along in a cache of 16 (all of them kept
    /// would push it out every 16).
    @Test func urlsAskedForOnceDoNotPushOutOneAskedForAgain() {
        let responses = ResponseCache(capacity: 16, maximumEntryBytes: 1_000)
        let popular = "gzip /svg/ruler?value=72.4"
        responses.keepIfAskedBefore(response, for: popular)
        responses.keepIfAskedBefore(response, for: popular)
        for index in 0..<5_000 {
            responses.keepIfAskedBefore(response, for: "gzip /svg/ruler?offset=\(index * 7_919)")
            if index % 32 == 31 { #expect(responses.response(for: popular) != nil, "after \(index)") }
        }
    }

    /// Within its capacity it forgets no key: every one seen is known when seen again.
    @Test func recentKeysKnowEveryKeySeenWithinTheirCapacity() {
        var recent = RecentKeys()
        let keys = (0..<RecentKeys.capacity).map { "gzip /svg/grid?x=\($0)" }
        for key in keys { _ = recent.insert(key) }
        #expect(keys.allSatisfy { recent.insert($0) })
    }
}
