import Foundation

/// Each character's advance in a font the SVG names first (DejaVu Sans, or its bold), read from the font's own
/// tables (`scripts/make-font-advances`), so that a label's size is measured rather than guessed.
///
/// A character the font lacks is drawn by another of the reader's fonts: it counts a full em when it is East Asian
/// wide (CJK, kana, Hangul, full-width forms) or an emoji, nothing when it is a combining mark or a format character
/// (a bidirectional isolate), and 0.75 em otherwise (Devanagari, Thai…: wider than most such letters in Noto, the
/// fallback most systems have). docs/architecture.md says how far other fonts stay within these widths.
package struct FontAdvances: Sendable {
    /// Advances of U+0000–U+07FF in 1/2048 em, 0 where the font has none: Latin, Greek, Cyrillic, Hebrew, Arabic,
    /// read without a search.
    private let near: [UInt16]
    /// The rule's width of each of those the font lacks (a right-to-left mark in Arabic digits): worked out once,
    /// as a character's properties cost a lookup of their own.
    private let nearFallbacks: [UInt16]
    /// The rest: each run's first code point and its characters' advances, in order.
    private let runs: [(first: UInt32, advances: [UInt16])]

    package static let regular = FontAdvances(packed: regularRuns)
    package static let bold = FontAdvances(packed: boldRuns)

    private static let nearCount: UInt32 = 0x800

    private init(packed: String) {
        let bytes = [UInt8](Data(base64Encoded: packed) ?? Data())
        func number(_ at: Int, _ size: Int) -> UInt32 {
            (0..<size).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
        }
        var near = [UInt16](repeating: 0, count: Int(Self.nearCount))
        var runs: [(first: UInt32, advances: [UInt16])] = []
        var at = 0
        while at + 6 <= bytes.count {
            let (first, count) = (number(at, 4), Int(number(at + 4, 2)))
            at += 6
            let advances = (0..<count).map { UInt16(number(at + 2 * $0, 2)) }
            at += 2 * count
            for (index, advance) in advances.enumerated() where first + UInt32(index) < Self.nearCount {
                near[Int(first) + index] = advance
            }
            if first + UInt32(count) > Self.nearCount { runs.append((first, advances)) }
        }
        (self.near, self.runs) = (near, runs)
        nearFallbacks = (0..<Self.nearCount).map { point in
            guard near[Int(point)] == 0, let scalar = Unicode.Scalar(point) else { return 0 }
            return UInt16(Self.fallback(scalar) * 2048)
        }
    }

    /// `scalar`'s advance in ems: the font's, or the rule above's for a character it lacks.
    package func advance(_ scalar: Unicode.Scalar) -> Double {
        let point = scalar.value
        if point < Self.nearCount {
            return Double(near[Int(point)] != 0 ? near[Int(point)] : nearFallbacks[Int(point)]) / 2048
        }
        if let advance = searched(point) { return Double(advance) / 2048 }
        return Self.fallback(scalar)
    }

    /// `text`'s advance in ems, its characters' added up (no kerning: a kerned text is narrower), read from its
    /// UTF-8 in place.
    package func width(of text: String) -> Double {
        var text = text
        return text.withUTF8 { width(ofUTF8: $0) }
    }

    /// `width(of:)` of UTF-8 bytes read in place (a piece of a document being written). ASCII (most labels) is
    /// summed from the table byte by byte.
    package func width(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Double {
        var units = 0
        for byte in bytes {
            guard byte < 0x80 else { return decodedWidth(ofUTF8: bytes) }
            units += Int(near[Int(byte)])
        }
        return Double(units) / 2048
    }

    /// Text with other than ASCII (a language's digits), decoded in place: valid UTF-8, as written here. A letter of
    /// two bytes is below U+0800, read from `near` at once.
    private func decodedWidth(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Double {
        var (at, units, total) = (0, 0, 0.0)
        while at < bytes.count {
            let lead = UInt32(bytes[at])
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard at + length <= bytes.count else { break }
            var point = length == 1 ? lead : lead & (0xFF >> UInt32(length + 1))
            for index in 1..<length { point = point << 6 | UInt32(bytes[at + index] & 0x3F) }
            at += length
            if point < Self.nearCount {
                units += Int(near[Int(point)] != 0 ? near[Int(point)] : nearFallbacks[Int(point)])
            } else if let scalar = Unicode.Scalar(point) {
                total += advance(scalar)
            }
        }
        return total + Double(units) / 2048
    }

    private func searched(_ point: UInt32) -> UInt16? {
        var (low, high) = (0, runs.count)
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].first <= point { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let run = runs[low - 1]
        let index = Int(point - run.first)
        return index < run.advances.count ? run.advances[index] : nil
    }

    /// The width of a character no font here has, in ems.
    static func fallback(_ scalar: Unicode.Scalar) -> Double {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if properties.isEmojiPresentation || isWide(scalar.value) { return 1 }
        return 0.75
    }

    /// East Asian wide and full-width characters (Unicode's EastAsianWidth W and F, by block).
    private static func isWide(_ point: UInt32) -> Bool {
        switch point {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default: false
        }
    }
}

/// How much room a text takes along a row: its measured advance, and the clearance between two texts that keeps
/// them apart in a font up to 15% wider than DejaVu Sans (docs/architecture.md, *Text*).
package enum TextWidth {
    /// `text`'s width in points at `size`, in DejaVu Sans or its bold.
    package static func of(_ text: String, size: Double, bold: Bool = false) -> Double {
        (bold ? FontAdvances.bold : FontAdvances.regular).width(of: text) * size
    }

    /// The distance two texts' anchors must keep along a row so that neither touches the other: `width` (the
    /// wider's, or for texts centred on their anchors the average of both) with its margin.
    package static func clearance(_ width: Double) -> Double { width * 1.15 + 4 }
}
