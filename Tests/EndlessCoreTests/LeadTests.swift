import Testing

@testable import EndlessCore

/// Tiling ahead of a fling: how fast a view scrolls, from two samples, and the margins that follow from it.
@Suite struct LeadTests {
    let layout = AxisLayout()

    @Test func velocityIsTheDistanceOverTheTimeBetweenTwoSamples() {
        let earlier = ScrollSample(position: 1_000, time: 5_000)
        #expect(earlier.following(position: 1_320, time: 5_016).velocity == 20)
        #expect(earlier.following(position: 680, time: 5_016).velocity == -20)
        #expect(earlier.following(position: 1_000, time: 5_040).velocity == 0)
        let next = earlier.following(position: 1_320, time: 5_016)
        #expect(next.position == 1_320 && next.time == 5_016)
    }

    @Test func aViewThatSpeedsUpLeadsByWhereItWillBe() {
        // 10 px/ms, then 20 px/ms 100 ms later: 0.1 px/ms² forwards; backwards the same, negative.
        let moving = ScrollSample(position: 0, time: 0, velocity: 10)
        #expect(moving.acceleration(to: ScrollSample(position: 2_000, time: 100, velocity: 20)) == 0.1)
        let back = ScrollSample(position: 0, time: 0, velocity: -10)
        #expect(back.acceleration(to: ScrollSample(position: -2_000, time: 100, velocity: -20)) == -0.1)
        // Slowing, turning, steady, from rest, or no time between: none.
        #expect(moving.acceleration(to: ScrollSample(position: 800, time: 100, velocity: 8)) == 0)
        #expect(moving.acceleration(to: ScrollSample(position: -800, time: 100, velocity: -8)) == 0)
        #expect(moving.acceleration(to: ScrollSample(position: 1_000, time: 100, velocity: 10)) == 0)
        #expect(
            ScrollSample(position: 0, time: 0).acceleration(to: ScrollSample(position: 9, time: 9, velocity: 1)) == 0)
        #expect(moving.acceleration(to: ScrollSample(position: 0, time: 0, velocity: 20)) == 0)
        // A ruler fling at +50 ms speeding up from 15.8 to 16.9 px/ms in 74 ms: 3,201 px in the 175 ms until the next
        // frame is in, not the 2,957 its speed alone says (the page blanked a quarter of its view there).
        let time = 2 * 54 + 4_000.0 / 60
        let acceleration = (16.9 - 15.8) / 74
        let lead = layout.lead(length: 1_269, velocity: 16.9, cycle: 75, roundTrip: 54, acceleration: acceleration)
        #expect(abs(lead - (16.9 * time + acceleration * time * time / 2)) < 1e-9 && lead > 16.9 * time + 200)
        // Still no further than the longest lead.
        #expect(layout.lead(length: 400, velocity: 20, roundTrip: 54, acceleration: 1) == 6_000)
    }

    @Test func aSpeedUpOrAReversalCountsAtOnceASlowDownGently() {
        let moving = ScrollSample(position: 0, time: 0, velocity: 20)
        #expect(moving.following(position: 480, time: 16).velocity == 30, "faster: at once")
        #expect(moving.following(position: -160, time: 16).velocity == -10, "reversed: at once")
        // A frame that saw 5 px/ms after 20: a quarter of the way down in 16 ms (16 / (16 + 50) ≈ 0.24).
        let slower = moving.following(position: 80, time: 16).velocity
        #expect(abs(slower - (20 - 15 * 16 / 66)) < 1e-9)
        #expect(moving.following(position: 0, time: 16).velocity > 10, "one frame that saw no motion is no stop")
        // Frame after frame at rest, the velocity falls to nothing.
        var sample = moving
        for step in 1...30 { sample = sample.following(position: 0, time: Double(step) * 16) }
        #expect(abs(sample.velocity) < 0.01)
    }

    @Test func aPauseOrAClockGoingBackSaysTheViewIsNotMoving() {
        let earlier = ScrollSample(position: 0, time: 1_000, velocity: 20)
        #expect(earlier.following(position: 10_000, time: 1_501).velocity == 0, "rested in between")
        #expect(earlier.following(position: 10_000, time: 1_500).velocity == 20, "a slow network's round trip")
        #expect(earlier.following(position: 5_000, time: 1_000).velocity == 0, "no time passed")
        #expect(earlier.following(position: 5_000, time: 900).velocity == 0, "a reload's clock")
    }

    @Test func aJumpIsNotAFling() {
        let earlier = ScrollSample(position: 0, time: 0)
        #expect(earlier.following(position: 1e12, time: 10).velocity == ScrollSample.maximumSpeed)
        #expect(earlier.following(position: -1e12, time: 10).velocity == -ScrollSample.maximumSpeed)
    }

    @Test func atRestTheMarginIsTheSameOnBothSides() {
        let margins = layout.margins(length: 800, velocity: 0)
        #expect(margins.before == 800 && margins.after == 800)
    }

    @Test func aFlingsMarginSlidesAheadByTheDistanceItCoversInTheLookahead() {
        // 5 px/ms for 100 ms: the margin slides 500 px ahead, in the direction of the motion.
        let forward = layout.margins(length: 800, velocity: 5)
        #expect(forward.before == 300 && forward.after == 800)
        let backward = layout.margins(length: 800, velocity: -5)
        #expect(backward.before == 800 && backward.after == 300)
        // Faster than the margin: all of it ahead, and the lead grows with the speed.
        let fast = layout.margins(length: 800, velocity: 20)
        #expect(fast.before == 0 && fast.after == 2_000)
        // The lead stops at eight viewport lengths, or 300 ms of a fast fling for a short view.
        #expect(layout.margins(length: 800, velocity: 100).after == 6_400)
        #expect(layout.margins(length: 400, velocity: 100).after == 6_000)
    }

    @Test func aPageWhoseFramesComeBackSlowlyGetsTwoOfItsCyclesAhead() {
        // Reports 30 ms apart (loopback): the 100 ms lookahead. 120 ms apart (a far server): 240 ms of motion.
        #expect(layout.margins(length: 800, velocity: 10, cycle: 30).after == 1_000)
        #expect(layout.margins(length: 800, velocity: 10, cycle: 120).after == 2_400)
        #expect(layout.margins(length: 800, velocity: -10, cycle: 120).before == 2_400)
    }

    @Test func aViewAtRestOnASlowNetworkHoldsAFastFlingsTwoRoundTrips() {
        // Loopback (5 ms): a viewport each side, as ever. 55 ms away: 20 px/ms for 110 ms, 2,200 px each side.
        #expect(layout.margins(length: 800, velocity: 0, roundTrip: 5) == (800, 800))
        #expect(layout.margins(length: 400, velocity: 0, roundTrip: 55) == (2_200, 2_200))
        // No more than the longest lead: eight viewport lengths, or a fast fling's motion over the network's wait up
        // to 600 ms (12,000 px) if more.
        #expect(layout.restMargin(length: 2_000, roundTrip: 1_000) == 16_000)
        #expect(layout.restMargin(length: 100, roundTrip: 1_000) == 12_000)
        // Moving fast, the lead outgrows it: all ahead, none behind. Reports 70 ms apart, 55 ms away: the lead lasts
        // until the next report's frame is in, 2 × 55 + 4 × 16.7 ms (177), longer than two cycles (140).
        let fast = layout.margins(length: 400, velocity: 20, cycle: 70, roundTrip: 55)
        #expect(fast.before == 0 && abs(fast.after - 20 * (110 + 4_000.0 / 60)) < 1e-9)
        // Slower, the 2,200 px margin slides 1,767 px ahead.
        let slower = layout.margins(length: 800, velocity: 10, cycle: 70, roundTrip: 55)
        #expect(abs(slower.before - (2_200 - 10 * (110 + 4_000.0 / 60))) < 1e-9 && slower.after == 2_200)
    }

    /// A phone network's 150 ms away: a 400-px vertical ruler flung at 20,000 px/s moves 7,540 px until the next
    /// frame is in (2 × 155 + 4 × 16.7 ms), past the 6,000 px a lead stopped at when it was 300 ms of a fast fling (it
    /// blanked 75 frames of 569 there, whole views among them, with none past it). Every round trip up to 265 ms
    /// leads all the way, for a short view as for a long one; beyond, 600 ms of a fast fling.
    @Test func aViewOnAPhoneNetworkLeadsAllTheWay() {
        for roundTrip in [155.0, 265] {
            let untilNextFrame = 2 * roundTrip + 4_000.0 / 60
            for length in [400.0, 1_200] {
                let lead = layout.lead(length: length, velocity: 20, cycle: 40, roundTrip: roundTrip)
                #expect(abs(lead - 20 * untilNextFrame) < 1e-9, "\(length) px, \(roundTrip) ms")
            }
        }
        // A fling a little faster than 20,000 px/s (the bench's gesture scrolls 21.7 px/ms) still leads all the way.
        let faster = layout.lead(length: 400, velocity: 21.7, cycle: 40, roundTrip: 155)
        #expect(abs(faster - 21.7 * (2 * 155 + 4_000.0 / 60)) < 1e-9)
        #expect(layout.lead(length: 400, velocity: 20, roundTrip: 400) == 12_000)
    }

    /// A page that says its frames take 35 ms (a phone busy with a fling) gets the lead of frames that long: its next
    /// report and the frame that applies its answer wait for them. One at 60 fps or faster, or that does not say,
    /// gets 60 fps's: never less than before.
    @Test func aPageWhoseFramesAreSlowLeadsByItsOwnFrames() {
        let slow = layout.lead(length: 400, velocity: 20, cycle: 40, roundTrip: 55, frameTime: 35)
        #expect(abs(slow - 20 * (2 * 55 + 4 * 35)) < 1e-9)
        let sixty = 20 * (2 * 55 + 4_000.0 / 60)
        for frameTime in [0, 8.3, 1_000.0 / 60] {
            let lead = layout.lead(length: 400, velocity: 20, cycle: 40, roundTrip: 55, frameTime: frameTime)
            #expect(abs(lead - sixty) < 1e-9)
        }
        // A view setting off from rest, its speed not known yet, leads by a fast fling over those frames too.
        var report = AxisReport(scroll: 2_000_000, origin: 0, length: 400, roundTrip: 55)
        (report.startingDirection, report.frameTime) = (.forward, 35)
        #expect(abs(layout.lead(of: report) - 20 * (2 * 55 + 4 * 35)) < 1e-9)
        // However slow the frames it says, the lead stops at 300 ms of a fast fling (6,000 px for a 400 px view): a
        // far network's wait may lead further, a slow page's own frames may not (a bigger answer would only make
        // them slower: under 4× throttling its stalls report frames of 100–150 ms).
        #expect(layout.lead(length: 400, velocity: 20, roundTrip: 15, frameTime: 1_000) == 6_000)
        #expect(layout.lead(length: 400, velocity: 20, roundTrip: 50, frameTime: 150) == 6_000)
    }

    @Test func aViewThatSetsOffFromRestLeadsLikeAFastFlingUntilItsSpeedIsKnown() {
        let rest = ScrollSample(position: 0, time: 0)
        #expect(
            layout.startingDirection(from: rest, to: 320) == .forward
                && layout.startingDirection(from: rest, to: -320) == .backward)
        // A settle or a nudge is no start; nor is a view already moving (its speed is known).
        #expect(layout.startingDirection(from: rest, to: 100) == nil)
        #expect(layout.startingDirection(from: ScrollSample(position: 0, time: 0, velocity: 5), to: 320) == nil)
        // Set off forwards 55 ms away: a fast fling's until the next report's frame is in, 20 × (2 × 55 + 4 frames).
        let untilNextFrame = 110 + 4_000.0 / 60
        var report = AxisReport(scroll: 2_000_000, origin: 0, length: 1269, roundTrip: 55)
        report.startingDirection = .forward
        #expect(abs(layout.lead(of: report) - 20 * untilNextFrame) < 1e-9)
        report.startingDirection = .backward
        #expect(abs(layout.lead(of: report) + 20 * untilNextFrame) < 1e-9)
        // A speed known to be higher leads further.
        (report.velocity, report.cycle) = (-30, 70)
        #expect(abs(layout.lead(of: report) + 30 * untilNextFrame) < 1e-9)
    }

    @Test func theFrameTilesAheadOfAFlingButNotAfterTheGestureEnded() throws {
        let strip = TileStrip(length: 100)
        func frame(velocity: Double, ended: Bool = false) throws -> AxisFrame {
            try layout.frame(
                AxisReport(scroll: 2_000_000, origin: 0, length: 800, velocity: velocity), strip: strip,
                phase: ended ? .ended : .scrolling, quantum: 100, start: 0)
        }
        let rest = try frame(velocity: 0)
        #expect(rest.tiles.first == 20_000 - 8 && rest.tiles.last == 20_000 + 15, "a viewport each side")
        let right = try frame(velocity: 20)
        #expect(right.tiles.first == 20_000 && right.tiles.last == 20_000 + 27, "2,000 px ahead, none behind")
        let left = try frame(velocity: -20)
        #expect(left.tiles.first == 20_000 - 20 && left.tiles.last == 20_000 + 7)
        let ended = try frame(velocity: 20, ended: true)
        #expect(ended.tiles.indices == rest.tiles.indices, "a gesture that ended has no fling ahead")
    }

    @Test func gridBlocksHoldConsecutiveTilesOnTheTileLattice() {
        let grid = Grid.standard
        let strip = grid.blockStrip(tilesPerBlock: 4)
        let first = grid.tiles(inBlock: GridCoordinate(x: 0, y: 0), tilesPerBlock: 4)
        #expect(first.columns == 0...3 && first.rows == 0...3)
        let last = grid.tiles(inBlock: GridCoordinate(x: -1, y: -2), tilesPerBlock: 4)
        #expect(last.columns == -4...(-1) && last.rows == -8...(-5))
        for block: Int64 in [-3, -1, 0, 1, 2_500_000_000] {
            #expect(strip.phase + Double(block) * strip.length == grid.strip.phase + Double(block * 4) * grid.tileSize)
            #expect(strip.tile(containing: grid.strip.phase + Double(block * 4 + 3) * grid.tileSize + 50) == block)
        }
    }

    @Test func aGridFramePlacesBlocksAndKeepsItsMarginsForAnOrdinaryViewport() throws {
        let frame = try Grid.standard.frame(
            horizontal: AxisReport(scroll: 0, origin: nil, length: 1_168),
            vertical: AxisReport(scroll: 0, origin: nil, length: 500), layout: layout, phase: .scrolling,
            backToCentre: false, start: (0, 0))
        #expect(frame.tilesPerBlock == 6 && frame.horizontal.tiles.length == 600)
        let x = try #require(frame.horizontal.scroll), y = try #require(frame.vertical.scroll)
        #expect(frame.horizontal.position(of: frame.horizontal.tiles.first) <= x - 1_168)
        #expect(frame.horizontal.position(of: frame.horizontal.tiles.last) + 600 >= x + 2 * 1_168)
        #expect(frame.vertical.position(of: frame.vertical.tiles.first) <= y - 500)
        #expect(frame.vertical.position(of: frame.vertical.tiles.last) + 600 >= y + 2 * 500)
        // World (0, 0) is the centre of tile (0, 0): 50 px into block (0, 0).
        #expect(frame.horizontal.origin + frame.horizontal.position(of: 0) == -50)
    }

    @Test func aHugeViewportFlingingFastStillFitsTheFrameBudget() throws {
        for side in [2_000.0, 4_000, 8_192] {
            let report = AxisReport(scroll: 2_000_000, origin: 0, length: side, velocity: 100)
            let frame = try Grid.standard.frame(
                horizontal: report, vertical: report, layout: layout, phase: .scrolling, backToCentre: false,
                start: (0, 0))
            #expect(frame.tileCount <= Limits.maximumTilesPerFrame, "\(side)")
            // Still covers the viewport.
            #expect(frame.horizontal.position(of: frame.horizontal.tiles.first) <= 2_000_000)
            #expect(frame.horizontal.position(of: frame.horizontal.tiles.last) + 400 >= 2_000_000 + side)
        }
    }
}
