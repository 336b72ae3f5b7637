import Testing

@testable import EndlessCore

/// A calendar's decades, centuries and millennia found from its kept months begin where ICU's year arithmetic says,
/// and its months are looked up, not worked out again.
@Suite struct CalendarYearsTests {
    @Test(arguments: ["hebrew", "islamic-umalqura", "islamic-civil", "persian", "buddhist", "coptic", "indian", "roc"])
    func decadesCenturiesAndMillenniaAreICUs(calendar name: String) throws {
        let calendar = try #require(CalendarSystem.named(name))
        // 1970, the day before, 2000, 9999-12-31, and days from year 85 to 9910 (the same every run).
        var days: [Int64] = [0, -1, 10_957, 2_932_896]
        for step in 0..<40 { days.append(-688_000 + Int64(step) * 89_017) }
        for day in days {
            for count: Int64 in [10, 100, 1000] {
                #expect(
                    calendar.firstYear(atOrAfter: day, every: count) == calendar.icuYear(atOrAfter: day, every: count),
                    "\(name) \(day) every \(count)")
            }
        }
    }
}

extension CalendarYearsTests {
    /// A Japanese timeline's decades, centuries and millennia open the Gregorian years that are their multiples (a
    /// Julian January's first before 1582), whichever day a window is looked at from: ICU's arithmetic added years
    /// within the era holding the day, so that from 1989 the next decade was 1995 (平成7年) and from 1990 1998.
    @Test func japaneseDecadesAreTheGregorianYearsWhereverAWindowBegins() throws {
        let japanese = try #require(CalendarSystem.named("japanese"))
        for (year, count) in [(1990, 10), (2000, 100), (2000, 1000), (1870, 10), (1600, 100), (700, 10)]
            as [(Int64, Int64)]
        {
            let opening = try #require(japanese.months(beginningIn: year).first { $0.ordinal == 0 && $0.opensMonth })
            // From every 97th day of the `count` years before it, and the day itself.
            var day = opening.day - count * 365 + 1
            while day <= opening.day {
                #expect(
                    japanese.firstYear(atOrAfter: day, every: count) == opening.day,
                    "\(year) every \(count) from \(day)")
                day += 97
            }
            #expect(japanese.firstYear(atOrAfter: opening.day, every: count) == opening.day)
            #expect(japanese.firstYear(atOrAfter: opening.day + 1, every: count) > opening.day + count * 365 - 15)
        }
        let heisei = try #require(CivilDate(year: 1989, month: 6, day: 1)).daysSinceEpoch
        #expect(
            japanese.firstYear(atOrAfter: heisei, every: 10) == CivilDate(year: 1990, month: 1, day: 1)!.daysSinceEpoch)
    }

    /// Heisei began on 8 January 1989, in the middle of Shōwa 64's January: its year ticks there, as 平成元年, and
    /// the seven days of 昭和64年 leave their words to it; Reiwa's first year is 令和元年 (CLDR's `y=jpanyear`).
    @Test func aJapaneseEraOpensItsYearOnItsDay() throws {
        let japanese = try #require(CalendarSystem.named("japanese"))
        let heisei = try #require(CivilDate(year: 1989, month: 1, day: 8)).daysSinceEpoch
        let opening = try #require(japanese.months(beginningIn: 1989).first { $0.day == heisei })
        #expect(opening.opensYear && !opening.opensMonth && opening.year == 1)
        #expect(japanese.firstYear(atOrAfter: heisei - 3, every: 1) == heisei)
        #expect(japanese.firstMonth(atOrAfter: heisei - 3, every: 1) == heisei + 24)  // 1 February
        let timeline = try Timeline(scale: .year, language: try Language.named("ja-JP-u-ca-japanese"))
        var words: [String] = []
        for year: Int64 in [1989, 2019] {
            let block = floorQuotient(
                CivilDate(year: year, month: 6, day: 1)!.daysSinceEpoch * 86_400, timeline.blockSeconds)
            for block in block - 1...block + 1 {
                timeline.forEachTick(ofBlock: block) { placed in
                    guard !placed.isContext, placed.isLabelled else { return }
                    words.append(
                        String(capacity: TimeLabels.longestContext) {
                            timeline.labels.writeMinor(placed.tick, unit: .years(1), into: &$0)
                        })
                }
            }
        }
        #expect(words.contains("平成元年") && words.contains("令和元年") && words.contains("平成2年"), "\(words)")
        #expect(!words.contains("昭和64年") && !words.contains("令和1年"), "\(words)")
    }
}

extension CalendarYearsTests {
    /// A day's month is found from where the kept chunk's mean month puts it, a step or two off: the one ICU's months
    /// say, in lunar, lunisolar and solar calendars and across a chunk's ends (1983 to 1985, 4031 to 4033).
    @Test(arguments: ["hebrew", "islamic-umalqura", "persian", "japanese", "coptic"])
    func aDaysMonthIsICUsFromTheKeptMonths(calendar name: String) throws {
        let calendar = try #require(CalendarSystem.named(name))
        for year: Int64 in [1, 1582, 1983, 1984, 2026, 4031, 4032, 9998] {
            let months = calendar.icuMonths(beginningIn: year) + calendar.icuMonths(beginningIn: year + 1)
            for (month, next) in zip(months, months.dropFirst()) {
                for day in [month.day, month.day + 1, (month.day + next.day) / 2, next.day - 1] {
                    let found = calendar.month(containing: day)
                    #expect(found.month == month && found.end > day && found.end <= next.day, "\(name) \(day)")
                }
            }
        }
    }
}
