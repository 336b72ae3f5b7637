import Testing

@testable import EndlessCore

@Suite struct TileStripTests {
    let strip = TileStrip(length: 100, phase: -50)

    @Test func coversASpanWithNoSpareTileAtExactEdges() {
        let run = strip.run(from: -50, extent: 300)
        #expect(run.indices == 0...2)
        #expect(run.position(of: 0) == 0)
        let shifted = strip.run(from: -49, extent: 300)
        #expect(shifted.indices == 0...3)
        #expect(shifted.position(of: 0) == -1)
    }

    @Test func floatNoiseNeverAddsATile() {
        let run = strip.run(from: -50 + 1e-12, extent: 300 - 2e-12)
        #expect(run.indices == 0...2)
        let noisyStart = strip.run(from: 49.999_999_999_99, extent: 100)
        #expect(noisyStart.indices == 1...1)
    }

    @Test func negativeSpans() {
        let run = strip.run(from: -1_234.5, extent: 250)
        #expect(run.indices == -12 ... -10)
        #expect(run.position(of: -12) == -15.5)
        #expect(strip.tile(containing: -50) == 0)
        #expect(strip.tile(containing: -50.001) == -1)
    }

    @Test func hugeSpansStayExact() {
        let run = strip.run(from: 1e15 - 300, extent: 600)
        #expect(run.first == 9_999_999_999_997)
        #expect(run.position(of: run.first) == -50)
        #expect(run.count == 7, "650 points from the first tile's edge")
        let negative = strip.run(from: -1e15 - 300, extent: 600)
        #expect(negative.first == -10_000_000_000_003)
        #expect(negative.position(of: negative.first) == -50)
    }
}
