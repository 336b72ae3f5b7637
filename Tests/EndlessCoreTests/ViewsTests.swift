import TestSupport
import Testing

@testable import EndlessCore

@Suite struct LoopTests {
    let loop = Loop.standard

    @Test func itemsSit150ApartFrom40In() {
        let window = try! LoopWindow(loop: loop, offset: 0, width: 600, height: 120)
        #expect(window.items.first == 0)
        #expect(window.items.position(of: 0) + 75 == 40, "item 0's centre is 40 pt in")
        #expect(window.items.position(of: 1) + 75 == 190)
        #expect(loop.label(ofItem: 0) == 0 && loop.label(ofItem: 20) == 20)
    }

    @Test func afterTwentyComesZeroAtTheSameSpacing() throws {
        // Around the seam, going right: 19, 20, 0, 1 with every gap 150 (the seed had 190 here).
        let window = try LoopWindow(loop: loop, offset: 2900, width: 600, height: 120)
        let centres = window.items.indices.map { (loop.label(ofItem: $0), window.items.position(of: $0) + 75) }
        let labels = centres.map(\.0)
        let seam = try #require(labels.firstIndex(of: 20))
        #expect(labels[seam + 1] == 0)
        for pair in zip(centres, centres.dropFirst()) { #expect(pair.1.1 - pair.0.1 == 150) }
    }

    @Test func wrapsGoingLeftToo() throws {
        let window = try LoopWindow(loop: loop, offset: -400, width: 600, height: 120)
        let labels = window.items.indices.map { loop.label(ofItem: $0) }
        #expect(labels == [18, 19, 20, 0, 1])
    }

    @Test func oneTurnLaterTheWindowIsIdentical() throws {
        for offset in [-1e12 + 17, -3.5, 0, 77, 1e12] {
            let a = try LoopWindow(loop: loop, offset: offset, width: 700, height: 120)
            let b = try LoopWindow(loop: loop, offset: offset + 21 * 150, width: 700, height: 120)
            #expect(a.items.indices.map(loop.label(ofItem:)) == b.items.indices.map(loop.label(ofItem:)))
            #expect(a.items.leadingEdge == b.items.leadingEdge)
        }
    }

    /// A loop shorter than the default inset of 40 points takes 40 wrapped into it, rather than refusing an inset
    /// nobody gave; one given is checked.
    @Test func aShortLoopWrapsTheDefaultInset() throws {
        #expect(try Loop(count: 3, spacing: 10).inset == 10)
        #expect(try Loop(count: 1, spacing: 10).inset == 0)
        #expect(try Loop(count: 3, spacing: 20).inset == 40)
        #expect(try Parameters([("count", "3"), ("spacing", "10")], accepted: Parameters.loopNames).loop().inset == 10)
        #expect(throws: EndlessError("inset", "must be a number of points within one loop period")) {
            try Loop(count: 3, spacing: 10, inset: 40)
        }
    }

    @Test func rejectsBadLoops() {
        #expect(throws: EndlessError.self) { try Loop(count: 0) }
        #expect(throws: EndlessError.self) { try Loop(spacing: 5) }
        #expect(throws: EndlessError.self) { try LoopWindow(loop: .standard, offset: .infinity, width: 10, height: 10) }
    }
}

@Suite struct GridTests {
    @Test func tileZeroIsCentredOnTheOrigin() {
        let window = try! GridWindow(grid: .standard, centerX: 0, centerY: 0, width: 100, height: 100)
        #expect(window.tiles == [GridCoordinate(x: 0, y: 0)])
        #expect(window.columns.position(of: 0) == 0 && window.rows.position(of: 0) == 0)
    }

    @Test func rangesForNegativeOffsets() {
        let window = try! GridWindow(grid: .standard, centerX: -1_000, centerY: -260, width: 300, height: 200)
        #expect(window.columns.indices == -11 ... -9, "tile -11 starts exactly at the window's left edge, -1150")
        #expect(window.rows.indices == -4 ... -2)
        #expect(window.columns.position(of: -11) == 0 && window.rows.position(of: -4) == -90)
        #expect(Grid.standard.strip.tile(containing: -50.5) == -1 && Grid.standard.strip.tile(containing: 49.9) == 0)
    }

    @Test func rangesForHugeOffsets() {
        let window = try! GridWindow(grid: .standard, centerX: 1e15, centerY: -1e15, width: 600, height: 400)
        #expect(window.columns.indices == 9_999_999_999_997...10_000_000_000_003)
        #expect(window.rows.indices == -10_000_000_000_002 ... -9_999_999_999_998)
        #expect(window.columns.position(of: 10_000_000_000_000) == 250, "tile 1e13's left edge, 50 left of the centre")
        #expect(window.rows.position(of: -10_000_000_000_000) == 150)
    }

    @Test func labelsArePlainIntegers() {
        #expect(GridCoordinate(x: 1_000_000, y: -3).description == "(1000000, -3)")
    }

    @Test func refusesTooManyTilesAndBadCoordinates() {
        #expect(throws: EndlessError.self) {
            try GridWindow(grid: .standard, centerX: 0, centerY: 0, width: 8000, height: 8000)
        }
        #expect(throws: EndlessError.self) {
            try GridWindow(grid: .standard, centerX: .nan, centerY: 0, width: 10, height: 10)
        }
        #expect(throws: EndlessError.self) {
            try GridWindow(grid: .standard, centerX: 0, centerY: 2e15, width: 10, height: 10)
        }
        #expect(throws: EndlessError.self) { try Grid(tileSize: 0) }
    }
}

@Suite struct LinkedRulerTests {
    let link = LinkedRuler.pounds()
    let leader = try! Ruler(.weight)

    @Test func poundsFollowKilograms() throws {
        for (kilograms, pounds) in [("72.4", "159.6"), ("60.0", "132.3"), ("100.0", "220.5"), ("9.0", "19.8")] {
            let offset = try leader.offset(for: DecimalNumber(kilograms)!)
            let followerValue = try link.follower.value(
                atOffset: link.followerOffset(forLeaderOffset: offset, of: leader))
            #expect(link.follower.format(followerValue) == pounds, "\(kilograms) kg")
        }
    }

    @Test func followsEveryWrapOfTheLeader() throws {
        let value = DecimalNumber("72.4")!
        let near = try leader.offset(for: value)
        let cycles = try leader.offset(for: value, near: 1e14)
        #expect(cycles != near)
        #expect(
            link.followerOffset(forLeaderOffset: cycles, of: leader)
                == link.followerOffset(forLeaderOffset: near, of: leader))
    }

    @Test func movesContinuouslyBetweenTicks() {
        let a = link.followerOffset(forLeaderOffset: 6340, of: leader)
        let b = link.followerOffset(forLeaderOffset: 6343, of: leader)
        #expect(b > a)
        let expected: Double = 3 * LinkedRuler.poundsPerKilogram
        #expect(abs((b - a) - expected) < 1e-6)
    }

    @Test func anyLinearMappingWithinLimits() throws {
        let centimetres = try Ruler(RulerConfiguration(minimum: 0, maximum: 300, ends: .clamp, unit: "cm"))
        let inches = try LinkedRuler(follower: centimetres, factor: 2.54)
        #expect(try centimetres.value(atOffset: inches.followerOffset(forLeaderValue: 10)).description == "25.4")
        for factor in [0, .infinity, -.infinity, .nan, 1e13, -1e-13, 5e-324] {
            #expect(throws: EndlessError("factor", "must be \(Limits.Accepts.factor)")) {
                try LinkedRuler(follower: centimetres, factor: factor)
            }
        }
        for factor in [1e-12, -1e-12, 1e12, -1e12] {
            #expect(throws: Never.self) { try LinkedRuler(follower: centimetres, factor: factor) }
        }
        #expect(
            Limits.Accepts.factor == "a number from 1e-12 to 1e12 in size, either sign", "the words name the limits")
    }
}

@Suite struct ParametersTests {
    func parameters(_ pairs: [(String, String)], _ names: [String] = Parameters.rulerNames) throws -> Parameters {
        try Parameters(pairs, accepted: names)
    }

    @Test func aParameterGivenTwiceIsAnError() {
        #expect(throws: EndlessError("value", "is given twice; give it once")) {
            try parameters([("value", "1"), ("value", "2")])
        }
    }

    @Test func anUnknownParameterIsNamed() {
        #expect { try parameters([("vaule", "72.4")]) } throws: { ($0 as? EndlessError)?.parameter == "vaule" }
    }

    /// A whole number is read as `Double(_:)` reads it, bit for bit (a negative zero too), and a text too long for a
    /// number is refused however it reads.
    @Test func wholeNumbersReadAsDoubleReadsThem() throws {
        var rng = SeededGenerator(seed: 53)
        let texts =
            [
                "0", "-0", "+0", "007", "+5", "-12", "1200", "9007199254740992", "-9007199254740992",
                "9007199254740993", "123456789012345678",
            ]
            + (0..<2_000).map { _ in
                String(Int64.random(in: -(1 << 60)...(1 << 60), using: &rng) >> Int64.random(in: 0...60, using: &rng))
            }
        for text in texts {
            let read = try #require(try parameters([("offset", text)]).number("offset", accepts: "a number"))
            #expect(read.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
        #expect(throws: EndlessError.self) {
            try parameters([("offset", String(repeating: "0", count: 33) + "5")]).number("offset", accepts: "a number")
        }
    }

    @Test(arguments: ["nan", "NaN", "inf", "-infinity", "0x10", "1e400", "12abc", "", "1_000"])
    func numbersMustBeFiniteDecimals(text: String) {
        #expect { try parameters([("offset", text)]).rulerWindow() } throws: {
            ($0 as? EndlessError)?.parameter == "offset"
        }
    }

    @Test func defaultsAndChoices() throws {
        let window = try parameters([]).rulerWindow()
        #expect(window.value.description == "60" && window.width == 600 && window.height == 120)
        let custom = try parameters([("min", "0"), ("max", "100"), ("ends", "clamp")]).rulerWindow()
        #expect(custom.value.description == "0")
        #expect(throws: EndlessError("ends", "must be wrap or clamp")) { try parameters([("ends", "bounce")]).ruler() }
        #expect(throws: EndlessError("value", "give value or offset, not both")) {
            try parameters([("value", "70"), ("offset", "3")]).rulerWindow()
        }
        let grid = try parameters([("x", "-1e15"), ("y", "250")], Parameters.gridNames).gridWindow()
        #expect(grid.centerX == -1e15 && grid.width == 600 && grid.height == 400)
        let loop = try parameters([("offset", "-75.5")], Parameters.loopNames).loopWindow()
        #expect(loop.offset == -75.5 && loop.loop == Loop.standard)
    }

    @Test(arguments: [("width", "0"), ("width", "8193"), ("height", "-1"), ("height", "1e9")])
    func windowSidesHaveLimits(name: String, value: String) {
        #expect { try parameters([(name, value)]).rulerWindow() } throws: { ($0 as? EndlessError)?.parameter == name }
    }
}
