import Testing

@testable import EndlessCore

@Suite struct FrameTests {
    let layout = AxisLayout()
    let ruler = try! Ruler(.weight)

    /// What a page does with a frame: keep the origin, apply the scroll or the shift, hold the tiles.
    struct Page {
        var scroll = 0.0
        var origin: Double?
        var tiles: [Int64: Double] = [:]

        mutating func apply(_ frame: AxisFrame) {
            if origin == nil, let scroll = frame.scroll { self.scroll = scroll } else { scroll += frame.shift }
            origin = frame.origin
            tiles = Dictionary(uniqueKeysWithValues: frame.tiles.indices.map { ($0, frame.position(of: $0)) })
        }

        func report(width: Double = 1000) -> AxisReport {
            AxisReport(scroll: scroll, origin: origin, length: width)
        }
    }

    @Test func theFirstFramePutsTheStartAtTheLeadingEdgeNearTheCentre() throws {
        let frame = try layout.frame(
            AxisReport(scroll: 0, origin: nil, length: 1000), strip: ruler.blockStrip, phase: .scrolling,
            quantum: 100, start: 5840)
        let scroll = try #require(frame.scroll)
        #expect(scroll.truncatingRemainder(dividingBy: 100) == 0)
        #expect(abs(scroll - (layout.contentLength - 1000) / 2) < 100)
        #expect(frame.origin + scroll == 5840)
        // Tiles cover the viewport and one viewport each side, placed at world − origin.
        #expect(frame.position(of: frame.tiles.first) <= scroll - 1000)
        #expect(frame.position(of: frame.tiles.last) + 100 >= scroll + 2000)
        for index in frame.tiles.indices {
            #expect(frame.position(of: index) == ruler.blockStrip.phase + Double(index) * 100 - frame.origin)
        }
    }

    @Test func aGestureEndRecentersByWholeBlocksAndNothingMovesOnScreen() throws {
        var page = Page()
        page.apply(
            try layout.frame(page.report(), strip: ruler.blockStrip, phase: .scrolling, quantum: 100, start: 0))
        page.scroll += 123_456.5
        let world = page.origin! + page.scroll
        let onScreenBefore = page.tiles.mapValues { $0 - page.scroll }
        let scrolled = try layout.frame(
            page.report(), strip: ruler.blockStrip, phase: .scrolling, quantum: 100, start: 0)
        #expect(scrolled.shift == 0, "no recenter mid-scroll, far from the edge")
        page.apply(scrolled)
        let ended = try layout.frame(page.report(), strip: ruler.blockStrip, phase: .ended, quantum: 100, start: 0)
        #expect(ended.shift == -123_400, "1234.565 whole blocks from the centre: 1234 of them")
        page.apply(ended)
        #expect(page.origin! + page.scroll == world, "the world under the viewport did not move")
        for (index, position) in page.tiles where onScreenBefore[index] != nil {
            #expect(position - page.scroll == onScreenBefore[index]!, "tile \(index) stays put on screen")
        }
    }

    @Test func midScrollRecentersOnlyNearTheEdge() throws {
        let report = AxisReport(scroll: layout.contentLength - 1000 - 150_000, origin: 0, length: 1000)
        let frame = try layout.frame(report, strip: ruler.blockStrip, phase: .scrolling, quantum: 100, start: 0)
        #expect(frame.shift != 0, "within the 200,000 px edge margin: the last resort")
        #expect(frame.origin + frame.settledScroll == report.scroll)
    }

    @Test func refusesWhatNoPageCouldReport() {
        let strip = ruler.blockStrip
        #expect(throws: EndlessError.self) {
            try layout.frame(
                AxisReport(scroll: 0, origin: nil, length: 0), strip: strip, phase: .scrolling,
                quantum: 100, start: 0)
        }
        #expect(throws: EndlessError.self) {
            try layout.frame(
                AxisReport(scroll: 5e6, origin: 0, length: 100), strip: strip, phase: .scrolling,
                quantum: 100, start: 0)
        }
        #expect(throws: EndlessError.self) {
            try layout.frame(
                AxisReport(scroll: 0, origin: 2e15, length: 100), strip: strip, phase: .scrolling,
                quantum: 100, start: 0)
        }
    }

    @Test func theRulerSettlesOnTheNearestTick() throws {
        let start = try ruler.offset(for: DecimalNumber("72.4")!)
        var page = Page()
        let first = try ruler.frame(page.report(), layout: layout, phase: .scrolling, startOffset: start)
        #expect(first.value.description == "72.4")
        page.apply(first.axis)
        page.scroll += 1237
        let ended = try ruler.frame(page.report(), layout: layout, phase: .ended, startOffset: start)
        page.apply(ended.axis)
        let snap = try #require(ended.snap)
        #expect(snap - page.scroll == 3, "1237 px is 123.7 ticks: on 3 px to the tick of 84.8")
        #expect(ended.snapValue?.description == "84.8")
        page.scroll = snap
        let settled = try ruler.frame(page.report(), layout: layout, phase: .ended, startOffset: start)
        #expect(settled.snap == nil && settled.value.description == "84.8")
    }

    @Test func aScrollWithinABrowsersStepOfItsTickIsSettled() throws {
        let start = try ruler.offset(for: DecimalNumber("72.4")!)
        var page = Page()
        page.apply(try ruler.frame(page.report(), layout: layout, phase: .scrolling, startOffset: start).axis)
        // Firefox, 2,000,000 points out, keeps scroll positions in eighths: it stops 0.875 short of 1000 (a tick).
        page.scroll += 1000 - 0.875
        let short = try ruler.frame(page.report(), layout: layout, phase: .ended, startOffset: start)
        page.apply(short.axis)
        #expect(short.snap.map { $0 - page.scroll } == 0.875, "more than half a point off: it snaps")
        page.scroll += 0.5
        let near = try ruler.frame(page.report(), layout: layout, phase: .ended, startOffset: start)
        #expect(near.snap == nil && near.value.description == "82.4", "under half a point off: settled, on the tick")
    }

    @Test func keysMoveByTicksAndBlocksAndToTheEnds() throws {
        let at = try ruler.offset(for: DecimalNumber("72.4")!)
        func value(after key: RulerKey) throws -> String {
            try ruler.value(atOffset: ruler.keyTarget(key, from: at)).description
        }
        #expect(try value(after: .tickUp) == "72.5")
        #expect(try value(after: .tickDown) == "72.3")
        #expect(try value(after: .blockUp) == "73.4")
        #expect(try value(after: .blockDown) == "71.4")
        #expect(try value(after: .home) == "9")
        #expect(try value(after: .end) == "999")
        #expect(try abs(ruler.keyTarget(.end, from: at) - at) < 99_100 / 2, "the nearest 999, across the wrap")
    }

    /// Presses that came while an answer was on its way move as many ticks or blocks; Home and End stay where they go.
    @Test func pressesMoveAsManyTimes() throws {
        let at = try ruler.offset(for: DecimalNumber("72.4")!)
        func value(after key: RulerKey, _ presses: Int) throws -> String {
            try ruler.value(atOffset: ruler.keyTarget(key, from: at, presses: presses)).description
        }
        #expect(try value(after: .tickUp, 5) == "72.9")
        #expect(try value(after: .tickDown, 64) == "66")
        #expect(try value(after: .blockUp, 3) == "75.4")
        #expect(try value(after: .home, 7) == "9")
        let loop = Loop.standard
        let width = 10 * loop.spacing
        let report = AxisReport(scroll: 0, origin: nil, length: width)
        let start = loop.leading(centring: 3, width: width)
        for (key, presses, item) in [(ViewKey.arrowRight, 4, 7), (.arrowLeft, 2, 1), (.home, 9, 0)] {
            let frame = try loop.frame(report, layout: layout, phase: .ended, key: key, presses: presses, start: start)
            let settled = try #require(frame.snap) + frame.axis.origin
            #expect(settled == loop.leading(centring: Int64(item), width: width), "\(key) × \(presses)")
        }
    }

    /// A key's frame says where the snap goes (`snapValue`) and where the pointer is now (`pointerOffset`): a follower
    /// follows the latter, frame by frame, rather than jumping to the end and back.
    @Test func aKeyFrameSaysWhereThePointerIsAndWhereItGoes() throws {
        let start = try ruler.offset(for: DecimalNumber("72.4")!)
        var page = Page()
        page.apply(try ruler.frame(page.report(), layout: layout, phase: .scrolling, startOffset: start).axis)
        let frame = try ruler.frame(
            page.report(), layout: layout, phase: .scrolling, key: .blockUp, startOffset: start)
        #expect(frame.snap != nil && frame.snapValue?.description == "73.4")
        #expect(frame.pointerOffset == start && frame.value.description == "72.4")
    }

    @Test func a100MillionPixelJourneyKeepsItsValuesRight() throws {
        let start = try ruler.offset(for: DecimalNumber("72.4")!)
        var page = Page()
        page.apply(try ruler.frame(page.report(), layout: layout, phase: .scrolling, startOffset: start).axis)
        var travelled = 0.0
        while travelled < 100_000_000 {
            for _ in 0..<10 {
                page.scroll += 3_333
                travelled += 3_333
                page.apply(try ruler.frame(page.report(), layout: layout, phase: .scrolling, startOffset: start).axis)
                #expect((0...layout.contentLength).contains(page.scroll))
            }
            page.apply(try ruler.frame(page.report(), layout: layout, phase: .ended, startOffset: start).axis)
        }
        let frame = try ruler.frame(page.report(), layout: layout, phase: .scrolling, startOffset: start)
        // 100,023,330 px is 10,002,333 ticks from 72.4, wrapping every 9910 ticks: 1009 turns and 3143 ticks.
        #expect(travelled == 100_023_330)
        #expect(frame.value == ruler.value(ofTick: ruler.tick(atOffset: start) + 10_002_333))
        #expect(frame.value.description == "386.7")
        #expect(page.tiles.count <= 40, "the page holds a screenful and its margins, however far it went")
    }

    @Test func thePoundsRulerFollows() throws {
        let link = LinkedRuler.pounds()
        let leader = try ruler.offset(for: DecimalNumber("72.4")!)
        let leaderValue = ruler.continuousValue(atOffset: leader)
        var frame = try link.followerFrame(
            AxisReport(scroll: 0, origin: nil, length: 1000), layout: layout, leaderValue: leaderValue)
        #expect(link.follower.format(frame.value) == "159.6")
        let scroll = try #require(frame.axis.scroll)
        let pointer: Double = frame.axis.origin + scroll + 500
        #expect(abs(pointer - link.followerOffset(forLeaderOffset: leader, of: ruler)) < 1e-6)
        frame = try link.followerFrame(
            AxisReport(scroll: 0, origin: frame.axis.origin, length: 1000),
            layout: layout, leaderValue: ruler.continuousValue(atOffset: leader + 1e7))
        #expect(
            frame.axis.scroll.map { (0...layout.contentLength).contains($0) } == true, "re-placed when out of reach")
    }

    @Test func theLoopSettlesWithAnItemCentred() throws {
        let loop = Loop.standard
        let first = try loop.frame(
            AxisReport(scroll: 0, origin: nil, length: 1000), layout: layout, phase: .scrolling)
        let scroll = try #require(first.axis.scroll) + 2_222
        let ended = try loop.frame(
            AxisReport(scroll: scroll, origin: first.axis.origin, length: 1000), layout: layout,
            phase: .ended)
        let snap = try #require(ended.snap)
        let centre = ended.axis.origin + snap + 500
        #expect((centre - 40).truncatingRemainder(dividingBy: 150) == 0, "an item's centre under the viewport's centre")
        #expect(ended.centredItem == loop.label(ofItem: Int64(((centre - 40) / 150).rounded())))
    }

    @Test func theLoopPagesByKeys() throws {
        let loop = Loop.standard
        let first = try loop.frame(
            AxisReport(scroll: 0, origin: nil, length: 1000), layout: layout, phase: .scrolling,
            start: loop.leading(centring: 3, width: 1000))
        let report = AxisReport(
            scroll: try #require(first.axis.scroll), origin: first.axis.origin, length: 1000)
        func centred(after key: ViewKey) throws -> Int {
            try loop.frame(report, layout: layout, phase: .scrolling, key: key).centredItem
        }
        #expect(first.centredItem == 3)
        #expect(try centred(after: .arrowRight) == 4 && centred(after: .arrowLeft) == 2)
        #expect(try centred(after: .pageDown) == 9, "a page: the 6 whole items a 1000-point window shows")
        #expect(try centred(after: .pageUp) == 18, "6 back from item 3, round the loop")
        #expect(try centred(after: .home) == 0 && centred(after: .end) == 20)
    }

    @Test func backToCentreScrollsWhenNearAndRePlacesWhenFar() throws {
        let grid = Grid.standard
        func report(_ scroll: Double, _ origin: Double?) -> AxisReport {
            AxisReport(scroll: scroll, origin: origin, length: 800)
        }
        let near = try grid.frame(
            horizontal: report(2_000_000, -1_995_000), vertical: report(2_000_000, -2_003_000), layout: layout,
            phase: .scrolling, backToCentre: true, start: (0, 0))
        let snap = try #require(near.snap)
        #expect(near.horizontal.origin + snap.x + 400 == 0 && near.vertical.origin + snap.y + 400 == 0)
        let far = try grid.frame(
            horizontal: report(2_000_000, 1e12), vertical: report(2_000_000, -1e12), layout: layout,
            phase: .scrolling,
            backToCentre: true, start: (0, 0))
        #expect(far.snap == nil)
        let x = try #require(far.horizontal.scroll), y = try #require(far.vertical.scroll)
        #expect(far.horizontal.origin + x + 400 == 0 && far.vertical.origin + y + 400 == 0)
        #expect(far.center == (0, 0))
    }

    @Test func theThrottleLetsAFastFlingReportEveryOtherFrame() {
        #expect(Throttle.frames(speed: 20, phase: .scrolling) == 2)
        #expect(Throttle.frames(speed: 10, phase: .scrolling) == 1, "at the speed labels go, not yet")
        #expect(Throttle.frames(speed: 20, phase: .ended) == 1, "an end settles: its answer is wanted")
        func axis(_ velocity: Double) -> AxisReport {
            AxisReport(scroll: 0, origin: 0, length: 800, velocity: velocity, cycle: 16)
        }
        #expect(Throttle.frames([axis(-8), axis(8)], phase: .scrolling) == 2, "diagonal: 11.3 px/ms together")
        #expect(Throttle.frames([axis(-7), axis(7)], phase: .scrolling) == 1, "9.9 px/ms")
    }

    @Test func aGridFlungFastDrawsItsBlocksBareUntilItSlowsOrEnds() throws {
        let grid = Grid.standard
        func frame(speed: Double, holding: Detail, ended: Bool = false, key: ViewKey? = nil) throws -> Detail {
            let along = speed / 2.0.squareRoot()  // diagonal: the speed is the two axes' together
            func report() -> AxisReport {
                AxisReport(scroll: 2_000_000, origin: 0, length: 800, velocity: along, cycle: 16)
            }
            return try grid.frame(
                horizontal: report(), vertical: report(), layout: layout, phase: ended ? .ended : .scrolling,
                backToCentre: false,
                start: (0, 0), key: key, holding: holding
            ).detail
        }
        #expect(try frame(speed: 20, holding: .full) == .bare)
        #expect(try frame(speed: 9, holding: .full) == .full)
        // Between the two speeds a view keeps what it holds; below the lower one, or at a gesture's end or a key,
        // its labels come back.
        #expect(try frame(speed: 9, holding: .bare) == .bare)
        #expect(try frame(speed: 5, holding: .bare) == .full)
        #expect(try frame(speed: 20, holding: .bare, ended: true) == .full)
        #expect(try frame(speed: 20, holding: .bare, key: .arrowLeft) == .full)
        #expect(try frame(speed: 0, holding: .full) == .full)
    }

    @Test func aFrameOfTinyBlocksHoldsNoMoreBlocksThanTheLimit() throws {
        // 2-point blocks (one tick 2 points apart) across the widest view, flung from far away: the margins narrow so
        // the frame holds at most the blocks a frame may draw, and still the whole viewport.
        let tiny = try Ruler(RulerConfiguration(ticksPerBlock: 1, tickSpacing: 2))
        let tileLength = tiny.pageStrip(mirrored: false).length
        var report = AxisReport(
            scroll: 2_000_000, origin: 0, length: 8192, velocity: 20, cycle: 16, roundTrip: 60_000)
        let viewTiles = Int((report.length / tileLength).rounded(.up)) + 1
        for velocity in [0.0, 20] {
            report.velocity = velocity
            let axis = try tiny.frame(report, layout: layout, phase: .scrolling, startOffset: 0).axis
            #expect(axis.tiles.count <= max(tiny.pageTilesPerFrame, viewTiles))
            #expect(
                axis.tiles.count * Int(Ruler.pageBlocks) <= Limits.maximumBlocksPerFrame + 2 * Int(Ruler.pageBlocks))
            #expect(axis.position(of: axis.tiles.first) <= report.scroll)
            #expect(axis.position(of: axis.tiles.last) + tileLength >= report.scroll + report.length)
        }
    }

    @Test func aFrameOfDenseBlocksHoldsNoMoreTicksThanTheLimit() throws {
        // 100 ticks a block, 2 points apart: a block draws a hundred ticks, so a frame holds fewer of them.
        let dense = try Ruler(RulerConfiguration(ticksPerBlock: 100, tickSpacing: 2))
        let report = AxisReport(
            scroll: 2_000_000, origin: 0, length: 1200, velocity: 20, cycle: 16, roundTrip: 60_000)
        let axis = try dense.frame(report, layout: layout, phase: .scrolling, startOffset: 0).axis
        #expect(dense.pageTilesPerFrame == Limits.maximumTicksPerFrame / 600)
        #expect(axis.tiles.count <= dense.pageTilesPerFrame)
        #expect(axis.tiles.count * 600 <= Limits.maximumTicksPerFrame)
    }
}
