import Foundation
import Synchronization

/// A calendar's words in a locale, as ICU writes them: a month's year, month and era (the same all month), and a
/// day's number (Hebrew numerals in Hebrew), each formatted once and kept, so that a label in the Persian calendar is
/// written as fast as one in the Gregorian, from pieces.
final class CalendarWords: Sendable {
    let system: CalendarSystem
    private let locale: Locale
    private let state = Mutex(State())

    private struct State {
        var formatters: [String: DateFormatter] = [:]
        var months: [MonthField: [UInt8]] = [:]
        var days: [Int64: [UInt8]] = [:]
    }

    private struct MonthField: Hashable {
        let day: Int64
        let letter: UInt8
        let count: Int
    }

    /// Months' fields kept before all are forgotten: a window asks a few.
    static let keptFields = 8_192

    init(_ system: CalendarSystem, locale: Locale) {
        (self.system, self.locale) = (system, locale)
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

    /// Writes field `letter` (`count` long, one `isCalendars` takes) of `local`, in `month`.
    func write(
        _ letter: UInt8, _ count: Int, month: CalendarSystem.MonthStart, local: LocalTime, into text: inout TextBuilder
    ) {
        let isDay = letter == UInt8(ascii: "d")
        let day = floorQuotient(local.seconds, 86_400)
        let words = state.withLock { state -> [UInt8] in
            let key = isDay ? day - month.day + 1 + Int64(count) << 8 : 0
            let field = MonthField(day: month.day, letter: letter, count: count)
            if isDay, let known = state.days[key] { return known }
            if !isDay, let known = state.months[field] { return known }
            let pattern = String(repeating: Character(Unicode.Scalar(letter)), count: count)
            let formatter = state.formatters[pattern] ?? made(pattern)
            state.formatters[pattern] = formatter
            let words = Array(
                DatePattern.escaped(formatter.string(from: CalendarSystem.date(isDay ? day : month.day))).utf8)
            if isDay {
                state.days[key] = words
            } else {
                if state.months.count >= Self.keptFields { state.months.removeAll(keepingCapacity: true) }
                state.months[field] = words
            }
            return words
        }
        words.withUnsafeBufferPointer { text.append(bytes: $0) }
    }

    private func made(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = system.calendar
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter
    }
}

extension DatePattern {
    /// One `DateFormatter` for a whole pattern, in UTC, since a local time's seconds are read as if they were UTC's:
    /// made only for a pattern that needs it, and used by one thread at a time. A date's words (`byDay`: a pattern
    /// without a time of day) are kept by day, a few thousand.
    final class Formatter: Sendable {
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
