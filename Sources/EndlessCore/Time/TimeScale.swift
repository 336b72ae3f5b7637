/// A rung of the timeline's ladder: the interval between minor ticks, from a second to a thousand years.
public enum TimeScale: String, Sendable, Hashable, CaseIterable {
    case second = "1s", fiveSeconds = "5s", fifteenSeconds = "15s", thirtySeconds = "30s"
    case minute = "1min", fiveMinutes = "5min", fifteenMinutes = "15min", thirtyMinutes = "30min"
    case hour = "1h", threeHours = "3h", sixHours = "6h", twelveHours = "12h"
    case day = "1d", week = "1w", month = "1mo", quarter = "3mo"
    case year = "1y", decade = "10y", century = "100y", millennium = "1000y"

    /// Reads a rung as the parameters write it (`1h`, `3mo`); throws naming `parameter` for any other text.
    public init(_ text: some StringProtocol, _ parameter: String = "scale") throws(EndlessError) {
        guard let scale = TimeScale(rawValue: String(text)) else {
            throw EndlessError(parameter, "must be \(Limits.Accepts.timeScale)")
        }
        self = scale
    }

    /// The rung's length in seconds, on average for the calendar's: a month is 1/12 of the Gregorian year's
    /// 365.2425 days, so that every rung is a whole number of seconds and a timeline's points map to seconds exactly.
    public var nominalSeconds: Int64 {
        switch self {
        case .second: 1
        case .fiveSeconds: 5
        case .fifteenSeconds: 15
        case .thirtySeconds: 30
        case .minute: 60
        case .fiveMinutes: 300
        case .fifteenMinutes: 900
        case .thirtyMinutes: 1800
        case .hour: 3600
        case .threeHours: 10_800
        case .sixHours: 21_600
        case .twelveHours: 43_200
        case .day: 86_400
        case .week: 604_800
        case .month: 2_629_746
        case .quarter: 7_889_238
        case .year: 31_556_952
        case .decade: 315_569_520
        case .century: 3_155_695_200
        case .millennium: 31_556_952_000
        }
    }

    /// Where its ticks stand on the zone's clock: every so many seconds of the day, or at the start of some days.
    package var unit: CalendarUnit {
        switch self {
        case .day: .days
        case .week: .weeks
        case .month: .months(1)
        case .quarter: .months(3)
        case .year: .years(1)
        case .decade: .years(10)
        case .century: .years(100)
        case .millennium: .years(1000)
        default: .clock(nominalSeconds)
        }
    }

    /// The unit the row of context above the ticks names where it changes: the day for ticks within a day, the
    /// month for days and weeks, and so on up; none above a hundred years.
    package var context: CalendarUnit? {
        switch self {
        case .day, .week: .months(1)
        case .month, .quarter: .years(1)
        case .year: .years(10)
        case .decade: .years(100)
        case .century: .years(1000)
        case .millennium: nil
        default: .days
        }
    }

    /// The rung one step finer (`nil` at a second) and one step coarser (`nil` at a thousand years).
    public var finer: TimeScale? { Self.allCases.firstIndex(of: self).flatMap { $0 > 0 ? Self.allCases[$0 - 1] : nil } }
    public var coarser: TimeScale? {
        Self.allCases.firstIndex(of: self).flatMap { $0 + 1 < Self.allCases.count ? Self.allCases[$0 + 1] : nil }
    }
}

/// Where a timeline's ticks stand on a zone's clock.
package enum CalendarUnit: Sendable, Hashable {
    /// Every so many seconds of local time, counted from local midnight (each rung divides a day).
    case clock(Int64)
    /// Each local day's start.
    case days
    /// The start of each week, on the week's first day.
    case weeks
    /// The first day of every so many months (1 or 3), counted from January.
    case months(Int64)
    /// 1 January of every so many years, counted from year 0.
    case years(Int64)

    /// Whether its ticks stand where days start: such a tick is drawn once, where its day starts, even if its
    /// midnight is skipped or repeated.
    package var startsDays: Bool {
        if case .clock = self { return false }
        return true
    }
}
