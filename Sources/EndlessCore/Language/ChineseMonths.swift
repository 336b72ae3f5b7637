import Foundation

/// A lunisolar calendar's months from a table (the Chinese `ChineseMonths+chinese.swift` and the Korean
/// `ChineseMonths+dangi.swift`, made from ICU's calendars by `scripts/make-chinese-months`): a year's months are a few
/// additions, where ICU works out the new moons and solar terms of each month it is asked about, 100 µs or more a month
/// far from today (issue 61: a window of 4,000 years took 6 to 18 s). 10,005 years, 3 bytes each. Held by its
/// `CalendarSystem`, not read through statics: each tick looks it up, and a static's every read checks that it was made.
struct ChineseMonths: Sendable {
    /// Each year's first day, and one past the last year's end.
    private let starts: [Int64]
    /// Each year's months' lengths (bit m: 30 days) and its leap month's place (bits 13–16, 0 for none).
    private let words: [UInt32]
    /// The first year's place in its 60-year cycle (1–60).
    private let firstYear: Int
    /// The year that holds 1970-01-01: `MonthStart.yearIndex` counts from it.
    private var zero = 0

    /// The table of the years from the one beginning on `firstDay`, `firstYear` in its cycle, `packed` in base 64.
    init(firstDay: Int64, firstYear: Int, packed: String) {
        self.firstYear = firstYear
        let bytes = [UInt8](Data(base64Encoded: packed) ?? Data())
        words = stride(from: 0, to: bytes.count - 2, by: 3).map {
            UInt32(bytes[$0]) | UInt32(bytes[$0 + 1]) << 8 | UInt32(bytes[$0 + 2]) << 16
        }
        var starts = [firstDay]
        starts.reserveCapacity(words.count + 1)
        for word in words { starts.append(starts.last! + Self.length(of: word)) }
        self.starts = starts
        zero = year(holding: 0) ?? 0
    }

    private static func leapPlace(_ word: UInt32) -> Int { Int(word >> 13 & 0xF) }
    private static func monthCount(_ word: UInt32) -> Int { Self.leapPlace(word) == 0 ? 12 : 13 }
    private static func length(of word: UInt32, month: Int) -> Int64 { word & 1 << month != 0 ? 30 : 29 }
    private static func length(of word: UInt32) -> Int64 {
        (0..<Self.monthCount(word)).reduce(0) { $0 + Self.length(of: word, month: $1) }
    }

    /// The table's year that holds local day `day`, or `nil` outside it: from where the mean year puts it, a year
    /// or two off at most (a lunisolar year keeps within a month of the solar one), as every tick asks.
    private func year(holding day: Int64) -> Int? {
        guard day >= starts[0], day < starts[starts.count - 1] else { return nil }
        var index = min(Int(Double(day - starts[0]) / 365.2422), starts.count - 2)
        while starts[index] > day { index -= 1 }
        while starts[index + 1] <= day { index += 1 }
        return index
    }

    /// The month at place `place` of the table's year `index`, which begins on `day`.
    private func month(year index: Int, place: Int, day: Int64) -> CalendarSystem.MonthStart {
        let leap = Self.leapPlace(words[index])
        var month = CalendarSystem.MonthStart(
            day: day, ordinal: Int64(leap == 0 || place < leap ? place : place - 1),
            year: Int64((firstYear - 1 + index) % 60 + 1), opensYear: place == 0)
        month.yearIndex = Int64(index - zero)
        month.sharesOrdinal = leap != 0 && place == leap
        return month
    }

    /// The month that holds local day `day`, and the day after it ends; `nil` outside the table.
    func month(containing day: Int64) -> (month: CalendarSystem.MonthStart, end: Int64)? {
        guard let index = year(holding: day) else { return nil }
        let word = words[index]
        var (start, place) = (starts[index], 0)
        while place + 1 < Self.monthCount(word), start + Self.length(of: word, month: place) <= day {
            start += Self.length(of: word, month: place)
            place += 1
        }
        return (month(year: index, place: place, day: start), start + Self.length(of: word, month: place))
    }

    /// The first day at or after `day` on which a month `wanted` begins; `nil` where none does in the table.
    func first(atOrAfter day: Int64, where wanted: (CalendarSystem.MonthStart) -> Bool) -> Int64? {
        guard var index = year(holding: day) else { return nil }
        var (place, start) = (0, starts[index])
        while index < words.count {
            if start >= day && wanted(month(year: index, place: place, day: start)) { return start }
            start += Self.length(of: words[index], month: place)
            place += 1
            if place == Self.monthCount(words[index]) { (index, place) = (index + 1, 0) }
        }
        return nil
    }

    /// The first day of the year `count` years after the one that holds `day`: its number names a decade's last
    /// year. `nil` outside the table.
    func day(_ day: Int64, addingYears count: Int64) -> Int64? {
        guard let index = year(holding: day), case let later = Int64(index) + count, later >= 0,
            later < Int64(words.count)
        else { return nil }
        return starts[Int(later)]
    }

    /// The months that begin in Gregorian year `year`, as `CalendarSystem.months(beginningIn:)` gives ICU's; `nil`
    /// past the table's years.
    func months(beginningIn year: Int64) -> [CalendarSystem.MonthStart]? {
        let first = CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch
        let end = CivilDate(year: year + 1, month: 1, day: 1)!.daysSinceEpoch
        guard var index = self.year(holding: first), end < starts[starts.count - 1] else { return nil }
        var months: [CalendarSystem.MonthStart] = []
        while starts[index] < end {
            var day = starts[index]
            for place in 0..<Self.monthCount(words[index]) {
                if day >= first && day < end { months.append(month(year: index, place: place, day: day)) }
                day += Self.length(of: words[index], month: place)
            }
            index += 1
        }
        return months
    }
}
