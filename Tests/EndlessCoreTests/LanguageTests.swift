import Foundation
import Testing

@testable import EndlessCore

/// Every reader's language: numbers with the locale's marks, groups and digits, the timeline's words from CLDR's
/// patterns, the locale's clock and weeks; the value a program reads unchanged; tags read as BCP 47 says.
@Suite struct LanguageTests {
    /// A view's parameters from a query string, read as the server reads them.
    func parameters(_ query: String, _ names: [String]) throws(EndlessError) -> Parameters {
        let pairs = query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        return try Parameters(pairs, accepted: names)
    }

    func ruler(_ query: String) throws -> Ruler { try parameters(query, Parameters.rulerNames).ruler() }

    /// A timeline's words in the block holding `at` and `blocks` either side: each tick's field, and each context.
    func words(_ query: String, at: String, blocks: Int64 = 1) throws -> (minor: [String], context: [String]) {
        let timeline = try parameters(query, Parameters.timelineNames).timeline()
        let middle = timeline.blockStrip.tile(containing: timeline.offset(of: try Instant(rfc3339: at)))
        var (minor, context): ([String], [String]) = ([], [])
        for block in middle - blocks...middle + blocks {
            timeline.forEachTick(ofBlock: block) { placed in
                let text = String(capacity: TimeLabels.longestContext) { timeline.writeWords(of: placed, into: &$0) }
                if placed.isContext { context.append(text) } else { minor.append(text) }
            }
        }
        return (minor, context)
    }

    let wide = "min=-1000000000&max=1000000000&step=0.5&ends=clamp"

    @Test func germanWritesACommaAndSubmitsThePoint() throws {
        let ruler = try ruler("locale=de-DE")
        let value = DecimalNumber("72.4")!
        #expect(ruler.text(value) == "72,4 kg" && ruler.format(value) == "72.4" && ruler.labelText(72) == "72")
        #expect(try self.ruler(wide + "&locale=de-DE").text(DecimalNumber("-1234567.5")!) == "-1.234.567,5 kg")
    }

    @Test func frenchGroupsWithANarrowNoBreakSpace() throws {
        #expect(try ruler(wide + "&locale=fr-FR").text(DecimalNumber("1234.5")!) == "1\u{202F}234,5 kg")
    }

    @Test func swissGermanGroupsWithAnApostrophe() throws {
        #expect(try ruler(wide + "&locale=de-CH").text(DecimalNumber("1234.5")!) == "1’234.5 kg")
    }

    @Test func hindiGroupsInTwosPastTheThousands() throws {
        #expect(try ruler(wide + "&locale=hi-IN").text(DecimalNumber("1234567.5")!) == "12,34,567.5 kg")
        #expect(try ruler(wide + "&locale=hi-IN").text(DecimalNumber("999.5")!) == "999.5 kg")
    }

    @Test func spanishLeavesFourDigitsUngrouped() throws {
        let ruler = try ruler(wide + "&locale=es-ES")
        #expect(ruler.text(DecimalNumber("1234.5")!) == "1234,5 kg" && ruler.text(12_345) == "12.345,0 kg")
    }

    @Test func egyptianArabicWritesArabicIndicDigitsAndSubmitsASCII() throws {
        let ruler = try ruler("locale=ar-EG")
        let value = DecimalNumber("72.4")!
        #expect(ruler.text(value) == "٧٢٫٤ kg" && ruler.format(value) == "72.4")
        #expect(try self.ruler("locale=ar-EG-u-nu-latn").text(value) == "72.4 kg")
        #expect(try self.ruler(wide + "&locale=ar-EG").text(-3) == "\u{61C}-٣٫٠ kg")
    }

    @Test func groupingStillOverridesTheLocalesMarks() throws {
        #expect(try ruler(wide + "&locale=ar-EG&grouping=,.").text(DecimalNumber("1234.5")!) == "١,٢٣٤.٥ kg")
        #expect(try ruler(wide + "&locale=de-DE&grouping= ,").text(DecimalNumber("1234.5")!) == "1 234,5 kg")
    }

    @Test func otherFormatsKeepTheirFormsInTheLocalesDigits() throws {
        #expect(try ruler("format=feet-inches&locale=fa-IR").text(DecimalNumber("68.5")!) == "۵′ ۸½″")
        #expect(try ruler("format=feet-inches&locale=ar-EG").labelText(60) == "٥′")
        #expect(try ruler("format=time&locale=ar-EG").text(90) == "١:٣٠")
        #expect(
            try ruler("format=fraction&step=0.0625&ticks=16&locale=de-DE").text(DecimalNumber("3.5")!) == "3 1⁄2 in")
    }

    @Test func aNumberInTextTakesTheLocalesMinus() throws {
        let numbers = try Language.named("ar-EG").numbers
        #expect(numbers.localized("(12, -3)") == "(١٢, \u{61C}-٣)" && numbers.localized("-0:30") == "\u{61C}-٠:٣٠")
        #expect(numbers.localized("0…-3") == "٠…\u{61C}-٣" && numbers.localized("a-b 1-2") == "a-b ١-٢")
    }

    @Test func americanEnglishHasA12HourClockAndSundayWeeks() throws {
        // CLDR puts a narrow no-break space before `PM`, as browsers' `Intl` does.
        let hours = try words("locale=en-US&scale=1h", at: "2026-10-25T13:00:00Z")
        #expect(hours.minor.contains("2\u{202F}PM") && hours.minor.contains("12\u{202F}PM"), "\(hours.minor)")
        let weeks = try parameters("locale=en-US&scale=1w", Parameters.timelineNames).timeline()
        #expect(weeks.weekStart == .sunday && weeks.hours == .twelve)
        // Weeks from Sunday, week 1 the one holding 1 January: 27 December 2026 opens week 1 of 2027.
        let minor = try words("locale=en-US&scale=1w", at: "2026-12-06T00:00:00Z").minor
        #expect(minor.joined(separator: " ").contains("W51 W52 W01 W02"), "\(minor)")
        #expect(try words("locale=en-US-u-hc-h23&scale=1h", at: "2026-10-25T13:00:00Z").minor.contains("14:00"))
        #expect(try words("locale=en-US&hours=24&scale=1h", at: "2026-10-25T13:00:00Z").minor.contains("14:00"))
    }

    @Test func germanWeeksStartOnMondayAndAreNumberedAsISO8601Says() throws {
        let timeline = try parameters("locale=de-DE&scale=1w", Parameters.timelineNames).timeline()
        #expect(timeline.weekStart == .monday && timeline.hours == .twentyFour)
        // 2026-12-28 is a Monday in ISO week 53 of 2026; 2027-01-04 opens week 1.
        let minor = try words("locale=de-DE&scale=1w", at: "2026-12-07T00:00:00Z").minor
        #expect(minor.joined(separator: " ").contains("W51 W52 W53 W01 W02"), "\(minor)")
        let days = try words("locale=de-DE&scale=1d", at: "2026-10-25T00:00:00Z")
        #expect(days.minor.contains("So. 25.") && days.context.contains("Oktober 2026"), "\(days)")
        let hours = try words("locale=de-DE&scale=1h", at: "2026-10-25T13:00:00Z")
        #expect(hours.minor.contains("14:00") && hours.context.contains("Sonntag, 25. Oktober 2026"), "\(hours)")
    }

    @Test func japaneseDayLabels() throws {
        let days = try words("locale=ja-JP&scale=1d", at: "2026-10-25T00:00:00Z")
        #expect(days.minor.joined(separator: " ").contains("25日(日) 26日(月)"), "\(days)")
        #expect(days.context.contains("2026年11月"), "\(days)")
        let hours = try words("locale=ja-JP&scale=1h", at: "2026-10-25T12:00:00Z")
        #expect(hours.context.contains("2026年10月25日 日曜日"), "\(hours.context)")
    }

    @Test func theSpokenValueReadsInTheLanguageAndTheFormValueDoesNot() throws {
        let timeline = try parameters("locale=de-DE&tz=Europe/London", Parameters.timelineNames).timeline()
        let at = try Instant(rfc3339: "2026-10-25T01:30:00+01:00")
        #expect(timeline.text(at) == "2026-10-25T01:30:00+01:00")
        #expect(timeline.spokenText(at) == "Sonntag, 25. Oktober 2026 um 01:30:00 +01:00")
        let arabic = try parameters("locale=ar-EG", Parameters.timelineNames).timeline()
        #expect(arabic.text(at) == "2026-10-25T00:30:00Z" && arabic.spokenText(at).contains("أكتوبر"))
        // Right to left, the offset is a left-to-right run isolated as `Intl` isolates it: never read `03:30+`.
        let persian = try parameters("locale=fa-IR&tz=Asia/Tehran", Parameters.timelineNames).timeline()
        #expect(persian.spokenText(at).hasSuffix(" \u{2066}\u{200E}+03:30\u{2069}"), "\(persian.spokenText(at))")
        #expect(arabic.spokenText(at).hasSuffix(" \u{2066}\u{200E}+00:00\u{2069}"))
        #expect(!timeline.spokenText(at).contains("\u{2066}"))
    }

    @Test func withoutALocaleTheWordsAreTheEnglishTheyWere() throws {
        #expect(try ruler("").configuration.language == nil)
        let days = try words("scale=1d", at: "2026-10-25T00:00:00Z")
        #expect(days.minor.contains("Sun 25") && days.context.contains("November 2026"), "\(days)")
    }

    @Test(arguments: [
        ("de-DE", "de-DE"), ("de-XX", "de"), ("DE-de", "de-DE"), ("xx", "und"), ("zh-TW", "zh-Hant-TW"),
        ("fa-IR", "fa-IR"), ("th-TH", "th-TH"), ("en-US-u-hc-h23", "en-US-u-hc-h23"), ("en-u-ca-bogus", "en"),
        ("de-u-ca-iso8601", "de-u-ca-gregory"), ("fa-IR-u-ca-gregory", "fa-IR-u-ca-gregory"),
        ("ar-EG-u-nu-latn", "ar-EG-u-nu-latn"), ("ar-EG-u-nu-bogus", "ar-EG"), ("en-u-nu-roman", "en"),
        ("hi-IN-u-nu-deva", "hi-IN-u-nu-deva"), ("en-u-fw-mon", "en-u-fw-mon"),
        ("he-IL-u-ca-hebrew", "he-IL-u-ca-hebrew"), ("ja-JP-u-ca-japanese-hc-h12", "ja-JP-u-ca-japanese-hc-h12"),
        ("sr-Latn-RS", "sr-Latn-RS"), ("de-DE-1996", "de-DE"),
        // The cycle drawn: a clock from 0 to 11 is drawn from 12, one to 24 from 0.
        ("en-US-u-hc-h11", "en-US-u-hc-h12"), ("de-DE-u-hc-h24", "de-DE-u-hc-h23"),
        ("en-US-x-private", "en-US"),
    ])
    func aTagResolvesAsICUFallsBack(tag: String, used: String) throws {
        #expect(try Language.named(tag).identifier == used)
    }

    @Test(arguments: [
        "", "d", "deutschland-de", "de_DE", "de--DE", "de-", "-de", "de-DE-u", "de-x", "de-ü",
        "de-DE-u-ca-gregory-u-nu-latn", "<script>", String(repeating: "a", count: 9),
        "en-" + Array(repeating: "abcdefgh", count: 8).joined(separator: "-"),
    ])
    func aMalformedTagIsRefusedNamingLocale(tag: String) {
        #expect(throws: EndlessError.self) { try Language.named(tag) }
        let error = try? #require(throws: EndlessError.self) { try Language.named(tag) }
        #expect(error?.parameter == "locale")
    }

    /// Every locale CLDR has, with every keyword a tag may add, is drawn without a trap (Foundation's formatters trap
    /// on some: `hi-IN-u-nu-deva`), and writes a day's context.
    @Test func everyLocaleCLDRHasWritesItsWords() throws {
        let day = TimeTick(instant: 1_792_886_400, offset: 0, showsOffset: false)  // 2026-10-25
        let calendars = CalendarSystem.identifiers.keys.sorted() + ["gregory"]
        for (index, identifier) in Locale.availableIdentifiers.sorted().enumerated() {
            let calendar = calendars[index % calendars.count]
            let tag = identifier.replacing("_", with: "-") + "-u-ca-\(calendar)-hc-h12-nu-deva-fw-sat"
            let language = try Language.named(tag)
            let labels = TimeLabels(language: language)
            let context = String(capacity: TimeLabels.longestContext) {
                labels.writeContext(day, unit: .days, into: &$0)
            }
            #expect(!context.isEmpty && context.utf8.count < TimeLabels.longestContext, "\(tag): \(context)")
        }
    }

    /// Month (or year) ticks of `query`'s timeline in UTC over `from`…`to`, each as `date label`.
    func calendarTicks(_ query: String, from: String, to: String) throws -> [String] {
        let timeline = try parameters(query + "&tz=UTC", Parameters.timelineNames).timeline()
        let ticks = timeline.zone.ticks(
            of: timeline.scale.unit, from: try Instant(rfc3339: from).secondsSinceEpoch,
            to: try Instant(rfc3339: to).secondsSinceEpoch, weekStart: timeline.weekStart, calendar: timeline.calendar)
        return ticks.map { tick in
            let label = String(capacity: TimeLabels.longestContext) {
                timeline.labels.writeMinor(tick, unit: timeline.scale.unit, into: &$0)
            }
            return tick.local.dateText + " " + label
        }
    }

    @Test func persianMonthsBeginOnTheirFirstsAndTheYearIsPersian() throws {
        let months = try calendarTicks(
            "locale=fa-IR&scale=1mo", from: "2026-02-01T00:00:00Z", to: "2026-05-01T00:00:00Z")
        // 1 Esfand 1404, 1 Farvardin 1405 (Nowruz, 21 March 2026), 1 Ordibehesht 1405.
        #expect(months == ["2026-02-20 اسفند", "2026-03-21 فروردین", "2026-04-21 اردیبهشت"], "\(months)")
        let years = try calendarTicks("locale=fa-IR&scale=1y", from: "2025-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z")
        #expect(years == ["2025-03-21 ۱۴۰۴", "2026-03-21 ۱۴۰۵"], "\(years)")
        #expect(try Language.named("fa-IR").identifier == "fa-IR")
    }

    @Test func thaiYearsAreBuddhist() throws {
        let years = try calendarTicks("locale=th-TH&scale=1y", from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:01Z")
        #expect(years.count == 2 && years[0].hasPrefix("2026-01-01") && years[0].contains("2569"), "\(years)")
    }

    @Test func hebrewMonthsBeginOnTheFirstOfTishrei() throws {
        let months = try calendarTicks(
            "locale=he-IL-u-ca-hebrew&scale=1mo", from: "2026-09-01T00:00:00Z", to: "2026-10-15T00:00:00Z")
        #expect(months.count == 2 && months[0].hasPrefix("2026-09-12 ") && months[0].contains("תשרי"), "\(months)")
        #expect(months[1].hasPrefix("2026-10-12 "), "\(months)")  // 1 Heshvan
    }

    @Test func japaneseErasBeginTheirYears() throws {
        let years = try calendarTicks(
            "locale=ja-JP-u-ca-japanese&scale=1y", from: "2019-01-01T00:00:00Z", to: "2020-01-01T00:00:01Z")
        #expect(years.map { $0.prefix(10) } == ["2019-01-01", "2019-05-01", "2020-01-01"], "\(years)")
    }

    @Test func islamicAndChineseMonths() throws {
        // 1 Ramadan 1447 (Umm al-Qura) is 18 February 2026; the Chinese new year 2026 is 17 February.
        let islamic = try calendarTicks(
            "locale=ar-SA&scale=1mo", from: "2026-02-10T00:00:00Z", to: "2026-02-25T00:00:00Z")
        #expect(islamic.count == 1 && islamic[0].hasPrefix("2026-02-18 ") && islamic[0].contains("رمضان"), "\(islamic)")
        let chinese = try calendarTicks(
            "locale=zh-CN-u-ca-chinese&scale=1mo", from: "2026-02-10T00:00:00Z", to: "2026-02-25T00:00:00Z")
        #expect(chinese.count == 1 && chinese[0].hasPrefix("2026-02-17 "), "\(chinese)")
    }

    /// Korean months open where the Korean calendar's do, a day after China's where a new moon falls between their
    /// midnights, in the words `Intl` writes (`5월 30일` for 3 July 1970, Chinese `6월 1일`).
    @Test func koreanMonthsAndDaysAreDangis() throws {
        let (from, to) = ("1970-06-20T00:00:00Z", "1970-07-20T00:00:00Z")
        let dangi = try calendarTicks("locale=ko-KR-u-ca-dangi&scale=1mo", from: from, to: to)
        let chinese = try calendarTicks("locale=ko-KR-u-ca-chinese&scale=1mo", from: from, to: to)
        #expect(dangi == ["1970-07-04 6월"] && chinese == ["1970-07-03 6월"], "\(dangi) \(chinese)")
        let days = try calendarTicks(
            "locale=ko-KR-u-ca-dangi&scale=1d", from: "1970-07-02T00:00:00Z", to: "1970-07-05T00:00:00Z")
        #expect(days == ["1970-07-02 29일 (목)", "1970-07-03 30일 (금)", "1970-07-04 1일 (토)"], "\(days)")
        #expect(try Language.named("ko-KR-u-ca-dangi").identifier == "ko-KR-u-ca-dangi")
    }

    /// A calendar's words come from a formatter whose locale names the calendar (Foundation cannot be handed the
    /// Dangi one): every other calendar's are those of a formatter handed it, field by field.
    @Test(arguments: CalendarSystem.identifiers.keys.sorted().filter { $0 != "dangi" })
    func aCalendarsWordsAreAFormatterInItsCalendars(name: String) throws {
        let system = try #require(CalendarSystem.named(name))
        for base in ["en", "ar_EG", "he_IL", "zh"] {
            let locale = Locale(identifier: "\(base)@calendar=\(system.icuName)")
            let words = CalendarWords(system, locale: locale)
            let formatter = DateFormatter()
            let handed = Calendar(identifier: try #require(CalendarSystem.identifiers[name]))
            (formatter.locale, formatter.calendar, formatter.timeZone) = (locale, handed, .gmt)
            for day in stride(from: Int64(-700_000), to: 2_900_000, by: 86_939) {
                for (letter, count) in [("y", 1), ("M", 4), ("L", 3), ("d", 1), ("G", 1), ("U", 1), ("r", 1)] {
                    formatter.dateFormat = String(repeating: letter, count: count)
                    let written = String(capacity: 256) { text in
                        words.withMonth(containing: day) {
                            $0.write(UInt8(ascii: letter.unicodeScalars.first!), count, into: &text)
                        }
                    }
                    let expected = DatePattern.escaped(formatter.string(from: CalendarSystem.date(day)))
                    #expect(written == expected, "\(name) \(base) \(day) \(letter)\(count)")
                }
            }
        }
    }

    /// Every calendar at time's ends (and across the whole of time at the coarsest rungs): ticks in order, within
    /// time, each at a midnight.
    @Test(arguments: CalendarSystem.identifiers.keys.sorted())
    func everyCalendarKeepsTimesEnds(name: String) throws {
        let (first, last) = (Instant.first.secondsSinceEpoch, Instant.last.secondsSinceEpoch + 1)
        let years: Int64 = 5 * 31_556_952
        for scale in ["1mo", "3mo", "1y", "10y", "100y", "1000y"] {
            let timeline = try parameters("locale=en-u-ca-\(name)&scale=\(scale)", Parameters.timelineNames).timeline()
            #expect(timeline.calendar?.identifier == name)
            let spans =
                scale.hasSuffix("00y") || scale == "10y"
                ? [(first, last)] : [(first, first + years), (last - years, last), (1_700_000_000, 1_900_000_000)]
            for (from, to) in spans {
                let ticks = timeline.zone.ticks(
                    of: timeline.scale.unit, from: from, to: to, weekStart: .monday, calendar: timeline.calendar)
                #expect(!ticks.isEmpty && zip(ticks, ticks.dropFirst()).allSatisfy { $0.instant < $1.instant })
                #expect(ticks.allSatisfy { $0.instant >= from && $0.instant < to && $0.instant % 86_400 == 0 })
            }
        }
    }

    /// A year's months are read from ICU with fewer calls, each told by the one before: the same as asking ICU
    /// everything of each month, 1900 to 2100 (Hebrew and Chinese leap months, Japanese eras included), each year's
    /// number as ICU's formatter writes it (Amete Alem's are Amete Mihret's and 5500).
    @Test(arguments: CalendarSystem.identifiers.keys.sorted())
    func monthsAreICUsMonthByMonth(name: String) throws {
        let system = try #require(CalendarSystem.named(name))
        let calendar = system.calendar
        let years = DateFormatter()
        (years.locale, years.timeZone, years.dateFormat) = (
            Locale(identifier: "en@calendar=\(system.icuName)"), .gmt, "y"
        )
        for year in Int64(1900)...2100 {
            let (first, end) = (
                CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch,
                CivilDate(year: year + 1, month: 1, day: 1)!.daysSinceEpoch
            )
            var asked: [CalendarSystem.MonthStart] = []
            var date = try #require(calendar.dateInterval(of: .month, for: CalendarSystem.date(first))).start
            while let month = calendar.dateInterval(of: .month, for: date), CalendarSystem.day(of: month.start) < end {
                let day = CalendarSystem.day(of: month.start)
                let ordinal = Int64(calendar.ordinality(of: .month, in: .year, for: month.start) ?? 1) - 1
                let before = calendar.dateComponents([.era, .year], from: month.start.addingTimeInterval(-86_400))
                let now = calendar.dateComponents([.era, .year], from: month.start)
                let opens = before.year != now.year || before.era != now.era
                if day >= first {
                    let number = try #require(Int64(years.string(from: month.start)))
                    asked.append(.init(day: day, ordinal: ordinal, year: number, opensYear: opens))
                }
                date = month.end
            }
            // The months (an era's first day in a month's middle is a year's start of its own: CalendarYearsTests).
            let months = system.months(beginningIn: year).filter(\.opensMonth)
            #expect(months.map(\.day) == asked.map(\.day), "\(name) \(year)")
            #expect(months.map(\.year) == asked.map(\.year), "\(name) \(year)")
            #expect(months.map(\.opensYear) == asked.map(\.opensYear), "\(name) \(year)")
            #expect(months.map(\.ordinal) == asked.map(\.ordinal), "\(name) \(year)")
            if months.map(\.day) != asked.map(\.day) { return }
        }
    }

    @Test func weeksFollowTheLocalesRule() {
        // ISO 8601 (Monday, 4 days) and the US's rule (Sunday, 1 day), checked against Foundation's calendar.
        for (first, minimum) in [(Int64(0), Int64(4)), (6, 1), (5, 1), (0, 1)] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            calendar.firstWeekday = Int((first + 1) % 7 + 1)
            calendar.minimumDaysInFirstWeek = Int(minimum)
            for day in stride(from: Int64(-800), to: 20_000, by: 3) {
                let date = CivilDate(daysSinceEpoch: day)
                let components = calendar.dateComponents(
                    [.weekOfYear, .yearForWeekOfYear], from: Date(timeIntervalSince1970: Double(day) * 86_400))
                let week = date.week(firstWeekday: first, minimumDays: minimum)
                #expect(
                    week.number == Int64(components.weekOfYear!) && week.year == Int64(components.yearForWeekOfYear!),
                    "\(date) \(first) \(minimum)")
            }
        }
    }
}
