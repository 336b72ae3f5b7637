extension Timeline {
    /// Where block `block`'s minor ticks start, in points from its start, when they stand as a full block's do: ten,
    /// `spacing` apart. So they do for a clock's unit wherever every offset over the block is the same modulo the
    /// unit: in true time an hour tick comes every hour, across a change of an hour too. `nil` for calendar units
    /// (a day is 23 or 25 hours), across a change by part of the unit (Lord Howe's 30 minutes, at hourly ticks),
    /// and at time's ends. A window draws such a block's ticks once, for all of them.
    package func evenTicksShift(ofBlock block: Int64, clock: ZoneClock) -> Double? {
        guard case .clock(let seconds) = scale.unit, blockRange.contains(block) else { return nil }
        let start = start(ofBlock: block), end = start + blockSeconds
        guard start >= Instant.first.secondsSinceEpoch, end <= Instant.last.secondsSinceEpoch + 1 else { return nil }
        var shift: Int64?
        for run in clock.runs(from: start, to: end) {
            // The first tick at or after `start` where this run's clock reads the unit.
            let runShift = modulo(-(start + run.offset), seconds)
            guard shift == nil || shift == runShift else { return nil }
            shift = runShift
        }
        return shift.map { Double($0) * pointsPerSecond }
    }
}
