import CCompressZlib
import NIOCore

/// A gzip member written here rather than by zlib, for the SVG the fast path draws by the thousand: greedy LZ77
/// matches (a 4-byte hash, one candidate), then each part as one deflate block with a Huffman code fitted to it, or
/// the fixed code where that is shorter (RFC 1951). No per-stream state is set up or reset (zlib's level 1 clears a
/// 64 KiB hash table for every stream), and the bytes come out at zlib's size: the README says what it saves. Each
/// part ends with a sync flush (an empty stored block), so that it decodes as it arrives; matches reach back into
/// earlier parts, as zlib's do across a sync flush.
enum GzipWriter {
    /// `input` as one gzip member, one encoded chunk a part, the last one finishing the stream: the parts end at
    /// `partEnds` (increasing, the last `input.count`; empty, one part). With `codes`, a block may take the codes kept
    /// there, and keeps its own there when it fits new ones.
    static func gzip(_ input: [UInt8], partEnds: [Int], codes: GzipCodes? = nil) -> [ByteBuffer] {
        let partEnds = partEnds.isEmpty ? [input.count] : partEnds
        precondition(partEnds.last == input.count, "the parts end where the input does")
        return input.withUnsafeBufferPointer { input in
            var writer = BitWriter(capacity: input.count + input.count / 8 + 400 * partEnds.count + 64)
            defer { writer.deallocate() }
            let matcher = Matcher(input: input)
            defer { matcher.deallocate() }
            var chunks: [ByteBuffer] = []
            chunks.reserveCapacity(partEnds.count)
            for byte in header { writer.write(UInt32(byte), count: 8) }
            var start = 0
            for (index, end) in partEnds.enumerated() {
                let isLast = index == partEnds.count - 1
                let chunkStart = index == 0 ? 0 : writer.byteCount
                let block = matcher.tokens(start..<end)
                start = end
                block.write(into: &writer, isLast: isLast, codes: codes)
                writer.alignToByte()
                if isLast {
                    let crc = UInt32(truncatingIfNeeded: crc32(0, input.baseAddress, UInt32(input.count)))
                    writer.write(crc, count: 32)
                    writer.write(UInt32(truncatingIfNeeded: input.count), count: 32)
                } else {
                    writer.write(0xFFFF_0000, count: 32)  // the empty stored block's LEN 0 and NLEN, after its 3 bits
                }
                chunks.append(writer.buffer(from: chunkStart))
            }
            return chunks
        }
    }

    /// ID1 ID2, deflate, no flags, no time, "fastest" (XFL 4), Unix.
    private static let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 4, 3]
}

/// A part as deflate's tokens (literals, and matches of a length and a distance) and how often each symbol occurs.
private struct Block {
    /// Bytes of input the block holds.
    var byteCount: Int
    /// A literal byte, or a match: `matchFlag | distance symbol << 25 | length << 16 | distance`.
    var tokens: [UInt32]
    var literalFrequencies: [Int]
    var distanceFrequencies: [Int]
    static let matchFlag: UInt32 = 1 << 31

    /// A match's token, its distance's symbol worked out once, as it is counted.
    @inline(__always) static func match(length: Int, distance: Int, symbol: Int) -> UInt32 {
        matchFlag | UInt32(symbol) << 25 | UInt32(length) << 16 | UInt32(distance)
    }

    /// The block's header bits, then its tokens, then end of block; with a sync flush's 3 header bits after a block
    /// that is not the last. In the codes kept in `codes` when they suit it, else in codes fitted to it (kept next),
    /// or in the fixed code where that is shorter.
    func write(into writer: inout BitWriter, isLast: Bool, codes cache: GzipCodes? = nil) {
        let isLastBit: UInt32 = isLast ? 1 : 0
        // The fixed code spends at least 7 bits a symbol and 5 a distance: a code under that beats it without
        // counting it out symbol by symbol (which `shorterThanFixed` does only when needed).
        let fixedAtLeast = 7 * (tokens.count + 1) + 5 * distanceFrequencies.reduce(0, +)
        var fixed: Int?
        func shorterThanFixed(_ bits: Int) -> Bool {
            if bits < fixedAtLeast { return true }
            if fixed == nil { fixed = cost(FixedCodes.literals, FixedCodes.distances)! }  // it has every symbol
            return bits < fixed!
        }
        var chosen: FittedCodes? = nil
        if let kept = cache?.codes, let tokens = cost(kept.literals, kept.distances) {
            let bits = kept.header.bits + tokens
            if shorterThanFixed(bits), Double(bits) <= kept.bitsPerByte * GzipCodes.slack * Double(byteCount) {
                chosen = kept
            }
        }
        if chosen == nil {
            var literalFrequencies = literalFrequencies
            literalFrequencies[256] = 1
            let literals = HuffmanCode(frequencies: literalFrequencies, limit: 15)
            let distances = HuffmanCode(frequencies: distanceFrequencies, limit: 15)
            let header = DynamicHeader(literals: literals, distances: distances)
            let bits = header.bits + cost(literals, distances)!  // fitted to this block: every symbol has a code
            if shorterThanFixed(bits) {
                let fitted = FittedCodes(
                    literals: literals, distances: distances, header: header,
                    bitsPerByte: Double(bits) / Double(max(1, byteCount)))
                cache?.keep(fitted)
                chosen = fitted
            }
        }
        if let codes = chosen {
            writer.write(isLastBit | 0b100, count: 3)  // BTYPE 10: a code of its own
            codes.header.write(into: &writer)
            writeTokens(codes.literals, codes.distances, into: &writer)
        } else {
            writer.write(isLastBit | 0b010, count: 3)  // BTYPE 01: the fixed code
            writeTokens(FixedCodes.literals, FixedCodes.distances, into: &writer)
        }
        if !isLast { writer.write(0, count: 3) }  // an empty stored block follows: a sync flush
    }

    /// Bits the tokens take in these codes (extra bits are the same in any code, and left out); `nil` when a symbol
    /// the block uses, end of block included, has no code in them.
    private func cost(_ literals: HuffmanCode, _ distances: HuffmanCode) -> Int? {
        guard literals.lengths[256] > 0 else { return nil }
        var bits = literals.lengths[256]
        for (symbol, count) in literalFrequencies.enumerated() where count > 0 {
            guard literals.lengths[symbol] > 0 else { return nil }
            bits += count * literals.lengths[symbol]
        }
        for (symbol, count) in distanceFrequencies.enumerated() where count > 0 {
            guard distances.lengths[symbol] > 0 else { return nil }
            bits += count * distances.lengths[symbol]
        }
        return bits
    }

    private func writeTokens(_ literals: HuffmanCode, _ distances: HuffmanCode, into writer: inout BitWriter) {
        let lengthSymbols = LengthSymbol.table
        literals.codes.withUnsafeBufferPointer { literalCodes in
            literals.lengths.withUnsafeBufferPointer { literalLengths in
                for token in tokens {
                    if token & Self.matchFlag == 0 {
                        writer.write(literalCodes[Int(token)], count: literalLengths[Int(token)])
                        continue
                    }
                    let length = lengthSymbols[Int(token >> 16 & 0x1FF)]
                    writer.write(literalCodes[length.symbol], count: literalLengths[length.symbol])
                    writer.write(length.extra, count: length.extraCount)
                    let symbol = Int(token >> 25 & 0x1F)
                    let extraCount = DistanceSymbol.extraCount(symbol)
                    writer.write(distances.codes[symbol], count: distances.lengths[symbol])
                    writer.write(
                        DistanceSymbol.extra(distance: token & 0xFFFF, extraCount: extraCount), count: extraCount)
                }
            }
        }
        writer.write(literals.codes[256], count: literals.lengths[256])
    }
}

/// A dynamic block's code description (RFC 1951 §3.2.7): both codes' lengths, run-length coded, in a code of its own.
/// Kept as the bits deflate packs, 32 to a word, the last word's count apart: packed once, as kept codes are written
/// again for every window that takes them.
struct DynamicHeader: Sendable {
    private var packed: [UInt32] = []
    private var lastWordBits = 0
    private static let lengthCodeOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    init(literals: HuffmanCode, distances: HuffmanCode) {
        let literalCount = max(257, (literals.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distances.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let total = literalCount + distanceCount
        func length(_ index: Int) -> Int {
            index < literalCount ? literals.lengths[index] : distances.lengths[index - literalCount]
        }
        /// Code-length symbols 0…18, each as `symbol | extraCount << 8 | extra << 16`.
        var runs: [UInt32] = []
        func run(_ symbol: Int, extra: Int = 0, extraCount: Int = 0) -> UInt32 {
            UInt32(symbol | extraCount << 8 | extra << 16)
        }
        runs.reserveCapacity(total)
        var index = 0
        while index < total {
            let value = length(index)
            var count = 1
            while index + count < total, length(index + count) == value { count += 1 }
            index += count
            if value == 0 {
                while count >= 11 {
                    let taken = min(count, 138)
                    runs.append(run(18, extra: taken - 11, extraCount: 7))
                    count -= taken
                }
                if count >= 3 {
                    runs.append(run(17, extra: count - 3, extraCount: 3))
                    count = 0
                }
            } else {
                runs.append(run(value))
                count -= 1
                while count >= 3 {
                    let taken = min(count, 6)
                    runs.append(run(16, extra: taken - 3, extraCount: 2))
                    count -= taken
                }
            }
            for _ in 0..<count { runs.append(run(value)) }
        }
        var frequencies = [Int](repeating: 0, count: 19)
        for run in runs { frequencies[Int(run & 0xFF)] += 1 }
        let lengthCode = HuffmanCode(frequencies: frequencies, limit: 7)
        let lengthCodeCount = max(4, (Self.lengthCodeOrder.lastIndex { lengthCode.lengths[$0] > 0 } ?? 0) + 1)

        var (bits, count) = (UInt64(0), 0)
        func put(_ value: UInt32, _ length: Int) {
            bits |= UInt64(value) << UInt64(count)
            count += length
            if count >= 32 {
                packed.append(UInt32(truncatingIfNeeded: bits))
                (bits, count) = (bits >> 32, count - 32)
            }
        }
        put(UInt32(literalCount - 257), 5)
        put(UInt32(distanceCount - 1), 5)
        put(UInt32(lengthCodeCount - 4), 4)
        for symbol in Self.lengthCodeOrder.prefix(lengthCodeCount) { put(UInt32(lengthCode.lengths[symbol]), 3) }
        for run in runs {
            let symbol = Int(run & 0xFF)
            put(lengthCode.codes[symbol], lengthCode.lengths[symbol])
            put(run >> 16, Int(run >> 8 & 0xFF))
        }
        if count > 0 { packed.append(UInt32(truncatingIfNeeded: bits)) }
        lastWordBits = count > 0 ? count : 32
    }

    /// Bits it takes, as kept codes are weighed against every window that may take them.
    var bits: Int { packed.isEmpty ? 0 : 32 * (packed.count - 1) + lastWordBits }

    fileprivate func write(into writer: inout BitWriter) {
        for word in packed.dropLast() { writer.write(word, count: 32) }
        if let last = packed.last { writer.write(last, count: lastWordBits) }
    }
}

/// Deflate's fixed code (RFC 1951 §3.2.6).
private enum FixedCodes {
    static let literals = HuffmanCode(
        lengths: (0..<288).map { symbol in
            switch symbol {
            case 0...143: 8
            case 144...255: 9
            case 256...279: 7
            default: 8
            }
        })
    static let distances = HuffmanCode(lengths: [Int](repeating: 5, count: 30))
}

/// A match length's symbol (257…285) and extra bits.
private struct LengthSymbol {
    var symbol: Int
    var extra: UInt32
    var extraCount: Int

    /// Lengths 0…258 (3 and up mean something), made once and never freed: read in the inner loops without checks.
    nonisolated(unsafe) static let table: UnsafePointer<LengthSymbol> = {  // written once, then only read
        let bases = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
            227, 258,
        ]
        let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        var table = [LengthSymbol](repeating: LengthSymbol(symbol: 0, extra: 0, extraCount: 0), count: 259)
        for (index, base) in bases.enumerated() {
            for extra in 0..<(1 << extras[index]) where base + extra <= 258 {
                table[base + extra] = LengthSymbol(symbol: 257 + index, extra: UInt32(extra), extraCount: extras[index])
            }
        }
        let permanent = UnsafeMutablePointer<LengthSymbol>.allocate(capacity: table.count)
        permanent.initialize(from: table, count: table.count)
        return UnsafePointer(permanent)
    }()
}

/// A match distance's symbol (0…29), and the extra bits after it: the distance less one, past the symbol's base.
private enum DistanceSymbol {
    @inline(__always) static func symbol(distance: Int) -> Int {
        let offset = UInt32(distance - 1)
        guard offset >= 4 else { return Int(offset) }
        let extraCount = 30 - offset.leadingZeroBitCount  // floor(log2(offset)) - 1
        return 2 * extraCount + 2 + Int(offset >> UInt32(extraCount) & 1)
    }

    /// How many extra bits follow `symbol`: none for distances 1…4, then one more every two symbols.
    @inline(__always) static func extraCount(_ symbol: Int) -> Int { max(0, symbol / 2 - 1) }

    @inline(__always) static func extra(distance: UInt32, extraCount: Int) -> UInt32 {
        (distance - 1) & ((1 << UInt32(extraCount)) - 1)
    }
}

/// Greedy matching over the whole input: a match may start in any earlier part but ends within the current one.
private struct Matcher {
    private let input: UnsafeBufferPointer<UInt8>
    /// The input's first byte: read without unwrapping `baseAddress` in the inner loops (never read when empty).
    private let bytes: UnsafeRawPointer
    private let hashBits: Int
    /// The last position (plus one; 0 for none) whose four bytes hashed to each slot.
    private let table: UnsafeMutablePointer<Int32>

    init(input: UnsafeBufferPointer<UInt8>) {
        precondition(input.count < Int(Int32.max), "positions are kept as Int32")
        self.input = input
        bytes = input.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(bitPattern: 1)!
        // Enough slots for the input, no more: clearing them is the whole setup.
        hashBits = min(15, max(8, Int.bitWidth - input.count.leadingZeroBitCount))
        table = .allocate(capacity: 1 << hashBits)
        table.initialize(repeating: 0, count: 1 << hashBits)
    }

    func deallocate() { table.deallocate() }

    @inline(__always) private func word(at position: Int) -> UInt32 {
        bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)
    }

    /// How many bytes from `position` on repeat those from `candidate` on, from 4 (known) up to `limit`.
    @inline(__always) private func matchLength(_ candidate: Int, _ position: Int, limit: Int) -> Int {
        var length = 4
        while length &+ 8 <= limit {
            let difference =
                bytes.loadUnaligned(fromByteOffset: candidate &+ length, as: UInt64.self)
                ^ bytes.loadUnaligned(fromByteOffset: position &+ length, as: UInt64.self)
            if difference != 0 { return length &+ UInt64(littleEndian: difference).trailingZeroBitCount / 8 }
            length &+= 8
        }
        while length < limit, input[candidate &+ length] == input[position &+ length] { length &+= 1 }
        return length
    }

    func tokens(_ range: Range<Int>) -> Block {
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        let lengthSymbols = LengthSymbol.table
        // A token a byte at most: written in place, without an append's checks.
        let tokens = [UInt32](unsafeUninitializedCapacity: range.count) { tokens, count in
            literalFrequencies.withUnsafeMutableBufferPointer { literalFrequencies in
                distanceFrequencies.withUnsafeMutableBufferPointer { distanceFrequencies in
                    var position = range.lowerBound
                    let end = range.upperBound
                    // Positions are within the input, so none of this arithmetic can overflow: left unchecked, as
                    // the hash's shift is, in the loop every byte goes through.
                    let shift = UInt32(32 - hashBits)
                    while position < end {
                        if position &+ 4 <= end {
                            let word = word(at: position)
                            let slot = Int((word &* 2_654_435_761) &>> shift)
                            let candidate = Int(table[slot]) &- 1
                            table[slot] = Int32(truncatingIfNeeded: position &+ 1)
                            if candidate >= 0, position &- candidate <= 32768, self.word(at: candidate) == word {
                                let length = matchLength(candidate, position, limit: min(end &- position, 258))
                                let distance = position &- candidate
                                let distanceSymbol = DistanceSymbol.symbol(distance: distance)
                                tokens[count] = Block.match(length: length, distance: distance, symbol: distanceSymbol)
                                count &+= 1
                                literalFrequencies[lengthSymbols[length].symbol] &+= 1
                                distanceFrequencies[distanceSymbol] &+= 1
                                position &+= length
                                continue
                            }
                        }
                        let literal = input[position]
                        tokens[count] = UInt32(literal)
                        count &+= 1
                        literalFrequencies[Int(literal)] &+= 1
                        position &+= 1
                    }
                }
            }
        }
        return Block(
            byteCount: range.count, tokens: tokens, literalFrequencies: literalFrequencies,
            distanceFrequencies: distanceFrequencies)
    }
}

/// Bits into a byte buffer, least significant first, as deflate packs them.
private struct BitWriter {
    private let bytes: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var byteCount = 0
    private var bits: UInt64 = 0
    private var bitCount = 0

    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
    }

    func deallocate() { bytes.deallocate() }

    /// `count` (at most 32) bits of `value`.
    @inline(__always) mutating func write(_ value: UInt32, count: Int) {
        // Counts stay below 64 and the bytes within `capacity` (checked), so the arithmetic is left unchecked.
        bits |= UInt64(value) &<< UInt64(truncatingIfNeeded: bitCount)
        bitCount &+= count
        if bitCount >= 32 {
            precondition(byteCount &+ 4 <= capacity)
            UnsafeMutableRawPointer(bytes + byteCount).storeBytes(
                of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            byteCount &+= 4
            bits &>>= 32
            bitCount &-= 32
        }
    }

    /// Pads the last byte with zero bits and writes out what is held.
    mutating func alignToByte() {
        while bitCount > 0 {
            precondition(byteCount < capacity)
            bytes[byteCount] = UInt8(truncatingIfNeeded: bits)
            byteCount += 1
            bits >>= 8
            bitCount = max(0, bitCount - 8)
        }
        bits = 0
    }

    /// The bytes written from `start` on, once aligned.
    func buffer(from start: Int) -> ByteBuffer {
        precondition(bitCount == 0)
        return ByteBuffer(bytes: UnsafeBufferPointer(start: bytes + start, count: byteCount - start))
    }
}
