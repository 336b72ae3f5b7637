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
