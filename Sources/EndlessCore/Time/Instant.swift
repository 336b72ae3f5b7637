/// A moment in true time, to the second: seconds since 1970-01-01T00:00:00Z, from the first second of year 1 to the
/// last of 9999, as RFC 3339 writes them. Leap seconds are not counted, as RFC 3339 and every clock do.
public struct Instant: Sendable, Hashable, Comparable {
    public let secondsSinceEpoch: Int64

    /// 0001-01-01T00:00:00Z.
    public static let first = Instant(unchecked: -62_135_596_800)
    /// 9999-12-31T23:59:59Z.
    public static let last = Instant(unchecked: 253_402_300_799)

    package init(unchecked seconds: Int64) { secondsSinceEpoch = seconds }

    /// Throws for a moment before `first` or after `last`, naming `parameter`.
    public init(secondsSinceEpoch seconds: Int64, _ parameter: String = "at") throws(EndlessError) {
        guard seconds >= Self.first.secondsSinceEpoch, seconds <= Self.last.secondsSinceEpoch else {
            throw EndlessError(parameter, "must be \(Limits.Accepts.instant)")
        }
        secondsSinceEpoch = seconds
    }

    /// Reads RFC 3339 to the second: `2026-03-29T00:30:00Z`, or with an offset, `2026-03-29T01:30:00+01:00`.
    public init(rfc3339 text: some StringProtocol, _ parameter: String = "at") throws(EndlessError) {
        guard let instant = Array(text.utf8).withUnsafeBufferPointer(Instant.init(rfc3339:)) else {
            throw EndlessError(parameter, "must be \(Limits.Accepts.instant)")
        }
        self = instant
    }

    /// Reads RFC 3339 from UTF-8 in place (a file's line); `nil` if it is not, or not within time's ends.
    package init?(rfc3339 bytes: UnsafeBufferPointer<UInt8>) {
        guard let seconds = Self.parse(bytes), (Self.first...Self.last).contains(Instant(unchecked: seconds)) else {
            return nil
        }
        secondsSinceEpoch = seconds
    }

    /// `YYYY-MM-DDTHH:MM:SS` then `Z` or `±HH:MM`, `T` and `Z` in either case; no fraction, no leap second.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count == 20 || bytes.count == 25 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func at(_ index: Int, _ character: Character) -> Bool { bytes[index] | 0x20 == character.asciiValue! | 0x20 }
        guard at(4, "-"), at(7, "-"), at(10, "t"), at(13, ":"), at(16, ":"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), year >= 1,
            let date = CivilDate(year: year, month: month, day: day),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var offset: Int64 = 0
        if bytes.count == 20 {
            guard at(19, "z") else { return nil }
        } else {
            guard bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"), at(22, ":"),
                let hours = number(20, 2), let minutes = number(23, 2), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        return date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
    }

    /// RFC 3339 as a clock `offset` seconds ahead of UTC shows it: `2026-11-26T13:00:00+01:00`, or with `Z` where
    /// the offset is none or not whole minutes (a local mean time's, before zones: RFC 3339 writes no seconds there).
    public func rfc3339(offset: Int64 = 0, zulu: Bool = true) -> String {
        String(capacity: 32) { writeRFC3339(offset: offset, zulu: zulu, into: &$0) }
    }

    /// `rfc3339(offset:zulu:)` written in place.
    package func writeRFC3339(offset: Int64, zulu: Bool, into text: inout TextBuilder) {
        let whole = offset % 60 == 0
        let local = LocalTime(secondsSinceEpoch + (whole ? offset : 0))
        local.writeDate(into: &text)
        text.append(byte: UInt8(ascii: "T"))
        local.writeTime(seconds: true, into: &text)
        guard whole, offset != 0 || !zulu else { return text.append(byte: UInt8(ascii: "Z")) }
        let minutes = abs(offset) / 60
        text.append(byte: UInt8(ascii: offset < 0 ? "-" : "+"))
        text.append(twoDigits: minutes / 60)
        text.append(byte: UInt8(ascii: ":"))
        text.append(twoDigits: minutes % 60)
    }

    public static func < (a: Instant, b: Instant) -> Bool { a.secondsSinceEpoch < b.secondsSinceEpoch }
}

/// A wall clock's reading: seconds since a local 1970-01-01T00:00:00, the date and time a zone's clock shows.
package struct LocalTime: Sendable, Hashable, Comparable {
    package let seconds: Int64

    package init(_ seconds: Int64) { self.seconds = seconds }

    package var date: CivilDate { CivilDate(daysSinceEpoch: floorQuotient(seconds, 86_400)) }
    /// Seconds since the local midnight.
    package var secondOfDay: Int64 { modulo(seconds, 86_400) }
    package var hour: Int64 { secondOfDay / 3600 }
    package var minute: Int64 { secondOfDay % 3600 / 60 }
    package var second: Int64 { secondOfDay % 60 }

    /// `2026-03-29`.
    package var dateText: String { String(capacity: 16) { writeDate(into: &$0) } }

    func writeDate(into text: inout TextBuilder) {
        let date = date
        text.append(date.year, width: 4)
        text.append(byte: UInt8(ascii: "-"))
        text.append(twoDigits: date.month)
        text.append(byte: UInt8(ascii: "-"))
        text.append(twoDigits: date.day)
    }

    /// `14:05`, or `14:05:30` with `seconds`.
    package func timeText(seconds: Bool) -> String { String(capacity: 16) { writeTime(seconds: seconds, into: &$0) } }

    @inline(__always) func writeTime(seconds: Bool, into text: inout TextBuilder) {
        let time = secondOfDay
        text.append(twoDigits: time / 3600)
        text.append(byte: UInt8(ascii: ":"))
        text.append(twoDigits: time % 3600 / 60)
        guard seconds else { return }
        text.append(byte: UInt8(ascii: ":"))
        text.append(twoDigits: time % 60)
    }

    package static func < (a: LocalTime, b: LocalTime) -> Bool { a.seconds < b.seconds }
}
