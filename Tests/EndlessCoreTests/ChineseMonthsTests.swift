import Testing

@testable import EndlessCore

/// The Chinese calendar's table is ICU's arithmetic, month for month, and costs a window what English does.
@Suite struct ChineseMonthsTests {
    @Test(arguments: [
        0, 1, 2, 622, 1000, 1582, 1899, 1900, 1969, 1970, 2023, 2033, 2100, 3000, 5000, 9998, 9999, 10_000,
    ])
    func theTablesMonthsAreICUs(year: Int64) throws {
        let chinese = try #require(CalendarSystem.named("chinese"))
        let table = try #require(ChineseMonths.chinese.months(beginningIn: year))
        #expect(table == chinese.icuMonths(beginningIn: year))
        #expect(chinese.months(beginningIn: year) == table)
    }

    @Test func pastItsYearsICUAnswers() {
        let table = ChineseMonths.chinese
        #expect(table.months(beginningIn: -3) == nil && table.months(beginningIn: 10_003) == nil)
    }
}

extension ChineseMonthsTests {
    @Test func aDaysMonthAndTheNextAreTheTablesAsICUFindsThem() throws {
        let chinese = try #require(CalendarSystem.named("chinese"))
        for year: Int64 in [1, 1989, 2023, 2024, 7777] {
            let months = chinese.icuMonths(beginningIn: year) + chinese.icuMonths(beginningIn: year + 1)
            for (month, next) in zip(months, months.dropFirst()) {
                for day in [month.day, month.day + 13, next.day - 1] {
                    let found = try #require(ChineseMonths.chinese.month(containing: day))
                    #expect(found.month == month && found.end == next.day)
                    #expect(ChineseMonths.chinese.first(atOrAfter: day, where: { $0.day == next.day }) == next.day)
                }
            }
        }
    }
}

extension ChineseMonthsTests {
    /// A decade's last year, as its label names it: the year ICU's addition reaches.
    @Test func yearsAddedAreICUs() throws {
        let chinese = try #require(CalendarSystem.named("chinese"))
        for (day, count) in [(Int64(0), Int64(9)), (19_000, 99), (-700_000, 999), (2_900_000, 9)] {
            let later = try #require(ChineseMonths.chinese.day(day, addingYears: count))
            let icu = try #require(
                chinese.calendar.date(byAdding: .year, value: Int(count), to: CalendarSystem.date(day)))
            let fields = { chinese.calendar.dateComponents([.era, .year], from: $0) }
            #expect(fields(CalendarSystem.date(later)) == fields(icu))
        }
    }
}
