import Synchronization

/// The Huffman codes fitted to the last block a kind of document was written with, kept so that the next block like
/// it (a new window of the same kind) is written with them instead of fitting three new codes: fitting is most of
/// what `GzipWriter` spends. A block takes the kept codes when they cost it at most `slack` more bits a byte than they
/// cost the block they were fitted to; otherwise it fits its own, which are kept next.
final class GzipCodes: Sendable {
    private let kept = Mutex<FittedCodes?>(nil)
    /// 3%: a 554-byte ruler window stays within about 16 bytes of its own codes' size.
    static let slack = 1.03

    init() {}

    var codes: FittedCodes? { kept.withLock { $0 } }

    func keep(_ codes: FittedCodes) { kept.withLock { $0 = codes } }
}

/// A dynamic block's two codes and their header, and what they cost the block they were fitted to.
struct FittedCodes: Sendable {
    let literals: HuffmanCode
    let distances: HuffmanCode
    let header: DynamicHeader
    /// Bits a byte of input took, header included, in the block they were fitted to.
    let bitsPerByte: Double
}
