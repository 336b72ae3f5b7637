import NIOCore

extension FrameAnswer {
    /// The answer as the page's `JSON.parse` reads it, written straight into one buffer: `JSONEncoder` took a fifth of
    /// a scrolling frame's time, boxing every field. Fields in declaration order, absent ones left out, then `took`:
    /// the milliseconds from `start` until it is written, writing this included, which the page takes out of the round
    /// trip it reports (`rtt`), so that a slow answer (a big frame) does not widen the next one's margins.
    func json(since start: ContinuousClock.Instant) -> ByteBuffer {
        var out = JSONOutput(capacity: 256 + add.reduce(0) { $0 + 64 + ($1.svg?.count ?? 0) })
        out.open()
        out.field("seq", seq)
        out.key("axes")
        out.array(axes) { out, axis in
            out.open()
            out.field("axis", axis.axis)
            out.field("content", axis.content)
            out.field("origin", axis.origin)
            if let scroll = axis.scroll { out.field("scroll", scroll) }
            out.field("shift", axis.shift)
            if let snap = axis.snap { out.field("snap", snap) }
            out.field("have", axis.have)
            out.close()
        }
        for (name, tiles) in [("add", add), ("move", move)] {
            out.key(name)
            out.array(tiles) { out, tile in
                out.open()
                out.field("key", tile.key)
                out.field("left", tile.left)
                out.field("top", tile.top)
                if let svg = tile.svg { out.field("svg", utf8: svg) }
                out.close()
            }
        }
        out.key("remove")
        out.array(remove) { out, key in out.string(key) }
        out.key("readout")
        out.open()
        for name in readout.keys.sorted() { out.field(name, readout[name]!) }
        out.close()
        out.field("settled", settled)
        if let mark { out.field("mark", mark) }
        if let style { out.field("style", style) }
        if let pace { out.field("pace", pace) }
        if let underlay { out.field("underlay", underlay) }
        if let items {
            out.key("items")
            out.open()
            out.field("drawn", items.drawn)
            out.field("refresh", items.refresh)
            if let lanes = items.lanes { out.field("lanes", utf8: lanes) }
            out.field("edge", utf8: items.edge)
            if let item = items.item {
                out.key("item")
                out.open()
                for (name, value) in item { out.field(name, value) }
                out.close()
            }
            out.close()
        }
        out.field("took", ((ContinuousClock.now - start) / .microseconds(100)).rounded(.up) / 10)
        out.close()
        return out.buffer
    }
}

/// JSON written as it goes: objects' commas placed by whether a member came before.
private struct JSONOutput {
    var buffer: ByteBuffer
    /// Whether the innermost object or array is still empty.
    private var first = true

    init(capacity: Int) { buffer = ByteBufferAllocator().buffer(capacity: capacity) }

    mutating func open() {
        buffer.writeInteger(UInt8(ascii: "{"))
        first = true
    }

    mutating func close() {
        buffer.writeInteger(UInt8(ascii: "}"))
        first = false
    }

    mutating func key(_ name: StaticString) {
        separate()
        buffer.writeInteger(UInt8(ascii: "\""))
        buffer.writeStaticString(name)
        buffer.writeStaticString("\":")
        first = true
    }

    mutating func key(_ name: String) {
        separate()
        string(name)
        buffer.writeInteger(UInt8(ascii: ":"))
        first = true
    }

    mutating func array<Element>(_ elements: [Element], _ write: (inout JSONOutput, Element) -> Void) {
        buffer.writeInteger(UInt8(ascii: "["))
        first = true
        for element in elements {
            separate()
            write(&self, element)
        }
        buffer.writeInteger(UInt8(ascii: "]"))
        first = false
    }

    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        buffer.writeString(String(value))
        first = false
    }

    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        buffer.writeStaticString(value ? "true" : "false")
        first = false
    }

    /// A whole number as one (`600`), any other as Swift's shortest form that reads back the same (`72.4`, `1e+20`);
    /// JSON has no infinity or NaN, so those are `null`.
    mutating func field(_ name: StaticString, _ value: Double) {
        key(name)
        if !value.isFinite {
            buffer.writeStaticString("null")
        } else if value == value.rounded(), abs(value) < 1e15 {
            buffer.writeString(String(Int64(value)))
        } else {
            buffer.writeString(value.description)
        }
        first = false
    }

    /// A string, quoted, with `"`, `\` and control characters escaped; everything else as its UTF-8.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    /// A field whose value is UTF-8 already (a tile's SVG, as the tile cache keeps it).
    mutating func field(_ name: StaticString, utf8 value: [UInt8]) {
        key(name)
        value.withUnsafeBufferPointer { string(utf8: $0) }
    }

    /// UTF-8 bytes as a JSON string, written through one pointer into room for the worst case (six bytes a byte,
    /// `\u001f`): a tile's SVG has a quote to escape every few bytes, and a buffer write a piece cost a placed frame a
    /// third of its instructions.
    mutating func string(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        _ = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: bytes.count * 6 + 2) { room in
            let out = room.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let hex: StaticString = "0123456789abcdef"
            var at = 0
            out[at] = UInt8(ascii: "\"")
            at += 1
            Self.escapes.withUnsafeBufferPointer { escapes in
                for byte in bytes {
                    // One look a byte: most are written as they are.
                    let escape = escapes[Int(byte)]
                    if escape == 0 {
                        out[at] = byte
                        at += 1
                    } else if escape != 1 {
                        out[at] = UInt8(ascii: "\\")
                        out[at + 1] = escape
                        at += 2
                    } else {
                        for letter in "\\u00".utf8 {
                            out[at] = letter
                            at += 1
                        }
                        out[at] = hex.utf8Start[Int(byte >> 4)]
                        out[at + 1] = hex.utf8Start[Int(byte & 15)]
                        at += 2
                    }
                }
            }
            out[at] = UInt8(ascii: "\"")
            return at + 1
        }
        first = false
    }

    /// How JSON writes each byte in a string: 0 as it is, 1 as `\u00XX`, else a backslash and that letter.
    private static let escapes: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(byte)
        case UInt8(ascii: "\n"): UInt8(ascii: "n")
        case UInt8(ascii: "\r"): UInt8(ascii: "r")
        case UInt8(ascii: "\t"): UInt8(ascii: "t")
        case 0..<0x20: 1
        default: 0
        }
    }

    private mutating func separate() {
        if !first { buffer.writeInteger(UInt8(ascii: ",")) }
    }
}
