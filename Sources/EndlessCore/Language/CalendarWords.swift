import Foundation
import Synchronization

/// A calendar's words in a locale, as ICU writes them: a month's year, month and era (the same all month), and a
/// day's number (Hebrew numerals in Hebrew), each formatted once and kept, so that a label in the Persian calendar is
/// written as fast as one in the Gregorian, from pieces. A label takes the lock once for all its fields.
final class CalendarWords: Sendable {
    let system: CalendarSystem
    private let state: Mutex<Words>

    init(_ system: CalendarSystem, locale: Locale) {
        self.system = system
        state = Mutex(Words(system: system, locale: locale))
    }

    /// Whether field `letter` is the calendar's to write: its day's number, or a field that is the same all month (a
    /// weekday's and a clock's are every calendar's).
    static func isCalendars(_ letter: UInt8) -> Bool {
        switch letter {
        case UInt8(ascii: "d"), UInt8(ascii: "y"), UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "G"),
            UInt8(ascii: "U"), UInt8(ascii: "r"), UInt8(ascii: "Q"), UInt8(ascii: "q"), UInt8(ascii: "u"):
            true
        default: false
        }
    }

    /// Runs `body` with the words of local day `day`'s month, under the lock: a label writes its fields in it.
    func withMonth<Result>(containing day: Int64, _ body: (inout Words) -> Result) -> Result {
        state.withLock { words in
            words.move(to: day)
            return body(&words)
        }
    }

    /// The words of one month, the one last asked for, and the day numbers of every month; formatters and other
    /// months' words kept behind them.
    struct Words {
        private let system: CalendarSystem
        private let locale: Locale
        private var formatters: [String: DateFormatter] = [:]
        private var months: [MonthField: [UInt8]] = [:]
        /// A day's number by its place in its month and its width (`(count - 1) * 32 + day`, from 0): a range of
        /// `dayBytes`. Flat, so that writing one retains nothing.
        private var days = [Range<Int>?](repeating: nil, count: 64)
        private var dayBytes: [UInt8] = []
        /// The month's first day and the day it ends by, and its fields (ranges of `fieldBytes`), found without
        /// hashing.
        private var month = CalendarSystem.MonthStart(day: .max, ordinal: 0, year: 0, opensYear: false)
        private var end = Int64.min
        /// The first day of the month that holds it: `month`'s, or before it where only a year opened there (a
        /// Japanese era), so that a day's number counts from its month's first.
        private var first = Int64.max
        private var fields: [(letter: UInt8, count: Int, words: Range<Int>)] = []
        private var fieldBytes: [UInt8] = []
        /// The day `move(to:)` was given.
        private var day: Int64 = 0

        private struct MonthField: Hashable {
            let day: Int64
            let letter: UInt8
            let count: Int
        }

        /// Months' fields kept before all are forgotten (about 60 bytes each): a window of 4,096 years asks a few
        /// thousand.
        static let keptFields = 32_768

        init(system: CalendarSystem, locale: Locale) { (self.system, self.locale) = (system, locale) }

        mutating func move(to day: Int64) {
            self.day = day
            guard day < month.day || day >= end else { return }
            (month, end) = system.month(containing: day)
            first = month.day
            while first > Int64.min + 1, !system.month(containing: first).month.opensMonth {
                first = system.month(containing: first - 1).month.day
            }
            fields.removeAll(keepingCapacity: true)
            fieldBytes.removeAll(keepingCapacity: true)
        }

        /// Writes field `letter` (`count` long, one `isCalendars` takes) of the day moved to.
        mutating func write(_ letter: UInt8, _ count: Int, into text: inout TextBuilder) {
            let place = day - first  // from 0
            if letter == UInt8(ascii: "d") {
                guard (1...2).contains(count), (0..<32).contains(place) else {  // a width no pattern asks for
                    return formatted(letter, count, day: day).withUnsafeBufferPointer { text.append(bytes: $0) }
                }
                let slot = (count - 1) * 32 + Int(place)
                if days[slot] == nil {
                    let start = dayBytes.count
                    dayBytes += formatted(letter, count, day: day)
                    days[slot] = start..<dayBytes.count
                }
                return Self.append(dayBytes, days[slot]!, into: &text)
            }
            for field in fields where field.letter == letter && field.count == count {
                return Self.append(fieldBytes, field.words, into: &text)
            }
            let key = MonthField(day: month.day, letter: letter, count: count)
            let words: [UInt8]
            if let known = months[key] {
                words = known
            } else {
                words = formatted(letter, count, day: month.day)
                if months.count >= Self.keptFields { months.removeAll(keepingCapacity: true) }
                months[key] = words
            }
            fieldBytes += words
            fields.append((letter, count, fieldBytes.count - words.count..<fieldBytes.count))
            words.withUnsafeBufferPointer { text.append(bytes: $0) }
        }

        private static func append(_ bytes: [UInt8], _ range: Range<Int>, into text: inout TextBuilder) {
            bytes.withUnsafeBufferPointer { text.append(bytes: UnsafeBufferPointer(rebasing: $0[range])) }
        }

        /// Field `letter` of local day `day`, as ICU writes it.
        private mutating func formatted(_ letter: UInt8, _ count: Int, day: Int64) -> [UInt8] {
            let pattern = String(repeating: Character(Unicode.Scalar(letter)), count: count)
            let formatter =
                formatters[pattern]
                ?? {
                    // The calendar is the locale's `@calendar=`: Foundation on Linux writes a Dangi date set as
                    // `formatter.calendar` in the Gregorian's fields, and traps reading one made from the locale.
                    let formatter = DateFormatter()
                    formatter.locale = locale
                    // CLDR's Japanese patterns number the year `y=jpanyear`: an era's first year is 元年, not 1年.
                    if letter == UInt8(ascii: "y"), system.identifier == "japanese",
                        locale.language.languageCode == .japanese
                    {
                        var components = Locale.Components(locale: locale)
                        components.numberingSystem = "jpanyear"
                        formatter.locale = Locale(components: components)
                    }
                    formatter.timeZone = TimeZone(identifier: "UTC")
                    formatter.dateFormat = pattern
                    return formatter
                }()
            formatters[pattern] = formatter
            return Array(DatePattern.escaped(formatter.string(from: CalendarSystem.date(day))).utf8)
        }
    }
}

extension DatePattern {
    /// One `DateFormatter` for a whole pattern, in UTC, since a local time's seconds are read as if they were UTC's,
    /// and in the calendar its locale's `@calendar=` names (as `CalendarWords`): made only for a pattern that needs
    /// it, and used by one thread at a time. A date's words (`byDay`: a pattern without a time of day) are kept by
    /// day, a few thousand.
    final class Formatter: Sendable {
        private struct State {
            var formatter: DateFormatter?
            var days: [Int64: String] = [:]
        }
        private let state = Mutex(State())
        private let pattern: String
        private let locale: Locale
        private let byDay: Bool

        /// Days' words kept for a pattern.
        static let keptDays = 4_096

        init(pattern: String, locale: Locale, byDay: Bool) {
            (self.pattern, self.locale, self.byDay) = (pattern, locale, byDay)
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
