import Foundation
import Testing
import TestSupport

@testable import EndlessCore

@Suite struct RulerTests {
    let weight = try! Ruler(.weight)

    /// Seed 000's own arithmetic, as the seed does it: find the block, then the tick in the block.
    func seedValue(atTick n: Int64) -> Decimal {
        let (block, tick) = (floorDivision(Double(n + 5), by: 10).quotient, Int(modulo(n + 5, 10)))
        let label = 9 + Int(modulo(block, 991))
        return Decimal(label) + Decimal(tick - 5) / 10
    }

    func decimal(_ number: DecimalNumber) -> Decimal { Decimal(string: number.description)! }

    @Test func offsetZeroIsTheFirstLabel() throws {
        #expect(try weight.value(atOffset: 0).description == "9")
        #expect(weight.format(try weight.value(atOffset: 0)) == "9.0")
        #expect(weight.label(ofBlock: 0)?.description == "9")
        #expect(weight.labelledTickIndex == 5)
    }

    @Test func blockAfter999Is9AndBefore9Is999() {
        #expect(weight.label(ofBlock: 990)?.description == "999")
        #expect(weight.label(ofBlock: 991)?.description == "9")
        #expect(weight.label(ofBlock: -1)?.description == "999")
        #expect(weight.label(ofBlock: -991)?.description == "9")
    }

    @Test func aWrappingRulersBlocksAreDrawnOnceATurn() throws {
        for block: Int64 in [0, 5, 990, 991, -1, -991, 123_456_789] {
            let first = weight.wrappedBlock(block)
            #expect((0..<991).contains(first))
            #expect(weight.label(ofBlock: first) == weight.label(ofBlock: block))
        }
        #expect(weight.wrappedBlock(991) == 0 && weight.wrappedBlock(-1) == 990)
        let clamped = try Ruler(.pounds)
        #expect(clamped.wrappedBlock(-5) == -5 && clamped.wrappedBlock(5_000) == 5_000, "a clamped ruler has no turn")
    }

    @Test func valueAcrossTheWrapGoingRight() throws {
        // Tick 9904 is 999.4, the last tick of block 999; the next is 8.5, the first of block 9.
        let values = try (9900...9910).map { try weight.format(weight.value(atOffset: Double($0) * 10)) }
        #expect(values == ["999.0", "999.1", "999.2", "999.3", "999.4", "8.5", "8.6", "8.7", "8.8", "8.9", "9.0"])
    }

    @Test func valueAcrossTheWrapGoingLeft() throws {
        let values = try (-8...0).reversed().map { try weight.format(weight.value(atOffset: Double($0) * 10)) }
        #expect(values == ["9.0", "8.9", "8.8", "8.7", "8.6", "8.5", "999.4", "999.3", "999.2"])
    }

    @Test func valuesMatchTheSeedsArithmeticEverywhere() throws {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<20_000 {
            let offset = Double.random(in: -1e15...1e15, using: &rng).rounded()
            let tick = nearestIndex(offset, spacing: 10)
            let value = try weight.value(atOffset: offset)
            #expect(decimal(value) == seedValue(atTick: tick), "offset \(offset)")
            #expect(!weight.format(value).contains("0000"), "no float noise in \(weight.format(value))")
        }
    }

    @Test func exactNearTheLimitAndErrorBeyondIt() throws {
        let value = try weight.value(atOffset: 1e15)
        #expect(decimal(value) == seedValue(atTick: 100_000_000_000_000))
        #expect(try weight.value(atOffset: -1e15).description == "\(seedValue(atTick: -100_000_000_000_000))")
        #expect(throws: EndlessError.self) { try weight.value(atOffset: 1e15 + 1) }
        #expect(throws: EndlessError.self) { try weight.value(atOffset: .nan) }
        #expect(throws: EndlessError.self) { try weight.value(atOffset: -.infinity) }
    }

    @Test func valueUnderThePointerIsTheNearestTickWithHalvesGoingRight() throws {
        #expect(try weight.format(weight.value(atOffset: 6340)) == "72.4")
        #expect(try weight.format(weight.value(atOffset: 6344.999)) == "72.4")
        #expect(try weight.format(weight.value(atOffset: 6345)) == "72.5")  // exact half: the tick on the right
        #expect(try weight.format(weight.value(atOffset: 6335)) == "72.4")
        #expect(try weight.format(weight.value(atOffset: 6334.999)) == "72.3")
    }

    @Test func snapsToTheNearestTickWithHalvesGoingRight() {
        #expect(weight.snapRule.snap(634.9) == 630)
        #expect(weight.snapRule.snap(635) == 640)
        #expect(weight.snapRule.snap(-635) == -630)
        #expect(weight.snapRule.snap(-635.01) == -640)
    }

    @Test func roundTripsValueToOffsetToValue() throws {
        var rng = SeededGenerator(seed: 1)
        let low = weight.valueRange.lowerBound.units, high = weight.valueRange.upperBound.units
        for _ in 0..<10_000 {
            let value = DecimalNumber(units: Int64.random(in: low...high, using: &rng), scale: 1)
            let near = Double.random(in: -1e14...1e14, using: &rng)
            let offset = try weight.offset(for: value, near: near)
            #expect(try weight.value(atOffset: offset) == value)
            #expect(abs(offset - near) <= 99_100 / 2 + 10, "the cycle nearest \(near)")
            #expect(weight.snapRule.snap(offset) == offset, "a tick's offset is already snapped")
        }
    }

    @Test func roundTripsOffsetToValueToOffset() throws {
        var rng = SeededGenerator(seed: 2)
        for _ in 0..<10_000 {
            let offset = Double.random(in: -1e15...1e15, using: &rng)
            let value = try weight.value(atOffset: offset)
            #expect(try weight.offset(for: value, near: offset) == weight.snapRule.snap(offset))
        }
    }

    @Test func rejectsValuesOutsideTheRange() {
        #expect(throws: EndlessError("value", "must be between 8.5 and 999.4")) {
            try weight.offset(for: DecimalNumber("999.5")!)
        }
        #expect(throws: EndlessError.self) { try weight.offset(for: DecimalNumber("8.4")!) }
    }

    @Test func clampStopsAtTheEnds() throws {
        var configuration = RulerConfiguration.weight
        configuration.ends = .clamp
        let ruler = try Ruler(configuration)
        #expect(try ruler.value(atOffset: -1e9).description == "9")
        #expect(try ruler.value(atOffset: 1e9).description == "999")
        #expect(ruler.clampedOffset(-50) == 0)
        #expect(ruler.valueRange == DecimalNumber(9)...DecimalNumber(999))
        #expect(ruler.label(ofBlock: -1) == nil && ruler.label(ofBlock: 991) == nil)
        #expect(ruler.tickIndices(inBlock: 0) == 5..<10, "block 9 draws only 9.0…9.4")
        #expect(ruler.tickIndices(inBlock: 990) == 0..<6, "block 999 draws only 998.5…999.0")
        #expect(ruler.tickIndices(inBlock: 991).isEmpty)
        #expect(throws: EndlessError.self) { try ruler.offset(for: DecimalNumber("8.5")!) }
    }

    @Test func configurableStepsTicksSpacingAndUnits() throws {
        let ruler = try Ruler(
            RulerConfiguration(
                minimum: -5, maximum: 5, step: DecimalNumber("0.05")!, ticksPerBlock: 20,
                tickSpacing: 8, ends: .wrap, unit: "m"))
        #expect(ruler.decimals == 2)
        #expect(ruler.blockLength == 160)
        #expect(try ruler.format(ruler.value(atOffset: 8)) == "-4.95")
        #expect(ruler.label(ofBlock: 1)?.description == "-4")
        #expect(ruler.label(ofBlock: 10)?.description == "5")
        #expect(ruler.label(ofBlock: 11)?.description == "-5")
        #expect(try ruler.format(ruler.value(atOffset: -8)) == "-5.05", "block -5 starts half a block left of -5")
        #expect(try ruler.format(ruler.value(atOffset: -88)) == "5.45", "then comes the last block's last tick")
    }

    @Test(arguments: [
        (RulerConfiguration(step: 0), "step"), (RulerConfiguration(minimum: 5, maximum: 5), "max"),
        (RulerConfiguration(maximum: DecimalNumber("999.5")!), "max"), (RulerConfiguration(ticksPerBlock: 0), "ticks"),
        (RulerConfiguration(tickSpacing: 1), "spacing"),
        (RulerConfiguration(unit: String(repeating: "x", count: 33)), "unit"),
        // One letter, a thousand combining marks: one character, 2001 bytes.
        (RulerConfiguration(unit: "e" + String(repeating: "\u{301}", count: 1000)), "unit"),
        (RulerConfiguration(unit: "k\u{1}g"), "unit"),
        (RulerConfiguration(unit: "k\tg"), "unit"),
        (RulerConfiguration(unit: "k\u{85}g"), "unit"),
        (
            RulerConfiguration(
                minimum: DecimalNumber(units: -1_000_000_000_000, scale: 0),
                maximum: DecimalNumber(units: 1_000_000_000_000, scale: 0), step: DecimalNumber("0.000001")!), "step"
        ),
    ])
    func rejectsBadConfigurationsNamingTheParameter(configuration: RulerConfiguration, parameter: String) {
        #expect {
            try Ruler(configuration)
        } throws: { error in
            (error as? EndlessError)?.parameter == parameter
        }
    }

    @Test func clampAllowsMaximumOffBlockBoundaries() throws {
        let ruler = try Ruler(RulerConfiguration(minimum: 0, maximum: DecimalNumber("10.5")!, ends: .clamp))
        #expect(try ruler.value(atOffset: 1e6).description == "10.5")
    }

    @Test func windowPlacesBlocksAroundThePointer() throws {
        let window = try RulerWindow(
            ruler: weight, offset: try weight.offset(for: DecimalNumber("72.4")!), width: 600, height: 120)
        #expect(window.value.description == "72.4")
        #expect(window.blocks.indices == 60...66)
        // Block 63 is labelled 72; its tick 9 (72.4) is 95 points in and must sit at the pointer, x = 300.
        #expect(weight.label(ofBlock: 63)?.description == "72")
        #expect(window.blocks.position(of: 63) + 95 == 300)
    }

    @Test func windowBlocksStayPutAtHugeOffsets() throws {
        for offset in [1e15, -1e15, 999_999_999_999_995.5, -123_456_789_012_345.25] {
            let window = try RulerWindow(ruler: weight, offset: offset, width: 1200, height: 120)
            let pointerTick = weight.tick(atOffset: offset)
            let block = floorDivision(Double(pointerTick + 5), by: 10).quotient
            let tickInBlock = Double(modulo(pointerTick + 5, 10))
            let tickX = window.blocks.position(of: block) + (tickInBlock + 0.5) * 10
            #expect(abs(tickX - (600 + Double(pointerTick) * 10 - offset)) < 1e-9, "offset \(offset)")
            #expect(window.blocks.position(of: window.blocks.first) <= 0)
            #expect(window.blocks.position(of: window.blocks.last) + 100 >= 1200)
        }
    }
}
