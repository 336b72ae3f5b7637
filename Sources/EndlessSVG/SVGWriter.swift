import EndlessCore

/// Appends SVG text as UTF-8 bytes, with numbers printed short and exact and text escaped.
///
/// Rendering is a hot path (a million ruler blocks a second), so it writes bytes, not `String`s, and copies them into
/// place: most appends are a few bytes (`" y="`, a number), for which `Array.append(contentsOf:)` costs several times
/// the copy.
package struct SVGWriter: Sendable {
    /// What is written, then room to the end of the storage, which grows by doubling.
    private var storage: [UInt8]
    private var count = 0

    /// What is written. Reading it trims the storage to it, so that it is handed over without a copy.
    package var bytes: [UInt8] {
        mutating get {
            if storage.count > count { storage.removeLast(storage.count - count) }
            return storage
        }
    }

    /// How many bytes are written: where the next one goes.
    package var byteCount: Int { count }

    /// Starts again, keeping the storage: a scratch writer reused.
    mutating func removeAll() { count = 0 }

    package init(capacity: Int = 1024) {
        storage = []
        storage.reserveCapacity(capacity)  // `Array(repeating:count:)` looks up its storage's type at run time
    }

    /// Zeros copied in to grow: cheaper than appending `repeatElement(0, count:)` (a ruler window grows 30 writers).
    private static let zeros = [UInt8](repeating: 0, count: 4096)

    /// Room for `more` bytes past what is written: zeros to the storage's capacity, or twice its size.
    @inline(__always) private mutating func reserve(_ more: Int) {
        if count + more > storage.count { grow(to: count + more) }
    }

    private mutating func grow(to size: Int) {
        let target = max(size, storage.capacity, storage.count * 2)
        var more = target - storage.count
        while more > 0 {
            let run = min(more, Self.zeros.count)
            Self.zeros.withUnsafeBufferPointer { storage.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<run])) }
            more -= run
        }
    }

    @inline(__always) private mutating func write(_ source: UnsafeRawBufferPointer) {
        guard let from = source.baseAddress, !source.isEmpty else { return }
        reserve(source.count)
        let at = count
        storage.withUnsafeMutableBytes {
            $0.baseAddress!.advanced(by: at).copyMemory(from: from, byteCount: source.count)
        }
        count += source.count
    }

    @inline(__always) private mutating func write(byte: UInt8) {
        reserve(1)
        let at = count
        storage.withUnsafeMutableBufferPointer { $0[at] = byte }
        count += 1
    }

    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { write(UnsafeRawBufferPointer($0)) }
    }

    package mutating func append(bytes more: [UInt8]) {
        more.withUnsafeBytes { write($0) }
    }

    mutating func append(bytes more: UnsafeBufferPointer<UInt8>) {
        write(UnsafeRawBufferPointer(more))
    }

    /// What is written, read in place.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// The bytes this writer wrote in `range` again: a piece written once, copied where it repeats.
    mutating func append(copyOf range: Range<Int>) {
        reserve(range.count)
        let at = count
        storage.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            (base + at).update(from: base + range.lowerBound, count: range.count)
        }
        count += range.count
    }

    /// The bytes `source` wrote in `range`: a piece written once, copied where it repeats.
    mutating func append(_ source: SVGWriter, _ range: Range<Int>) {
        source.storage.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Text content or an attribute value, with `& < > " '` escaped.
    package mutating func append(escaped text: String) {
        // Read in place: `String.UTF8View`'s own iteration costs several times as much.
        var text = text
        text.withUTF8 { append(escaped: $0) }
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// What `build` writes in place, at most `capacity` bytes, escaped as `append(escaped:)` escapes: a window's
    /// value without a `String` made for it.
    package mutating func append(escapedText capacity: Int, _ build: (inout TextBuilder) -> Void) {
        let start = count
        append(text: capacity, build)
        guard storage.withUnsafeBufferPointer({ $0[start..<count].contains(where: Self.needsEscaping) }) else { return }
        let written = Array(storage[start..<count])
        count = start
        written.withUnsafeBufferPointer { append(escaped: $0) }
    }

    /// UTF-8 text content or an attribute value, with `& < > " '` escaped.
    mutating func append(escaped text: UnsafeBufferPointer<UInt8>) {
        // Most text has nothing to escape: copied whole, not byte by byte.
        guard text.contains(where: Self.needsEscaping) else { return append(bytes: text) }
        for byte in text {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case UInt8(ascii: "'"): append("&#39;")
            default: write(byte: byte)
            }
        }
    }

    package mutating func append(_ value: Int64) {
        if value < 0 { write(byte: UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
    }

    /// A coordinate, to the thousandth of a pixel and no further: `5`, `37.5`, `0.125`, never `5.0`, `-0` or the
    /// float noise of a difference (`-63.339999999999975` is `-63.34`). A thousandth is far below anything drawn.
    package mutating func append(_ value: Double) {
        guard abs(value) < 1e12 else {  // and not NaN
            if value.rounded() == value, abs(value) < 0x1p53 { return append(Int64(value)) }
            return append(utf8: value.description)
        }
        let thousandths = Coordinate.thousandths(of: value)
        if thousandths < 0 { write(byte: UInt8(ascii: "-")) }
        appendDigits(thousandths.magnitude / 1000)
        let (decimals, width) = Coordinate.decimals(thousandths)
        guard width > 0 else { return }
        write(byte: UInt8(ascii: "."))
        if width > 1, decimals < 10 { write(byte: UInt8(ascii: "0")) }
        if width > 2, decimals < 100 { write(byte: UInt8(ascii: "0")) }
        appendDigits(decimals)
    }

    /// A decimal as its shortest exact text, as `DecimalNumber.description` says it, written digit by digit: a
    /// ruler's labels are a dozen a window, and making each a `String` first cost a tenth of drawing one.
    package mutating func append(_ number: DecimalNumber) {
        let value = number.rescaled(to: number.significantDecimals)!
        if value.units < 0 { write(byte: UInt8(ascii: "-")) }
        var divisor = UInt64(DecimalNumber.powerOfTen(value.scale))
        appendDigits(value.units.magnitude / divisor)
        guard value.scale > 0 else { return }
        write(byte: UInt8(ascii: "."))
        var fraction = value.units.magnitude % divisor
        while divisor > 1 {
            divisor /= 10
            write(byte: UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
        }
    }

    /// What `build` writes in place, at most `capacity` bytes, unescaped: for what is known to be safe.
    @inline(__always) package mutating func append(text capacity: Int, _ build: (inout TextBuilder) -> Void) {
        reserve(capacity)
        let at = count
        count += storage.withUnsafeMutableBufferPointer { buffer in
            var text = TextBuilder(UnsafeMutableBufferPointer(rebasing: buffer[at..<at + capacity]))
            build(&text)
            return text.count
        }
    }

    /// Text as its UTF-8 bytes, unescaped: for what is known to be safe.
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// The digits, written in place from the last.
    private mutating func appendDigits(_ value: UInt64) {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        reserve(digits)
        let end = count + digits
        storage.withUnsafeMutableBufferPointer { buffer in
            var index = end
            rest = value
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
        }
        count = end
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

/// How a coordinate is written, to the thousandth and no further: shared by `SVGWriter.append(_: Double)` and
/// `TextBuilder.append(coordinate:)`, which write it in place.
enum Coordinate {
    /// `value` in thousandths, rounded half away from zero as `rounded()` does, without its call: the difference
    /// from the truncation is exact below 2^52. For `value` within ±1e12.
    @inline(__always) static func thousandths(of value: Double) -> Int64 {
        let scaled = value * 1000
        var thousandths = Int64(scaled)
        let rest = scaled - Double(thousandths)
        if rest >= 0.5 { thousandths += 1 } else if rest <= -0.5 { thousandths -= 1 }
        return thousandths
    }

    /// The decimals of `thousandths` without their trailing zeros, and how many digits they take: `(25, 2)` for
    /// `.025`, `(5, 1)` for `.5`, `(0, 0)` for a whole number.
    @inline(__always) static func decimals(_ thousandths: Int64) -> (digits: UInt64, width: Int) {
        var (digits, width) = (thousandths.magnitude % 1000, 3)
        while width > 0, digits % 10 == 0 {
            digits /= 10
            width -= 1
        }
        return (digits, width)
    }
}

extension TextBuilder {
    /// `SVGWriter.append(_: Double)`'s text for `value` within ±1e12, in place: at most 17 bytes
    /// (`-999999999999.999`). Its callers write a tick's place in a block (10,004 points at most); anything past ±1e12
    /// (or not a number) is written as the bound, never converted out of `Int64`'s range.
    @inline(__always) mutating func append(coordinate value: Double) {
        let value = abs(value) <= 1e12 ? value : (value > 0 ? 1e12 : -1e12)
        let thousandths = Coordinate.thousandths(of: value)
        if thousandths < 0 { append(byte: UInt8(ascii: "-")) }
        append(digits: thousandths.magnitude / 1000)
        let (decimals, width) = Coordinate.decimals(thousandths)
        guard width > 0 else { return }
        append(byte: UInt8(ascii: "."))
        append(digits: decimals, width: width)
    }
}
