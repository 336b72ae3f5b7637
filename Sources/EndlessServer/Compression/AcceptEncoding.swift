import HTTPTypes

/// How `Accept-Encoding` is read: whether an answer may be gzipped.
enum AcceptEncoding {
    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// Whether the field's values allow gzip: listed (or `*`) without `q=0`. Read byte by byte, nothing allocated:
    /// every SVG request asks.
    static func allowsGzip(_ values: some Sequence<String>) -> Bool {
        var gzip: Double?
        var wildcard: Double?
        for var value in values {
            value.withUTF8 { value in
                // The comma-separated items, empty ones skipped.
                for item in parts(of: value[...], separatedBy: UInt8(ascii: ",")) {
                    var parameters = parts(of: item, separatedBy: UInt8(ascii: ";"))
                    guard let coding = parameters.next().map(trimmed) else { continue }
                    var quality = 1.0
                    while let parameter = parameters.next().map(trimmed) {
                        guard parameter.count > 2,
                            parameter.starts(with: "q=".utf8) || parameter.starts(with: "Q=".utf8)
                        else { continue }
                        quality = Double(String(decoding: parameter.dropFirst(2), as: UTF8.self)) ?? 1
                    }
                    if equalsIgnoringCase(coding, "gzip") || equalsIgnoringCase(coding, "x-gzip") { gzip = quality }
                    if coding.elementsEqual("*".utf8) { wildcard = quality }
                }
            }
        }
        return (gzip ?? wildcard ?? 0) > 0
    }

    /// The non-empty runs of `bytes` between `separator`s, as `split(separator:)` gives them, without an array.
    private static func parts(of bytes: Bytes, separatedBy separator: UInt8) -> Parts {
        Parts(bytes: bytes, separator: separator, start: bytes.startIndex)
    }

    private struct Parts: IteratorProtocol, Sequence {
        let bytes: Bytes
        let separator: UInt8
        var start: Int

        mutating func next() -> Bytes? {
            while start < bytes.endIndex {
                let end = bytes[start...].firstIndex(of: separator) ?? bytes.endIndex
                defer { start = end + 1 }
                if end > start { return bytes[start..<end] }
            }
            return nil
        }
    }

    private static func trimmed(_ bytes: Bytes) -> Bytes {
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    private static func equalsIgnoringCase(_ bytes: Bytes, _ lowercase: StaticString) -> Bool {
        lowercase.withUTF8Buffer { expected in
            bytes.count == expected.count && zip(bytes, expected).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }
    }
}

extension HTTPFields {
    /// Whether `Accept-Encoding` allows gzip (see `AcceptEncoding`).
    var acceptsGzip: Bool {
        AcceptEncoding.allowsGzip(lazy.filter { $0.name == .acceptEncoding }.map(\.value))
    }
}
