import EndlessCore
import Foundation

/// An HTTP/1.1 request head read straight from a connection's bytes, for `SVGFastPathHandler`: it reads out the one
/// kind of request that path answers (a `GET` of an `/svg/` URL with no body and no condition), and of any other
/// well-formed request only where it ends, so that NIO's HTTP/1 decoder reads it and the bytes after it keep their
/// order. What it cannot vouch for, it leaves to that decoder for the rest of the connection.
enum WireRequest: Equatable {
    /// No blank line yet: wait for more bytes.
    case incomplete
    /// A plain `GET` of `target` whose head is the first `length` bytes.
    case svgGet(target: String, acceptsGzip: Bool, length: Int)
    /// Any other request whose head and body are the first `length` bytes: NIO's decoder reads it.
    case other(length: Int)
    /// Bytes this reader does not vouch for (a chunked body, a folded or malformed line, a bare LF, `Upgrade`, a head
    /// over `maximumHeadBytes`): NIO's decoder reads them and everything after.
    case unreadable

    /// Longest head this reader looks through; the URL limit is 4096 bytes, and a client's headers a few hundred.
    static let maximumHeadBytes = 16384

    /// Reads the request at the start of `bytes`; its blank line is looked for from `searchedBytes` on (how many a
    /// read that found it `incomplete` had, so that a head dripping in a byte at a time is not searched over and over).
    static func read(_ bytes: UnsafeRawBufferPointer, searchedBytes: Int = 0) -> WireRequest {
        guard let headLength = headLength(bytes, from: searchedBytes) else {
            return bytes.count > maximumHeadBytes ? .unreadable : .incomplete
        }
        guard headLength <= maximumHeadBytes else { return .unreadable }
        var lines = Lines(bytes: UnsafeRawBufferPointer(rebasing: bytes[..<headLength]))
        guard let requestLine = lines.next(), var fields = RequestFields(requestLine: requestLine) else {
            return .unreadable
        }
        while let line = lines.next(), !line.isEmpty {
            guard fields.add(line: line) else { return .unreadable }
        }
        guard !lines.sawBareLF else { return .unreadable }
        // A chunked body ends where its chunks say: only NIO's decoder reads those.
        guard !fields.chunked else { return .unreadable }
        guard fields.isPlainSVGGet, fields.contentLength == nil else {
            return .other(length: headLength + (fields.contentLength ?? 0))
        }
        return .svgGet(target: fields.target, acceptsGzip: fields.acceptsGzip, length: headLength)
    }

    /// The length of the head up to and with its blank line, if it has arrived; `nil` otherwise.
    private static func headLength(_ bytes: UnsafeRawBufferPointer, from searched: Int) -> Int? {
        var index = max(3, searched)
        while index < bytes.count {
            // The blank line's last byte: jump ahead by what cannot be its end.
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                if bytes[index - 1] == UInt8(ascii: "\r"), bytes[index - 2] == UInt8(ascii: "\n"),
                    bytes[index - 3] == UInt8(ascii: "\r")
                {
                    return index + 1
                }
                index += 2
            case UInt8(ascii: "\r"): index += 1
            default: index += 4
            }
        }
        return nil
    }
}

/// The CRLF-ended lines of a head; a bare LF ends them early (`sawBareLF`), which leaves the head unreadable.
private struct Lines {
    let bytes: UnsafeRawBufferPointer
    var start = 0
    private(set) var sawBareLF = false

    mutating func next() -> UnsafeRawBufferPointer? {
        guard start < bytes.count, let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        guard newline > start, bytes[newline - 1] == UInt8(ascii: "\r") else {
            sawBareLF = true
            return nil
        }
        defer { start = newline + 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<(newline - 1)])
    }
}

/// What a head says that matters to the fast path, read field by field.
private struct RequestFields {
    let isGetOfSVG: Bool
    let target: String
    var contentLength: Int?
    var chunked = false
    var conditional = false
    var closes = false
    var upgrades = false
    var hosts = 0
    var acceptEncoding: [String] = []

    /// `GET /svg/… HTTP/1.1` is read out; any other well-formed request line only checked; `nil` if malformed.
    init?(requestLine line: UnsafeRawBufferPointer) {
        // Three parts split by single spaces, found without making an array: this runs for every request.
        guard let firstSpace = line.firstIndex(of: UInt8(ascii: " ")),
            let lastSpace = line.lastIndex(of: UInt8(ascii: " ")), firstSpace < lastSpace
        else { return nil }
        let method = line[..<firstSpace]
        let target = line[(firstSpace + 1)..<lastSpace]
        let version = line[(lastSpace + 1)...]
        let http11 = HTTPBytes.equals(version, "HTTP/1.1")
        guard !method.isEmpty, method.allSatisfy(HTTPBytes.isToken), !target.isEmpty,
            target.allSatisfy(HTTPBytes.isVisible), http11 || HTTPBytes.equals(version, "HTTP/1.0")
        else { return nil }
        isGetOfSVG =
            http11 && HTTPBytes.equals(method, "GET") && target.count <= Limits.maximumURLBytes
            && HTTPBytes.equals(target.prefix(5), "/svg/") && target.allSatisfy(HTTPBytes.isURLByte)
        self.target = isGetOfSVG ? String(decoding: target, as: UTF8.self) : ""
    }

    /// Reads `name: value`; `false` if the line is not a well-formed field or its length cannot be read.
    mutating func add(line: UnsafeRawBufferPointer) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            line[..<colon].allSatisfy(HTTPBytes.isToken), line[(colon + 1)...].allSatisfy(HTTPBytes.isFieldValueByte)
        else { return false }
        let name = UnsafeRawBufferPointer(rebasing: line[..<colon])
        let value = HTTPBytes.trimmed(UnsafeRawBufferPointer(rebasing: line[(colon + 1)...]))
        switch name.count {
        case 4 where HTTPBytes.equalsIgnoringCase(name, "host"): hosts += 1
        case 7 where HTTPBytes.equalsIgnoringCase(name, "upgrade"): upgrades = true
        case 10 where HTTPBytes.equalsIgnoringCase(name, "connection"):
            closes = closes || HTTPBytes.containsIgnoringCase(value, "close")
            upgrades = upgrades || HTTPBytes.containsIgnoringCase(value, "upgrade")
        case 13 where HTTPBytes.equalsIgnoringCase(name, "if-none-match"): conditional = true
        case 14 where HTTPBytes.equalsIgnoringCase(name, "content-length"):
            guard !value.isEmpty, value.count <= 15, value.allSatisfy({ (0x30...0x39).contains($0) }) else {
                return false
            }
            let length = value.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            guard contentLength == nil || contentLength == length else { return false }
            contentLength = length
        case 15 where HTTPBytes.equalsIgnoringCase(name, "accept-encoding"):
            acceptEncoding.append(String(decoding: value, as: UTF8.self))
        case 17 where HTTPBytes.equalsIgnoringCase(name, "transfer-encoding"): chunked = true
        default: break
        }
        return !upgrades
    }

    /// What the fast path answers: no condition, kept alive, one host at most, nothing to upgrade to.
    var isPlainSVGGet: Bool { isGetOfSVG && !conditional && !closes && !upgrades && hosts <= 1 }

    var acceptsGzip: Bool { AcceptEncoding.allowsGzip(acceptEncoding) }
}

/// RFC 9110's classes of bytes, as the fast path checks them: each a set of ASCII bytes held as a bit mask, so that
/// a check is a shift, not a look through a list (every byte of every request's line is checked).
enum HTTPBytes {
    /// `tchar`: what a method and a field name are made of.
    static func isToken(_ byte: UInt8) -> Bool { tokenBytes.contains(byte) }

    /// A visible ASCII byte: what a request target may hold at all.
    static func isVisible(_ byte: UInt8) -> Bool { (0x21...0x7e).contains(byte) }

    /// The bytes RFC 3986 lets a URL hold as they are; a target with any other takes NIO's reading.
    static func isURLByte(_ byte: UInt8) -> Bool { urlBytes.contains(byte) }

    private static let tokenBytes = ASCIISet(alphanumericsAnd: "!#$%&'*+-.^_`|~")
    private static let urlBytes = ASCIISet(alphanumericsAnd: "-._~!$&'()*+,;=:@/?%")

    /// A field value's byte: visible, a space or a tab, or non-ASCII (obs-text); no control byte.
    static func isFieldValueByte(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != 0x7f || byte == 0x09 }

    static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return UnsafeRawBufferPointer(rebasing: bytes[0..<0]) }
        return UnsafeRawBufferPointer(rebasing: bytes[first...last])
    }

    /// Whether `bytes` are `text`'s, compared as memory: the request line's parts are compared for every request.
    static func equals(_ bytes: Slice<UnsafeRawBufferPointer>, _ text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount
            && (bytes.isEmpty || memcmp(bytes.base.baseAddress! + bytes.startIndex, text.utf8Start, bytes.count) == 0)
    }

    /// Whether `bytes` spell `lowercase` (ASCII letters in any case).
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = UnsafeRawBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        return zip(bytes, expected).allSatisfy { $0 | 0x20 == $1 || $0 == $1 }
    }

    static func containsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        let length = lowercase.utf8CodeUnitCount
        guard bytes.count >= length else { return false }
        return (0...(bytes.count - length)).contains { start in
            equalsIgnoringCase(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]), lowercase)
        }
    }
}

/// A set of ASCII bytes as two 64-bit masks.
struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// Letters, digits and the bytes of `others`.
    init(alphanumericsAnd others: String) {
        for byte in ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" + others).utf8 {
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
    }

    @inline(__always) func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> byte & 1 != 0 : byte < 128 && high >> (byte &- 64) & 1 != 0
    }
}
