/// A zone's clock over a stretch of time, read from its rules once: every tick and offset a window asks within it
/// comes from these runs, not from the rules again (a window of sixty blocks would otherwise read them 240 times).
package struct ZoneClock: Sendable {
    package let rules: ZoneRules
    /// The runs covering `[start, end)`; none past a few decades, where each tick reads its own.
    private let runs: [ClockRun]
    private let start: Int64
    private let end: Int64

    /// The clock over `[start, end)`, and two days either side, which a tick near an end needs.
    package init(_ rules: ZoneRules, from start: Int64, to end: Int64) {
        self.rules = rules
        let end = max(end, start)  // an empty stretch reads the clock at its start
        (self.start, self.end) = (start - 2 * 86_400, end + 2 * 86_400)
        runs = end - start > 50 * 31_556_952 ? [] : rules.runs(from: self.start, to: self.end)
    }

    private func covers(_ from: Int64, _ to: Int64) -> Bool {
        !runs.isEmpty && from - 2 * 86_400 >= start && to + 2 * 86_400 <= end
    }

    /// The runs of one offset over `[from, to)`, in order.
    package func runs(from: Int64, to: Int64) -> ArraySlice<ClockRun> {
        guard covers(from, to) else { return rules.runs(from: from, to: to)[...] }
        var first = 0
        while runs[first].end <= from { first += 1 }
        var last = first
        while last + 1 < runs.count, runs[last + 1].start < to { last += 1 }
        return runs[first...last]
    }

    /// Seconds the clock is ahead of UTC at `instant`.
    package func offset(at instant: Int64) -> Int64 {
        guard covers(instant, instant) else { return rules.offset(at: instant) }
        var (low, high) = (0, runs.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].start <= instant { low = middle } else { high = middle - 1 }
        }
        return runs[low].offset
    }

    /// `ZoneRules.forEachTick(of:from:to:weekStart:_:)`, from the runs read once when they cover the span.
    package func forEachTick(
        of unit: CalendarUnit, from: Int64, to: Int64, weekStart: WeekStart, calendar: CalendarSystem? = nil,
        _ body: (TimeTick) -> Void
    ) {
        guard from < to else { return }
        guard covers(from, to) else {
            return rules.forEachTick(of: unit, from: from, to: to, weekStart: weekStart, calendar: calendar, body)
        }
        ZoneRules.forEachTick(of: unit, on: runs, from: from, to: to, weekStart: weekStart, calendar: calendar, body)
    }
}
