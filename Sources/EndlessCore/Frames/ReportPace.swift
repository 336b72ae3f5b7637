/// How many of its frames a page lets pass between reports while it scrolls: each one, or in a fast fling every
/// other. Above `Detail.bareAbove` the value under a ruler's pointer changes by dozens of ticks a frame, faster than
/// anyone reads it, and each report costs a page's main thread a request sent and an answer read (under 4× CPU
/// throttling about a third of a frame); the tiles are not late for it, since a lead lasts two of the page's report
/// cycles (`AxisLayout.lead`).
public enum ReportPace {
    /// Frames from one report to the next for a view moving at `speed` points per millisecond: one whenever a
    /// gesture ends or a key moves it, for then each answer settles or places it.
    public static func frames(speed: Double, gestureEnded: Bool) -> Int {
        !gestureEnded && speed > Detail.bareAbove ? 2 : 1
    }

    /// The same for the reports of a view's axes (their velocities, in points per millisecond).
    public static func frames(_ reports: [AxisReport], gestureEnded: Bool) -> Int {
        frames(speed: reports.speed, gestureEnded: gestureEnded)
    }
}
