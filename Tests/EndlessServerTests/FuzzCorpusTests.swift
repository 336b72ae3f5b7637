// The fuzzer's committed corpus as a test, and the one mapping from fuzz input to request that both use.
//
// `Fuzz/Sources/EndlessFuzz/FuzzCorpusTests.swift` is a link to this file: the fuzz target compiles `FuzzRequest`
// below with `ENDLESS_FUZZ` defined, which leaves the test out, so an input means the same request in both places.
import CompressNIO
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import HTTPTypes
import NIOCore

/// A fuzz input as an HTTP request. The first byte picks the endpoint (a letter of `FuzzRequest.endpoints`, any other
/// byte by its value), the second a few flags (its low four bits, so digits read well), and the rest is the request
/// target after the endpoint's prefix, with every byte an HTTP/1.1 request line could not carry raw percent-encoded:
/// `r0value=72.4&width=1200` is `GET /svg/ruler?value=72.4&width=1200`. `/` takes any path, `h` an absolute URL.
///
/// Flags: 1 is HEAD rather than GET, 2 adds `Accept-Encoding: gzip`; with 4 the rest's first line is an
/// `Accept-Encoding` value, and with 8 its next first line an `If-None-Match` value.
struct FuzzRequest: Sendable, CustomStringConvertible {
    var method: HTTPRequest.Method
    var target: String
    var headers: HTTPFields

    /// Every endpoint, by the letter that picks it, as the prefix its target starts with.
    static let endpoints: [(letter: UInt8, prefix: String)] = [
        ("r", "/svg/ruler?"), ("l", "/svg/loop?"), ("g", "/svg/grid?"), ("c", "/svg/timeline?"),
        ("b", "/svg/ruler/tiles/"), ("i", "/svg/loop/tiles/"), ("t", "/svg/grid/tiles/"), ("k", "/svg/timeline/tiles/"),
        ("v", "/svg/"), ("R", "/frame/ruler?"), ("L", "/frame/loop?"), ("G", "/frame/grid?"), ("C", "/frame/timeline?"),
        ("f", "/frame/"), ("p", "/?"), ("/", "/"), ("h", "http://"),
    ].map { (UInt8(ascii: $0.0), $0.1) }

    init(_ input: some Collection<UInt8>) {
        var bytes = Array(input)[...]
        let selector = bytes.popFirst() ?? UInt8(ascii: "r")
        let flags = bytes.popFirst().map { $0 & 0x0F } ?? 0
        let prefix =
            (Self.endpoints.first { $0.letter == selector } ?? Self.endpoints[Int(selector) % Self.endpoints.count])
            .prefix
        method = flags & 1 != 0 ? .head : .get
        headers = [:]
        if flags & 2 != 0 { headers[.acceptEncoding] = "gzip" }
        if flags & 4 != 0 {
            headers.append(HTTPField(name: .acceptEncoding, value: Self.headerValue(Self.line(&bytes))))
        }
        if flags & 8 != 0 { headers[.ifNoneMatch] = Self.headerValue(Self.line(&bytes)) }
        target = prefix + Self.targetText(bytes)
    }

    /// Removes the first line from `bytes` and returns it, without its newline.
    private static func line(_ bytes: inout ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        defer { bytes = bytes[end...].dropFirst() }
        return bytes[..<end]
    }

    /// The bytes as a request target can carry them: visible ASCII as it is, anything else as `%XX`.
    static func targetText(_ bytes: some Sequence<UInt8>) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var text = String.UnicodeScalarView()
        for byte in bytes {
            if (0x21...0x7E).contains(byte) {
                text.append(Unicode.Scalar(byte))
            } else {
                text.append(contentsOf: ["%", hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            }
        }
        return String(text)
    }

    /// The bytes as a header value can carry them: visible ASCII, spaces and tabs, trimmed as a parser trims them.
    static func headerValue(_ bytes: some Sequence<UInt8>) -> String {
        let kept = bytes.filter { (0x20...0x7E).contains($0) || $0 == 0x09 }
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = kept.firstIndex(where: { !blank($0) }), let last = kept.lastIndex(where: { !blank($0) })
        else { return "" }
        return String(decoding: kept[first...last], as: UTF8.self)
    }

    /// What the answer got wrong, if anything: a 5xx, a 4xx whose body is not one line of text ending in one newline,
    /// or a gzip body that does not decode.
    static func violation(status: Int, headers: HTTPFields = [:], body: ByteBuffer) -> String? {
        if status >= 500 { return "status \(status)" }
        if (400..<500).contains(status) {
            let bytes = body.readableBytesView
            guard bytes.count > 1, bytes.last == UInt8(ascii: "\n"),
                bytes.filter({ $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }).count == 1,
                Array(String(decoding: bytes, as: UTF8.self).utf8) == Array(bytes)
            else {
                return "status \(status) with a body that is not one line of text: "
                    + String(reflecting: String(buffer: body))
            }
        }
        if headers[.contentEncoding] == "gzip" && body.readableBytes > 0 {
            // Whole: the magic number, a stream that decodes, and a trailer whose length is what it decodes to.
            var copy = body
            let bytes = Array(body.readableBytesView)
            let length = bytes.suffix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard bytes.count >= 18, bytes[0] == 0x1F, bytes[1] == 0x8B,
                let decoded = try? copy.decompress(with: .gzip),
                UInt32(truncatingIfNeeded: decoded.readableBytes) == length
            else {
                return "status \(status) with a gzip body that does not decode whole (\(body.readableBytes) bytes)"
            }
        }
        // Every SVG a 200 carries parses as XML, gzipped or not.
        if status == 200, headers[.contentType]?.hasPrefix("image/svg+xml") == true {
            var copy = body
            let document =
                headers[.contentEncoding] == "gzip" ? ((try? copy.decompress(with: .gzip)) ?? ByteBuffer()) : body
            guard XMLParser(data: Data(document.readableBytesView)).parse() else {
                return "status 200 with SVG that does not parse as XML"
            }
        }
        return nil
    }

    var description: String {
        "\(method) \(target)" + headers.map { " [\($0.name.rawName): \($0.value)]" }.joined()
    }
}

#if !ENDLESS_FUZZ
    import Foundation
    import HummingbirdTesting
    import Testing

    @testable import EndlessServer

    /// Every input in `Fuzz/corpus/` (the fuzzer's seeds and what it found worth keeping), sent to the app as the
    /// fuzzer sends it: no 5xx, and every 4xx one line.
    @Suite(.timeLimit(.minutes(1))) struct FuzzCorpusTests {
        static let corpus = repositoryRoot.appendingPathComponent("Fuzz").appendingPathComponent("corpus")

        @Test func everyCorpusInputGetsAnAnswerOrAOneLine4xx() async throws {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter {
                !$0.hasPrefix(".")
            }
            .sorted()
            #expect(names.count >= 10, "the corpus is at \(Self.corpus.path)")
            let inputs = try names.map { name in
                (name, FuzzRequest(try Data(contentsOf: Self.corpus.appendingPathComponent(name))))
            }
            try await withServer { client, _ in
                for (name, request) in inputs {
                    let response = try await client.execute(
                        uri: request.target, method: request.method, headers: request.headers)
                    let problem = FuzzRequest.violation(
                        status: Int(response.status.code), headers: response.headers, body: response.body)
                    #expect(problem == nil, "Fuzz/corpus/\(name): \(request): \(problem ?? "")")
                }
            }
        }

        @Test func inputsMapToRequestsAsDocumented() {
            #expect(
                FuzzRequest(Array("r0value=72.4&width=1200".utf8)).description == "GET /svg/ruler?value=72.4&width=1200"
            )
            #expect(
                FuzzRequest(Array("t3-1/2.svg".utf8)).description
                    == "HEAD /svg/grid/tiles/-1/2.svg [Accept-Encoding: gzip]")
            #expect(
                FuzzRequest(Array("R<x;q=0\n\"a\" \nsize=1,1&key=a b\n".utf8)).description
                    == "GET /frame/ruler?size=1,1&key=a%20b%0A [Accept-Encoding: x;q=0] [If-None-Match: \"a\"]")
            #expect(FuzzRequest([]).description == "GET /svg/ruler?")
            #expect(FuzzRequest([0, 0x30, 0x80, 0x20]).target == "/svg/ruler?%80%20")
        }

        @Test func violationsAreFiveHundredsAndFourHundredsOfOtherThanOneLine() {
            #expect(FuzzRequest.violation(status: 200, body: ByteBuffer(string: "a\nb\n")) == nil)
            #expect(FuzzRequest.violation(status: 404, body: ByteBuffer(string: "path: /x is not here\n")) == nil)
            #expect(FuzzRequest.violation(status: 503, body: ByteBuffer()) != nil)
            #expect(FuzzRequest.violation(status: 400, body: ByteBuffer(string: "a\nb\n")) != nil)
            #expect(FuzzRequest.violation(status: 400, body: ByteBuffer(string: "a\r\n")) != nil)
            #expect(FuzzRequest.violation(status: 400, body: ByteBuffer(string: "no newline")) != nil)
            #expect(FuzzRequest.violation(status: 400, body: ByteBuffer(string: "\n")) != nil)
            #expect(
                FuzzRequest.violation(status: 200, headers: [.contentEncoding: "gzip"], body: ByteBuffer(string: "x"))
                    != nil)
        }
    }
#endif
