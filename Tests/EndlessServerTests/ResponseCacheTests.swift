import NIOCore
import TestSupport
import Testing

@testable import EndlessServer

/// The response cache keeps what is asked for again, not every new window.
@Suite struct ResponseCacheTests {
    let response = CachedResponse(etag: "\"a\"", resource: .rulerWindow, gzip: false, chunks: [ByteBuffer(string: "x")])

    /// An ETag is the content hash in lowercase hex, quoted, `-gz` before the gzip one's closing quote.
    @Test func anETagIsTheContentHashInHex() throws {
        for offset in [-1e12, -3, 0, 7, 123_456_789] {
            let resource = try SVGResource.make(
                .rulerWindow, captures: [], query: [("offset", "\(offset)")], looks: nil)
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
