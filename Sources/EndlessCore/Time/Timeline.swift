/// Time along an axis: true time, so that an hour is always as wide, with ticks where a zone's clock reads the
/// scale's unit, and labels in that clock's words.
public struct Timeline: Sendable, Hashable {
    public let zone: ZoneRules
    /// The interval between minor ticks.
    public let scale: TimeScale
    /// Points between minor ticks (a calendar rung's average: a month's ticks stand a little apart or together).
    public let spacing: Double
    /// What the value snaps to; the scale by default.
    public let step: TimeScale
    /// The ends, for a clamped timeline: the value stays between them.
    public let minimum: Instant?
    public let maximum: Instant?
    package let labels: TimeLabels
    /// Which ticks carry words, and in which form, along a horizontal timeline and down a vertical one.
    package let labelling: TickLabelling
    package let verticalLabelling: TickLabelling
    public var hours: HourCycle { labels.hours }
    public var weekStart: WeekStart { labels.weekStart }
    /// The language its words are in; `nil` for English, as it always was.
    public var language: Language? { labels.language }
    /// Where its months and years begin: its language's calendar, if not the Gregorian.
    package var calendar: CalendarSystem? { labels.language?.calendar }

    /// Ticks in one block, the timeline's tile.
    package static let ticksPerBlock: Int64 = 10

    /// Throws naming the parameter: `spacing` outside `Limits.tickSpacingRange`, or `min` after `max`.
    public init(
        zone: ZoneRules = .utc, scale: TimeScale = .hour, spacing: Double = 80, step: TimeScale? = nil,
        minimum: Instant? = nil, maximum: Instant? = nil, hours: HourCycle = .twentyFour,
        weekStart: WeekStart = .monday,
        language: Language? = nil
    ) throws(EndlessError) {
        guard spacing.isFinite, Limits.tickSpacingRange.contains(spacing) else {
            throw EndlessError("spacing", "must be \(Limits.Accepts.tickSpacing)")
        }
        if let minimum, let maximum, minimum > maximum { throw EndlessError("min", "must not be after max") }
        (self.zone, self.scale, self.spacing, self.step) = (zone, scale, spacing, step ?? scale)
        (self.minimum, self.maximum) = (minimum, maximum)
        labels = TimeLabels(hours: hours, weekStart: weekStart, language: language)
        let widths = LabelWidths.of(labels, scale: scale)
        labelling = TickLabelling(scale: scale, spacing: spacing, vertical: false, widths: widths)
        verticalLabelling = TickLabelling(scale: scale, spacing: spacing, vertical: true, widths: widths)
    }

    /// Points per second: at most 1000 (a second 1000 points wide), so that every instant's offset is within
    /// 2.6e14 points, inside `Limits.maximumCoordinate`.
    package var pointsPerSecond: Double { spacing / Double(scale.nominalSeconds) }

    /// Seconds in a block: a whole number, as every rung is.
    package var blockSeconds: Int64 { Self.ticksPerBlock * scale.nominalSeconds }
    package var blockStrip: TileStrip { TileStrip(length: Double(Self.ticksPerBlock) * spacing) }

    /// Where `instant` is along the timeline, 1970-01-01T00:00:00Z at 0.
    public func offset(of instant: Instant) -> Double { Double(instant.secondsSinceEpoch) * pointsPerSecond }

    /// The instant at `offset`, to the nearest second, within the timeline's ends and time's.
    public func instant(atOffset offset: Double) throws(EndlessError) -> Instant {
        let first = Double((minimum ?? .first).secondsSinceEpoch), last = Double((maximum ?? .last).secondsSinceEpoch)
        guard offset.isFinite, abs(offset) <= Limits.maximumCoordinate else {
            throw EndlessError("offset", "must be \(Limits.Accepts.coordinate)")
        }
        return Instant(unchecked: Int64(min(max((offset / pointsPerSecond).rounded(), first), last)))
    }

    /// The step's tick nearest `instant` (the earlier of two as near), within the ends: what the value snaps to.
    public func snapped(_ instant: Instant) -> Instant {
        let seconds = instant.secondsSinceEpoch
        let first = (minimum ?? .first).secondsSinceEpoch, last = (maximum ?? .last).secondsSinceEpoch
        // Any tick outside a window around `seconds` is further than every tick inside it.
        let nearest = stepTick(around: seconds) { reach in
            let ticks = zone.ticks(
                of: step.unit, from: max(first, seconds - reach), to: min(last, seconds + reach) + 1,
                weekStart: labels.weekStart, calendar: calendar)
            return ticks.min { abs($0.instant - seconds) < abs($1.instant - seconds) }
        }
        return Instant(unchecked: nearest?.instant ?? seconds)
    }

    /// The value one step after (`count` > 0) or before `instant`'s snapped value, within the ends: what a key moves
    /// to.
    public func stepped(_ instant: Instant, by count: Int) -> Instant {
        var value = snapped(instant)
        let (first, last) = (Instant.first.secondsSinceEpoch, Instant.last.secondsSinceEpoch)
        for _ in 0..<abs(count) {
            let seconds = value.secondsSinceEpoch
            let next = stepTick(around: seconds) { reach in
                let ticks = zone.ticks(
                    of: step.unit, from: count > 0 ? seconds + 1 : max(first, seconds - reach),
                    to: count > 0 ? min(last + 1, seconds + reach) : seconds, weekStart: labels.weekStart,
                    calendar: calendar)
                return count > 0 ? ticks.first : ticks.last
            }
            guard let next else { break }
            value = clamped(Instant(unchecked: next.instant))
        }
        return value
    }

    /// The tick `find` finds within a reach of `seconds`, looked for in reaches that double from two steps and a
    /// minute to two steps and two days (a zone that skipped a day): a step of a second reads a few ticks, not two
    /// days of them, for each of a Page key's 640 steps.
    private func stepTick(around seconds: Int64, _ find: (_ reach: Int64) -> TimeTick?) -> TimeTick? {
        let widest = 2 * step.nominalSeconds + 2 * 86_400
        var reach = 2 * step.nominalSeconds + 60
        while true {
            if let tick = find(min(reach, widest)) { return tick }
            guard reach < widest else { return nil }
            reach *= 2
        }
    }

    /// `instant` within the timeline's ends.
    public func clamped(_ instant: Instant) -> Instant {
        if let minimum, instant < minimum { return minimum }
        if let maximum, instant > maximum { return maximum }
        return instant
    }

    /// The value as a form submits it: RFC 3339 with the zone's offset at that instant
    /// (`2026-11-26T13:00:00+01:00`), `Z` in UTC.
    public func text(_ instant: Instant) -> String {
        instant.rfc3339(offset: zone.offset(at: instant.secondsSinceEpoch), zulu: zone.identifier == "UTC")
    }

    /// The value as a reader hears it: `Sunday 29 March 2026, 02:00:00 +01:00`; in a language, its own pattern for
    /// the day and the time (`Sonntag, 29. März 2026 um 02:00:00 +01:00`).
    public func spokenText(_ instant: Instant) -> String {
        if labels.language != nil {
            return String(capacity: TimeLabels.longestContext + 32) { writeReadout(instant, into: &$0) }
        }
        let offset = zone.offset(at: instant.secondsSinceEpoch)
        let tick = TimeTick(instant: instant.secondsSinceEpoch, offset: offset, showsOffset: true)
        return labels.context(tick, unit: .days) + ", " + tick.local.timeText(seconds: true) + " "
            + TimeLabels.offsetText(offset)
    }

    /// What a window's readout says, written in place rather than made a `String`: the value as a form submits it
    /// (`text(_:)`), or in a language as its reader hears it (`spokenText(_:)`). At most
    /// `TimeLabels.longestContext + 32` bytes.
    package func writeReadout(_ instant: Instant, into text: inout TextBuilder) {
        let offset = zone.offset(at: instant.secondsSinceEpoch)
        guard let language = labels.language else {
            return instant.writeRFC3339(offset: offset, zulu: zone.identifier == "UTC", into: &text)
        }
        let tick = TimeTick(instant: instant.secondsSinceEpoch, offset: offset, showsOffset: true)
        labels.writeSpoken(tick.local, in: language, into: &text)
        text.append(byte: UInt8(ascii: " "))
        TimeLabels.writeOffset(offset, in: language, into: &text)
    }

    /// The ticks of block `block` (`[block·blockSeconds, (block+1)·blockSeconds)`, within time's ends), each handed
    /// to `body` with its place in points from the block's start: the minor ticks, then the context labels that open
    /// there. `clock` is the zone's clock read once for a window of blocks; without it the block reads its own.
    /// `vertical` chooses the labelling down a vertical timeline; `repeats` whether a block says the context it
    /// opens in (a page's tile does; a window, which says it once at its leading edge, does not).
    package func forEachTick(
        ofBlock block: Int64, clock: ZoneClock? = nil, vertical: Bool = false, repeats: Bool = true,
        _ body: (PlacedTick) -> Void
    ) {
        let start = start(ofBlock: block)
        let from = max(start, Instant.first.secondsSinceEpoch)
        let to = min(start + blockSeconds, Instant.last.secondsSinceEpoch + 1)
        guard from < to else { return }
        let (unit, weekStart) = (scale.unit, labels.weekStart)
        let labelling = vertical ? verticalLabelling : labelling
        let clock = clock ?? self.clock(ofBlock: block)
        func placed(_ tick: TimeTick, _ unit: CalendarUnit, isContext: Bool) -> PlacedTick {
            var placed = PlacedTick(
                position: Double(tick.instant - start) * pointsPerSecond, tick: tick, unit: unit, isContext: isContext)
            let stride = isContext ? labelling.contextStride : labelling.minorStride
            placed.isShort = isContext ? labelling.contextShort : labelling.minorShort
            placed.isLabelled = isLabelled(tick, unit: unit, stride: stride)
            // A year cut short by a new era (昭和64年: 7 days) leaves its words to the era's first year.
            if placed.isLabelled, case .years(1) = unit, let calendar, calendar.isEraYears {
                let day = floorQuotient(tick.local.seconds, 86_400)
                let next = calendar.firstYear(atOrAfter: day + 1, every: 1)
                placed.isLabelled = Double(next - day) * 86_400 >= unit.meanSeconds / 2
            }
            return placed
        }
        clock.forEachTick(of: unit, from: from, to: to, weekStart: weekStart, calendar: calendar) { tick in
            var minor = placed(tick, unit, isContext: false)
            // Where the clock changed within a stride before, a labelled tick may stand nearer than a stride (the
            // clocks went forward) or read as one did (they went back): it is worded only if none is.
            let stride = labelling.minorStride
            if minor.isLabelled, stride > 1, case .clock(let seconds) = unit,
                clock.offset(at: tick.instant - stride * seconds) != tick.offset
            {
                minor.isLabelled = !(1..<stride).contains { back in
                    let before = tick.instant - back * seconds
                    let reading = before + clock.offset(at: before)
                    return modulo(reading, seconds) == 0 && modulo(floorQuotient(reading, seconds), stride) == 0
                }
            }
            body(minor)
        }
        guard let context = scale.context else { return }
        // A tile says the context it opens in too, unless the words of one labelled start too near (`contextRoom`
        // either side of its start), and only every so many blocks (by number, as every tile counts): so that a
        // view, whose context may have started far before it, holds one, and no two words touch.
        let room = Int64((labelling.contextRoom / pointsPerSecond).rounded(.up))
        let every = max(1, Int64((labelling.contextRoom / blockStrip.length).rounded(.up)))
        if repeats && block % every == 0 {
            var startsNear = false
            clock.forEachTick(
                of: context, from: from - room, to: min(to, from + room), weekStart: weekStart, calendar: calendar
            ) { tick in
                startsNear = startsNear || placed(tick, context, isContext: true).isLabelled
            }
            if !startsNear {
                var opening = placed(
                    TimeTick(instant: from, offset: clock.offset(at: from), showsOffset: false), context,
                    isContext: true)
                (opening.isRepeat, opening.isLabelled) = (true, true)
                body(opening)
            }
        }
        clock.forEachTick(of: context, from: from, to: to, weekStart: weekStart, calendar: calendar) {
            body(placed($0, context, isContext: true))
        }
    }

    /// The zone's clock over block `block`, within time's ends, and the reach of its context before it: what a
    /// block reads its ticks from when not drawn with a window's. A block past an end (a page may ask one) gets the
    /// clock at that end.
    package func clock(ofBlock block: Int64) -> ZoneClock {
        let (first, last) = (Instant.first.secondsSinceEpoch, Instant.last.secondsSinceEpoch + 1)
        let start = start(ofBlock: block)
        let from = min(max(start, first), last), to = max(min(start + blockSeconds, last), from)
        return ZoneClock(zone, from: from - contextReach, to: to)
    }

    /// The first second of block `block`, as seconds since the epoch; a block past time's ends, which holds no
    /// tick, starts one block past them: any `Int64` a page's tiles reach is in range by construction.
    package func start(ofBlock block: Int64) -> Int64 {
        let blocks = blockRange
        return min(max(block, blocks.lowerBound - 1), blocks.upperBound + 1) * blockSeconds
    }

    /// A placed tick's words (`14:00`, `Sunday 29 March 2026`), written in place: at most
    /// `TimeLabels.longestContext` bytes.
    package func writeWords(of placed: PlacedTick, into text: inout TextBuilder) {
        if placed.isContext {
            labels.writeContext(placed.tick, unit: placed.unit, short: placed.isShort, into: &text)
        } else {
            labels.writeMinor(placed.tick, unit: placed.unit, short: placed.isShort, into: &text)
        }
    }

    /// How far before a block its ticks look for a context's start, in seconds: the room of a context's words
    /// (`TickLabelling.contextRoom`) in either orientation.
    package var contextReach: Int64 {
        Int64((max(labelling.contextRoom, verticalLabelling.contextRoom) / pointsPerSecond).rounded(.up))
    }

    /// The blocks within time's ends at this scale: a block index a URL gives must lie within them, so that
    /// `block × blockSeconds` stays in range.
    package var blockRange: ClosedRange<Int64> {
        floorQuotient(
            Instant.first.secondsSinceEpoch, blockSeconds)...floorQuotient(
                Instant.last.secondsSinceEpoch, blockSeconds)
    }
}

/// A tick placed in its block: a minor tick with its field, or a context's start with its words
/// (`Timeline.writeWords(of:into:)`).
package struct PlacedTick: Sendable, Hashable {
    /// Points from the block's start.
    package let position: Double
    package let tick: TimeTick
    /// The unit whose words it carries: the scale's, or its context's.
    package let unit: CalendarUnit
    package let isContext: Bool
    /// A context said again at a block's start: its words, without the line that marks where it starts.
    package var isRepeat = false
    /// Whether it carries words (a crowded row words every so many ticks), and their short form.
    package var isLabelled = true
    package var isShort = false
    /// The offset goes under a minor tick near a change of the clock.
    package var showsOffset: Bool { !isContext && tick.showsOffset }
}
