import Foundation

/// A well-formed BCP 47 tag's parts (RFC 5646 §2.1): a language, then a script, a region and variants if given, then
/// extensions, of which the Unicode one (`-u-`) is read. Case is as the RFC writes it: `de-CH`, `zh-Hant`.
struct LanguageTag: Sendable, Hashable {
    let language: String
    let script: String?
    let region: String?
    /// The Unicode extension's keywords (`hc` → `h23`), the first of each key.
    let unicode: [String: String]

    /// `nil` for anything but a well-formed tag of at most `Limits.maximumLocaleBytes` ASCII bytes.
    init?(_ text: String) {
        guard text.utf8.count <= Limits.maximumLocaleBytes,
            text.utf8.allSatisfy({ Self.isAlphanumeric($0) || $0 == UInt8(ascii: "-") })
        else { return nil }
        var subtags = text.lowercased().split(separator: "-", omittingEmptySubsequences: false)[...]
        guard let first = subtags.popFirst(), Self.isAlpha(first, 2...3) || Self.isAlpha(first, 5...8) else {
            return nil
        }
        language = String(first)
        script = subtags.first.flatMap { Self.isAlpha($0, 4...4) ? subtags.popFirst()!.capitalized : nil }
        region = subtags.first.flatMap { part in
            Self.isAlpha(part, 2...2) || (part.count == 3 && part.utf8.allSatisfy(Self.isDigit))
                ? subtags.popFirst()!.uppercased() : nil
        }
        while let variant = subtags.first, Self.isVariant(variant) { subtags.removeFirst() }
        var unicode: [String: String] = [:]
        var singletons: Set<Substring> = []
        while let singleton = subtags.popFirst() {
            guard singleton.count == 1, singletons.insert(singleton).inserted else { return nil }
            let isPrivate = singleton == "x"
            var parts: [Substring] = []
            while let part = subtags.first, part.count > 1 || isPrivate {
                guard Self.isAlphanumeric(part, isPrivate ? 1...8 : 2...8) else { return nil }
                parts.append(subtags.removeFirst())
            }
            guard !parts.isEmpty else { return nil }
            if singleton == "u" { Self.read(keywords: parts, into: &unicode) }
            if isPrivate { break }
        }
        guard subtags.isEmpty else { return nil }
        self.unicode = unicode
    }

    /// `hc-h23-nu-arab`: a key of two letters, then its value's subtags; attributes before the first key are skipped.
    private static func read(keywords parts: [Substring], into unicode: inout [String: String]) {
        var key: Substring?
        var value: [Substring] = []
        for part in parts + ["--"] {
            guard part.count == 2 || part == "--" else {
                value.append(part)
                continue
            }
            if let key, unicode[String(key)] == nil { unicode[String(key)] = value.joined(separator: "-") }
            (key, value) = (part, [])
        }
    }

    /// The Unicode keywords drawn, in BCP 47's order (`u-ca-hebrew-hc-h23-nu-arab`), as drawn: a calendar ICU has, a
    /// numbering system of ten digits, an hour cycle, a first day of the week. Empty when there are none.
    var keywords: [String] {
        var keywords: [String] = []
        if let calendarName { keywords.append("ca-\(calendarName)") }
        if weekStart != nil, let week = unicode["fw"] { keywords.append("fw-\(week)") }
        // The cycle drawn: `h11` is drawn as `h12` (12, 1 … 11) and `h24` as `h23` (0 … 23), and said so.
        if let hours { keywords.append(hours == .twelve ? "hc-h12" : "hc-h23") }
        if let numbering { keywords.append("nu-\(numbering)") }
        return keywords.isEmpty ? [] : ["u"] + keywords
    }

    /// `-u-ca-`, if a calendar ICU has (`gregory` and `iso8601` are the Gregorian, which `gregory` names).
    var calendarName: String? {
        guard let name = unicode["ca"] else { return nil }
        if name == "gregory" || name == "iso8601" { return "gregory" }
        return CalendarSystem.named(name) == nil ? nil : name
    }

    /// `-u-hc-`: `h11` and `h12` are a 12-hour clock, `h23` and `h24` a 24-hour one.
    var hours: HourCycle? {
        switch unicode["hc"] {
        case "h11", "h12": .twelve
        case "h23", "h24": .twentyFour
        default: nil
        }
    }

    /// `-u-fw-`, of the days a week may start on here.
    var weekStart: WeekStart? {
        switch unicode["fw"] {
        case "mon": .monday
        case "sun": .sunday
        case "sat": .saturday
        default: nil
        }
    }

    /// `-u-nu-`, if ICU writes it with ten digits of its own.
    var numbering: String? { unicode["nu"].flatMap { Self.decimalSystems.contains($0) ? $0 : nil } }

    /// The numbering systems ICU has with ten digits (`arab`, `deva`, `thai`…): not `roman` or `hebr`, which write
    /// numbers their own way, nor a name it does not know, which its formatters do not survive.
    static let decimalSystems = Set(
        Locale.NumberingSystem.availableNumberingSystems.map(\.identifier).filter { system in
            let locale = Locale(identifier: "en@numbers=\(system)")
            let digits = (0...9).map { $0.formatted(.number.locale(locale).grouping(.never)) }
            // An algorithmic system (`roman`) or one ICU's number formats lack comes back as ASCII's digits.
            return Set(digits).count == 10 && digits.allSatisfy { $0.count == 1 }
                && (system == "latn" || digits.joined() != "0123456789")
                && 10.formatted(.number.locale(locale).grouping(.never)) == digits[1] + digits[0]
        })

    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isDigit(byte) || isLetter(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    private static func isAlpha(_ part: Substring, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(part.utf8.count) && part.utf8.allSatisfy(isLetter)
    }
    private static func isAlphanumeric(_ part: Substring, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(part.utf8.count) && part.utf8.allSatisfy(isAlphanumeric)
    }
    /// `1901`, `rozaj`, `valencia`: five to eight letters or digits, or a digit and three more.
    private static func isVariant(_ part: Substring) -> Bool {
        isAlphanumeric(part, 5...8)
            || (part.utf8.count == 4 && part.utf8.first.map(isDigit) == true
                && isAlphanumeric(part, 4...4))
    }
}
