import Testing

@testable import EndlessServer

/// The fast path's reading of request heads from raw bytes: what it answers, and where every other request ends.
@Suite struct WireRequestTests {
    func read(_ text: String) -> WireRequest {
        Array(text.utf8).withUnsafeBytes { WireRequest.read($0) }
    }

    let plain = "GET /svg/ruler?value=72.4 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip, br\r\n\r\n"

    @Test func aPlainGetIsReadOutAndEndsAtItsBlankLine() {
        let length = plain.utf8.count
        #expect(read(plain) == .svgGet(target: "/svg/ruler?value=72.4", acceptsGzip: true, length: length))
        #expect(
            read(plain + "GET /svg/grid HTTP/1.1\r\n")
                == .svgGet(target: "/svg/ruler?value=72.4", acceptsGzip: true, length: length),
            "the next request's bytes are not part of it")
        let refused = "GET /svg/loop HTTP/1.1\r\naccept-encoding: br\r\nACCEPT-ENCODING: gzip;q=0\r\n\r\n"
        #expect(
            read(refused) == .svgGet(target: "/svg/loop", acceptsGzip: false, length: refused.utf8.count),
            "every Accept-Encoding field counts, named in any case")
    }

    @Test func aHeadIsIncompleteUntilItsBlankLineArrives() {
        let bytes = Array(plain.utf8)
        let whole = read(plain)
        for end in 0..<bytes.count {
            #expect(bytes[..<end].withUnsafeBytes { WireRequest.read($0) } == .incomplete, "\(end) bytes")
            // Read again once more has come, its end looked for past what was searched: the same request.
            #expect(bytes.withUnsafeBytes { WireRequest.read($0, searchedBytes: end) } == whole, "after \(end) bytes")
        }
    }

    @Test(arguments: [
        ("HEAD /svg/ruler HTTP/1.1\r\nHost: x\r\n\r\n", 0),
        ("GET /svg/ruler HTTP/1.0\r\nHost: x\r\n\r\n", 0),
        ("GET /page HTTP/1.1\r\nHost: x\r\n\r\n", 0),
        ("GET /svg/ruler HTTP/1.1\r\nIf-None-Match: \"a\"\r\n\r\n", 0),
        ("GET /svg/ruler HTTP/1.1\r\nConnection: keep-alive, Close\r\n\r\n", 0),
        ("GET /svg/ruler HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 0),
        ("GET /svg/ruler HTTP/1.1\r\nContent-Length: 0\r\n\r\n", 0),
        ("POST /svg/ruler HTTP/1.1\r\nContent-Length: 5\r\n\r\n", 5),
        ("GET /svg/ruler?a=\"b\" HTTP/1.1\r\n\r\n", 0),
        ("GET /svg/ruler?a=<b> HTTP/1.1\r\n\r\n", 0),
        ("GET /svg/ruler?" + String(repeating: "a", count: 4096) + " HTTP/1.1\r\n\r\n", 0),
    ])
    func otherRequestsAreHandedOnWithTheirLength(head: String, body: Int) {
        #expect(read(head + "rest") == .other(length: head.utf8.count + body))
    }

    @Test(arguments: [
        "POST /svg/ruler HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
        "GET /svg/ruler HTTP/1.1\r\nUpgrade: h2c\r\nConnection: Upgrade\r\n\r\n",
        "GET /svg/ruler HTTP/1.1\r\nX-A: b\r\n  folded\r\n\r\n",
        "GET /svg/ruler HTTP/1.1\r\nX-A : b\r\n\r\n",
        "GET /svg/ruler HTTP/1.1\r\nX-A: b\u{01}c\r\n\r\n",
        "GET /svg/ruler HTTP/1.1\nHost: x\r\n\r\n",
        "GET  /svg/ruler HTTP/1.1\r\n\r\n",
        "GET /svg/ruler HTTP/2.0\r\n\r\n",
        "\r\nGET /svg/ruler HTTP/1.1\r\n\r\n",
        "POST /svg/ruler HTTP/1.1\r\nContent-Length: 5x\r\n\r\n",
        "POST /svg/ruler HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
        "POST /svg/ruler HTTP/1.1\r\nContent-Length: 1234567890123456\r\n\r\n",
    ])
    func whatItCannotVouchForGoesToTheDecoderForGood(head: String) {
        #expect(read(head) == .unreadable)
    }

    @Test func aHeadPastItsLimitIsTheDecodersToRefuse() {
        let long = "GET /svg/ruler HTTP/1.1\r\nX-A: " + String(repeating: "a", count: WireRequest.maximumHeadBytes)
        #expect(read(long) == .unreadable, "no blank line within the limit")
        #expect(read(long + "\r\n\r\n") == .unreadable, "a blank line past it")
    }

    @Test func theBlankLineIsFoundWhereverItFalls() {
        // Every length of a field before it, so that it ends at each offset of the search's strides.
        for padding in 0..<12 {
            let head = "GET /svg/grid HTTP/1.1\r\nX: " + String(repeating: "a", count: padding) + "\r\n\r\n"
            #expect(read(head + "GET") == .svgGet(target: "/svg/grid", acceptsGzip: false, length: head.utf8.count))
        }
    }
}
