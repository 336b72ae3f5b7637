import Testing

@testable import EndlessCore

/// True time, local labels: ticks stand at real instants, where each zone's clock reads them, across its changes.
@Suite struct TimeTicksTests {
    func instant(_ text: String) -> Int64 { try! Instant(rfc3339: text).secondsSinceEpoch }

    /// Each tick as `instant label`, the instant in UTC.
    func ticks(
        _ zone: String, _ scale: TimeScale, from: String, to: String, labels: TimeLabels = TimeLabels()
    ) throws -> [String] {
        let rules = try ZoneRules.named(zone)
        return rules.ticks(of: scale.unit, from: instant(from), to: instant(to), weekStart: labels.weekStart).map {
            Instant(unchecked: $0.instant).rfc3339() + " " + minor($0, scale.unit, labels)
                + ($0.showsOffset ? " " + TimeLabels.offsetText($0.offset) : "")
        }
    }

    /// A tick's field as a window writes it.
    func minor(_ tick: TimeTick, _ unit: CalendarUnit, _ labels: TimeLabels = TimeLabels()) -> String {
        String(capacity: 15) { labels.writeMinor(tick, unit: unit, into: &$0) }
    }

    func dayLengths(_ zone: String, from: String, to: String) throws -> [Int64] {
        let rules = try ZoneRules.named(zone)
        let starts = rules.ticks(of: .days, from: instant(from), to: instant(to), weekStart: .monday).map(\.instant)
        return zip(starts.dropFirst(), starts).map { ($0 - $1) / 3600 }
    }

    @Test func londonSpringsForward() throws {
        #expect(
            try ticks("Europe/London", .hour, from: "2026-03-28T23:00:00Z", to: "2026-03-29T03:00:00Z") == [
                "2026-03-28T23:00:00Z 23:00", "2026-03-29T00:00:00Z 00:00", "2026-03-29T01:00:00Z 02:00 +01:00",
                "2026-03-29T02:00:00Z 03:00",
            ])
        #expect(
            try dayLengths("Europe/London", from: "2026-03-28T00:00:00Z", to: "2026-03-31T00:00:00Z") == [24, 23, 24])
    }

    @Test func londonFallsBackAndDrawsItsHourTwice() throws {
        #expect(
            try ticks("Europe/London", .hour, from: "2026-10-24T23:00:00Z", to: "2026-10-25T03:00:00Z") == [
                "2026-10-24T23:00:00Z 00:00", "2026-10-25T00:00:00Z 01:00 +01:00", "2026-10-25T01:00:00Z 01:00 +00:00",
                "2026-10-25T02:00:00Z 02:00 +00:00",
            ])
        #expect(
            try dayLengths("Europe/London", from: "2026-10-23T12:00:00Z", to: "2026-10-27T12:00:00Z") == [24, 25, 24])
    }

    @Test func newYork() throws {
        #expect(
            try dayLengths("America/New_York", from: "2026-03-07T12:00:00Z", to: "2026-03-10T12:00:00Z") == [23, 24])
        #expect(
            try dayLengths("America/New_York", from: "2026-10-31T12:00:00Z", to: "2026-11-03T12:00:00Z") == [25, 24])
        #expect(
            try ticks("America/New_York", .thirtyMinutes, from: "2026-11-01T05:00:00Z", to: "2026-11-01T07:00:00Z") == [
                "2026-11-01T05:00:00Z 01:00 -04:00", "2026-11-01T05:30:00Z 01:30 -04:00",
                "2026-11-01T06:00:00Z 01:00 -05:00", "2026-11-01T06:30:00Z 01:30 -05:00",
            ])
    }

    /// Lord Howe moves its clock by half an hour: hour ticks stay on its whole hours, an hour and a half apart there.
    @Test func lordHoweShiftsByHalfAnHour() throws {
        #expect(
            try ticks("Australia/Lord_Howe", .hour, from: "2026-04-04T13:00:00Z", to: "2026-04-04T17:00:00Z") == [
                "2026-04-04T13:00:00Z 00:00", "2026-04-04T14:00:00Z 01:00", "2026-04-04T15:30:00Z 02:00 +10:30",
                "2026-04-04T16:30:00Z 03:00",
            ])
    }

    @Test func kathmanduHoursFallAtAQuarterPast() throws {
        #expect(
            try ticks("Asia/Kathmandu", .sixHours, from: "2026-01-01T00:00:00Z", to: "2026-01-02T00:00:00Z") == [
                "2026-01-01T00:15:00Z 06:00", "2026-01-01T06:15:00Z 12:00", "2026-01-01T12:15:00Z 18:00",
                "2026-01-01T18:15:00Z 00:00",
            ])
    }

    /// Samoa skipped 30 December 2011, crossing the date line: the day has no tick.
    @Test func apiaHasNoThirtiethOfDecember2011() throws {
        #expect(
            try ticks("Pacific/Apia", .day, from: "2011-12-29T00:00:00Z", to: "2011-12-31T00:00:00Z") == [
                "2011-12-29T10:00:00Z Thu 29", "2011-12-30T10:00:00Z Sat 31",
            ])
    }

    @Test func leapDay2024() throws {
        #expect(
            try ticks("UTC", .day, from: "2024-02-28T00:00:00Z", to: "2024-03-02T00:00:00Z") == [
                "2024-02-28T00:00:00Z Wed 28", "2024-02-29T00:00:00Z Thu 29", "2024-03-01T00:00:00Z Fri 1",
            ])
        #expect(
            try ticks("Europe/Berlin", .month, from: "2024-02-15T00:00:00Z", to: "2024-04-15T00:00:00Z") == [
                "2024-02-29T23:00:00Z Mar", "2024-03-31T22:00:00Z Apr",
            ])
    }

    /// A day whose midnight the clock skips starts when the clock comes back (Havana went forward at midnight).
    @Test func aDayWhoseMidnightIsSkippedStartsAtTheChange() throws {
        let ticks = try ticks("America/Havana", .day, from: "2026-03-07T12:00:00Z", to: "2026-03-09T12:00:00Z")
        #expect(ticks == ["2026-03-08T05:00:00Z Sun 8", "2026-03-09T04:00:00Z Mon 9"])
    }

    @Test func weeksAreNumberedFromTheirFirstDay() throws {
        #expect(
            try ticks("UTC", .week, from: "2026-03-20T00:00:00Z", to: "2026-04-03T00:00:00Z") == [
                "2026-03-23T00:00:00Z W13", "2026-03-30T00:00:00Z W14",
            ])
        let sunday = TimeLabels(weekStart: .sunday)
        #expect(
            try ticks("UTC", .week, from: "2026-03-20T00:00:00Z", to: "2026-04-03T00:00:00Z", labels: sunday) == [
                "2026-03-22T00:00:00Z W13", "2026-03-29T00:00:00Z W14",
            ])
        #expect(CivilDate(year: 2021, month: 1, day: 3)!.week(startingOn: .monday) == (2020, 53))
    }

    @Test func twelveHourClock() throws {
        let twelve = TimeLabels(hours: .twelve)
        #expect(
            try ticks("UTC", .sixHours, from: "2026-01-01T00:00:00Z", to: "2026-01-02T00:00:00Z", labels: twelve) == [
                "2026-01-01T00:00:00Z 12 AM", "2026-01-01T06:00:00Z 6 AM", "2026-01-01T12:00:00Z 12 PM",
                "2026-01-01T18:00:00Z 6 PM",
            ])
    }

    /// Keys go as a ruler's and a slider's do: right and up a step later, left and down earlier, Page keys ten.
    @Test func keysGoLaterRightAndUp() throws {
        let timeline = try Timeline(zone: ZoneRules.named("Europe/London"), scale: .hour, step: .fifteenMinutes)
        let start = try Instant(rfc3339: "2026-10-25T00:30:00Z")
        func moved(_ key: ViewKey, _ presses: Int = 1) -> String? {
            timeline.keyTarget(key, from: start, presses: presses).map(timeline.text)
        }
        #expect(moved(.arrowRight) == "2026-10-25T01:45:00+01:00" && moved(.arrowUp) == moved(.arrowRight))
        #expect(moved(.arrowLeft) == "2026-10-25T01:15:00+01:00" && moved(.arrowDown) == moved(.arrowLeft))
        // Ten quarter hours on, in true time: 01:30 +01:00 and 2.5 hours later is 03:00 +00:00.
        #expect(moved(.pageUp) == "2026-10-25T03:00:00+00:00" && moved(.pageDown) == "2026-10-24T23:00:00+01:00")
        #expect(moved(.arrowUp, 3) == "2026-10-25T01:15:00+00:00")
        #expect(moved(.home) == nil && moved(.end) == nil)
    }

    /// Every rung draws ticks in order, at most its own length apart on a whole-hour zone, at both ends of time.
    @Test(arguments: TimeScale.allCases) func everyRungAtBothEndsOfTime(scale: TimeScale) throws {
        let rules = try ZoneRules.named("Europe/London")
        let span = scale.nominalSeconds * 12
        for (from, to) in [
            (Instant.first.secondsSinceEpoch, Instant.first.secondsSinceEpoch + span),
            (Instant.last.secondsSinceEpoch - span, Instant.last.secondsSinceEpoch + 1),
            (instant("2026-03-01T00:00:00Z") - span / 2, instant("2026-03-01T00:00:00Z") + span / 2),
        ] {
            let ticks = rules.ticks(of: scale.unit, from: from, to: to, weekStart: .monday)
            #expect(ticks.allSatisfy { $0.instant >= from && $0.instant < to })
            #expect(zip(ticks.dropFirst(), ticks).allSatisfy { $0.instant > $1.instant })
            #expect(ticks.count >= (scale == .millennium ? 0 : 10), "\(scale) \(from): \(ticks.count) ticks")
            for tick in ticks { _ = minor(tick, scale.unit) }
        }
    }

    @Test func instantsReadAndWriteRFC3339() throws {
        #expect(try Instant(rfc3339: "0001-01-01T00:00:00Z") == .first)
        #expect(try Instant(rfc3339: "9999-12-31T23:59:59Z") == .last)
        #expect(try Instant(rfc3339: "2026-11-26T13:00:00+01:00").rfc3339(offset: 3600) == "2026-11-26T13:00:00+01:00")
        #expect(try Instant(rfc3339: "2026-11-26t12:00:00z").rfc3339() == "2026-11-26T12:00:00Z")
        #expect(Instant.first.rfc3339(offset: -75) == "0001-01-01T00:00:00Z", "a local mean time's offset has seconds")
        for bad in [
            "0000-12-31T23:59:59Z", "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01", "2026-02-29T00:00:00Z",
            "2026-03-29T24:00:00Z", "2026-03-29T00:00:60Z", "2026-03-29T00:00:00.5Z", "2026-03-29",
            "2026-03-29T00:00:00",
            "10000-01-01T00:00:00Z", "2026-03-29T00:00:00+24:00", "-001-01-01T00:00:00Z", "２026-03-29T00:00:00Z",
        ] {
            #expect(throws: EndlessError.self, "\(bad)") { try Instant(rfc3339: bad) }
        }
    }

    @Test func zonesAreIANANames() throws {
        for good in ["UTC", "Europe/London", "Asia/Kathmandu", "Etc/GMT+5", "Pacific/Apia"] {
            #expect(try ZoneRules.named(good).identifier == good)
        }
        for bad in ["", "Mars/Olympus", "europe/london", "GMT+5", "../etc/passwd", String(repeating: "A", count: 100)] {
            #expect(throws: EndlessError.self, "\(bad)") { try ZoneRules.named(bad) }
        }
    }
}
