import Testing
import TestSupport

@testable import EndlessCore

@Suite struct FloorDivisionTests {
    @Test func remainderIsExactAndNonNegative() {
        for (x, d, q, r) in [(25.0, 10.0, 2, 5.0), (-25.0, 10.0, -3, 5.0), (-30.0, 10.0, -3, 0.0), (0.0, 10.0, 0, 0.0)]
        {
            let result = floorDivision(x, by: d)
            #expect(result.quotient == Int64(q) && result.remainder == r, "\(x) / \(d)")
        }
    }

    @Test func staysExactAtAQuadrillion() {
        // 1e15 − 0.125 is one ulp below a tile edge: a rounded division would put it in the next tile.
        let x = 1e15 - 0.125
        let result = floorDivision(x, by: 10)
        #expect(result.quotient == 99_999_999_999_999)
        #expect(result.remainder == 9.875)
        let negative = floorDivision(-1e15 + 0.125, by: 10)
        #expect(negative.quotient == -100_000_000_000_000)
        #expect(negative.remainder == 0.125)
    }

    @Test func randomValuesRebuildExactly() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<10_000 {
            let x = Double.random(in: -1e15...1e15, using: &rng).rounded() / 8
            let d = [10.0, 100, 150, 12.5, 3][Int.random(in: 0..<5, using: &rng)]
            let (q, r) = floorDivision(x, by: d)
            #expect(r >= 0 && r < d)
            #expect(Double(q) * d + r == x || abs(Double(q) * d + r - x) <= x.ulp)
        }
    }

    @Test func nearestIndexSendsExactHalvesUp() {
        #expect(nearestIndex(5, spacing: 10) == 1)
        #expect(nearestIndex(4.999, spacing: 10) == 0)
        #expect(nearestIndex(-5, spacing: 10) == 0)
        #expect(nearestIndex(-5.001, spacing: 10) == -1)
        #expect(nearestIndex(1e15 + 5, spacing: 10) == 100_000_000_000_001)
    }
}
