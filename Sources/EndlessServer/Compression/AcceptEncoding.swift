import HTTPTypes

/// How `Accept-Encoding` is read, whether the fields come from NIO's decoder or from `WireRequest`.
enum AcceptEncoding {
    /// Whether the field's values allow gzip: listed (or `*`) without `q=0`. Read byte by byte: every SVG request asks.
    static func allowsGzip(_ values: some Sequence<String>) -> Bool {
        var gzip: Double?
        var wildcard: Double?
        for value in values {
            for item in value.utf8.split(separator: UInt8(ascii: ",")) {
                var parts = item.split(separator: UInt8(ascii: ";")).makeIterator()
                guard let coding = parts.next().map(trimmed) else { continue }
                var quality = 1.0
                while let parameter = parts.next().map(trimmed) {
                    guard parameter.count > 2, parameter.starts(with: "q=".utf8) || parameter.starts(with: "Q=".utf8)
                    else { continue }
                    quality = Double(String(decoding: parameter.dropFirst(2), as: UTF8.self)) ?? 1
                }
                if equalsIgnoringCase(coding, "gzip") || equalsIgnoringCase(coding, "x-gzip") { gzip = quality }
                if coding.elementsEqual("*".utf8) { wildcard = quality }
            }
        }
        return (gzip ?? wildcard ?? 0) > 0
    }

    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    private static func equalsIgnoringCase(_ bytes: Substring.UTF8View.SubSequence, _ lowercase: StaticString) -> Bool {
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
