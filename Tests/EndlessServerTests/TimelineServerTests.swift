import EndlessCore
import Foundation
import Testing

@testable import EndlessServer

/// Issue 45's cases through the server's endpoint table, as the router and the event loop ask it: windows drawn in
/// each zone's words at true instants, and frames whose readout is the exact RFC 3339 value with the zone's offset.
@Suite struct TimelineServerTests {
    let probe: EdgeProbe

    init() throws { probe = try EdgeProbe() }

    /// The status and the body, as text.
    func get(_ target: String) async -> (status: Int, body: String) {
        let answer = await probe.ask(target)
        let body = answer.chunks.reduce(into: "") { $0 += String(buffer: $1) }
        return (answer.status.code, body)
    }

    /// A frame's readout: `value`, `number`, `text`…
    func readout(_ query: String) async throws -> [String: String] {
        let (status, body) = await get("/frame/timeline?size=1200,120&" + query)
        #expect(status == 200, "\(query): \(body)")
        let json = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        return try #require(json?["readout"] as? [String: String])
    }

    @Test func londonsChangesAreDrawnAtTrueInstants() async {
        let spring = await get("/svg/timeline?tz=Europe/London&at=2026-03-29T01:00:00Z")
        #expect(spring.status == 200 && spring.body.contains(">02:00<tspan") && !spring.body.contains(">01:00<"))
        let autumn = await get("/svg/timeline?tz=Europe/London&at=2026-10-25T01:00:00Z")
        #expect(autumn.body.contains(#">01:00<tspan x="#) && autumn.body.contains(">+01:00</tspan>"))
        #expect(autumn.body.contains(">+00:00</tspan>") && autumn.body.contains("Sunday 25 October 2026"))
    }

    @Test(arguments: [
        ("America/New_York", "2026-11-01T06:00:00Z", "2026-11-01T01:00:00-05:00"),
        ("America/New_York", "2026-11-01T05:00:00Z", "2026-11-01T01:00:00-04:00"),
        ("Australia/Lord_Howe", "2026-04-04T15:30:00Z", "2026-04-05T02:00:00+10:30"),
        ("Asia/Kathmandu", "2026-01-01T00:15:00Z", "2026-01-01T06:00:00+05:45"),
        ("Europe/Berlin", "2026-11-26T12:00:00Z", "2026-11-26T13:00:00+01:00"),
        ("UTC", "2024-02-29T00:00:00Z", "2024-02-29T00:00:00Z"),
        ("UTC", "0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"),
        // London's local mean time, 1 minute 15 seconds behind: its whole hours, written in UTC (RFC 3339 has no
        // seconds in an offset).
        ("Europe/London", "0001-01-01T00:00:00Z", "0001-01-01T00:01:15Z"),
    ])
    func framesReadTheExactValueWithTheZonesOffset(zone: String, at: String, value: String) async throws {
        let readout = try await readout("tz=\(zone)&value=\(at)")
        #expect(readout["value"] == value)
        let seconds = try Instant(rfc3339: value).secondsSinceEpoch
        #expect(readout["number"] == String(seconds * 1000), "milliseconds since the epoch")
    }

    @Test func theLastSecondOfTimeAndOnePast() async throws {
        let readout = try await readout("scale=1s&value=9999-12-31T23:59:59Z")
        #expect(readout["value"] == "9999-12-31T23:59:59Z")
        let past = await get("/frame/timeline?size=1200,120&value=10000-01-01T00:00:00Z")
        #expect(past.status == 400 && past.body.hasPrefix("value: must be an RFC 3339 instant"))
    }

    @Test func apiaSkippedADayAndFebruary2024HadTwentyNine() async {
        let apia = await get("/svg/timeline?tz=Pacific/Apia&scale=1d&at=2011-12-30T10:00:00Z")
        #expect(apia.body.contains(">Thu 29<") && apia.body.contains(">Sat 31<") && !apia.body.contains(">Fri 30<"))
        let leap = await get("/svg/timeline?scale=1d&at=2024-02-29T12:00:00Z")
        #expect(leap.body.contains(">Thu 29<") && leap.body.contains(">Fri 1<"))
    }

    @Test(arguments: TimeScale.allCases) func everyRungDrawsAndAnswers(scale: TimeScale) async throws {
        let window = await get("/svg/timeline?scale=\(scale.rawValue)&tz=Europe/London")
        #expect(window.status == 200 && window.body.hasSuffix("</svg>\n"), "\(window.body.prefix(80))")
        let readout = try await readout("scale=\(scale.rawValue)&tz=Europe/London&value=2026-03-29T00:30:00Z")
        #expect(readout["zoom"] == scale.rawValue)
    }

    @Test(arguments: [
        ("tz=Mars/Olympus", "tz"), ("scale=2h", "scale"), ("min=2026-01-02T00:00:00Z&max=2026-01-01T00:00:00Z", "min"),
        ("at=0000-12-31T23:59:59Z", "at"), ("ends=wrap", "ends"), ("step=1fortnight", "step"), ("hours=13", "hours"),
        ("week-start=friday", "week-start"),
    ])
    func badInputIsAOneLine400NamingItsParameter(query: String, parameter: String) async {
        let answer = await get("/svg/timeline?" + query)
        #expect(answer.status == 400 && answer.body.hasPrefix("\(parameter): "), "\(answer.body)")
        #expect(!answer.body.dropLast().contains("\n"))
    }
}
