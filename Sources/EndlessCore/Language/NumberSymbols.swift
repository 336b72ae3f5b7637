import Foundation

/// How a locale writes a number: its digits (its default numbering system's, or `-u-nu-`'s), decimal mark, group
/// separator and group sizes, and minus sign, found by formatting a few numbers with Foundation once. A number is
/// then written byte by byte (`write`), as the English labels are: no `String` a label.
/// A class, kept by its language: a label borrows it.
package final class NumberSymbols: Sendable {
    /// The UTF-8 of 0 to 9, one after another, `digitWidth` bytes each: `٠`…`٩` in `ar-EG`, `۰`…`۹` in `fa-IR`.
    private let digitBytes: [UInt8]
    private let digitWidth: Int
    package let decimalMark: String
    package let groupSeparator: String
    /// Digits in the group next to the decimal mark and in each group past it: 3 and 3, or 3 and 2 in `hi-IN`
    /// (`12,34,567`); 0 for a locale that does not group.
    package let primaryGroup: Int
    package let secondaryGroup: Int
    /// Digits a number needs before it is grouped: 4 in most locales, 5 in Spanish or Polish (`1234`, `12 345`).
    package let minimumGroupedDigits: Int
    /// Before a negative number's digits: `-`, or `؜-` with the mark that keeps it in place in right-to-left text.
    package let minus: String
    /// ASCII's digits and `-`: an integer is written as English writes it.
    private let isASCII: Bool

    init(_ locale: Locale) {
        func formatted(_ value: Int, grouped: Bool = true) -> String {
            value.formatted(.number.locale(locale).grouping(grouped ? .automatic : .never))
        }
        var digitTexts = (0...9).map { formatted($0) }
        // Every decimal system's digits are one character of one width; anything else is written as ASCII's.
        if Set(digitTexts.map(\.utf8.count)).count != 1 || digitTexts.contains(where: { $0.count != 1 }) {
            digitTexts = (0...9).map(String.init)
        }
        digitBytes = digitTexts.flatMap(\.utf8)
        digitWidth = digitTexts[0].utf8.count
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
        isASCII = digitTexts.joined() == "0123456789" && minus == "-"
    }

    /// The first run of what is not a digit in `text`.
    private static func separator(in text: String, digits: [String]) -> String {
        String(text.drop { digits.contains(String($0)) }.prefix { !digits.contains(String($0)) })
    }

    /// `value` in the locale's digits, zeros in front to `width`, ungrouped: a date's and a clock's fields, a grid's
    /// and a loop's numbers.
    package func write(_ value: Int64, width: Int = 1, into text: inout TextBuilder) {
        if isASCII { return text.append(value, width: width) }
        if value < 0 { text.append(bytes: minus) }
        write(digitsOf: value.magnitude, width: width, into: &text)
    }

    /// A decimal in the locale's digits, marks and groups (`1.234,5`), or with `grouping`'s separator in threes and
    /// its mark when one is chosen: `decimals` digits after the mark (none, and no mark, for 0).
    package func write(
        _ value: DecimalNumber, decimals: Int, grouping: Grouping? = nil, into text: inout TextBuilder
    ) {
        guard let exact = value.rescaled(to: decimals) else { return }
        let one = UInt64(DecimalNumber.powerOfTen(decimals))
        let (whole, rest) = exact.units.magnitude.quotientAndRemainder(dividingBy: one)
        if exact.units < 0 { text.append(bytes: minus) }
        var count = 1
        var power: UInt64 = 1
        while whole / power >= 10 {
            (power, count) = (power * 10, count + 1)
        }
        let (primary, secondary) = grouping == nil ? (primaryGroup, secondaryGroup) : (3, 3)
        let grouped = primary > 0 && count >= (grouping == nil ? minimumGroupedDigits : primary + 1)
        var rest1 = whole
        for place in (0..<count).reversed() {  // `place` digits follow this one
            let digit = rest1 / power
            (rest1, power) = (rest1 % power, power / 10)
            writeDigit(Int(digit), into: &text)
            if grouped, place > 0, place == primary || (place > primary && (place - primary) % secondary == 0) {
                if let grouping {
                    text.append(bytes: String(grouping.separator))
                } else {
                    text.append(bytes: groupSeparator)
                }
            }
        }
        guard decimals > 0 else { return }
        if let grouping { text.append(bytes: String(grouping.mark)) } else { text.append(bytes: decimalMark) }
        write(digitsOf: rest, width: decimals, into: &text)
    }

    /// `magnitude`'s digits, zeros in front to `width`: each digit's bytes copied from `digitBytes`, read once.
    private func write(digitsOf magnitude: UInt64, width: Int, into text: inout TextBuilder) {
        var (power, count): (UInt64, Int) = (1, 1)
        while magnitude / power >= 10 {
            (power, count) = (power * 10, count + 1)
        }
        let size = digitWidth
        digitBytes.withUnsafeBufferPointer { all in
            for _ in count..<max(count, width) { text.append(bytes: UnsafeBufferPointer(rebasing: all[0..<size])) }
            var rest = magnitude
            while power > 0 {
                let digit = Int(rest / power)
                text.append(bytes: UnsafeBufferPointer(rebasing: all[digit * size..<(digit + 1) * size]))
                (rest, power) = (rest % power, power / 10)
            }
        }
    }

    @inline(__always) private func writeDigit(_ digit: Int, into text: inout TextBuilder) {
        digitBytes.withUnsafeBufferPointer { all in
            text.append(bytes: UnsafeBufferPointer(rebasing: all[digit * digitWidth..<(digit + 1) * digitWidth]))
        }
    }

    /// `text` with its ASCII digits in the locale's, its `.` its decimal mark and a `-` before a number its minus: a
    /// ruler's feet and inches, a duration or a coordinate (`(12, -3)`) keep their form.
    package func localized(_ text: String) -> String {
        String(capacity: text.utf8.count * 4 + minus.utf8.count) { out in
            var previous: UInt8 = 0
            var bytes = text.utf8.makeIterator()
            var next = bytes.next()
            while let byte = next {
                next = bytes.next()
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): writeDigit(Int(byte - UInt8(ascii: "0")), into: &out)
                case UInt8(ascii: "."): out.append(bytes: decimalMark)
                case UInt8(ascii: "-") where !Self.isDigit(previous) && next.map(Self.isDigit) == true:
                    out.append(bytes: minus)
                default: out.append(byte: byte)
                }
                previous = byte
            }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

extension TextBuilder {
    mutating func append(bytes text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }
}
