/// A day of the proleptic Gregorian calendar, as a zone's clock names it: years 1 to 9999, as RFC 3339 writes them.
///
/// Days count from 1970-01-01 with Howard Hinnant's `days_from_civil`, in integers: no calendar object, no rounding.
package struct CivilDate: Sendable, Hashable, Comparable {
    package let year: Int64
    /// 1 (January) to 12.
    package let month: Int64
    /// 1 to the month's length.
    package let day: Int64

    /// `nil` for a day that does not exist (31 April, 29 February 2026).
    package init?(year: Int64, month: Int64, day: Int64) {
        guard (1...12).contains(month), day >= 1, day <= Self.length(ofMonth: month, in: year) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The day `days` days after 1970-01-01 (before it, for a negative count).
    package init(daysSinceEpoch days: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this day.
    package var daysSinceEpoch: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 for Monday to 6 for Sunday (1970-01-01 was a Thursday).
    package var weekday: Int64 { modulo(daysSinceEpoch + 3, 7) }

    package static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    package static func length(ofMonth month: Int64, in year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day `count` days later (earlier, for a negative count).
    package func adding(days count: Int64) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + count) }

    /// The first day of the month `count` months later.
    package func firstOfMonth(adding count: Int64) -> CivilDate {
        let months = year * 12 + (month - 1) + count
        return CivilDate(year: floorQuotient(months, 12), month: modulo(months, 12) + 1, day: 1)!
    }

    /// The week's number and the year it belongs to: ISO 8601's (weeks from Monday, week 1 holding the year's first
    /// Thursday) when `weekStart` is Monday; else weeks from Sunday, week 1 holding 1 January (as US calendars count).
    package func week(startingOn weekStart: WeekStart) -> (year: Int64, number: Int64) {
        switch weekStart {
        case .monday:
            let thursday = adding(days: 3 - weekday)
            let first = CivilDate(year: thursday.year, month: 1, day: 1)!
            return (thursday.year, (thursday.daysSinceEpoch - first.daysSinceEpoch) / 7 + 1)
        case .sunday:
            let first = CivilDate(year: year, month: 1, day: 1)!
            let sundayOffset = modulo(first.weekday + 1, 7)  // days from the Sunday starting week 1
            return (year, (daysSinceEpoch - first.daysSinceEpoch + sundayOffset) / 7 + 1)
        case .saturday: return week(firstWeekday: WeekStart.saturday.weekday, minimumDays: 1)
        }
    }

    /// The week's number and the year it belongs to as a locale counts them (CLDR's week data): weeks start on
    /// `firstWeekday` (0 for Monday, as `weekday` counts), and a year's week 1 is its first with at least
    /// `minimumDays` of its days. ISO 8601 is Monday and 4.
    package func week(firstWeekday: Int64, minimumDays: Int64) -> (year: Int64, number: Int64) {
        let day = daysSinceEpoch
        func firstWeek(_ year: Int64) -> Int64 {
            let january = CivilDate(year: year, month: 1, day: 1)!
            let start = january.daysSinceEpoch - modulo(january.weekday - firstWeekday, 7)
            return january.daysSinceEpoch - start > 7 - minimumDays ? start + 7 : start
        }
        for year in [year + 1, year, year - 1] where day >= firstWeek(year) {
            return (year, (day - firstWeek(year)) / 7 + 1)
        }
        return (year - 1, 1)  // not reached: the year before's first week starts before this day
    }

    package static func < (a: CivilDate, b: CivilDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }
}

/// The day a week starts on: ISO 8601's Monday, or Sunday, or Saturday (as in Egypt or Iran).
public enum WeekStart: String, Sendable, Hashable, CaseIterable {
    case monday, sunday, saturday

    /// 0 (Monday), 6 (Sunday) or 5 (Saturday), as `CivilDate.weekday` counts.
    package var weekday: Int64 {
        switch self {
        case .monday: 0
        case .sunday: 6
        case .saturday: 5
        }
    }
}
