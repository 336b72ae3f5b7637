extension CalendarSystem {
    /// `firstYear(atOrAfter:every:)` for `count` over 1 in a calendar of eras (Japanese): the first day of a
    /// Gregorian year that is a multiple of `count`, at or after `day`, which begins a year of the era that holds it.
    /// An era's years restart and none reaches a century, so decades and centuries are the Gregorian years' (as a
    /// label every so many years is chosen by `MonthStart.yearIndex`); ICU's year arithmetic, which adds years within
    /// the era holding `day`, put them where a window began (from 1989, 平成7年; from 1990, 平成10年), so that two
    /// tiles could disagree. From the kept months: a January before 1582 is the Julian calendar's, as ICU's is.
    func firstEraYear(atOrAfter day: Int64, every count: Int64) -> Int64 {
        let past = Self.january(Self.lastYear + 2)
        // A January's first is within 15 days of the Gregorian one (10 days apart in 1582, 2 in year 1).
        var year = floorQuotient(CivilDate(daysSinceEpoch: day - 15).year + count - 1, count) * count
        while year <= Self.lastYear + 1 {
            guard
                let january = firstStart(
                    atOrAfter: Self.january(year) - 15, where: { $0.opensMonth && $0.ordinal == 0 })
            else { break }
            if january.day >= day { return min(january.day, past) }
            year += count
        }
        return past
    }
}
