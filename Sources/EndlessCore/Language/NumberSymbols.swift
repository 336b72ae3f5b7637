import Foundation

/// How a locale writes a number: its digits (its default numbering system's, or `-u-nu-`'s), decimal mark, group
/// separator and group sizes, and minus sign, found by formatting a few numbers with Foundation once.
package struct NumberSymbols: Sendable, Hashable {
    /// The UTF-8 of 0 to 9: `٠`…`٩` in `ar-EG`, `۰`…`۹` in `fa-IR`.
    package let digits: [[UInt8]]
    package let decimalMark: String
    package let groupSeparator: String
    /// Digits in the group next to the decimal mark and in each group past it: 3 and 3, or 3 and 2 in `hi-IN`
    /// (`12,34,567`); 0 for a locale that does not group.
    package let primaryGroup: Int
    package let secondaryGroup: Int
    /// Digits a number needs before it is grouped: 4 in most locales, 5 in Spanish or Polish (`1234`, `12 345`).
    package let minimumGroupedDigits: Int
    /// Before a negative number's digits: `-`, or `‎−` with the marks that keep it in place in right-to-left text.
    package let minus: String
    /// Whether the digits are ASCII's and the mark a `.`: a number's text then is the value's.
    package let isPlain: Bool

    init(_ locale: Locale) {
        func formatted(_ value: Int, grouped: Bool = true) -> String {
            value.formatted(.number.locale(locale).grouping(grouped ? .automatic : .never))
        }
        let digitTexts = (0...9).map { formatted($0) }
        digits = digitTexts.map { Array($0.utf8) }
        let one = digitTexts[1]
        minus = String(formatted(-1).dropLast(one.count))
        // 1.5: the mark stands between the two digits.
        let half = 1.5.formatted(.number.locale(locale).grouping(.never))
        decimalMark = String(half.dropFirst(one.count).dropLast(digitTexts[5].count))
        // 1234567890: its groups' sizes, read from the right; then the fewest digits grouped.
        let groups = formatted(1_234_567_890).split { !digitTexts.contains(String($0)) }
        let grouped = groups.count > 1
        groupSeparator = grouped ? Self.separator(in: formatted(1_234_567_890), digits: digitTexts) : ""
        primaryGroup = grouped ? groups[groups.count - 1].count : 0
        secondaryGroup = grouped ? groups[groups.count - 2].count : 0
        minimumGroupedDigits =
            (primaryGroup + 1...primaryGroup + 2).first { count in
                let value = Int(String(repeating: "1", count: count))!
                return formatted(value) != formatted(value, grouped: false)
            } ?? primaryGroup + 1
        isPlain = digitTexts.joined() == "0123456789" && decimalMark == "."
    }

    /// The first run of what is not a digit in `text`.
    private static func separator(in text: String, digits: [String]) -> String {
        String(text.drop { digits.contains(String($0)) }.prefix { !digits.contains(String($0)) })
    }

    /// `integer` (ASCII digits) grouped as the locale groups, or in threes by `separator` when one is chosen.
    package func grouped(_ integer: Substring, separator chosen: String? = nil) -> String {
        let (primary, secondary, separator) =
            chosen.map { (3, 3, $0) } ?? (primaryGroup, secondaryGroup, groupSeparator)
        guard primary > 0, integer.count >= (chosen == nil ? minimumGroupedDigits : primary + 1) else {
            return localized(integer)
        }
        var groups: [Substring] = [integer.suffix(primary)]
        var rest = integer.dropLast(primary)
        while !rest.isEmpty {
            groups.append(rest.suffix(secondary))
            rest = rest.dropLast(secondary)
        }
        return groups.reversed().map(localized).joined(separator: separator)
    }

    /// `text` with its ASCII digits in the locale's, its `.` its decimal mark and a leading `-` its minus: a ruler's
    /// feet and inches, a duration or a coordinate keep their form.
    package func localized(_ text: some StringProtocol) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 2)
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): bytes += digits[Int(byte - UInt8(ascii: "0"))]
            case UInt8(ascii: "."): bytes += decimalMark.utf8
            case UInt8(ascii: "-") where index == 0: bytes += minus.utf8
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` in the locale's digits, zeros in front to `width`: a date's and a clock's fields.
    package func write(_ value: Int64, width: Int = 1, into text: inout TextBuilder) {
        if isPlain { return text.append(value, width: width) }
        if value < 0 { text.append(bytes: minus) }
        let magnitude = value.magnitude
        var (power, count): (UInt64, Int) = (1, 1)
        while magnitude / power >= 10 { (power, count) = (power * 10, count + 1) }
        for _ in count..<max(count, width) { text.append(digit: digits[0]) }
        var rest = magnitude
        while power > 0 {
            text.append(digit: digits[Int(rest / power)])
            (rest, power) = (rest % power, power / 10)
        }
    }
}

extension TextBuilder {
    mutating func append(digit: [UInt8]) { digit.withUnsafeBufferPointer { append(bytes: $0) } }
    mutating func append(bytes text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }
}
