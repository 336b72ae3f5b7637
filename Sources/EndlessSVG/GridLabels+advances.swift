import EndlessCore

extension GridLabels {
    /// How wide a label's numbers are, in ems of DejaVu Sans, worked out from their digits: each digit of the
    /// language's (`٣`), the minus sign, and the marks around them, measured once a renderer. A window's dozens of
    /// numbers are then sums, not texts measured one by one (which cost a Persian grid a quarter of its drawing).
    struct Advances: Sendable {
        private var digits: [Double] = []
        private var minus = 0.0
        private var ellipsis = 0.0
        private var opening = 0.0
        private var closing = 0.0

        /// The advances of `numbers`'s digits (ASCII's without one).
        init(numbers: NumberSymbols?) {
            let font = FontAdvances.regular
            func measured(_ value: Int64) -> Double {
                var writer = SVGWriter(capacity: 32)
                GridLabels.append(value, numbers, into: &writer)
                return writer.withBytes { font.width(ofUTF8: $0) }
            }
            digits = (0...9).map { measured(Int64($0)) }
            minus = measured(-1) - digits[1]
            (ellipsis, opening, closing) = (font.width(of: "…"), font.width(of: "(,"), font.width(of: ")"))
        }

        /// The width of `(3,`, `(0…3,` (`opening`), `3)` or `0…3)`.
        func width(of range: ClosedRange<Int64>, opening isOpening: Bool) -> Double {
            let marks = isOpening ? opening : closing
            guard range.lowerBound != range.upperBound else { return marks + width(of: range.lowerBound) }
            return marks + width(of: range.lowerBound) + ellipsis + width(of: range.upperBound)
        }

        /// The width of `value` as the language writes it: its digits, and a minus sign before a negative one.
        func width(of value: Int64) -> Double {
            var (rest, total) = (value.magnitude, value < 0 ? minus : 0)
            repeat {
                total += digits[Int(rest % 10)]
                rest /= 10
            } while rest > 0
            return total
        }
    }
}
