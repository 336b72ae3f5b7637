import TestSupport
import Testing

@testable import EndlessCore

@Suite struct SweepTests {
    /// Every frame holds tiles, and every step of its sweep lies within them and holds at least one, whatever the
    /// report: views from less than a point (the limits accept any size above 0, `5e-324` too: its edges, added to a
    /// coordinate, round to the coordinate, which once asked a strip for the tiles of an empty span and stopped the
    /// server) to the largest, blocks from 2 points to the largest, any speed, acceleration and round trip, margins
    /// narrowed to the tile bound, 1 to 8 steps, a first frame or a later one, anywhere within the limits.
    @Test func everyStepOfTheSweepLiesWithinTheFrame() throws {
        var rng = SeededGenerator(seed: 0x5_BEEF)
        func pick(_ values: [Double]) -> Double { values[Int.random(in: 0..<values.count, using: &rng)] }
        let layout = AxisLayout()
        for round in 0..<20_000 {
            let length = pick([5e-324, 1e-320, 1e-300, 1e-9, 0.25, 1, 37.5, 300, 1168, 8192])
            let strip = TileStrip(length: pick([2, 40, 100, 400, 16_384]), phase: pick([0, -20, 50]))
            let world = pick([0, 4, -7.5, 123_456.7, 9.99e14, -9.99e14])
            let scroll = min(pick([0, 1, 150_000, 2_000_000, 3_999_000]), layout.contentLength)
            var report = AxisReport(
                scroll: scroll, origin: pick([0, 1]) == 1 ? world - scroll : nil, length: length,
                velocity: pick([0, 0.5, -3, 20, -20, 100, -100, 20_000]), cycle: pick([0, 16, 400]),
                roundTrip: pick([0, 20, 600, 60_000]))
            report.acceleration = pick([0, 0.05, 5, 1e9])
            let steps = Int(pick([1, 2, 4, 8]))
            let ended = pick([0, 1]) == 1
            let frame = try layout.frame(
                report, strip: strip, phase: ended ? .ended : .scrolling, quantum: strip.length, start: world,
                steps: steps)
            #expect(frame.tiles.count >= 1 && frame.sweep.count == steps)
            for step in frame.sweep where step.clamped(to: frame.tiles.indices) != step {
                Issue.record("round \(round): \(step) outside \(frame.tiles.indices); \(report), \(strip.length)")
            }
        }
    }
}
