extension Ruler {
    /// Every how many blocks a label stands, so that no two touch at `size` points: 1 where the widest label fits
    /// a block, else 2, 5, 10, 20… (counted from block 0, so that every tile agrees). Down a vertical ruler labels
    /// stand one under another: a line's height each.
    package func labelStride(size: Double, vertical: Bool) -> Int64 {
        let length = vertical ? size * 1.2 : widestLabel(size: size)
        let needed = TextWidth.clearance(length)
        var stride: Int64 = 1
        for next in [2, 5] as [Int64] where Double(stride) * blockLength < needed {
            stride = next
        }
        while Double(stride) * blockLength < needed && stride < Int64.max / 100 { stride *= 10 }
        return stride
    }

    /// Whether block `block` carries its label under `stride`: a multiple of it from block 0, and on a wrapping
    /// ruler one whose next labelled block is at least `stride` blocks on (the turn's last may be nearer block 0).
    package func isLabelled(block: Int64, stride: Int64) -> Bool {
        guard stride > 1 else { return true }
        guard let cycle = cycleBlocks else { return modulo(block, stride) == 0 }
        let index = modulo(block, cycle)
        return index % stride == 0 && (index == 0 || index + stride <= cycle)
    }

    /// The widest of its labels, at `size` points: its first and last blocks' (the largest numbers, and every
    /// decimal a label takes within a few blocks).
    private func widestLabel(size: Double) -> Double {
        let last = isWrapping ? cycleTicks / ticksPerBlock - 1 : lastTick / ticksPerBlock
        let blocks = Set((0...min(3, last)).map { $0 } + (max(0, last - 3)...last).map { $0 })
        return blocks.compactMap { label(ofBlock: $0) }.reduce(0) { widest, label in
            max(widest, TextWidth.of(labelText(label), size: size))
        }
    }
}
