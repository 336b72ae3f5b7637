import Foundation
import Synchronization

/// A reader's language: how numbers, dates and clocks read in a BCP 47 locale (`de-DE`, `ar-EG`, `hi-IN`,
/// `en-US-u-hc-h23`), from the CLDR data in Foundation's ICU, which is inside the binary. What a program reads (a form
/// value, a URL, `aria-valuenow`) never goes through it.
///
/// Everything is looked up once, when the language is first asked for, into tables a label is written from byte by
/// byte: a window in German costs what it costs in English (`Language+numbers`, `Language+dates`).
public final class Language: Sendable, Hashable {
    /// The tag that was read, as ICU resolved it (`de-XX` is `de`): what `Content-Language` says.
    public let identifier: String
    /// An English (`en-GB`, `en-US`): its readers read the images' English titles (`Ruler at 72.4 kg`).
    public var isEnglish: Bool { identifier == "en" || identifier.hasPrefix("en-") }
    /// The locale's clock (`en-US` 12, `de-DE` 24) and first day of the week (`en-US` Sunday), which `hours` and
    /// `week-start` override.
    package let hours: HourCycle
    package let weekStart: WeekStart
    /// Days of a year's first week that must fall in that year: 4 is ISO 8601's rule (`de-DE`), 1 the US's.
    package let minimumDaysInFirstWeek: Int64
    package let numbers: NumberSymbols
    package let dates: DateWords
    /// Where its months and years begin: `-u-ca-`'s calendar, else the locale's own (`fa-IR`: Persian, `th-TH`:
    /// Buddhist); `nil` for the Gregorian.
    package let calendar: CalendarSystem?
    /// Whether its script runs right to left (Arabic, Persian, Hebrew, Urdu): a left-to-right run in its words (an
    /// offset, `+03:30`) is isolated, as `Intl` does, or a browser reorders it (`03:30+`).
    package let isRightToLeft: Bool

    /// `base` is a locale CLDR has (`de_CH`), `tag` what was asked. Foundation is handed `base` alone, or with the
    /// one keyword a part needs: its `DateFormatter` traps on some combinations (`hi-IN-u-nu-deva`), and the
    /// keywords are applied here (the digits are written from `numbers`, the clock and week chosen from `tag`).
    private init(identifier: String, base: String, tag: LanguageTag) {
        self.identifier = identifier
        let own = Locale(identifier: base)
        isRightToLeft = own.language.characterDirection == .rightToLeft
        hours = tag.hours ?? ([.oneToTwelve, .zeroToEleven].contains(own.hourCycle) ? .twelve : .twentyFour)
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = own
        weekStart =
            tag.weekStart
            ?? {
                switch calendar.firstWeekday {
                case 1: .sunday
                case 7: .saturday
                default: .monday
                }
            }()
        minimumDaysInFirstWeek = Int64(calendar.minimumDaysInFirstWeek)
        numbers = NumberSymbols(tag.numbering.map { Locale(identifier: "\(base)@numbers=\($0)") } ?? own)
        let calendarSystem = tag.calendarName.map(CalendarSystem.named) ?? CalendarSystem.own(of: own)
        self.calendar = calendarSystem
        let words = Locale(identifier: "\(base)@calendar=\(calendarSystem?.icuName ?? "gregorian")")
        dates = DateWords(words, digits: numbers, calendar: calendarSystem, hours: hours)
    }

    public static func == (a: Language, b: Language) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// The languages asked for so far, by the tag as given: at most `Limits.maximumLanguages`, after which a new tag
    /// is looked up each time it comes (a few milliseconds), never kept.
    private static let known = Mutex<[String: Language]>([:])

    /// The language of BCP 47 tag `tag`; throws naming `parameter` for a tag that is not well formed. A well-formed
    /// tag CLDR lacks falls back as ICU does: `de-XX` to `de`, an unknown language to the root (`und`).
    public static func named(_ tag: String, _ parameter: String = "locale") throws(EndlessError) -> Language {
        if let language = known.withLock({ $0[tag] }) { return language }
        guard let subtags = LanguageTag(tag) else {
            throw EndlessError(parameter, "must be \(Limits.Accepts.locale)")
        }
        let language = resolved(subtags)
        return known.withLock { known in
            if let made = known[tag] { return made }
            if known.count < Limits.maximumLanguages { known[tag] = language }
            return language
        }
    }

    /// The same language, if one already made it, shares its tables: `de-XX` and `de` are one.
    private static let resolvedLanguages = Mutex<[String: Language]>([:])

    private static func resolved(_ tag: LanguageTag) -> Language {
        let base = available(tag)
        let keywords = tag.keywords
        let identifier = ([base == "root" ? "und" : base.replacing("_", with: "-")] + keywords).joined(separator: "-")
        if let made = resolvedLanguages.withLock({ $0[identifier] }) { return made }
        let made = Language(identifier: identifier, base: base, tag: tag)
        return resolvedLanguages.withLock { languages in
            if let first = languages[identifier] { return first }
            if languages.count < Limits.maximumLanguages { languages[identifier] = made }
            return made
        }
    }

    /// Locales CLDR has data for (`de`, `de_CH`, `sr_Latn_RS`…), in ICU's spelling.
    private static let availableIdentifiers = Set(Locale.availableIdentifiers)

    /// The most specific locale CLDR has along `tag`'s fallback chain: language, script and region, then language
    /// and region, language and script, language alone, then the root. A script not given is the likely one for
    /// the language and region (`zh-TW` is `zh-Hant-TW`, not the `zh` of China).
    private static func available(_ tag: LanguageTag) -> String {
        let l = tag.language
        let likely = Locale.Language(identifier: [l, tag.region].compactMap { $0 }.joined(separator: "-")).script
        let script = tag.script ?? likely?.identifier
        let candidates = [
            script.flatMap { s in tag.region.map { "\(l)_\(s)_\($0)" } }, tag.region.map { "\(l)_\($0)" },
            script.map { "\(l)_\($0)" }, l,
        ]
        return candidates.compactMap { $0 }.first(where: availableIdentifiers.contains) ?? "root"
    }
}
