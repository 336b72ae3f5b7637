/// Writes a short text byte by byte in place: a timeline window writes dozens of labels, and interpolation or
/// concatenation costs an allocation or more a piece (a third of drawing a window, measured). It never writes past its
/// capacity: a text too long for it is cut short, not a fault. Inlinable, so that a renderer's writes inline too.
package struct TextBuilder {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written.
    @usableFromInline package var count = 0

    /// Writes into `buffer`, which must stay valid while it is used.
    @inlinable @inline(__always) package init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    @inlinable @inline(__always) package mutating func append(byte: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = byte
        count += 1
    }

    @inlinable @inline(__always) package mutating func append(_ text: StaticString) {
        guard text.hasPointerRepresentation else { return text.withUTF8Buffer { append(bytes: $0) } }
        append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The first `length` bytes of `text`: `Mon` of `Monday`.
    @inlinable package mutating func append(_ text: StaticString, prefix length: Int) {
        text.withUTF8Buffer { append(bytes: UnsafeBufferPointer(rebasing: $0.prefix(length))) }
    }

    @inlinable @inline(__always) package mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        let length = min(bytes.count, buffer.count - count)
        guard length > 0, let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        if length <= 8 {  // a digit, a mark, a short word: a call to `memmove` costs more than the bytes
            for index in 0..<length { target[count + index] = source[index] }
        } else {
            (target + count).update(from: source, count: length)
        }
        count += length
    }

    /// `value`, 0 to 99, as two digits: a clock's fields.
    @inlinable @inline(__always) package mutating func append(twoDigits value: Int64) {
        guard count + 2 <= buffer.count, value >= 0, value < 100 else { return append(value, width: 2) }
        buffer[count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10)
        buffer[count + 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
        count += 2
    }

    /// `value` in decimal, with zeros in front to `width` digits: `07`, `0099`.
    @inlinable package mutating func append(_ value: Int64, width: Int = 1) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        append(digits: value.magnitude, width: width)
    }

    @inlinable package mutating func append(digits value: UInt64, width: Int = 1) {
        if value < 10, width <= 1, count < buffer.count {  // a coordinate's last part, often
            buffer[count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value)
            count += 1
            return
        }
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let end = count + max(digits, width)
        guard end <= buffer.count else { return }
        rest = value
        for index in (count..<end).reversed() {
            buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count = end
    }
}

extension String {
    /// The text `build` writes, at most `capacity` bytes of UTF-8.
    init(capacity: Int, _ build: (inout TextBuilder) -> Void) {
        self.init(unsafeUninitializedCapacity: capacity) { buffer in
            var builder = TextBuilder(buffer)
            build(&builder)
            return builder.count
        }
    }
}
