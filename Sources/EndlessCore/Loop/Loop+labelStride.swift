extension Loop {
    /// Every how many items a number stands, so that no two touch at `size` points: 1 where the widest number fits
    /// the spacing, else 2, 5, 10, 20… (counted from item 0, so that every tile agrees). Down a vertical loop numbers
    /// stand one under another: a line's height each.
    package func labelStride(size: Double, vertical: Bool) -> Int64 {
        let needed = TextWidth.clearance(vertical ? size * 1.2 : widestLabel(size: size))
        var stride: Int64 = 1
        for next in [2, 5] as [Int64] where Double(stride) * spacing < needed {
            stride = next
        }
        while Double(stride) * spacing < needed && stride < Int64(count) { stride *= 10 }
        return stride
    }

    /// Whether item `label` (0…count − 1) carries its number under `stride`: a multiple of it from item 0, and none
    /// nearer the turn's end than `stride` (after it comes item 0, which always does).
    package func isLabelled(_ label: Int, stride: Int64) -> Bool {
        guard stride > 1 else { return true }
        return Int64(label) % stride == 0 && (label == 0 || Int64(label) + stride <= Int64(count))
    }

    /// The widest of its numbers at `size` points: the last few (the most digits) in the language's digits.
    private func widestLabel(size: Double) -> Double {
        (max(0, count - 4)..<count).reduce(0) { widest, label in
            let text = language?.numbers.localized(String(label)) ?? String(label)
            return max(widest, TextWidth.of(text, size: size))
        }
    }
}
