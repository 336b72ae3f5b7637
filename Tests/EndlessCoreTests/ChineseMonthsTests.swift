import Testing

@testable import EndlessCore

/// The Chinese and Korean calendars' tables are ICU's arithmetic, month for month, and cost a window what English
/// does.
@Suite struct ChineseMonthsTests {
    static let tables = ["chinese": ChineseMonths.chinese, "dangi": .dangi]

    @Test(
        arguments: ["chinese", "dangi"],
        [
            0, 1, 2, 622, 1000, 1582, 1899, 1900, 1969, 1970, 2023, 2033, 2100, 3000, 5000, 9998, 9999, 10_000,
        ] as [Int64])
    func theTablesMonthsAreICUs(name: String, year: Int64) throws {
        let calendar = try #require(CalendarSystem.named(name))
        let table = try #require(Self.tables[name]?.months(beginningIn: year))
        #expect(table == calendar.icuMonths(beginningIn: year))
        #expect(calendar.months(beginningIn: year) == table)
    }

    @Test(arguments: ["chinese", "dangi"])
    func pastItsYearsICUAnswers(name: String) throws {
        let table = try #require(Self.tables[name])
        #expect(table.months(beginningIn: -3) == nil && table.months(beginningIn: 10_003) == nil)
    }

    /// The two calendars differ where a new moon falls between Beijing's midnight and Seoul's (3,682 of the 10,005
    /// years): July 1970's month opens on the 3rd in China and the 4th in Korea.
    @Test func theKoreanTableIsNotTheChinese() throws {
        let day = CivilDate(year: 1970, month: 7, day: 3)!.daysSinceEpoch
        #expect(ChineseMonths.chinese.month(containing: day)?.month.day == day)
        #expect(ChineseMonths.dangi.month(containing: day)?.month.day == day - 29)
        #expect(ChineseMonths.dangi.month(containing: day + 1)?.month.day == day + 1)
    }
}

extension ChineseMonthsTests {
    @Test(arguments: ["chinese", "dangi"])
    func aDaysMonthAndTheNextAreTheTablesAsICUFindsThem(name: String) throws {
        let calendar = try #require(CalendarSystem.named(name))
        let table = try #require(Self.tables[name])
        for year: Int64 in [1, 1970, 1989, 2023, 2024, 7777] {
            let months = calendar.icuMonths(beginningIn: year) + calendar.icuMonths(beginningIn: year + 1)
            for (month, next) in zip(months, months.dropFirst()) {
                for day in [month.day, month.day + 13, next.day - 1] {
                    let found = try #require(table.month(containing: day))
                    #expect(found.month == month && found.end == next.day)
                    #expect(table.first(atOrAfter: day, where: { $0.day == next.day }) == next.day)
                }
            }
        }
    }
}

extension ChineseMonthsTests {
    /// A decade's last year, as its label names it: the year ICU's addition reaches.
    @Test(arguments: ["chinese", "dangi"])
    func yearsAddedAreICUs(name: String) throws {
        let calendar = try #require(CalendarSystem.named(name))
        let table = try #require(Self.tables[name])
        for (day, count) in [(Int64(0), Int64(9)), (19_000, 99), (-700_000, 999), (2_900_000, 9)] {
            let later = try #require(table.day(day, addingYears: count))
            let icu = try #require(
                calendar.calendar.date(byAdding: .year, value: Int(count), to: CalendarSystem.date(day)))
            let fields = { calendar.calendar.dateComponents([.era, .year], from: $0) }
            #expect(fields(CalendarSystem.date(later)) == fields(icu))
        }
    }
}
