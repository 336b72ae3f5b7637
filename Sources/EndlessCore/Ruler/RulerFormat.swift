/// How a ruler writes its values: block labels, the readout, `aria-valuetext` and an image's title. The form value
/// stays the exact decimal whatever the format; only what a reader sees changes.
public struct RulerFormat: Sendable, Hashable, CustomStringConvertible {
    package enum Style: Sendable, Hashable { case decimal, feetAndInches, fraction, time }

    package let style: Style
    /// `decimal`'s digit grouping; `nil` writes `1234.5`.
    public let grouping: Grouping?
    /// The `format` parameter's name: `decimal`, `feet-inches`, `fraction` or `time`.
    public var description: String {
        switch style {
        case .decimal: "decimal"
        case .feetAndInches: "feet-inches"
        case .fraction: "fraction"
        case .time: "time"
        }
    }

    /// `72.4 kg`: the value as the step writes it, with the unit.
    public static let decimal = RulerFormat(style: .decimal, grouping: nil)
    /// A value in inches as `5′ 8″`, and `5′ 8½″` between inches (a step in 16ths or coarser; else `5′ 8.3″`).
    public static let feetAndInches = RulerFormat(style: .feetAndInches, grouping: nil)
    /// Inches in halves to sixteenths, labelled at whole inches: `3 5⁄16 in`.
    public static let fraction = RulerFormat(style: .fraction, grouping: nil)
    /// A duration or time of day: minutes as `h:mm` (`unit=min`), seconds as `h:mm:ss` (`unit=s`). With `ends=wrap`
    /// it goes round, as a clock does: its values stay within one turn (0:00…23:59 for a day).
    public static let time = RulerFormat(style: .time, grouping: nil)

    /// `1,234.5` or `1 234,5`: decimal with `grouping`.
    public static func decimal(grouping: Grouping) -> RulerFormat { RulerFormat(style: .decimal, grouping: grouping) }

    package static let all = [decimal, feetAndInches, fraction, time]

    /// The units a format's values may be in (`nil`: any); its standard ruler's is the first
    /// (`RulerConfiguration.standard`).
    package var acceptedUnits: [String]? {
        switch style {
        case .decimal, .fraction: nil
        case .feetAndInches: ["in"]
        case .time: ["min", "s"]
        }
    }
}

/// A group separator and a decimal mark, as `grouping=",."` gives them: chosen, not looked up in a locale database.
public struct Grouping: Sendable, Hashable, CustomStringConvertible {
    /// Between groups of three digits: `,`, `.`, `'`, `_`, a space, a no-break space or a narrow one.
    public let separator: Character
    /// Before the decimals: `.` or `,`.
    public let mark: Character

    package static let separators: [Character] = [",", ".", "'", "_", " ", "\u{A0}", "\u{202F}", "\u{2009}"]
    package static let marks: [Character] = [".", ","]

    /// Two characters, the separator then the mark (`",."`, `" ,"`, `".,"`); `nil` for anything else.
    public init?(_ text: String) {
        guard text.count == 2, let separator = text.first, let mark = text.last,
            separator != mark, Self.separators.contains(separator), Self.marks.contains(mark)
        else { return nil }
        self.separator = separator
        self.mark = mark
    }

    /// The two characters, as given.
    public var description: String { "\(separator)\(mark)" }
}
