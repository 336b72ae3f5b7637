import Foundation
import Synchronization

/// How a locale writes the timeline's words: its month and weekday names, and the patterns CLDR gives for each
/// label's fields (skeletons, as `Intl.DateTimeFormat` asks for them: `EEEd` is `Mon 30`, `30 lun.`, `30日(月)`),
/// parsed once so that a label is written from them byte by byte. A pattern with a field this does not write (an
/// era, a flexible day period), and a date in a calendar other than the Gregorian (whose fields are ICU's to count),
/// is left to Foundation's formatter for that label.
package struct DateWords: Sendable {
    /// Monday first, as `CivilDate.weekday` counts; escaped for XML, once.
    let weekdays: Names
    let months: Names
    /// `AM` and `PM`.
    let dayPeriods: [[UInt8]]
    let digits: NumberSymbols

    /// A tick's field at each unit, and the contexts above them.
    let day, month, year, dayContext, monthContext: DatePattern
    /// The clock on each cycle: hours and minutes, with seconds, and the hour alone (`2 PM`; a 24-hour clock writes
    /// `14:00` there).
    let clock24, seconds24, clock12, seconds12, hour12: DatePattern
    /// The value as a reader hears it: the day and the time, with seconds, on each cycle.
    let spoken24, spoken12: DatePattern

    struct Names: Sendable {
        let abbreviated, wide, standaloneAbbreviated, standaloneWide: [[UInt8]]
    }

    init(_ locale: Locale, digits: NumberSymbols, calendar: CalendarSystem? = nil) {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = Calendar(identifier: .gregorian)  // names for the fast path: Gregorian dates
        let escaped = { (names: [String]) in names.map { Array(DatePattern.escaped($0).utf8) } }
        let mondayFirst = { (names: [String]) in escaped(Array(names.dropFirst() + names.prefix(1))) }
        weekdays = Names(
            abbreviated: mondayFirst(formatter.shortWeekdaySymbols), wide: mondayFirst(formatter.weekdaySymbols),
            standaloneAbbreviated: mondayFirst(formatter.shortStandaloneWeekdaySymbols),
            standaloneWide: mondayFirst(formatter.standaloneWeekdaySymbols))
        months = Names(
            abbreviated: escaped(formatter.shortMonthSymbols), wide: escaped(formatter.monthSymbols),
            standaloneAbbreviated: escaped(formatter.shortStandaloneMonthSymbols),
            standaloneWide: escaped(formatter.standaloneMonthSymbols))
        dayPeriods = escaped([formatter.amSymbol, formatter.pmSymbol])
        self.digits = digits
        let pattern = { (skeleton: String) in
            DatePattern(skeleton: skeleton, locale: locale, calendar: calendar?.calendar)
        }
        (day, month, year) = (pattern("EEEd"), pattern("MMM"), pattern("y"))
        (dayContext, monthContext) = (pattern("yMMMMEEEEd"), pattern("yMMMM"))
        (clock24, seconds24) = (pattern("Hm"), pattern("Hms"))
        (clock12, seconds12, hour12) = (pattern("hm"), pattern("hms"), pattern("h"))
        (spoken24, spoken12) = (pattern("yMMMMEEEEdHms"), pattern("yMMMMEEEEdhms"))
    }

    /// `local`'s fields as `pattern` writes them.
    func write(_ pattern: DatePattern, _ local: LocalTime, into text: inout TextBuilder) {
        guard let parts = pattern.parts else { return text.append(bytes: pattern.formatted(local)) }
        let date = local.date
        for part in parts {
            switch part {
            case .literal(let bytes): text.append(digit: bytes)
            case .field(let letter, let count):
                switch letter {
                case UInt8(ascii: "y"):
                    digits.write(count == 2 ? date.year % 100 : date.year, width: count, into: &text)
                case UInt8(ascii: "M"), UInt8(ascii: "L"):
                    if count <= 2 { digits.write(date.month, width: count, into: &text); break }
                    let standalone = letter == UInt8(ascii: "L")
                    let names =
                        count == 3
                        ? (standalone ? months.standaloneAbbreviated : months.abbreviated)
                        : (standalone ? months.standaloneWide : months.wide)
                    text.append(digit: names[Int(date.month - 1)])
                case UInt8(ascii: "d"): digits.write(date.day, width: count, into: &text)
                case UInt8(ascii: "E"):
                    text.append(digit: (count == 4 ? weekdays.wide : weekdays.abbreviated)[Int(date.weekday)])
                case UInt8(ascii: "c"):
                    let names = count == 4 ? weekdays.standaloneWide : weekdays.standaloneAbbreviated
                    text.append(digit: names[Int(date.weekday)])
                case UInt8(ascii: "a"): text.append(digit: dayPeriods[local.hour < 12 ? 0 : 1])
                case UInt8(ascii: "H"): digits.write(local.hour, width: count, into: &text)
                case UInt8(ascii: "k"): digits.write(local.hour == 0 ? 24 : local.hour, width: count, into: &text)
                case UInt8(ascii: "K"): digits.write(local.hour % 12, width: count, into: &text)
                case UInt8(ascii: "h"):
                    digits.write(local.hour % 12 == 0 ? 12 : local.hour % 12, width: count, into: &text)
                case UInt8(ascii: "m"): digits.write(local.minute, width: count, into: &text)
                default: digits.write(local.second, width: count, into: &text)  // `s`: `parts` has no other
                }
            }
        }
    }
}

/// A CLDR date pattern (`EEEE, d. MMMM y`) as literal bytes and fields, for the fields `DateWords.write` writes;
/// `parts` is `nil` for one with any other, which Foundation formats.
struct DatePattern: Sendable {
    enum Part: Sendable, Hashable {
        case literal([UInt8])
        case field(UInt8, count: Int)
    }

    let parts: [Part]?
    private let formatter: Formatter

    /// The pattern the locale's CLDR data gives for `skeleton`; in `calendar` when given (a date's fields then are
    /// ICU's to count, and Foundation writes them).
    init(skeleton: String, locale: Locale, calendar: Calendar? = nil) {
        let pattern = DateFormatter.dateFormat(fromTemplate: skeleton, options: 0, locale: locale) ?? skeleton
        let hasDate = skeleton.contains { "yMLdEc".contains($0) }
        parts = calendar != nil && hasDate ? nil : Self.parts(of: pattern)
        formatter = Formatter(
            pattern: pattern, locale: locale, calendar: calendar ?? Calendar(identifier: .gregorian),
            byDay: !skeleton.contains { "hHkKms".contains($0) })
    }

    /// The counts of each letter written here.
    private static let written: [UInt8: ClosedRange<Int>] = [
        UInt8(ascii: "y"): 1...4, UInt8(ascii: "M"): 1...4, UInt8(ascii: "L"): 1...4, UInt8(ascii: "d"): 1...2,
        UInt8(ascii: "E"): 1...4, UInt8(ascii: "c"): 3...4, UInt8(ascii: "a"): 1...3, UInt8(ascii: "h"): 1...2,
        UInt8(ascii: "H"): 1...2, UInt8(ascii: "K"): 1...2, UInt8(ascii: "k"): 1...2, UInt8(ascii: "m"): 1...2,
        UInt8(ascii: "s"): 1...2,
    ]

    /// Letters are fields, a run of one letter each; text in `'…'` is literal, and `''` a quote.
    static func parts(of pattern: String) -> [Part]? {
        var parts: [Part] = []
        var literal = ""
        var quoted = false
        var characters = pattern.unicodeScalars[...]
        func flush() {
            if !literal.isEmpty { parts.append(.literal(Array(escaped(literal).utf8))) }
            literal = ""
        }
        while let character = characters.popFirst() {
            if character == "'" {
                if characters.first == "'" {
                    literal.append("'")
                    characters.removeFirst()
                } else {
                    quoted.toggle()
                }
            } else if !quoted, character.isASCII, character.properties.isAlphabetic {
                let letter = UInt8(character.value)
                var count = 1
                while characters.first == character {
                    characters.removeFirst()
                    count += 1
                }
                guard written[letter]?.contains(count) == true else { return nil }
                flush()
                parts.append(.field(letter, count: count))
            } else {
                literal.unicodeScalars.append(character)
            }
        }
        flush()
        return parts
    }

    /// `text` as XML character data: CLDR's words hold no `<` or `&`, but nothing here assumes it.
    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    /// `local`'s fields as Foundation's formatter writes them, for a pattern `parts` does not cover.
    func formatted(_ local: LocalTime) -> String { formatter.format(local) }

    /// One `DateFormatter` for the pattern, in UTC, since a local time's seconds are read as if they were UTC's:
    /// made only for a pattern that needs it, and used by one thread at a time. A date's words (`byDay`: a pattern
    /// without a time of day) are kept by day, a few thousand: a window asks the same days again and again.
    private final class Formatter: Sendable {
        private struct State {
            var formatter: DateFormatter?
            var days: [Int64: String] = [:]
        }
        private let state = Mutex(State())
        private let pattern: String
        private let locale: Locale
        private let calendar: Calendar
        private let byDay: Bool

        /// Days' words kept for a pattern.
        static let keptDays = 4_096

        init(pattern: String, locale: Locale, calendar: Calendar, byDay: Bool) {
            (self.pattern, self.locale, self.calendar, self.byDay) = (pattern, locale, calendar, byDay)
        }

        func format(_ local: LocalTime) -> String {
            let day = floorQuotient(local.seconds, 86_400)
            return state.withLock { state in
                if byDay, let known = state.days[day] { return known }
                let formatter =
                    state.formatter
                    ?? {
                        let formatter = DateFormatter()
                        formatter.locale = locale
                        formatter.calendar = calendar
                        formatter.timeZone = TimeZone(identifier: "UTC")
                        formatter.dateFormat = pattern
                        return formatter
                    }()
                state.formatter = formatter
                let text = DatePattern.escaped(
                    formatter.string(from: Date(timeIntervalSince1970: Double(local.seconds))))
                if byDay {
                    if state.days.count >= Self.keptDays { state.days.removeAll(keepingCapacity: true) }
                    state.days[day] = text
                }
                return text
            }
        }
    }
}
