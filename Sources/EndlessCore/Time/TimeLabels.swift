/// The timeline's words: each tick's own field (`14:00`, `Mon 30`, `W13`, `Mar`, `2026`) and the context above them
/// (`Sunday 29 March 2026`), in English as they always were, or in `language`'s words and patterns.
package struct TimeLabels: Sendable, Hashable {
    package var hours: HourCycle = .twentyFour
    package var weekStart: WeekStart = .monday
    package var language: Language?

    package init(hours: HourCycle = .twentyFour, weekStart: WeekStart = .monday, language: Language? = nil) {
        (self.hours, self.weekStart, self.language) = (hours, weekStart, language)
    }

    static let weekdays: [StaticString] = [
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    ]
    static let months: [StaticString] = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// A tick's own field on a timeline of `unit` (`01:00`), written in place: at most 15 bytes. Near a change of
    /// the clock the renderer writes its offset under it (`offsetText`), so that an hour that happens twice reads
    /// `01:00 +01:00`, then `01:00 +00:00`.
    /// `short` is a crowded row's form: a day's number alone (`16`).
    package func writeMinor(_ tick: TimeTick, unit: CalendarUnit, short: Bool = false, into text: inout TextBuilder) {
        // The language handed on where it is stored, not bound to a name (a copy, retained for each label).
        if language != nil { return writeMinor(tick, unit: unit, short: short, in: language!, into: &text) }
        let local = tick.local
        if case .clock(let seconds) = unit {  // the date only where it is written
            return clock(local, seconds: seconds < 60, minutes: seconds < 3600, into: &text)
        }
        let date = local.date
        switch unit {
        case .clock: break
        case .days where short: text.append(date.day)
        case .days:
            text.append(Self.weekdays[Int(date.weekday)], prefix: 3)
            text.append(byte: UInt8(ascii: " "))
            text.append(date.day)
        case .weeks:
            text.append(byte: UInt8(ascii: "W"))
            text.append(twoDigits: date.week(startingOn: weekStart).number)
        case .months: text.append(Self.months[Int(date.month - 1)], prefix: 3)
        case .years: text.append(date.year)
        }
    }

    /// The context a tick of `unit` opens: the day, the month, the year, the decade, the century or the millennium.
    package func context(_ tick: TimeTick, unit: CalendarUnit, short: Bool = false) -> String {
        String(capacity: Self.longestContext) { writeContext(tick, unit: unit, short: short, into: &$0) }
    }

    /// Bytes the longest context may take: `Wednesday 30 September 10000` is 29; a language's more
    /// (`बुधवार, 30 सितंबर 2026` is 52 bytes); past this it is cut short.
    package static let longestContext = 160

    /// `context(_:unit:)`, written in place: at most `longestContext` bytes.
    /// `short` is a crowded row's form: the weekday left out and the month abbreviated (`29 Mar 2026`, `Mar 2026`).
    package func writeContext(_ tick: TimeTick, unit: CalendarUnit, short: Bool = false, into text: inout TextBuilder) {
        if let language { return writeContext(tick, unit: unit, short: short, in: language, into: &text) }
        let date = tick.local.date
        switch unit {
        case .clock, .days:
            if !short {
                text.append(Self.weekdays[Int(date.weekday)])
                text.append(byte: UInt8(ascii: " "))
            }
            text.append(date.day)
            text.append(byte: UInt8(ascii: " "))
            fallthrough
        case .weeks, .months:
            text.append(Self.months[Int(date.month - 1)], prefix: short ? 3 : 12)
            text.append(byte: UInt8(ascii: " "))
            text.append(date.year)
        case .years(let count) where count <= 1: text.append(date.year)
        case .years(let count):  // the decade, century or millennium that holds the tick, not one from its year
            let first = floorQuotient(date.year, count) * count
            text.append(first)
            guard count != 10 else { return text.append(byte: UInt8(ascii: "s")) }
            text.append("–")
            text.append(first + count - 1)
        }
    }

    /// `14:05`, `14:05:30`, `14:00`; or on a 12-hour clock `2:05 PM`, `2:05:30 PM`, `2 PM`.
    @inline(__always) func clock(_ time: LocalTime, seconds: Bool, minutes: Bool, into text: inout TextBuilder) {
        guard hours == .twelve else { return time.writeTime(seconds: seconds, into: &text) }
        text.append(time.hour % 12 == 0 ? 12 : time.hour % 12)
        if minutes || time.minute != 0 {
            text.append(byte: UInt8(ascii: ":"))
            text.append(twoDigits: time.minute)
        }
        if seconds {
            text.append(byte: UInt8(ascii: ":"))
            text.append(twoDigits: time.second)
        }
        text.append(time.hour < 12 ? " AM" : " PM")
    }

    /// `+01:00`, `-05:00`, `+05:45`; a local mean time's seconds too (`-00:01:15`).
    package static func offsetText(_ offset: Int64) -> String {
        String(capacity: 15) { writeOffset(offset, into: &$0) }
    }

    /// `offsetText(_:)` in `language`'s words: isolated left to right (U+2066 … U+2069) in a right-to-left one, its
    /// sign after a left-to-right mark (U+200E), which holds it before the digits where an engine's SVG text does
    /// not isolate (WebKit's drew `03:30+`).
    package static func writeOffset(_ offset: Int64, in language: Language?, into text: inout TextBuilder) {
        guard language?.isRightToLeft == true else { return writeOffset(offset, into: &text) }
        text.append("\u{2066}\u{200E}")
        writeOffset(offset, into: &text)
        text.append("\u{2069}")
    }

    /// `offsetText(_:)`, written in place: at most 9 bytes.
    package static func writeOffset(_ offset: Int64, into text: inout TextBuilder) {
        let size = abs(offset)
        text.append(byte: UInt8(ascii: offset < 0 ? "-" : "+"))
        text.append(twoDigits: size / 3600)
        text.append(byte: UInt8(ascii: ":"))
        text.append(twoDigits: size % 3600 / 60)
        guard size % 60 != 0 else { return }
        text.append(byte: UInt8(ascii: ":"))
        text.append(twoDigits: size % 60)
    }
}

/// How the clock names hours: `24` (`14:00`) or `12` (`2 PM`).
public enum HourCycle: String, Sendable, Hashable, CaseIterable {
    case twentyFour = "24"
    case twelve = "12"
}
