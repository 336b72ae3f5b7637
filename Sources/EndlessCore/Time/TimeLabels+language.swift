/// The timeline's words in a language: CLDR's patterns for each field, the locale's digits, its week numbering.
extension TimeLabels {
    func writeMinor(
        _ tick: TimeTick, unit: CalendarUnit, short: Bool, in language: Language, into text: inout TextBuilder
    ) {
        let words = language.dates
        let local = tick.local
        switch unit {
        case .clock(let seconds):
            words.writeClock(local, seconds: seconds < 60, minutes: seconds < 3600, hours: hours, into: &text)
        case .days where short: words.write(words.dayNumber, local, into: &text)
        case .days: words.write(words.day, local, into: &text)
        case .weeks:
            text.append(byte: UInt8(ascii: "W"))
            words.digits.write(week(of: local.date, in: language).number, width: 2, into: &text)
        case .months: words.write(words.month, local, into: &text)
        case .years: words.write(words.year, local, into: &text)
        }
    }

    func writeContext(
        _ tick: TimeTick, unit: CalendarUnit, short: Bool, in language: Language, into text: inout TextBuilder
    ) {
        let words = language.dates
        let local = tick.local
        switch unit {
        case .clock, .days: words.write(short ? words.shortDayContext : words.dayContext, local, into: &text)
        case .weeks, .months: words.write(short ? words.shortMonthContext : words.monthContext, local, into: &text)
        case .years(let count) where count <= 1: words.write(words.year, local, into: &text)
        case .years(let count):  // a decade, a century, a millennium: its first and last years
            let day = firstDay(ofYears: count, holding: floorQuotient(local.seconds, 86_400), in: language)
            words.write(words.year, LocalTime(day * 86_400), into: &text)
            text.append("–")
            let last =
                language.calendar?.day(day, addingYears: count - 1)
                ?? CivilDate(year: CivilDate(daysSinceEpoch: day).year + count - 1, month: 1, day: 1)!.daysSinceEpoch
            words.write(words.year, LocalTime(last * 86_400), into: &text)
        }
    }

    /// The first day of the decade (century, millennium: `count` years) that holds `day`: the last such year's
    /// start at or before it, in the language's calendar.
    private func firstDay(ofYears count: Int64, holding day: Int64, in language: Language) -> Int64 {
        guard let calendar = language.calendar else {
            let year = CivilDate(daysSinceEpoch: day).year
            return CivilDate(year: floorQuotient(year, count) * count, month: 1, day: 1)!.daysSinceEpoch
        }
        // A period's years are at most 385 days each (a Hebrew leap year): one starts within that reach before.
        var first = calendar.firstYear(atOrAfter: day - count * 385 - 1, every: count)
        while case let next = calendar.firstYear(atOrAfter: first + 1, every: count), next <= day { first = next }
        return min(first, day)
    }

    /// The value as a reader hears it, the day and the time to the second in one of CLDR's patterns.
    func writeSpoken(_ local: LocalTime, in language: Language, into text: inout TextBuilder) {
        let words = language.dates
        words.write(hours == .twelve ? words.spoken12 : words.spoken24, local, into: &text)
    }

    /// The week as the language numbers it, from the week start the timeline has (the language's unless given).
    private func week(of date: CivilDate, in language: Language) -> (year: Int64, number: Int64) {
        date.week(firstWeekday: weekStart.weekday, minimumDays: language.minimumDaysInFirstWeek)
    }
}
