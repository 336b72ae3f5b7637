/// FNV-1a, 64 bits, over the values a response depends on: stable across runs and machines, unlike `Hasher`, and
/// fed numbers as their bits rather than as text made of them (the ETag of every new window is one).
package struct StableHash: Sendable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func combine(_ number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { combine(byte: UInt8(truncatingIfNeeded: number >> shift)) }
    }

    package mutating func combine(_ number: Int64) { combine(UInt64(bitPattern: number)) }
    package mutating func combine(_ number: Int) { combine(Int64(number)) }
    package mutating func combine(_ number: Double) { combine(number.bitPattern) }

    /// The text and its length, so that no two lists of texts run together alike.
    package mutating func combine(_ text: String) {
        combine(bytes: text.utf8)
        combine(text.utf8.count)
    }

    mutating func combine(bytes: some Sequence<UInt8>) {
        // A contiguous run is hashed as a buffer: a generic sequence from another module is read a witness call a byte.
        let hashed: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            for byte in buffer { combine(byte: byte) }
        }
        if hashed == nil { for byte in bytes { combine(byte: byte) } }
    }

    @inline(__always) private mutating func combine(byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
    }
}

/// FNV-1a, 64 bits, of `bytes`.
package func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash = StableHash()
    hash.combine(bytes: bytes)
    return hash.value
}
