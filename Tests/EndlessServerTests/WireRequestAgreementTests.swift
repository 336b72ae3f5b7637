import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import EndlessServer

/// `WireRequest` against NIO's own HTTP/1 decoder (llhttp), on every one-byte edit of a few heads (about 18,000): where the fast path
/// answers, NIO reads the same request there; where it hands a request on, NIO ends that request at the same byte;
/// where it waits for more, NIO has not read a head either.
@Suite struct WireRequestAgreementTests {
    /// What NIO's decoder makes of `bytes`: the first request's head, whether that request ended, whether it refused.
    func decoded(_ bytes: ArraySlice<UInt8>) -> (head: HTTPRequestHead?, ended: Bool, refused: Bool) {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(HTTPRequestDecoder()))
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        var head: HTTPRequestHead?
        do {
            try channel.writeInbound(ByteBuffer(bytes: bytes))
            while let part = try channel.readInbound(as: HTTPServerRequestPart.self) {
                switch part {
                case .head(let first): head = head ?? first
                case .body: break
                case .end: return (head, true, false)
                }
            }
        } catch { return (head, false, true) }
        return (head, false, false)
    }

    static let seeds = [
        "GET /svg/ruler?value=72.4&width=1200 HTTP/1.1\r\nHost: localhost:8080\r\nAccept-Encoding: gzip, deflate\r\n"
            + "User-Agent: x/1.0\r\n\r\n",
        "POST /svg/loop HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nabcd",
        "GET /svg/grid?x=5 HTTP/1.1\r\nConnection: keep-alive\r\nIf-None-Match: \"x\"\r\n\r\n",
        "HEAD /svg/ruler HTTP/1.0\r\nAccept-Encoding: *;q=0\r\n\r\n",
    ].map { Array($0.utf8) }
    static let alphabet = Array(" \t:\r\naA09,;=\"%/?#-+".utf8) + [0, 0x7f, 0x80, 0xff]

    /// Every seed with each one-byte edit: each byte replaced by, or preceded by, each byte of `alphabet`, or
    /// removed; and each line repeated.
    static var edited: [[UInt8]] {
        var edits: [[UInt8]] = []
        for seed in seeds {
            edits.append(seed)
            for at in seed.indices {
                for byte in alphabet {
                    var replaced = seed
                    replaced[at] = byte
                    edits.append(replaced)
                    var inserted = seed
                    inserted.insert(byte, at: at)
                    edits.append(inserted)
                }
                var removed = seed
                removed.remove(at: at)
                edits.append(removed)
                if at == 0 || seed[at - 1] == UInt8(ascii: "\n") {
                    let end = seed[at...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? seed.count
                    var repeated = seed
                    repeated.insert(contentsOf: seed[at..<end], at: end)
                    edits.append(repeated)
                }
            }
        }
        return edits
    }

    @Test func theFastPathReadsEveryHeadAsNIODoes() {
        var seen: [String: Int] = [:]
        for bytes in Self.edited {
            let shown = String(decoding: bytes, as: UTF8.self).debugDescription
            switch bytes.withUnsafeBytes { WireRequest.read($0) } {
            case .svgGet(let target, let gzip, let length):
                seen["answered", default: 0] += 1
                let whole = decoded(bytes[..<length])
                #expect(!whole.refused && whole.ended, "NIO reads the request the fast path answers: \(shown)")
                #expect(decoded(bytes[..<(length - 1)]).ended == false, "and not before its end: \(shown)")
                guard let head = whole.head else { continue }
                #expect(head.method == HTTPMethod.GET && head.uri == target && head.version == .http1_1, "\(shown)")
                #expect(head.isKeepAlive && head.headers["if-none-match"].isEmpty, "\(shown)")
                #expect(head.headers["host"].count <= 1, "\(shown)")
                #expect(AcceptEncoding.allowsGzip(head.headers["accept-encoding"]) == gzip, "\(shown)")
            case .other(let length):
                seen["handed on", default: 0] += 1
                guard length <= bytes.count else {
                    let partial = decoded(bytes[...])
                    #expect(partial.refused || !partial.ended, "a body yet to come: \(shown)")
                    continue
                }
                let whole = decoded(bytes[..<length])
                #expect(whole.refused || whole.ended, "NIO ends the request where the fast path says: \(shown)")
                let short = decoded(bytes[..<(length - 1)])
                #expect(short.refused || !short.ended, "and not before: \(shown)")
            case .incomplete:
                seen["incomplete", default: 0] += 1
                let whole = decoded(bytes[...])
                #expect(whole.refused || whole.head == nil, "NIO has no head yet either: \(shown)")
            case .unreadable:
                seen["unreadable", default: 0] += 1
            }
        }
        // Each outcome came up often enough to mean something.
        #expect(seen.count == 4 && seen.values.allSatisfy { $0 >= 100 }, "\(seen)")
    }
}
