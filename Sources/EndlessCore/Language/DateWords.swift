import Foundation

/// How a locale writes the timeline's words: its month and weekday names, and the patterns CLDR gives for each
/// label's fields (skeletons, as `Intl.DateTimeFormat` asks for them: `EEEd` is `Mon 30`, `30 lun.`, `30日(月)`),
/// parsed once so that a label is written from them byte by byte. In a calendar other than the Gregorian, a date's
/// month-long fields (its year, month, era) and its day's number are ICU's, written once a month and a number
/// (`CalendarWords`); a pattern with a field written nowhere here (a flexible day period) is Foundation's to write.
/// A class, kept by its language: a label borrows it, and copies none of its patterns.
package final class DateWords: Sendable {
    /// Monday first, as `CivilDate.weekday` counts.
    let weekdays: Names
    let months: Names
    /// `AM` and `PM`.
    let dayPeriods: WordList
    let digits: NumberSymbols
    /// A calendar's words, when it is not the Gregorian.
    let calendar: CalendarWords?

    /// A tick's field at each unit, and the contexts above them.
    let day, month, year, dayContext, monthContext: DatePattern
    /// The shorter forms a crowded row takes: the day's number (`16`, `16日`), a day's and a month's context
    /// with the month abbreviated (`16 Sep 2026`, `Sep 2026`).
    let dayNumber, shortDayContext, shortMonthContext: DatePattern
    /// The clock on each cycle: hours and minutes, with seconds, and the hour alone (`2 PM`; a 24-hour clock writes
    /// `14:00` there).
    let clock24, seconds24, clock12, seconds12, hour12: DatePattern
    /// The value as a reader hears it: the day and the time, with seconds, on each cycle.
    let spoken24, spoken12: DatePattern
    /// The clock's labels on the language's own cycle, written when the language is made: every minute of a day
    /// (`clock24`'s or `clock12`'s), and on a 12-hour clock every hour alone (`hour12`'s). A timeline's hours and
    /// minutes are most of its labels; each is then a copy of a few bytes (the tables are about 20 KiB).
    private let minutes: WordList
    private let hours: WordList
    private let cycle: HourCycle

    struct Names: Sendable {
        let abbreviated, wide, standaloneAbbreviated, standaloneWide: WordList
    }

    init(_ locale: Locale, digits: NumberSymbols, calendar: CalendarSystem? = nil, hours cycle: HourCycle = .twentyFour)
    {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = Calendar(identifier: .gregorian)  // weekdays are every calendar's; months the Gregorian's
        let mondayFirst = { (names: [String]) in WordList(Array(names.dropFirst() + names.prefix(1))) }
        weekdays = Names(
            abbreviated: mondayFirst(formatter.shortWeekdaySymbols), wide: mondayFirst(formatter.weekdaySymbols),
            standaloneAbbreviated: mondayFirst(formatter.shortStandaloneWeekdaySymbols),
            standaloneWide: mondayFirst(formatter.standaloneWeekdaySymbols))
        months = Names(
            abbreviated: WordList(formatter.shortMonthSymbols), wide: WordList(formatter.monthSymbols),
            standaloneAbbreviated: WordList(formatter.shortStandaloneMonthSymbols),
            standaloneWide: WordList(formatter.standaloneMonthSymbols))
        let periods = WordList([formatter.amSymbol, formatter.pmSymbol])
        dayPeriods = periods
        self.digits = digits
        self.calendar = calendar.map { CalendarWords($0, locale: locale) }
        let pattern = { (skeleton: String) in
            DatePattern(skeleton: skeleton, locale: locale, otherCalendar: calendar != nil)
        }
        (day, month, year) = (pattern("EEEd"), pattern("MMM"), pattern("y"))
        (dayContext, monthContext) = (pattern("yMMMMEEEEd"), pattern("yMMMM"))
        (dayNumber, shortDayContext, shortMonthContext) = (pattern("d"), pattern("yMMMd"), pattern("yMMM"))
        let (minutes24, minutes12, hour) = (pattern("Hm"), pattern("hm"), pattern("h"))
        (clock24, seconds24) = (minutes24, pattern("Hms"))
        (clock12, seconds12, hour12) = (minutes12, pattern("hms"), hour)
        (spoken24, spoken12) = (pattern("yMMMMEEEEdHms"), pattern("yMMMMEEEEdhms"))
        self.cycle = cycle
        let table = { (pattern: DatePattern, count: Int, seconds: Int64) in
            WordList(
                written: (0..<count).map { index in
                    String(capacity: 128) { text in
                        for part in pattern.parts ?? [] {
                            switch part {
                            case .literal(let range):
                                pattern.literals[range].withUnsafeBufferPointer { text.append(bytes: $0) }
                            case .field(let letter, let count):
                                Self.writeClock(
                                    letter, count, LocalTime(Int64(index) * seconds), digits: digits,
                                    dayPeriods: periods, into: &text)
                            }
                        }
                    }
                })
        }
        minutes = table(cycle == .twelve ? minutes12 : minutes24, 1440, 60)
        hours = cycle == .twelve ? table(hour, 24, 3600) : WordList([])
    }

    /// `14:05`, `14:05:30`, `14:00`; or on a 12-hour clock `2:05 PM`, `2:05:30 PM`, `2 PM`: as English chooses. A
    /// method rather than a pattern handed out, which would be retained and released for each of a window's labels.
    func writeClock(_ local: LocalTime, seconds: Bool, minutes: Bool, hours: HourCycle, into text: inout TextBuilder) {
        switch hours {  // each pattern named where it is stored: one chosen by `?:` would be retained
        case .twentyFour where seconds: write(seconds24, local, into: &text)
        case .twentyFour: write(clock24, local, into: &text)
        case .twelve where seconds: write(seconds12, local, into: &text)
        case .twelve where minutes || local.minute != 0: write(clock12, local, into: &text)
        case .twelve: write(hour12, local, into: &text)
        }
    }

    /// `local`'s fields as `pattern` writes them.
    func write(_ pattern: DatePattern, _ local: LocalTime, into text: inout TextBuilder) {
        guard let parts = pattern.parts else { return text.append(bytes: pattern.formatted(local)) }
        switch cycle {
        case .twentyFour where pattern === clock24, .twelve where pattern === clock12:
            return minutes.append(Int(local.secondOfDay / 60), into: &text)
        case .twelve where pattern === hour12: return hours.append(Int(local.hour), into: &text)
        default: break
        }
        write(parts, pattern.literals, local, into: &text)
    }

    private func write(
        _ parts: [DatePattern.Part], _ literals: [UInt8], _ local: LocalTime, into text: inout TextBuilder
    ) {
        var date: CivilDate?  // worked out once a label, if a field needs it (a clock's do not)
        literals.withUnsafeBufferPointer { literals in
            // `calendar!` where it is stored: bound to a name, it would be retained for each label.
            guard calendar != nil, parts.contains(where: \.isCalendars) else {
                return write(parts, literals, local, &date, month: nil, into: &text)
            }
            calendar!.withMonth(containing: floorQuotient(local.seconds, 86_400)) { month in
                write(parts, literals, local, &date, month: &month, into: &text)
            }
        }
    }

    /// `parts` in the Gregorian calendar, or with the calendar's fields from `month`, in its lock (a pointer: an
    /// optional `inout`).
    private func write(
        _ parts: [DatePattern.Part], _ literals: UnsafeBufferPointer<UInt8>, _ local: LocalTime,
        _ date: inout CivilDate?, month: UnsafeMutablePointer<CalendarWords.Words>?, into text: inout TextBuilder
    ) {
        for part in parts {
            switch part {
            case .literal(let range): text.append(bytes: UnsafeBufferPointer(rebasing: literals[range]))
            case .field(let letter, let count):
                if let month, CalendarWords.isCalendars(letter) {
                    month.pointee.write(letter, count, into: &text)
                } else {
                    write(letter, count, local, &date, into: &text)
                }
            }
        }
    }

    /// One field of the Gregorian calendar's, or of the clock's; `known` is the day's date, once a field needed it.
    private func write(
        _ letter: UInt8, _ count: Int, _ local: LocalTime, _ known: inout CivilDate?, into text: inout TextBuilder
    ) {
        if Self.writeClock(letter, count, local, digits: digits, dayPeriods: dayPeriods, into: &text) { return }
        let date = known ?? local.date
        known = date
        switch letter {
        case UInt8(ascii: "y"): digits.write(count == 2 ? date.year % 100 : date.year, width: count, into: &text)
        // Each list named where it is stored: one chosen by `?:` would be retained for each label.
        case UInt8(ascii: "M"), UInt8(ascii: "L"):
            let month = Int(date.month - 1)
            switch (count, letter == UInt8(ascii: "L")) {
            case (...2, _): digits.write(date.month, width: count, into: &text)
            case (3, false): months.abbreviated.append(month, into: &text)
            case (3, true): months.standaloneAbbreviated.append(month, into: &text)
            case (_, false): months.wide.append(month, into: &text)
            case (_, true): months.standaloneWide.append(month, into: &text)
            }
        case UInt8(ascii: "d"): digits.write(date.day, width: count, into: &text)
        case UInt8(ascii: "E") where count == 4: weekdays.wide.append(Int(date.weekday), into: &text)
        case UInt8(ascii: "E"): weekdays.abbreviated.append(Int(date.weekday), into: &text)
        // `c`: `parts` has no other
        case _ where count == 4: weekdays.standaloneWide.append(Int(date.weekday), into: &text)
        default: weekdays.standaloneAbbreviated.append(Int(date.weekday), into: &text)
        }
    }
}

extension DateWords {
    /// Writes a clock's field (an hour, a minute, a second, a day period); `false` for any other.
    @discardableResult
    static func writeClock(
        _ letter: UInt8, _ count: Int, _ local: LocalTime, digits: NumberSymbols, dayPeriods: WordList,
        into text: inout TextBuilder
    ) -> Bool {
        switch letter {
        case UInt8(ascii: "a"): dayPeriods.append(local.hour < 12 ? 0 : 1, into: &text)
        case UInt8(ascii: "H"): digits.write(local.hour, width: count, into: &text)
        case UInt8(ascii: "k"): digits.write(local.hour == 0 ? 24 : local.hour, width: count, into: &text)
        case UInt8(ascii: "K"): digits.write(local.hour % 12, width: count, into: &text)
        case UInt8(ascii: "h"): digits.write(local.hour % 12 == 0 ? 12 : local.hour % 12, width: count, into: &text)
        case UInt8(ascii: "m"): digits.write(local.minute, width: count, into: &text)
        case UInt8(ascii: "s"): digits.write(local.second, width: count, into: &text)
        default: return false
        }
        return true
    }
}

/// Words one after another in one buffer, escaped for XML once: a word is written as a range of it, with nothing to
/// count or retain.
struct WordList: Sendable {
    private let bytes: [UInt8]
    private let ends: [Int]

    /// `words`, escaped for XML.
    init(_ words: [String]) { self.init(written: words.map(DatePattern.escaped)) }

    /// Words already escaped: labels a pattern wrote.
    init(written words: [String]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for word in words {
            bytes += word.utf8
            ends.append(bytes.count)
        }
        (self.bytes, self.ends) = (bytes, ends)
    }

    func append(_ index: Int, into text: inout TextBuilder) {
        guard ends.indices.contains(index) else { return }
        let start = index == 0 ? 0 : ends[index - 1]
        bytes.withUnsafeBufferPointer { text.append(bytes: UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
    }
}

/// A CLDR date pattern (`EEEE, d. MMMM y`) as literal bytes and fields; `parts` is `nil` for one with a field
/// written nowhere here, which Foundation formats whole.
final class DatePattern: Sendable {
    enum Part: Sendable, Hashable {
        case literal(Range<Int>)
        case field(UInt8, count: Int)

        /// Whether it is a field a calendar other than the Gregorian writes (`CalendarWords.isCalendars`).
        var isCalendars: Bool {
            guard case .field(let letter, _) = self else { return false }
            return CalendarWords.isCalendars(letter)
        }
    }

    let parts: [Part]?
    /// Every literal's bytes, escaped for XML, one after another.
    let literals: [UInt8]
    private let formatter: Formatter

    /// The pattern the locale's CLDR data gives for `skeleton`, in the calendar its `@calendar=` names: a calendar
    /// other than the Gregorian's fields written by `CalendarWords` when `otherCalendar`.
    init(skeleton: String, locale: Locale, otherCalendar: Bool = false) {
        let pattern = DateFormatter.dateFormat(fromTemplate: skeleton, options: 0, locale: locale) ?? skeleton
        let read = Self.parts(of: pattern, written: otherCalendar ? Self.inCalendar : Self.gregorian)
        (parts, literals) = (read?.parts, read?.literals ?? [])
        formatter = Formatter(
            pattern: pattern, locale: locale,
            byDay: !skeleton.contains { "hHkKms".contains($0) })
    }

    /// The counts of each letter written here for a Gregorian date.
    private static let gregorian: [UInt8: ClosedRange<Int>] = [
        UInt8(ascii: "y"): 1...4, UInt8(ascii: "M"): 1...4, UInt8(ascii: "L"): 1...4, UInt8(ascii: "d"): 1...2,
        UInt8(ascii: "E"): 1...4, UInt8(ascii: "c"): 3...4, UInt8(ascii: "a"): 1...3, UInt8(ascii: "h"): 1...2,
        UInt8(ascii: "H"): 1...2, UInt8(ascii: "K"): 1...2, UInt8(ascii: "k"): 1...2, UInt8(ascii: "m"): 1...2,
        UInt8(ascii: "s"): 1...2,
    ]

    /// In another calendar, also what a month's words are (its year, month, era, cyclic year, related year), any
    /// count: `CalendarWords` writes them as ICU does.
    private static let inCalendar = gregorian.merging(
        "yMLGUrQqu".utf8.map { ($0, 1...5) }, uniquingKeysWith: { $1 })

    /// Letters are fields, a run of one letter each; text in `'…'` is literal, and `''` a quote.
    static func parts(of pattern: String, written: [UInt8: ClosedRange<Int>]) -> (parts: [Part], literals: [UInt8])? {
        var parts: [Part] = []
        var literals: [UInt8] = []
        var literal = ""
        var quoted = false
        var characters = pattern.unicodeScalars[...]
        func flush() {
            guard !literal.isEmpty else { return }
            let start = literals.count
            literals += escaped(literal).utf8
            parts.append(.literal(start..<literals.count))
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
        return (parts, literals)
    }

    /// `text` as XML character data: CLDR's words hold no `<` or `&`, but nothing here assumes it.
    static func escaped(_ text: String) -> String {
        guard
            text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
        else { return text }  // nearly always: `replacing` would cost more than the formatting
        return text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    /// `local`'s fields as Foundation's formatter writes them, for a pattern `parts` does not cover.
    func formatted(_ local: LocalTime) -> String { formatter.format(local) }
}
