/// Lowercase hexadecimal digits as `String(_:radix: 16)` writes them, for what goes out with every new window (its
/// ETag, its chunks' sizes), written where they go rather than made a `String` each.
enum Hexadecimal {
    /// How many digits `value` takes: at least one.
    static func digitCount(_ value: UInt64) -> Int { max(1, (UInt64.bitWidth - value.leadingZeroBitCount + 3) / 4) }

    /// The digit of `value` at `place` (0, the last).
    static func digit(_ value: UInt64, place: Int) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value >> UInt64(4 * place) & 0xF)
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
