/// A tick on a timeline: where it stands in true time, and what the zone's clock reads there.
package struct TimeTick: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z.
    package let instant: Int64
    /// Seconds the clock is ahead of UTC here.
    package let offset: Int64
    /// Its label says its offset: the clock changes near it, and its reading alone would be ambiguous (an hour that
    /// happens twice) or would hide the jump.
    package let showsOffset: Bool

    package var local: LocalTime { LocalTime(instant + offset) }
}

extension ZoneRules {
    /// The ticks of `unit` at instants in `[start, end)`, in order: each where the zone's clock reads it, in true
    /// time. A reading that happens twice (the clocks go back) is two ticks, one that never happens (they go
    /// forward) none; a day whose midnight is skipped starts when the clock comes back, and a day the zone skipped
    /// whole has no tick.
    /// Months and years are `calendar`'s when given, else the Gregorian's.
    package func ticks(
        of unit: CalendarUnit, from start: Int64, to end: Int64, weekStart: WeekStart, calendar: CalendarSystem? = nil
    ) -> [TimeTick] {
        var ticks: [TimeTick] = []
        ticks.reserveCapacity(8)  // a window's look around its edge: a few periods, one allocation
        forEachTick(of: unit, from: start, to: end, weekStart: weekStart, calendar: calendar) { ticks.append($0) }
        return ticks
    }

    /// `ticks(of:from:to:weekStart:)`, each handed to `body` as it is found, in order.
    package func forEachTick(
        of unit: CalendarUnit, from start: Int64, to end: Int64, weekStart: WeekStart, calendar: CalendarSystem? = nil,
        _ body: (TimeTick) -> Void
    ) {
        guard start < end else { return }
        // Past a few decades a window holds more changes of offset than ticks of months or years: each tick finds
        // its own.
        guard unit.startsDays, unit != .days, unit != .weeks, end - start > 50 * 31_556_952 else {
            return Self.forEachTick(
                of: unit, on: runs(from: start - 2 * 86_400, to: end + 2 * 86_400), from: start, to: end,
                weekStart: weekStart, calendar: calendar, body)
        }
        var reading = unit.first(
            atOrAfter: LocalTime(start + offset(at: start)), weekStart: weekStart, calendar: calendar)
        while true {
            let guess = reading.seconds - offset(at: reading.seconds - offset(at: reading.seconds))
            guard guess - 86_400 < end else { break }
            Self.forEachTick(
                of: unit, on: runs(from: guess - 2 * 86_400, to: guess + 2 * 86_400), from: max(start, guess - 86_400),
                to: min(end, guess + 86_400), weekStart: weekStart, calendar: calendar, body)
            reading = unit.next(after: reading, weekStart: weekStart, calendar: calendar)
        }
    }

    /// The ticks of `unit` in `[start, end)` on `runs`, which cover it with some room either side (so that a tick
    /// near an end knows of a change of offset just past it), each handed to `body` in order.
    static func forEachTick(
        of unit: CalendarUnit, on runs: [ClockRun], from start: Int64, to end: Int64, weekStart: WeekStart,
        calendar: CalendarSystem? = nil, _ body: (TimeTick) -> Void
    ) {
        var reached = runs[0].localStart  // the latest reading the clock has shown before this run
        for (index, run) in runs.enumerated() {
            defer { reached = max(reached, run.localEnd) }
            guard run.end > start && run.start < end else { continue }
            var from = max(run.localStart, start + run.offset)
            if unit.startsDays {
                // A day starts once: not again when the clock goes back, and late when its midnight was skipped.
                let skipped = unit.first(atOrAfter: LocalTime(reached), weekStart: weekStart, calendar: calendar)
                if skipped.seconds < run.localStart, skipped.date == LocalTime(run.localStart).date, run.start >= start
                {
                    body(TimeTick(instant: run.start, offset: run.offset, showsOffset: false))
                    from = run.localStart + 1
                }
                from = max(from, reached)
            }
            var reading = unit.first(atOrAfter: LocalTime(from), weekStart: weekStart, calendar: calendar)
            while reading.seconds < run.localEnd, reading.seconds - run.offset < end {
                let instant = reading.seconds - run.offset
                let shows = !unit.startsDays && Self.changes(near: reading.seconds, around: index, in: runs)
                body(TimeTick(instant: instant, offset: run.offset, showsOffset: shows))
                reading = unit.next(after: reading, weekStart: weekStart, calendar: calendar)
            }
        }
    }

    /// Whether `reading`, in run `index`, lies between the readings either side of a change of offset at one of
    /// that run's ends: an hour that happens twice, or the first reading after a jump forward.
    private static func changes(near reading: Int64, around index: Int, in runs: [ClockRun]) -> Bool {
        for boundary in index...index + 1 where boundary > 0 && boundary < runs.count {
            let (before, after) = (runs[boundary - 1], runs[boundary])
            let low = after.start + min(before.offset, after.offset)
            let high = after.start + max(before.offset, after.offset)
            if reading >= low && reading <= high { return true }
        }
        return false
    }
}

extension CalendarUnit {
    /// The first reading at or after `time` where this unit has a tick: a month's or a year's in `calendar` when
    /// given.
    package func first(atOrAfter time: LocalTime, weekStart: WeekStart, calendar: CalendarSystem? = nil) -> LocalTime {
        let day = floorQuotient(time.seconds + 86_399, 86_400)  // the first midnight at or after `time`
        switch (self, calendar) {
        case (.months(let count), let calendar?):
            return LocalTime(calendar.firstMonth(atOrAfter: day, every: count) * 86_400)
        case (.years(let count), let calendar?):
            return LocalTime(calendar.firstYear(atOrAfter: day, every: count) * 86_400)
        default: break
        }
        switch self {
        case .clock(let seconds):
            return LocalTime(floorQuotient(time.seconds + seconds - 1, seconds) * seconds)
        case .days:
            return LocalTime(day * 86_400)
        case .weeks:
            let date = CivilDate(daysSinceEpoch: day)
            return LocalTime((day + modulo(weekStart.weekday - date.weekday, 7)) * 86_400)
        case .months(let count):
            let date = CivilDate(daysSinceEpoch: day)
            var month = date.year * 12 + date.month - 1 + (date.day > 1 ? 1 : 0)
            month = floorQuotient(month + count - 1, count) * count
            return Self.firstOfMonth(month)
        case .years(let count):
            let date = CivilDate(daysSinceEpoch: day)
            var year = date.year + (date.month > 1 || date.day > 1 ? 1 : 0)
            year = floorQuotient(year + count - 1, count) * count
            return Self.firstOfMonth(year * 12)
        }
    }

    /// The reading of the tick after the one at `time`.
    package func next(after time: LocalTime, weekStart: WeekStart, calendar: CalendarSystem? = nil) -> LocalTime {
        switch self {
        case .clock(let seconds): LocalTime(time.seconds + seconds)
        case .days: LocalTime(time.seconds + 86_400)
        case .weeks: LocalTime(time.seconds + 7 * 86_400)
        default: first(atOrAfter: LocalTime(time.seconds + 1), weekStart: weekStart, calendar: calendar)
        }
    }

    /// Midnight on the first of month `index`, counted from January of year 0.
    private static func firstOfMonth(_ index: Int64) -> LocalTime {
        let date = CivilDate(year: floorQuotient(index, 12), month: modulo(index, 12) + 1, day: 1)!
        return LocalTime(date.daysSinceEpoch * 86_400)
    }
}
