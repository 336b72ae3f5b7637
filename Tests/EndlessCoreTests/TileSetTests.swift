import TestSupport
import Testing

@testable import EndlessCore

/// Tiles held as a union of boxes, and the staircase a diagonal fling holds instead of its bounding box.
@Suite struct TileSetTests {
    @Test func boxesThatMakeOneBoxAreMerged() {
        // Along one axis only (a horizontal fling's steps): one box.
        #expect(TileSet(boxes: [[0...3, 0...2], [2...5, 0...2], [6...7, 0...2]]).boxes == [[0...7, 0...2]])
        // One inside the other: the larger.
        #expect(TileSet(boxes: [[0...9, 0...9], [2...3, 4...5]]).boxes == [[0...9, 0...9]])
        // A staircase stays a staircase; apart on the moving axis, apart.
        #expect(TileSet(boxes: [[0...3, 0...2], [2...5, 1...3]]).boxes.count == 2)
        #expect(TileSet(boxes: [[0...3, 0...2], [5...7, 0...2]]).boxes.count == 2)
        // Single tiles apart, even at the ends of the numbers: both kept.
        #expect(TileSet(boxes: [[0...0], [5...5]]).boxes == [[0...0], [5...5]])
        #expect(TileSet(boxes: [[Int64.min...Int64.min], [Int64.max...Int64.max]]).boxes.count == 2)
        #expect(
            TileSet(boxes: [[Int64.max - 1...Int64.max - 1], [Int64.max...Int64.max]]).boxes == [
                [Int64.max - 1...Int64.max]
            ])
    }

    @Test func eachTileOnceAndOnlyTheBoxesTiles() {
        let stairs = TileSet(boxes: [[0...2, 0...1], [1...3, 1...2]])
        let tiles = stairs.tiles
        #expect(tiles.count == 6 + 6 - 2, "the overlap (1…2, 1) once")
        #expect(Set(tiles.map { "\($0)" }).count == tiles.count)
        #expect(stairs.contains([3, 2]) && stairs.contains([0, 0]))
        #expect(!stairs.contains([3, 0]) && !stairs.contains([0, 2]), "the corners of the bounding box")
        #expect(stairs.count == 10, "the union, not its bounding box's 12")
        #expect(stairs.runs(axis: 1) == [0...1, 1...2])
    }

    /// `count` cuts the boxes along their edges instead of listing tiles: the same number as listing them, for sets
    /// of one to eight boxes in one to three dimensions, and for boxes too large to list, what their sizes say.
    @Test func aSetCountsEachTileOnceWithoutListingThem() {
        var random = SeededGenerator(seed: 9)
        for _ in 0..<500 {
            let dimensions = Int.random(in: 1...3, using: &random)
            let boxes = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                (0..<dimensions).map { _ -> ClosedRange<Int64> in
                    let start = Int64.random(in: -6...6, using: &random)
                    return start...start + Int64.random(in: 0...5, using: &random)
                }
            }
            let set = TileSet(boxes: boxes)
            #expect(set.count == set.tiles.count, "\(boxes)")
        }
        // A million by a thousand, and a box past `Int.max` tiles: counted, not listed.
        #expect(TileSet([0...999_999, -500...499]).count == 1_000_000_000)
        #expect(TileSet(boxes: [[0...999_999, 0...999], [500_000...1_499_999, 500...1_499]]).count == 1_750_000_000)
        #expect(TileSet([Int64.min...0, 0...Int64.max - 1]).count == .max)
        #expect(TileSet(boxes: [[Int64.min...Int64.min], [Int64.max...Int64.max]]).count == .max)
    }

    @Test func aDiagonalFlingHoldsItsPathAndNotTheCornersOfItsBoundingBox() throws {
        let grid = try Grid(tileSize: 100)
        let layout = AxisLayout()
        // 14 px/ms each way (a 20,000 px/s fling at 45°) with 50 ms cycles across a 1269 × 400 view.
        let (x, y) = (
            AxisReport(scroll: 2_000_000, origin: 0, length: 1269, velocity: 14, cycle: 50),
            AxisReport(scroll: 2_000_000, origin: 0, length: 400, velocity: 14, cycle: 50)
        )
        let frame = try grid.frame(
            horizontal: x, vertical: y, layout: layout, phase: .scrolling, backToCentre: false, start: (0, 0),
            tilesPerBlock: 4)
        let held = frame.held
        #expect((2...5).contains(held.boxes.count), "1,400 px of lead over 400 px blocks: 5 steps, some merged")
        #expect(held.tiles.count < frame.horizontal.tiles.count * frame.vertical.tiles.count)
        // Wherever the viewport is along the lead (1,400 px each way), every block it shows is held.
        let strip = grid.blockStrip(tilesPerBlock: 4)
        let lead = layout.lead(length: 400, velocity: 14, cycle: 50)
        for step in 0...100 {
            let moved = lead * Double(step) / 100
            let columns = strip.run(from: 2_000_000 + moved, extent: 1269).indices
            let rows = strip.run(from: 2_000_000 + moved, extent: 400).indices
            for column in columns { for row in rows { #expect(held.contains([column, row]), "at \(moved)") } }
        }
        // Frame after frame for 3 s, 16.7 ms apart: the steps bring far fewer new blocks than the bounding box would.
        var (steps, box): (Set<[Int64]>, Set<[Int64]>) = ([], [])
        var (stepsAdded, boxAdded) = (0, 0)
        for frameIndex in 0..<180 {
            var (across, down) = (x, y)
            across.scroll += 14 * 16.7 * Double(frameIndex)
            down.scroll += 14 * 16.7 * Double(frameIndex)
            let next = try grid.frame(
                horizontal: across, vertical: down, layout: layout, phase: .scrolling, backToCentre: false,
                start: (0, 0), tilesPerBlock: 4)
            let nextSteps = Set(next.held.tiles)
            let nextBox = Set(TileSet([next.horizontal.tiles.indices, next.vertical.tiles.indices]).tiles)
            (stepsAdded, boxAdded) = (
                stepsAdded + nextSteps.subtracting(steps).count, boxAdded + nextBox.subtracting(box).count
            )
            (steps, box) = (nextSteps, nextBox)
        }
        #expect(stepsAdded * 10 < boxAdded * 6, "\(stepsAdded / 3) new blocks a second, not \(boxAdded / 3)")
        // Backwards on one axis: the staircase turns.
        var upward = y
        upward.velocity = -14
        let turned = try grid.frame(
            horizontal: x, vertical: upward, layout: layout, phase: .scrolling, backToCentre: false, start: (0, 0),
            tilesPerBlock: 4)
        #expect(turned.held.runs(axis: 1).first!.lowerBound > turned.held.runs(axis: 1).last!.lowerBound)
        // At rest, and moving along one axis, one box: the bounding box.
        var still = (x, y)
        still.0.velocity = 0
        let straight = try grid.frame(
            horizontal: still.0, vertical: y, layout: layout, phase: .scrolling, backToCentre: false, start: (0, 0),
            tilesPerBlock: 4)
        #expect(straight.held.boxes == [[straight.horizontal.tiles.indices, straight.vertical.tiles.indices]])
    }

    /// 250 ms away a 20,000 px/s diagonal fling leads 8,000-odd points along each axis of a 1168 × 500 view: in
    /// blocks of 4 × 4 tiles a box of 528 blocks, more than a frame may hold (512), whose path holds 184. Counted by its path, and with the
    /// margins of a view at rest given up before the lead, the lead is whole; counted by its box it was halved, and
    /// the grid blanked a third of its frames, whole views among them.
    @Test func aDiagonalFlingFarAwayKeepsItsWholeLead() throws {
        let layout = AxisLayout()
        func report(_ length: Double) -> AxisReport {
            AxisReport(
                scroll: 2_000_000, origin: 0, length: length, velocity: 14.1, cycle: 260, roundTrip: 255)
        }
        let (x, y) = (report(1_168), report(500))
        let frame = try Grid.standard.frame(
            horizontal: x, vertical: y, layout: layout, phase: .scrolling, backToCentre: false, start: (0, 0),
            tilesPerBlock: 4)
        for (axis, reported) in [(frame.horizontal, x), (frame.vertical, y)] {
            let lead = layout.lead(of: reported)
            #expect(lead > 8_000)
            #expect(axis.position(of: axis.tiles.last) + 400 >= 2_000_000 + reported.length + lead)
        }
        #expect(frame.tileCount <= Limits.maximumTilesPerFrame)
        #expect(frame.horizontal.tiles.count * frame.vertical.tiles.count * 16 > Limits.maximumTilesPerFrame)
    }

    @Test func aHugeViewFlungDiagonallyTakesTheStepsOfTheMarginItGets() throws {
        // 8192 × 8192: a frame that big gets no margin, so no lead to step along: one box, and not the 8 steps a
        // full lead would take.
        let grid = try Grid(tileSize: 100)
        let report = AxisReport(scroll: 2_000_000, origin: 0, length: 8192, velocity: 14, cycle: 50)
        let frame = try grid.frame(
            horizontal: report, vertical: report, layout: AxisLayout(), phase: .scrolling, backToCentre: false,
            start: (0, 0))
        #expect(frame.horizontal.sweep.count == 1 && frame.held.boxes.count == 1)
        #expect(frame.tileCount <= Limits.maximumTilesPerFrame)
        // Smaller tiles than fit, even with no margin: refused, not a frame of a million tiles.
        #expect(throws: EndlessError.self) {
            try Grid(tileSize: 10).frame(
                horizontal: report, vertical: report, layout: AxisLayout(), phase: .scrolling,
                backToCentre: false, start: (0, 0))
        }
    }
}
