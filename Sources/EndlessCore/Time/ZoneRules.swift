import Foundation
import Synchronization

/// A time zone's rules, from the tz database built into the binary (ICU's, in Foundation): so the release file
/// answers for every zone on a machine with no tzdata. Each zone is read once, and kept.
public final class ZoneRules: Sendable, Hashable {
    /// The IANA name: `Europe/London`, `UTC`.
    public let identifier: String
    private let zone: TimeZone
    /// The span this zone was last asked for: a window asks the same one several times, and finding it in `spans`
    /// hashes its key each time (1,400 instructions of a timeline window's 45,000, measured).
    private let lastSpan = Mutex<(index: Int64, span: ClockSpan)?>(nil)

    private init(identifier: String, zone: TimeZone) {
        self.identifier = identifier
        self.zone = zone
    }

    /// A zone is its name: the rules are the same for it wherever they are read.
    public static func == (a: ZoneRules, b: ZoneRules) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    public static let utc = ZoneRules(identifier: "UTC", zone: TimeZone(identifier: "UTC")!)

    /// The zones asked for so far: at most one per IANA name (about 600), so the cache stays small.
    private static let known = Mutex<[String: ZoneRules]>(["UTC": utc])

    /// The zone named `name`; throws naming `parameter` for a name that is not an IANA zone.
    public static func named(_ name: some StringProtocol, _ parameter: String = "tz") throws(EndlessError) -> ZoneRules
    {
        let name = String(name)
        if let zone = known.withLock({ $0[name] }) { return zone }
        // ICU also reads names no tz database has (`GMT+5`, which it calls `GMT+0500`): a name is taken only if ICU
        // keeps it as given.
        guard name.utf8.count <= 64, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            let zone = TimeZone(identifier: name), zone.identifier == name
        else {
            throw EndlessError(parameter, "must be \(Limits.Accepts.zone)")
        }
        let rules = ZoneRules(identifier: name, zone: zone)
        return known.withLock { known in
            if let made = known[name] { return made }
            known[name] = rules
            return rules
        }
    }

    /// Seconds the zone's clock is ahead of UTC at `instant`.
    package func offset(at instant: Int64) -> Int64 {
        let span = span(instant >> Self.spanShift)
        return span.changes.last { $0.instant <= instant }?.offset ?? span.offset
    }

    /// The zone's clock over `[start, end)`: the runs of one offset each, in order, covering the span.
    package func runs(from start: Int64, to end: Int64) -> [ClockRun] {
        var runs: [ClockRun] = []
        runs.reserveCapacity(4)  // a window's clock: a run or two, one allocation
        var (from, offset) = (start, offset(at: start))
        for index in (start >> Self.spanShift)...((end - 1) >> Self.spanShift) {
            for change in span(index).changes where change.instant > from && change.instant < end {
                guard change.offset != offset else { continue }
                runs.append(ClockRun(start: from, end: change.instant, offset: offset))
                (from, offset) = (change.instant, change.offset)
            }
        }
        runs.append(ClockRun(start: from, end: end, offset: offset))
        return runs
    }

    /// A zone's clock over 2^25 seconds (about a year): its offset as the span begins, and its changes in it.
    private struct ClockSpan: Sendable {
        let offset: Int64
        let changes: [(instant: Int64, offset: Int64)]
    }

    private struct SpanKey: Hashable {
        let zone: ObjectIdentifier
        let index: Int64
    }

    private static let spanShift: Int64 = 25
    /// Spans read from ICU, every zone's together: at most 8,192 (about a megabyte), forgotten all at once when full.
    /// A window asks one or two; ICU, asked, takes a lock and thousands of instructions.
    private static let spans = Mutex<[SpanKey: ClockSpan]>([:])
    private static let maximumSpans = 8192

    private func span(_ index: Int64) -> ClockSpan {
        if let last = lastSpan.withLock({ $0 }), last.index == index { return last.span }
        let span = sharedSpan(index)
        lastSpan.withLock { $0 = (index, span) }
        return span
    }

    /// Span `index` from the spans every zone shares, read from ICU if none has it.
    private func sharedSpan(_ index: Int64) -> ClockSpan {
        let key = SpanKey(zone: ObjectIdentifier(self), index: index)
        if let known = Self.spans.withLock({ $0[key] }) { return known }
        let (start, end) = (index << Self.spanShift, (index + 1) << Self.spanShift)
        let first = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(start))))
        var (changes, last) = ([(instant: Int64, offset: Int64)](), first)
        var after = Date(timeIntervalSince1970: Double(start))
        while let next = zone.nextDaylightSavingTimeTransition(after: after), next > after {
            let instant = Int64(next.timeIntervalSince1970.rounded())
            guard instant < end else { break }
            after = next
            let offset = Int64(zone.secondsFromGMT(for: next))
            if offset != last { (changes, last) = (changes + [(instant, offset)], offset) }  // not a change of name alone
        }
        let span = ClockSpan(offset: first, changes: changes)
        Self.spans.withLock { spans in
            if spans.count >= Self.maximumSpans { spans.removeAll(keepingCapacity: true) }
            spans[key] = span
        }
        return span
    }
}

/// A stretch of true time over which a zone's clock keeps one offset.
package struct ClockRun: Sendable, Hashable {
    /// Instants, `[start, end)`.
    package let start: Int64
    package let end: Int64
    /// Seconds ahead of UTC.
    package let offset: Int64

    /// The clock's readings over the run, `[start, end)` in local seconds.
    package var localStart: Int64 { start + offset }
    package var localEnd: Int64 { end + offset }
}
