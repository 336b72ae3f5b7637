import Foundation

/// A calendar other than the Gregorian (Persian, Hebrew, Buddhist, Japanese, Islamic, Chinese…): the local days its
/// months and years begin on, from ICU's calendars in Foundation (the Chinese and Korean from tables made from them), each
/// Gregorian year's looked up once and kept.
/// A timeline's month and year ticks stand on them; its days and hours are every calendar's.
package final class CalendarSystem: Sendable {
    /// The BCP 47 name (`persian`, `islamic-umalqura`).
    package let identifier: String
    /// Read in UTC: a local time's seconds are taken for UTC's, as the timeline's own arithmetic takes them.
    let calendar: Calendar
    /// The months of each chunk of `MonthChunk.years` Gregorian years, made once asked for and kept: read without a
    /// lock, as a window's every month and year tick reads them.
    private let chunks = MonthChunk.Kept()
    /// A lunisolar calendar's months (Chinese, Korean), from a table rather than ICU's arithmetic.
    private let lunisolar: ChineseMonths?

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
        /// Whether a month begins here: not where only a year does, as a Japanese era's first may in a month's
        /// middle (平成元年 on 8 January 1989).
        package var opensMonth = true
    }

    /// The calendars a `-u-ca-` keyword may name, by their BCP 47 names; the Gregorian (`gregory`, `iso8601`) is
    /// the timeline's own arithmetic, not one of these.
    static let identifiers: [String: Calendar.Identifier] = [
        "buddhist": .buddhist, "chinese": .chinese, "coptic": .coptic, "dangi": .dangi, "ethioaa": .ethiopicAmeteAlem,
        "ethiopic": .ethiopicAmeteMihret, "hebrew": .hebrew, "indian": .indian, "islamic": .islamic,
        "islamic-civil": .islamicCivil, "islamic-tbla": .islamicTabular, "islamic-umalqura": .islamicUmmAlQura,
        "japanese": .japanese, "persian": .persian, "roc": .republicOfChina,
    ]

    private init(_ identifier: String, _ known: Calendar.Identifier) {
        // Foundation's Amete Alem calendar on Linux is the Gregorian: its months are Amete Mihret's, its years 5500
        // more (`alemYears`).
        var calendar = Calendar(identifier: known == .ethiopicAmeteAlem ? .ethiopicAmeteMihret : known)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        (self.identifier, self.calendar) = (identifier, calendar)
        lunisolar =
            switch identifier {
            case "chinese": .chinese
            case "dangi": .dangi
            default: nil
            }
        isEraYears = identifier == "japanese"
        isCyclic = lunisolar != nil
        yearsRiseByOne = !["japanese", "roc"].contains(identifier)
        alemYears = identifier == "ethioaa"
        meanYear = identifier.hasPrefix("islamic") ? 354.367 : 365.2425
    }

    /// Whether a year's number rises by one a year: not where a Japanese era restarts it, nor in the Minguo
    /// calendar, whose years before 1912 count down.
    private let yearsRiseByOne: Bool
    /// Whether years are counted from the creation (Amete Alem): Amete Mihret's years 5500 on, whose own era before
    /// its year 1 counts them already.
    private let alemYears: Bool
    /// A year's mean length in days: a lunar calendar's (Islamic) or a solar's.
    private let meanYear: Double

    /// Each calendar once, shared by every language that uses it (its years kept once).
    private static let all = Dictionary(
        uniqueKeysWithValues: identifiers.map { ($0.key, CalendarSystem($0.key, $0.value)) })

    /// The calendar named `identifier` (a BCP 47 name), or `nil` for the Gregorian or a name ICU lacks.
    static func named(_ identifier: String) -> CalendarSystem? { all[identifier] }

    /// The calendar a locale uses when it names none (`fa-IR`: Persian, `th-TH`: Buddhist), if not the Gregorian.
    static func own(of locale: Locale) -> CalendarSystem? {
        identifiers.first { $0.value == locale.calendar.identifier }.flatMap { all[$0.key] }
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

    /// The months that begin in Gregorian year `year`, in order: a lunisolar calendar's from its table, another's
    /// from ICU, each Gregorian year's once.
    package func months(beginningIn year: Int64) -> [MonthStart] {
        if let lunisolar, let months = lunisolar.months(beginningIn: year) { return months }
        guard let chunk = chunk(holding: year) else { return icuMonths(beginningIn: year) }
        let (first, end) = (Self.january(year), Self.january(year + 1))
        return chunk.months.filter { Int64($0.day) >= first && Int64($0.day) < end }.map(\.start)
    }

    /// The chunk of months that holds Gregorian year `year`'s, made now if it was not; `nil` outside them.
    func chunk(holding year: Int64) -> MonthChunk? {
        guard let index = MonthChunk.index(holding: year) else { return nil }
        if let known = chunks[index] { return known }
        // 64 years of ICU's arithmetic, a few milliseconds: two threads may both make one, and keep the first.
        let first = MonthChunk.firstYear(of: index)
        return chunks.keep((first..<first + MonthChunk.years).flatMap { icuMonths(beginningIn: $0) }, at: index)
    }

    static func january(_ year: Int64) -> Int64 { CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch }

    /// `months(beginningIn:)` as ICU's arithmetic finds them.
    func icuMonths(beginningIn year: Int64) -> [MonthStart] {
        let first = CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch
        let end = CivilDate(year: year + 1, month: 1, day: 1)!.daysSinceEpoch
        var months: [MonthStart] = []
        guard var date = calendar.dateInterval(of: .month, for: Self.date(first))?.start else { return [] }
        // Each month's year and era are compared with the month before's, and only where they differ with the day
        // before's (an era may open in the middle of a month); the next month's first day is a month after this
        // one's. Its place in its year is ICU's (a Hebrew year without Adar I skips its place; a Chinese leap month
        // shares its predecessor's).
        var previous = calendar.dateComponents([.era, .year], from: date.addingTimeInterval(-86_400))
        // The first month's year number, then one more where a year opens.
        var yearIndex = yearNumber(of: date)
        var counted = false
        var lastOrdinal = Int64(-1)
        // One month past the year's, to see a year that opened in the middle of its last month.
        var lastDay: Int64? = nil
        while case let day = Self.day(of: date), day < end || lastDay.map({ $0 < end }) == true {
            let fields = calendar.dateComponents([.era, .year], from: date)
            let opensYear =
                fields != previous
                && calendar.dateComponents([.era, .year], from: date.addingTimeInterval(-86_400)) != fields
            if fields != previous && !opensYear, let lastDay {
                // A year (an era) opened within the month before: on the first of its days that reads so.
                var (low, high) = (lastDay, day)  // `low` reads the year before, `high` this one
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if calendar.dateComponents([.era, .year], from: Self.date(middle)) == fields {
                        high = middle
                    } else {
                        low = middle
                    }
                }
                if !isEraYears { yearIndex += 1 }
                if high >= first && high < end {
                    var opening = MonthStart(
                        day: high, ordinal: lastOrdinal, year: yearNumber(of: fields), opensYear: true)
                    opening.yearIndex = isEraYears ? CivilDate(daysSinceEpoch: high).year - 1970 : yearIndex
                    opening.opensMonth = false
                    months.append(opening)
                }
            }
            if opensYear && counted && !isEraYears { yearIndex += 1 }
            let ordinal = Int64(calendar.ordinality(of: .month, in: .year, for: date) ?? 1) - 1
            if day >= first && day < end {
                var month = MonthStart(day: day, ordinal: ordinal, year: yearNumber(of: fields), opensYear: opensYear)
                month.yearIndex = isEraYears ? CivilDate(daysSinceEpoch: day).year - 1970 : yearIndex
                month.sharesOrdinal = ordinal == lastOrdinal
                months.append(month)
            }
            lastOrdinal = ordinal
            counted = true
            previous = fields
            lastDay = day
            // Never nil nor earlier for a calendar ICU has; a loop that cannot stall.
            guard let next = calendar.date(byAdding: .month, value: 1, to: date), next > date else { break }
            date = next
        }
        return months
    }

    /// The number of the year `fields` (an era and a year of `calendar`) name, as the calendar counts.
    private func yearNumber(of fields: DateComponents) -> Int64 {
        Int64(fields.year ?? 0) + (alemYears && fields.era == 1 ? 5_500 : 0)
    }

    /// The month that holds `day`, and a day it lasts until at least (the next month's first, or sooner).
    package func month(containing day: Int64) -> (month: MonthStart, end: Int64) {
        if let lunisolar, let found = lunisolar.month(containing: day) { return found }
        let year = CivilDate(daysSinceEpoch: day).year
        let holding = chunk(holding: year)
        guard let months = holding?.months, let index = holding?.last(atOrBefore: day) else {
            // Before a chunk's first month: the last of the chunk before, until that first.
            let before = chunk(holding: year - MonthChunk.years)?.months.last?.start
            return (
                before ?? MonthStart(day: day, ordinal: 0, year: 0, opensYear: true),
                holding?.months.first.map { Int64($0.day) } ?? day + 1
            )
        }
        let next = index + 1 < months.count ? Int64(months[index + 1].day) : nil
        return (months[index].start, next ?? Self.january(year + 1))
    }

    /// The first day at or after `day` on which a month begins whose place in its year is a multiple of `count` (a
    /// quarter's first month, for 3); a day past time's ends if none is before them.
    package func firstMonth(atOrAfter day: Int64, every count: Int64) -> Int64 {
        first(atOrAfter: day) { $0.opensMonth && $0.ordinal % count == 0 && (count == 1 || !$0.sharesOrdinal) }
    }

    /// The first day at or after `day` on which a year begins (an era's too, as a Japanese one does); for `count`
    /// of 10 or more, one whose number is a multiple of `count` (a decade's first), found from the kept months near
    /// where that year must begin rather than year by year, so that a millennium's tick costs what a year's does.
    package func firstYear(atOrAfter day: Int64, every count: Int64) -> Int64 {
        guard count > 1 else {
            if lunisolar != nil { return first(atOrAfter: day) { $0.opensYear } }
            let past = Self.january(Self.lastYear + 2)
            return yearOpening(atOrAfter: day).map { min($0.day, past) } ?? past
        }
        if isCyclic { return firstCyclicYear(atOrAfter: day, every: count) }
        if isEraYears { return firstEraYear(atOrAfter: day, every: count) }
        if let found = keptYear(atOrAfter: day, every: count) { return found }
        return icuYear(atOrAfter: day, every: count)
    }

    /// `firstYear(atOrAfter:every:)` from the kept months: the next year opening, then the one whose number is the
    /// next multiple of `count`, looked for from a little before where the years' mean length puts it. `nil` where a
    /// year's number does not rise one a year (a Japanese era restarts it; the Minguo calendar's years before 1912 count
    /// down).
    private func keptYear(atOrAfter day: Int64, every count: Int64) -> Int64? {
        let past = Self.january(Self.lastYear + 2)
        guard yearsRiseByOne, let opening = yearOpening(atOrAfter: day) else { return nil }
        let wanted = floorQuotient(opening.year + count - 1, count) * count
        if wanted == opening.year { return min(opening.day, past) }
        guard wanted > opening.year else { return nil }
        // Within 400 days of the mean: a Hebrew year's 19-year cycle and a lunar year's 30 keep them far nearer.
        let near = opening.day + Int64(Double(wanted - opening.year) * meanYear) - 400
        guard near < past else { return past }
        // The years opening from there, one after another: a few at most.
        var from = max(near, opening.day + 1)
        for _ in 0..<4 {
            guard let next = yearOpening(atOrAfter: from), next.year <= wanted else { return nil }
            if next.year == wanted { return min(next.day, past) }
            from = next.day + 1
        }
        return nil
    }

    /// ICU's year arithmetic for `firstYear(atOrAfter:every:)`: the Minguo calendar's years, whose numbers count down
    /// before 1912.
    func icuYear(atOrAfter day: Int64, every count: Int64) -> Int64 {
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

    /// Years from the one that holds 1970-01-01 to the one that holds `date`. A cyclic calendar's from its cycle and
    /// year (ICU's difference of two dates far apart adds a year at a time, each a new moon's astronomy); another's
    /// by ICU's difference, whose eras (Japanese) restart the year's number.
    private func yearNumber(of date: Date) -> Int64 {
        if isCyclic {
            let (now, zero) = (calendar.dateComponents([.era, .year], from: date), cycleZero)
            return Int64((now.era ?? 0) - zero.era) * 60 + Int64((now.year ?? 0) - zero.year)
        }
        let yearZero = calendar.dateInterval(of: .year, for: Self.date(0))?.start ?? Self.date(0)
        let yearStart = calendar.dateInterval(of: .year, for: date)?.start ?? date
        return Int64(calendar.dateComponents([.year], from: yearZero, to: yearStart).year ?? 0)
    }

    /// Whether years are an era's (Japanese): a new era opens a year in a Gregorian year's middle, so a year is
    /// numbered for labels by the Gregorian year it stands in, the era's first and the year it ends alike.
    let isEraYears: Bool

    /// The cycle and year that hold 1970-01-01, in a cyclic calendar.
    private var cycleZero: (era: Int, year: Int) {
        let fields = calendar.dateComponents([.era, .year], from: Self.date(0))
        return (fields.era ?? 0, fields.year ?? 0)
    }

    /// The Chinese and Korean calendars number years in cycles of 60: their decades and centuries are those of the
    /// Gregorian year each begins in.
    let isCyclic: Bool

    private func firstCyclicYear(atOrAfter day: Int64, every count: Int64) -> Int64 {
        // No timeline's tick is before year 1: a reach further back starts from the kept months' first year.
        let from = max(CivilDate(daysSinceEpoch: day).year, MonthChunk.firstYear)
        var year = floorQuotient(from + count - 1, count) * count
        while year <= Self.lastYear + 1 {
            let january = CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch
            // The year that opens in Gregorian year `year`: a lunisolar one from its table, without an array.
            if let lunisolar,
                let opening = lunisolar.first(atOrAfter: max(day, january), where: \.opensYear)
            {
                if opening < CivilDate(year: year + 1, month: 1, day: 1)!.daysSinceEpoch { return opening }
            } else if let opening = months(beginningIn: year).first(where: { $0.opensYear && $0.day >= day }) {
                return opening.day
            }
            year += count
        }
        return CivilDate(year: Self.lastYear + 2, month: 1, day: 1)!.daysSinceEpoch
    }

    static func date(_ day: Int64) -> Date { Date(timeIntervalSince1970: Double(day) * 86_400) }
    static func day(of date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / 86_400).rounded(.down)) }

    private func first(atOrAfter day: Int64, where wanted: (MonthStart) -> Bool) -> Int64 {
        let past = Self.january(Self.lastYear + 2)
        if let lunisolar, let found = lunisolar.first(atOrAfter: day, where: wanted) {
            return min(found, past)
        }
        return firstStart(atOrAfter: day, where: wanted).map { min($0.day, past) } ?? past
    }

    /// The first month at or after `day` that is `wanted`, from the kept chunks (a day before them looks from their
    /// first: no timeline's tick is before year 1); `nil` if none is by time's end.
    func firstStart(atOrAfter day: Int64, where wanted: (MonthStart) -> Bool) -> MonthStart? {
        var year = max(CivilDate(daysSinceEpoch: day).year, MonthChunk.firstYear)
        while year <= Self.lastYear + 1, let chunk = chunk(holding: year) {
            // From the chunk's month at or before `day`, in order.
            for month in chunk.months[(chunk.last(atOrBefore: day) ?? 0)...] where Int64(month.day) >= day {
                let start = month.start
                if wanted(start) { return start }
            }
            year = MonthChunk.firstYear(of: MonthChunk.index(holding: year)! + 1)
        }
        return nil
    }

    /// The first month at or after `day` that opens a year, from the kept chunks' openings (a day before them looks
    /// from their first); `nil` if none is by time's end.
    private func yearOpening(atOrAfter day: Int64) -> MonthStart? {
        var year = max(CivilDate(daysSinceEpoch: day).year, MonthChunk.firstYear)
        while year <= Self.lastYear + 1, let chunk = chunk(holding: year) {
            if let found = chunk.yearOpening(atOrAfter: day) { return chunk.months[found].start }
            year = MonthChunk.firstYear(of: MonthChunk.index(holding: year)! + 1)
        }
        return nil
    }

    /// The local day `count` of this calendar's years after `day`: a decade's last year, to name it.
    package func day(_ day: Int64, addingYears count: Int64) -> Int64 {
        if let lunisolar, let later = lunisolar.day(day, addingYears: count) { return later }
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        guard let later = calendar.date(byAdding: .year, value: Int(count), to: date) else { return day }
        return Int64((later.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}
