import Testing

@testable import EndlessCore

/// The zoomable ruler's scales: a 1–2–5 ladder of values a tick from its step, only rulers that validate, and a zoom
/// that moves between rungs by the gesture's factor.
@Suite struct RulerZoomTests {
    func number(_ text: String) -> DecimalNumber { DecimalNumber(text)! }

    func ruler(_ query: [(String, String)]) throws -> Ruler {
        try Parameters(query, accepted: Parameters.rulerConfigurationNames).ruler()
    }

    @Test func theLadderIsOneTwoFiveFromTheStepWithinItsBounds() throws {
        let height = try Ruler(RulerConfiguration(minimum: 0, maximum: 1000, step: number("0.1"), ends: .clamp))
        let ladder = try RulerZoom(height, highest: 100)
        #expect(ladder.rungs.map(\.description) == ["0.1", "0.2", "0.5", "1", "2", "5", "10", "20", "50", "100"])
        let finer = try RulerZoom(height, lowest: number("0.01"), highest: 1)
        #expect(finer.rungs.map(\.description) == ["0.01", "0.02", "0.05", "0.1", "0.2", "0.5", "1"])
    }

    @Test func aRungWhoseRulerWouldNotValidateIsLeftOut() throws {
        // 9…999 wrapping in blocks of 10 ticks: a turn is whole blocks at 0.1, 0.2, 0.5 and 1 a tick, not at 2 or 5.
        let weight = try Ruler(.weight)
        #expect(try RulerZoom(weight).rungs.map(\.description) == ["0.1", "0.2", "0.5", "1"])
        #expect(throws: EndlessError.self) { try RulerZoom(weight).ruler(at: 2) }
    }

    @Test func aGestureMovesToTheNearestRungOnALogScale() throws {
        let ladder = try RulerZoom(try Ruler(RulerConfiguration(minimum: 0, maximum: 1000, step: 1, ends: .clamp)))
        #expect(ladder.rung(from: 1, by: 0.5) == 2)  // twice as small: 2 a tick
        #expect(ladder.rung(from: 2, by: 0.5) == 5)  // 4 is nearer 5 than 2
        #expect(ladder.rung(from: 5, by: 2) == 2)
        #expect(ladder.rung(from: 1, by: 2) == 1)  // no finer than the step
        #expect(ladder.rung(from: 10, by: 0.8) == 10)  // a small step of a pinch stays
        #expect(ladder.rung(from: 10, by: 0.6) == 20)  // and adds up
        // 0…15 by 1 has no rung of 2 a tick (7.5 steps): a key still moves, to 5.
        let short = try RulerZoom(try Ruler(RulerConfiguration(minimum: 0, maximum: 15, step: 1, ends: .clamp)))
        #expect(short.rungs.map(\.description) == ["1", "5"])
        #expect(short.rung(from: 1, by: 0.5) == 5 && short.rung(from: 5, by: 2) == 1)
        #expect(short.rung(from: 1, by: 0.7) == 1)
    }

    @Test func zoomIsAParameterOfEveryRulerItKeepsTheRestAndSaysWhatItAccepts() throws {
        let zoomed = try ruler([("zoom", "0.5")])
        #expect(zoomed.configuration.step == number("0.5") && zoomed.configuration.ticksPerBlock == 10)
        #expect(zoomed.label(ofBlock: 1) == 14)  // 9 + 10 ticks of 0.5
        #expect(zoomed.format(try zoomed.value(atOffset: 1270)) == "72.5")
        let error = #expect(throws: EndlessError.self) { try ruler([("zoom", "0.3")]) }
        #expect(error?.parameter == "zoom" && error?.reason.contains("0.1, 0.2, 0.5, 1") == true)
        #expect(throws: EndlessError("min-zoom", "must be greater than 0 and at most step")) {
            try ruler([("min-zoom", "1")])
        }
        #expect(throws: EndlessError("max-zoom", "must be at least step")) { try ruler([("max-zoom", "0.01")]) }
    }

    /// The value under a point stays there: the frame view places the zoomed ruler's pointer where this says.
    @Test(arguments: [0.0, 150, 600, 1199])
    func theValueUnderThePointStays(at point: Double) throws {
        let base = try Ruler(
            RulerConfiguration(minimum: -1_000_000, maximum: 1_000_000, step: number("0.1"), ends: .clamp))
        let ladder = try RulerZoom(base, highest: 1000)
        var (zoom, pointer) = (number("0.1"), try base.offset(for: number("72.4")))
        for by in [0.5, 0.5, 0.4, 0.5, 2, 2.5, 2, 2] {  // out to 2 a tick and back
            let ruler = try ladder.ruler(at: zoom), next = ladder.rung(from: zoom, by: by)
            let value = ruler.continuousValue(atOffset: pointer + point - 600)
            let zoomed = try ladder.ruler(at: next)
            pointer = zoomed.offset(forContinuousValue: value) - (point - 600)
            #expect(abs(zoomed.continuousValue(atOffset: pointer + point - 600) - value) < 1e-6)
            zoom = next
        }
        #expect(zoom == number("0.1"))
    }
}
