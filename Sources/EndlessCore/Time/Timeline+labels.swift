import Synchronization

/// Which of a timeline's ticks carry words, and in which form, so that no two words of a row touch: each row takes
/// its long form where its widest label fits between neighbours, then its short form (`Mon 16` → `16`, `Sunday 29
/// March 2026` → `29 Mar 2026`), then labels every 2nd, 5th… tick, chosen by the tick's number counted from 1970
/// (`Timeline.isLabelled`), so that every tile chooses alike and the labels stand still while the view scrolls.
package struct TickLabelling: Sendable, Hashable {
    /// Every how many minor ticks one has its field, and whether in the short form.
    package var minorStride: Int64 = 1
    package var minorShort = false
    /// The same for the row of context (the day, the month…) above them.
    package var contextStride: Int64 = 1
    package var contextShort = false
    /// Points along the axis a context's words take with their clearance: a block repeats its context at its
    /// start only where no other context's words are that near.
    package var contextRoom: Double = 0

    /// The labelling of a timeline at `scale` whose ticks stand `spacing` apart, with `widths` its words' widest.
    init(scale: TimeScale, spacing: Double, vertical: Bool, widths: LabelWidths) {
        let pointsPerSecond = spacing / Double(scale.nominalSeconds)
        // A calendar's units vary: a 28-day February, a 23-hour day, a 354-day Islamic year are 0.9 of their mean.
        func shortest(_ unit: CalendarUnit) -> Double {
            guard case .clock(let seconds) = unit else { return unit.meanSeconds * 0.9 * pointsPerSecond }
            return Double(seconds) * pointsPerSecond
        }
        // Across a vertical timeline its words stand on lines one under another: a field's height, and its
        // offset's under it.
        let minorLength = vertical ? (widths.hasNotes ? 30 : 17) : widths.minor
        let minorShortLength = vertical ? minorLength : widths.minorShort
        let minorStep = shortest(scale.unit)
        (minorStride, minorShort) = Self.stride(
            long: minorLength, short: minorShortLength, step: minorStep, strides: scale.unit.labelStrides)
        guard let context = scale.context else { return }
        // Context words start 4 points past their line and run on away from it.
        let contextLength = vertical ? 17 : widths.context + 4
        let contextShortLength = vertical ? 17 : widths.contextShort + 4
        (contextStride, contextShort) = Self.stride(
            long: contextLength, short: contextShortLength, step: shortest(context), strides: context.labelStrides)
        contextRoom = TextWidth.clearance(contextShort ? contextShortLength : contextLength)
    }

    /// The fewest ticks between labels, and the form, that keep `long` (or `short`) words `step` apart clear.
    private static func stride(long: Double, short: Double, step: Double, strides: [Int64]) -> (Int64, Bool) {
        if TextWidth.clearance(long) <= step { return (1, false) }
        let isShorter = short < long
        if isShorter && TextWidth.clearance(short) <= step { return (1, true) }
        let needed = TextWidth.clearance(isShorter ? short : long)
        let stride = strides.first { Double($0) * step >= needed } ?? strides.last!
        return (stride, isShorter)
    }
}

/// The widest words a timeline's rows may show, in points, for its language and scale: measured once (`of`).
struct LabelWidths: Sendable, Hashable {
    var minor = 0.0, minorShort = 0.0, context = 0.0, contextShort = 0.0
    /// A clock's fields may carry an offset under them near a change of the clock.
    var hasNotes = false

    private struct Key: Hashable {
        let labels: TimeLabels
        let scale: TimeScale
    }

    /// Kept for each language and scale a timeline was made with (a few hundred at most: past that, forgotten).
    private static let known = Mutex<[Key: LabelWidths]>([:])

    /// The widest of `labels`' words at `scale`: its fields and contexts written for a sample of instants that
    /// holds every weekday, month and the widest numbers, measured in DejaVu Sans (bold for contexts).
    static func of(_ labels: TimeLabels, scale: TimeScale) -> LabelWidths {
        let key = Key(labels: labels, scale: scale)
        if let widths = known.withLock({ $0[key] }) { return widths }
        let widths = measured(labels, scale: scale)
        known.withLock { known in
            if known.count >= 1024 { known.removeAll() }
            known[key] = widths
        }
        return widths
    }

    private static func measured(_ labels: TimeLabels, scale: TimeScale) -> LabelWidths {
        var widths = LabelWidths()
        let calendar = labels.language?.calendar
        func widest(_ unit: CalendarUnit, short: Bool, context: Bool) -> Double {
            sample(unit, calendar: calendar).reduce(0) { widest, day in
                let tick = TimeTick(instant: day, offset: 0, showsOffset: false)
                let text =
                    context
                    ? labels.context(tick, unit: unit, short: short)
                    : String(capacity: 64) { labels.writeMinor(tick, unit: unit, short: short, into: &$0) }
                return max(widest, TextWidth.of(text, size: 13, bold: context))
            }
        }
        let unit = scale.unit
        (widths.minor, widths.minorShort) = (
            widest(unit, short: false, context: false), widest(unit, short: true, context: false)
        )
        if case .clock = unit {
            // The offset under a field near a change of the clock, at 10 points.
            let notes = ["+00:00", "-10:30", "+05:45", "-00:01:15"].map { TextWidth.of($0, size: 10) }
            widths.minor = max(widths.minor, notes.max()!)
            widths.minorShort = widths.minor
            widths.hasNotes = true
        }
        if let context = scale.context {
            (widths.context, widths.contextShort) = (
                widest(context, short: false, context: true), widest(context, short: true, context: true)
            )
        }
        return widths
    }

    /// Instants (UTC seconds, read as local) whose words are the widest of `unit`'s: every weekday of every month
    /// at two-digit days, every month of two years (a calendar's thirteenth too), years of four digits and eras.
    private static func sample(_ unit: CalendarUnit, calendar: CalendarSystem?) -> [Int64] {
        let day = { (year: Int64, month: Int64, day: Int64) in
            CivilDate(year: year, month: month, day: day)!.daysSinceEpoch * 86_400
        }
        switch unit {
        case .clock:
            return [0, 36_000, 43_200, 46_800, 79_200, 86_399].map { day(2026, 8, 24) + $0 }
        case .days, .weeks:
            return (1...12).flatMap { month in (22...28).map { day(2026, month, $0) } } + [day(2026, 12, 30)]
        case .months:
            guard let calendar else { return (1...12).map { day(2026, $0, 1) } }
            return [2026, 2027].flatMap { calendar.months(beginningIn: $0).map { $0.day * 86_400 } }
        case .years(let count):
            let years: [Int64] = [1000, 1800, 1960, 1989, 2019, 2026, 9000]
            guard let calendar, count == 1 else { return years.map { day($0, 1, 1) } }
            return [1989, 2019, 2026].flatMap {
                calendar.months(beginningIn: $0).filter(\.opensYear).map { $0.day * 86_400 }
            }
        }
    }
}

extension CalendarUnit {
    /// A unit's mean length in seconds: a clock's own, a day's, a Gregorian month's or year's.
    var meanSeconds: Double {
        switch self {
        case .clock(let seconds): Double(seconds)
        case .days: 86_400
        case .weeks: 604_800
        case .months(let count): Double(count) * 2_629_746
        case .years(let count): Double(count) * 31_556_952
        }
    }

    /// Every how many ticks a crowded row may be labelled, in order: spans a reader counts in (2, 3, 6 hours; 2, 7,
    /// 14 days; 3, 6, 12 months; 2, 5, 10 years), the widest far past what 2 points a tick needs.
    /// The 96 numbers of seconds that divide a day, in order.
    private static let dayDivisors = (1...86_400 as ClosedRange<Int64>).filter { 86_400 % $0 == 0 }

    var labelStrides: [Int64] {
        switch self {
        case .clock(let seconds):
            // Spans that divide a day, then whole days.
            return Self.dayDivisors.filter { $0 % seconds == 0 }.map { $0 / seconds }
                + [2, 7, 14, 28, 70].map { $0 * 86_400 / seconds }
        case .days: return [1, 2, 7, 14, 28, 70, 140, 350]
        case .weeks: return [1, 2, 4, 13, 26, 52, 104, 260]
        case .months(let count):
            return [1, 2, 3, 6, 12, 24, 60, 120, 240].filter { $0 % count == 0 }.map { $0 / count }
        case .years: return [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
        }
    }
}

extension Timeline {
    /// Whether a row that words every `stride`th tick of `unit` words `tick`: chosen by the tick alone, so that every
    /// tile chooses alike and the labels stand still while the view scrolls.
    package func isLabelled(_ tick: TimeTick, unit: CalendarUnit, stride: Int64) -> Bool {
        guard stride > 1 else { return true }
        let local = tick.local
        let day = floorQuotient(local.seconds, 86_400)
        switch unit {
        case .clock(let seconds): return floorQuotient(local.seconds, seconds) % stride == 0
        case .days: return (day + 3) % stride == 0  // from a Monday: every 7th day is a Monday
        case .weeks: return floorQuotient(day + 3, 7) % stride == 0
        case .months(let count): return isLabelled(monthHolding: day, every: count * stride)
        case .years(let count):
            let year = calendar.map { $0.month(containing: day).month.yearIndex } ?? local.date.year
            return floorQuotient(year, count) % stride == 0
        }
    }

    /// Months are worded by their place in their year (January, March… for every 2nd; a year's first for every
    /// 12th), so that a year reads from its start in every calendar. A 13th month, or a place repeated (a Chinese
    /// leap month), is not worded; a month after a skipped place (Adar in a Hebrew year without Adar I) is left out
    /// when one of the `span - 1` months before it is worded, so that no two stand side by side.
    private func isLabelled(monthHolding day: Int64, every span: Int64) -> Bool {
        guard let calendar else {
            let date = CivilDate(daysSinceEpoch: day)
            return (date.year * 12 + date.month - 1) % span == 0
        }
        func candidate(_ month: CalendarSystem.MonthStart) -> Bool {
            // A 13th month (Elul in a Hebrew leap year) would stand next to the next year's first.
            guard month.opensMonth, !month.sharesOrdinal, month.ordinal < 12 else { return false }
            return span < 12 ? month.ordinal % span == 0 : month.ordinal == 0 && month.yearIndex % (span / 12) == 0
        }
        var month = calendar.month(containing: day).month
        guard candidate(month) else { return false }
        // Candidates a year apart or more are never neighbours: at most 11 months are looked back on.
        for _ in 1..<min(span, 12) {
            month = calendar.month(containing: month.day - 1).month
            if candidate(month) { return false }
        }
        return true
    }
}

extension Timeline {
    /// The context starts around a window's leading edge `edge` (its earliest instant): the one that opens the period
    /// holding it (its words, cut by the edge or repeated by the window's own label there, are the window's to leave
    /// out), the next labelled one within `reach` seconds after the edge, whose words the window's label must not
    /// reach, and the labelled one before the period's within `back` seconds of the edge, whose words may run past
    /// it. Right to left the same, in the direction time runs (the window mirrors the layout).
    package func contextStarts(
        around edge: Int64, reach: Int64, back: Int64, vertical: Bool
    ) -> (holding: TimeTick?, next: TimeTick?, previous: TimeTick?) {
        guard let context = scale.context else { return (nil, nil, nil) }
        let labelling = vertical ? verticalLabelling : labelling
        let (first, last) = (Instant.first.secondsSinceEpoch, Instant.last.secondsSinceEpoch + 1)
        func ticks(_ from: Int64, _ to: Int64) -> [TimeTick] {
            zone.ticks(
                of: context, from: max(first, from), to: min(last, to), weekStart: labels.weekStart,
                calendar: calendar)
        }
        func labelled(_ tick: TimeTick) -> Bool {
            isLabelled(tick, unit: context, stride: labelling.contextStride)
        }
        // A period is at most 1.1 of its mean (a 385-day Hebrew year), and two days of a zone's changes.
        let period = Int64(context.meanSeconds * 1.1) + 2 * 86_400
        let reach = max(0, min(reach, Instant.last.secondsSinceEpoch - first))
        // The period's start, the labelled start before it and the next, from one look from back before the edge to
        // the window's reach past it.
        let around = ticks(edge - max(period, back), edge + 1 + reach)
        guard let at = around.lastIndex(where: { $0.instant <= edge }) else {
            return (nil, around.first(where: labelled), nil)
        }
        let previous = around[..<at].last { $0.instant >= edge - back && labelled($0) }
        return (around[at], around[(at + 1)...].first(where: labelled), previous)
    }
}

extension Timeline {
    /// The words of the context that opens at `tick`, as its row writes them (short where the row is crowded, or
    /// where `short`: a vertical timeline's column is narrow).
    package func contextWords(of tick: TimeTick, vertical: Bool, short: Bool = false) -> String {
        guard let context = scale.context else { return "" }
        return labels.context(
            tick, unit: context, short: short || (vertical ? verticalLabelling : labelling).contextShort)
    }

    /// The widest words of a context, in full and short (the full ones again where there is no shorter form), at 13
    /// points, bold: a vertical timeline fits them to its column.
    package var contextWidths: (full: Double, short: Double) {
        let widths = LabelWidths.of(labels, scale: scale)
        return (widths.context, widths.contextShort)
    }

    /// The words of the context that holds `instant`: what a window writes at its leading edge.
    package func contextWords(at instant: Instant, vertical: Bool, short: Bool = false) -> String {
        let seconds = instant.secondsSinceEpoch
        return contextWords(
            of: TimeTick(instant: seconds, offset: zone.offset(at: seconds), showsOffset: false), vertical: vertical,
            short: short)
    }
}
