import Foundation
import Synchronization

/// A calendar other than the Gregorian (Persian, Hebrew, Buddhist, Japanese, Islamic, Chinese…): the local days its
/// months and years begin on, from ICU's calendars in Foundation, each Gregorian year's looked up once and kept.
/// A timeline's month and year ticks stand on them; its days and hours are every calendar's.
package final class CalendarSystem: Sendable {
    /// The BCP 47 name (`persian`, `islamic-umalqura`).
    package let identifier: String
    /// Read in UTC: a local time's seconds are taken for UTC's, as the timeline's own arithmetic takes them.
    let calendar: Calendar
    private let starts = Mutex<[Int64: [MonthStart]]>([:])

    /// A month's first day: local days since 1970-01-01, its place in its year (0 for the first), the year's
    /// number as the calendar counts (which restarts with a Japanese era), and whether it opens a year (its first
    /// month, or the first of a new era's year 1).
    package struct MonthStart: Sendable, Hashable {
        package let day: Int64
        package let ordinal: Int64
        package let year: Int64
        package let opensYear: Bool
        /// Years since the one that holds 1970-01-01, in this calendar: consecutive, so that a label every so many
        /// years is chosen by its number alone and every tile chooses alike.
        package var yearIndex: Int64 = 0
        /// A leap month that shares its place in its year with the month before (a Chinese one): not a quarter's.
        package var sharesOrdinal = false
    }

    /// The calendars a `-u-ca-` keyword may name, by their BCP 47 names; the Gregorian (`gregory`, `iso8601`) is
    /// the timeline's own arithmetic, not one of these.
    static let identifiers: [String: Calendar.Identifier] = [
        "buddhist": .buddhist, "chinese": .chinese, "coptic": .coptic, "ethioaa": .ethiopicAmeteAlem,
        "ethiopic": .ethiopicAmeteMihret, "hebrew": .hebrew, "indian": .indian, "islamic": .islamic,
        "islamic-civil": .islamicCivil, "islamic-tbla": .islamicTabular, "islamic-umalqura": .islamicUmmAlQura,
        "japanese": .japanese, "persian": .persian, "roc": .republicOfChina,
    ]

    private init(_ identifier: String, _ known: Calendar.Identifier) {
        var calendar = Calendar(identifier: known)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        (self.identifier, self.calendar) = (identifier, calendar)
    }

    /// Each calendar once, shared by every language that uses it (its years kept once).
    private static let all = Dictionary(
        uniqueKeysWithValues: identifiers.map { ($0.key, CalendarSystem($0.key, $0.value)) })

    /// The calendar named `identifier` (a BCP 47 name), or `nil` for the Gregorian or a name ICU lacks.
    static func named(_ identifier: String) -> CalendarSystem? { all[identifier] }

    /// The calendar a locale uses when it names none (`fa-IR`: Persian, `th-TH`: Buddhist), if not the Gregorian.
    static func own(of locale: Locale) -> CalendarSystem? {
        all.values.first { $0.calendar.identifier == locale.calendar.identifier }
    }

    /// ICU's name, as a locale's `@calendar=` keyword takes it.
    var icuName: String {
        switch identifier {
        case "ethioaa": "ethiopic-amete-alem"
        default: identifier
        }
    }

    /// The last year of time (9999), and so of any calendar's ticks here.
    static let lastYear = CivilDate(daysSinceEpoch: floorQuotient(Instant.last.secondsSinceEpoch, 86_400)).year

    /// Gregorian years kept (a few hundred bytes each): past them, all are forgotten and looked up again.
    static let keptYears = 2_048

    /// The months that begin in Gregorian year `year`, in order.
    package func months(beginningIn year: Int64) -> [MonthStart] {
        if let known = starts.withLock({ $0[year] }) { return known }
        let first = CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch
        let end = CivilDate(year: year + 1, month: 1, day: 1)!.daysSinceEpoch
        var months: [MonthStart] = []
        guard var date = calendar.dateInterval(of: .month, for: Self.date(first))?.start else { return [] }
        // Each month's year and era are compared with the month before's, and only where they differ with the day
        // before's (an era may open in the middle of a month); the next month's first day is a month after this
        // one's. Its place in its year is ICU's (a Hebrew year without Adar I skips its place; a Chinese leap month
        // shares its predecessor's).
        var previous = calendar.dateComponents([.era, .year], from: date.addingTimeInterval(-86_400))
        // The first month's year number from ICU's arithmetic, then one more where a year opens.
        let yearZero = calendar.dateInterval(of: .year, for: Self.date(0))?.start ?? Self.date(0)
        let yearStart = calendar.dateInterval(of: .year, for: date)?.start ?? date
        var yearIndex = Int64(calendar.dateComponents([.year], from: yearZero, to: yearStart).year ?? 0)
        var counted = false
        var lastOrdinal = Int64(-1)
        while case let day = Self.day(of: date), day < end {
            let fields = calendar.dateComponents([.era, .year], from: date)
            let opensYear =
                fields != previous
                && calendar.dateComponents([.era, .year], from: date.addingTimeInterval(-86_400)) != fields
            if opensYear && counted { yearIndex += 1 }
            if day >= first {
                let ordinal = Int64(calendar.ordinality(of: .month, in: .year, for: date) ?? 1) - 1
                var month = MonthStart(day: day, ordinal: ordinal, year: Int64(fields.year ?? 0), opensYear: opensYear)
                month.yearIndex = yearIndex
                month.sharesOrdinal = ordinal == lastOrdinal
                months.append(month)
            }
            lastOrdinal = Int64(calendar.ordinality(of: .month, in: .year, for: date) ?? 1) - 1
            counted = true
            previous = fields
            // Never nil nor earlier for a calendar ICU has; a loop that cannot stall.
            guard let next = calendar.date(byAdding: .month, value: 1, to: date), next > date else { break }
            date = next
        }
        starts.withLock { kept in
            if kept.count >= Self.keptYears { kept.removeAll() }
            kept[year] = months
        }
        return months
    }

    /// The month that holds `day`, and a day it lasts until at least (the next month's first, or sooner).
    package func month(containing day: Int64) -> (month: MonthStart, end: Int64) {
        let year = CivilDate(daysSinceEpoch: day).year
        let months = months(beginningIn: year)
        guard let index = months.lastIndex(where: { $0.day <= day }) else {
            // Before the year's first month: the last of the year before, until that first.
            let month =
                self.months(beginningIn: year - 1).last ?? MonthStart(day: day, ordinal: 0, year: 0, opensYear: true)
            return (month, months.first?.day ?? day + 1)
        }
        let next = months.index(after: index)
        return (
            months[index],
            next < months.endIndex ? months[next].day : CivilDate(year: year + 1, month: 1, day: 1)!.daysSinceEpoch
        )
    }

    /// The first day at or after `day` on which a month begins whose place in its year is a multiple of `count` (a
    /// quarter's first month, for 3); a day past time's ends if none is before them.
    package func firstMonth(atOrAfter day: Int64, every count: Int64) -> Int64 {
        first(atOrAfter: day) { $0.ordinal % count == 0 && (count == 1 || !$0.sharesOrdinal) }
    }

    /// The first day at or after `day` on which a year begins (an era's too, as a Japanese one does); for `count`
    /// of 10 or more, one whose number is a multiple of `count` (a decade's first), found by ICU's year arithmetic
    /// rather than year by year, so that a millennium's tick costs what a year's does.
    package func firstYear(atOrAfter day: Int64, every count: Int64) -> Int64 {
        guard count > 1 else { return first(atOrAfter: day) { $0.opensYear } }
        if isCyclic { return firstCyclicYear(atOrAfter: day, every: count) }
        let past = CivilDate(year: Self.lastYear + 2, month: 1, day: 1)!.daysSinceEpoch
        guard day < past, let opening = calendar.dateInterval(of: .year, for: Self.date(day))?.start else {
            return past
        }
        let year = Int64(calendar.component(.year, from: opening))
        // The next multiple of `count` from this year (this one if it starts at `day`), in whole years.
        var wanted = floorQuotient(year + count - 1, count) * count
        if wanted == year && Self.day(of: opening) < day { wanted += count }
        guard let later = calendar.date(byAdding: .year, value: Int(wanted - year), to: opening),
            let start = calendar.dateInterval(of: .year, for: later)?.start
        else { return past }
        return max(day, min(Self.day(of: start), past))
    }

    /// The Chinese and Korean calendars number years in cycles of 60: their decades and centuries are those of the
    /// Gregorian year each begins in.
    var isCyclic: Bool { ["chinese", "dangi"].contains(identifier) }

    private func firstCyclicYear(atOrAfter day: Int64, every count: Int64) -> Int64 {
        var year = floorQuotient(CivilDate(daysSinceEpoch: day).year + count - 1, count) * count
        while year <= Self.lastYear + 1 {
            if let opening = months(beginningIn: year).first(where: { $0.opensYear && $0.day >= day }) {
                return opening.day
            }
            year += count
        }
        return CivilDate(year: Self.lastYear + 2, month: 1, day: 1)!.daysSinceEpoch
    }

    static func date(_ day: Int64) -> Date { Date(timeIntervalSince1970: Double(day) * 86_400) }
    static func day(of date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / 86_400).rounded(.down)) }

    private func first(atOrAfter day: Int64, where wanted: (MonthStart) -> Bool) -> Int64 {
        let past = CivilDate(year: Self.lastYear + 2, month: 1, day: 1)!.daysSinceEpoch
        var year = CivilDate(daysSinceEpoch: day).year
        while year <= Self.lastYear + 1 {
            if let month = months(beginningIn: year).first(where: { $0.day >= day && wanted($0) }) { return month.day }
            year += 1
        }
        return past
    }

    /// The local day `count` of this calendar's years after `day`: a decade's last year, to name it.
    package func day(_ day: Int64, addingYears count: Int64) -> Int64 {
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        guard let later = calendar.date(byAdding: .year, value: Int(count), to: date) else { return day }
        return Int64((later.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}
