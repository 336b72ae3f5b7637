extension RulerFormat {
    /// `value` as this format writes it, in integer units only (no rounding anywhere): `decimals` digits after the
    /// point where it writes decimals (at least the value's own), and `unit` after it if `writesUnit` and the format
    /// writes one (time's says minutes or seconds). `sixteenths`: inches as fractions (a whole number of 16ths).
    package func text(
        _ value: DecimalNumber, decimals: Int, unit: String, writesUnit: Bool, sixteenths: Bool,
        numbers: NumberSymbols? = nil
    ) -> String {
        let exact = value.rescaled(to: decimals)!
        let one = UInt64(DecimalNumber.powerOfTen(decimals))
        let magnitude = exact.units.magnitude
        let (whole, rest) = magnitude.quotientAndRemainder(dividingBy: one)
        let sign = exact.units < 0 ? "-" : ""
        // Sixteenths only for a whole number of them (a ruler's ticks are); anything else is written as a decimal.
        let sixteenths = sixteenths && rest * 16 % one == 0
        // The number in the language's digits and marks; the unit as given.
        let withUnit = { (text: String) in
            let text = numbers?.localized(text) ?? text
            return !writesUnit || unit.isEmpty ? text : text + " " + unit
        }
        switch style {
        case .decimal:
            if let numbers {  // written whole here: a separator may be the `.` that `withUnit` would take for a mark
                let text = String(capacity: 192) {
                    numbers.write(value, decimals: decimals, grouping: grouping, into: &$0)
                }
                return !writesUnit || unit.isEmpty ? text : text + " " + unit
            }
            let integer = grouping.map { Self.grouped(whole, by: $0.separator) } ?? String(whole)
            let mark = grouping?.mark ?? "."
            return withUnit(sign + integer + (decimals > 0 ? "\(mark)" + Self.digits(rest, decimals) : ""))
        case .feetAndInches:
            var inches = "\(whole % 12)"
            if rest != 0 {
                inches += sixteenths ? Self.vulgar(rest * 16 / one) : "." + Self.significantDigits(rest, decimals)
            }
            let text = "\(sign)\(whole / 12)′ \(inches)″"
            return numbers?.localized(text) ?? text
        case .fraction:
            guard rest != 0 else { return withUnit(sign + "\(whole)") }
            guard sixteenths else { return withUnit(sign + "\(whole)." + Self.significantDigits(rest, decimals)) }
            let (numerator, denominator) = Self.reduced(rest * 16 / one)
            let fraction = "\(numerator)\u{2044}\(denominator)"
            return withUnit(sign + (whole == 0 ? fraction : "\(whole) \(fraction)"))
        case .time:
            let text: String
            if unit == "s" {
                let seconds = Self.digits(whole % 60, 2) + (decimals > 0 ? "." + Self.digits(rest, decimals) : "")
                text = "\(sign)\(whole / 3600):" + Self.digits(whole / 60 % 60, 2) + ":" + seconds
            } else {
                text = "\(sign)\(whole / 60):" + Self.digits(whole % 60, 2)
            }
            return numbers?.localized(text) ?? text
        }
    }

    /// `value` with `count` digits, zeros in front.
    static func digits(_ value: UInt64, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }

    /// `count` decimals less their trailing zeros (`30` of 2 decimals is `3`).
    static func significantDigits(_ value: UInt64, _ count: Int) -> String {
        String(digits(value, count).reversed().drop { $0 == "0" }.reversed())
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: UInt64, by separator: Character) -> String {
        var text = String(value)
        var index = text.count - 3
        while index > 0 {
            text.insert(separator, at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text
    }

    /// Sixteenths in lowest terms: 8 is 1/2 (0 is 0/1, not a loop without end).
    static func reduced(_ sixteenths: UInt64) -> (UInt64, UInt64) {
        var (numerator, denominator) = (sixteenths, UInt64(16))
        while numerator % 2 == 0 && denominator > 1 {
            numerator /= 2
            denominator /= 2
        }
        return (numerator, denominator)
    }

    /// Sixteenths of an inch as one character where Unicode has one (`½`, `⅜`), else `³⁄₁₆`.
    static func vulgar(_ sixteenths: UInt64) -> String {
        let (numerator, denominator) = reduced(sixteenths)
        let glyphs: [UInt64: [UInt64: String]] = [
            2: [1: "½"], 4: [1: "¼", 3: "¾"], 8: [1: "⅛", 3: "⅜", 5: "⅝", 7: "⅞"],
        ]
        if let glyph = glyphs[denominator]?[numerator] { return glyph }
        let superscript = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        let subscripts = ["₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"]
        return String(numerator).map { superscript[Int(String($0))!] }.joined() + "\u{2044}"
            + String(denominator).map { subscripts[Int(String($0))!] }.joined()
    }
}

extension Ruler {
    /// `value` as a reader sees it (the readout, `aria-valuetext`, an image's title): `72.4 kg`, `5′ 8½″`,
    /// `3 5⁄16 in`, `1:30`. Its exact decimal, for a form, is `format(_:)`.
    public func text(_ value: DecimalNumber) -> String {
        if writesPlainLabels {  // the common case, as it always was: no format's arithmetic
            let unit = configuration.unit
            return unit.isEmpty ? format(value) : "\(format(value)) \(unit)"
        }
        return configuration.format.text(
            value, decimals: max(decimals, value.significantDecimals), unit: configuration.unit, writesUnit: true,
            sixteenths: writesSixteenths, numbers: configuration.language?.numbers)
    }

    /// A block's label: `text(_:)` without the unit, a decimal as short as it is exact (`72`, not `72.0`), and a
    /// whole number of feet as `5′`.
    package func labelText(_ value: DecimalNumber) -> String {
        let text = configuration.format.text(
            value, decimals: value.significantDecimals, unit: configuration.unit, writesUnit: false,
            sixteenths: writesSixteenths, numbers: configuration.language?.numbers)
        let zeroInches = "′ " + (configuration.language?.numbers.localized("0") ?? "0") + "″"
        return configuration.format == .feetAndInches && text.hasSuffix(zeroInches)
            ? String(text.dropLast(zeroInches.count - 1)) : text
    }

}
