/// A request target read without Hummingbird's `URI`: a path and `name=value` pairs of plain characters, nothing to
/// decode. Most SVG URLs are that, and reading them this way costs a new window a few percent less than building a
/// `URI` and its query dictionary, then copying each pair into strings.
///
/// It reads them as `URI(target).path` and `.queryPairs` do, and declines (`nil`) whatever might read otherwise: a
/// `%`, a `+`, a fragment, a byte outside printable ASCII, an empty pair or one without `=`. The router's reading then
/// decides those, errors included.
enum PlainTarget {
    static func read(_ target: String) -> (path: Substring, query: [(String, String)])? {
        var target = target
        return target.withUTF8 { bytes -> (path: Substring, query: [(String, String)])? in
            guard bytes.first == UInt8(ascii: "/"), bytes.allSatisfy(isPlain) else { return nil }
            guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else {
                return (String(decoding: bytes, as: UTF8.self)[...], [])
            }
            var query: [(String, String)] = []
            // Grown once, not a pair at a time.
            query.reserveCapacity(bytes[mark...].count(where: { $0 == UInt8(ascii: "&") }) + 1)
            var start = mark + 1
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                guard let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")), equals > start else {
                    return nil
                }
                query.append(
                    (
                        String(decoding: bytes[start..<equals], as: UTF8.self),
                        String(decoding: bytes[(equals + 1)..<end], as: UTF8.self)
                    ))
                start = end + 1
            }
            // `URI` reads an `&` that ends the target as no pair at all, and an empty query as none either.
            return (String(decoding: bytes[..<mark], as: UTF8.self)[...], query)
        }
    }

    /// Printable ASCII that no reading decodes or treats apart: not `%`, `+` or `#`.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "+")
            && byte != UInt8(ascii: "#")
    }
}
