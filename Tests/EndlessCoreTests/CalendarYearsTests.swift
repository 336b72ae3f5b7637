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
