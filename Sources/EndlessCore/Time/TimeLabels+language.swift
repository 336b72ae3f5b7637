/// The timeline's words in a language: CLDR's patterns for each field, the locale's digits, its week numbering.
extension TimeLabels {
    func writeMinor(_ tick: TimeTick, unit: CalendarUnit, in language: Language, into text: inout TextBuilder) {
        let words = language.dates
        let local = tick.local
        switch unit {
        case .clock(let seconds):
            words.writeClock(local, seconds: seconds < 60, minutes: seconds < 3600, hours: hours, into: &text)
        case .days: words.write(words.day, local, into: &text)
        case .weeks:
            text.append(byte: UInt8(ascii: "W"))
            words.digits.write(week(of: local.date, in: language).number, width: 2, into: &text)
        case .months: words.write(words.month, local, into: &text)
        case .years: words.write(words.year, local, into: &text)
        }
    }

    func writeContext(_ tick: TimeTick, unit: CalendarUnit, in language: Language, into text: inout TextBuilder) {
        let words = language.dates
        let local = tick.local
        switch unit {
        case .clock, .days: words.write(words.dayContext, local, into: &text)
        case .weeks, .months: words.write(words.monthContext, local, into: &text)
        case .years(let count) where count <= 1: words.write(words.year, local, into: &text)
        case .years(let count):  // a decade, a century, a millennium: its first and last years
            words.write(words.year, local, into: &text)
            text.append("–")
            let day = floorQuotient(local.seconds, 86_400)
            let last =
                language.calendar?.day(day, addingYears: count - 1)
                ?? CivilDate(year: local.date.year + count - 1, month: 1, day: 1)!.daysSinceEpoch
            words.write(words.year, LocalTime(last * 86_400), into: &text)
        }
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
