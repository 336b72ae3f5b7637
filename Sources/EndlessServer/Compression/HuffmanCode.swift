/// A canonical Huffman code (RFC 1951 §3.2.2): each symbol's code length, and its code bit-reversed, as deflate's
/// least-significant-bit-first stream wants it. Made for every block the fast path writes, so made without sorting
/// by closure or reversing bit by bit.
struct HuffmanCode: Sendable {
    /// Bits per symbol; 0 for a symbol without a code.
    let lengths: [Int]
    let codes: [UInt32]

    init(lengths: [Int]) {
        self.lengths = lengths
        var countPerLength = (0..<16).map { _ in 0 }
        for length in lengths where length > 0 { countPerLength[length] += 1 }
        var next = [UInt32](repeating: 0, count: 16)
        var code: UInt32 = 0
        for length in 1..<16 {
            code = (code + UInt32(countPerLength[length - 1])) << 1
            next[length] = code
        }
        var codes = [UInt32](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            codes[symbol] = Self.reversed(next[length], length)
            next[length] += 1
        }
        self.codes = codes
    }

    /// The code fitted to `frequencies`, no code longer than `limit` bits; at least two symbols get a code, as
    /// zlib's inflate and others expect of every code but a lone literal one.
    init(frequencies: [Int], limit: Int) {
        // Each leaf as weight << 16 | symbol: sorted as plain integers, lightest first.
        var leaves: [Int] = []
        leaves.reserveCapacity(frequencies.count)
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            leaves.append(frequency << 16 | symbol)
        }
        for symbol in 0..<2 where leaves.count < 2 && frequencies[symbol] == 0 { leaves.append(1 << 16 | symbol) }
        leaves.sort()
        var lengths = [Int](repeating: 0, count: frequencies.count)
        while !Self.assignLengths(sortedLeaves: leaves, limit: limit, to: &lengths) {
            // Too deep: flatten the weights (halving keeps their order) and try again.
            for index in leaves.indices {
                leaves[index] = (((leaves[index] >> 16) + 1) / 2) << 16 | leaves[index] & 0xFFFF
            }
        }
        self.init(lengths: lengths)
    }

    /// Huffman's construction over leaves sorted lightest first: the two lightest trees merge until one is left,
    /// and a leaf's depth is its code's length. Merged trees are made in order of weight too, so the two lightest
    /// are always at the front of the leaves or of the merged trees. False if a code would be longer than `limit`.
    private static func assignLengths(sortedLeaves leaves: [Int], limit: Int, to lengths: inout [Int]) -> Bool {
        let nodes = 2 * leaves.count - 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * nodes) { scratch in
            let (weight, parent) = (scratch.baseAddress!, scratch.baseAddress! + nodes)
            for (index, leaf) in leaves.enumerated() { weight[index] = leaf >> 16 }
            var (nextLeaf, nextMerged, made) = (0, leaves.count, leaves.count)
            func lightest() -> Int {
                let takeLeaf = nextLeaf < leaves.count && (nextMerged == made || weight[nextLeaf] <= weight[nextMerged])
                defer { if takeLeaf { nextLeaf += 1 } else { nextMerged += 1 } }
                return takeLeaf ? nextLeaf : nextMerged
            }
            while made < nodes {
                let (first, second) = (lightest(), lightest())
                (parent[first], parent[second]) = (made, made)
                weight[made] = weight[first] + weight[second]
                made += 1
            }
            // Parents come after their children: one pass from the root down turns weights into depths.
            weight[nodes - 1] = 0
            for node in stride(from: nodes - 2, through: 0, by: -1) {
                weight[node] = weight[parent[node]] + 1
                if weight[node] > limit { return false }
            }
            for (index, leaf) in leaves.enumerated() { lengths[leaf & 0xFFFF] = weight[index] }
            return true
        }
    }

    /// The low `count` bits of `code`, in reverse order.
    static func reversed(_ code: UInt32, _ count: Int) -> UInt32 {
        var value = code
        value = (value & 0x5555_5555) << 1 | (value >> 1) & 0x5555_5555
        value = (value & 0x3333_3333) << 2 | (value >> 2) & 0x3333_3333
        value = (value & 0x0F0F_0F0F) << 4 | (value >> 4) & 0x0F0F_0F0F
        return value.byteSwapped >> UInt32(32 - count)
    }
}
