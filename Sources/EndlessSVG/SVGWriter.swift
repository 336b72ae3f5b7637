/// Appends SVG text as UTF-8 bytes, with numbers printed short and exact and text escaped.
///
/// Rendering is a hot path (a million ruler blocks a second), so it writes bytes, not `String`s.
public struct SVGWriter: Sendable {
    public internal(set) var bytes: [UInt8] = []

    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func append(bytes more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    /// Text content or an attribute value, with `& < > " '` escaped.
    public mutating func append(escaped text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case UInt8(ascii: "'"): append("&#39;")
            default: bytes.append(byte)
            }
        }
    }

    public mutating func append(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
    }

    /// The shortest text that reads back as `value`: `5`, `37.5`, `0.125`, never `5.0` or `-0`.
    public mutating func append(_ value: Double) {
        if value.rounded() == value, abs(value) < 0x1p53 {
            append(Int64(value))
            return
        }
        let thousandths = (value * 1000).rounded()
        if abs(value) < 1e12, thousandths / 1000 == value {
            // Up to three decimals, exact: the common case, printed without Double's `description`.
            if thousandths < 0 { bytes.append(UInt8(ascii: "-")) }
            let magnitude = UInt64(abs(thousandths))
            appendDigits(magnitude / 1000)
            var fraction = magnitude % 1000
            if fraction != 0 {
                bytes.append(UInt8(ascii: "."))
                var divisor: UInt64 = 100
                while fraction != 0 {
                    bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
                    fraction %= divisor
                    divisor /= 10
                }
            }
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    private mutating func appendDigits(_ value: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var index = 20
            var rest = value
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index...]))
        }
    }
}

extension SVGWriter {
    /// The whole of something written by `body`.
    static func bytes(capacity: Int = 1024, _ body: (inout SVGWriter) -> Void) -> [UInt8] {
        var writer = SVGWriter(capacity: capacity)
        body(&writer)
        return writer.bytes
    }
}
