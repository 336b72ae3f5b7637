/// The timeline's words, English, all in this one place so that other languages can come later: each tick's own
/// field (`14:00`, `Mon 30`, `W13`, `Mar`, `2026`) and the context above them (`Sunday 29 March 2026`).
package struct TimeLabels: Sendable, Hashable {
    package var hours: HourCycle = .twentyFour
    package var weekStart: WeekStart = .monday

    package init(hours: HourCycle = .twentyFour, weekStart: WeekStart = .monday) {
        (self.hours, self.weekStart) = (hours, weekStart)
    }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// A tick's own field on a timeline of `unit` (`01:00`); `note(_:)` adds its offset where the clock changes.
    package func minor(_ tick: TimeTick, unit: CalendarUnit) -> String {
        let local = tick.local
        if case .clock(let seconds) = unit { return clock(local, seconds: seconds < 60, minutes: seconds < 3600) }
        let date = local.date
        switch unit {
        case .clock: return ""
        case .days: return "\(Self.weekdays[Int(date.weekday)].prefix(3)) \(date.day)"
        case .weeks: return "W\(twoDigits(date.week(startingOn: weekStart).number))"
        case .months: return String(Self.months[Int(date.month - 1)].prefix(3))
        case .years: return String(date.year)
        }
    }

    /// The offset a tick near a change of the clock shows under its field (`+01:00`), so that an hour that happens
    /// twice reads `01:00 +01:00`, then `01:00 +00:00`; `nil` elsewhere.
    package func note(_ tick: TimeTick) -> String? { tick.showsOffset ? Self.offsetText(tick.offset) : nil }

    /// The context a tick of `unit` opens: the day, the month, the year, the decade, the century or the millennium.
    package func context(_ tick: TimeTick, unit: CalendarUnit) -> String {
        let date = tick.local.date
        switch unit {
        case .clock, .days:
            return "\(Self.weekdays[Int(date.weekday)]) \(date.day) \(Self.months[Int(date.month - 1)]) \(date.year)"
        case .weeks, .months: return "\(Self.months[Int(date.month - 1)]) \(date.year)"
        case .years(let count) where count <= 1: return String(date.year)
        case .years(10): return "\(date.year)s"
        case .years(let count): return "\(date.year)–\(date.year + count - 1)"
        }
    }

    /// `14:05`, `14:05:30`, `14:00`; or on a 12-hour clock `2:05 PM`, `2:05:30 PM`, `2 PM`.
    func clock(_ time: LocalTime, seconds: Bool, minutes: Bool) -> String {
        guard hours == .twelve else { return time.timeText(seconds: seconds) }
        let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
        var text = String(hour)
        if minutes || time.minute != 0 { text += ":" + twoDigits(time.minute) }
        if seconds { text += ":" + twoDigits(time.second) }
        return text + (time.hour < 12 ? " AM" : " PM")
    }

    /// `+01:00`, `-05:00`, `+05:45`; a local mean time's seconds too (`-00:01:15`).
    package static func offsetText(_ offset: Int64) -> String {
        let size = abs(offset)
        var text = (offset < 0 ? "-" : "+") + twoDigits(size / 3600) + ":" + twoDigits(size % 3600 / 60)
        if size % 60 != 0 { text += ":" + twoDigits(size % 60) }
        return text
    }
}

/// How the clock names hours: `24` (`14:00`) or `12` (`2 PM`).
public enum HourCycle: String, Sendable, Hashable, CaseIterable {
    case twentyFour = "24"
    case twelve = "12"
}
