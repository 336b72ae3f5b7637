import Testing

@testable import EndlessCore

@Suite struct ScrollAxisTests {
    /// Tiles placed at `world − origin`, as a view holds them; returns their on-screen positions.
    func screenPositions(_ tiles: [Int64: Double], _ axis: ScrollAxis) -> [Int64: Double] {
        tiles.mapValues { $0 - axis.offset }
    }

    @Test func seedRuleRecentersOnlyPastAnEdge() {
        // Seed 000: 5 blocks of 100 pt, 320 pt bounds, so the centre offset is 90.
        var axis = ScrollAxis(contentLength: 500, boundsLength: 320, offset: 90, origin: 0)
        #expect(axis.centerOffset == 90)
        for offset in [0.0, 45, 90, 180] {
            axis.offset = offset
            #expect(axis.recenterIfNecessary() == nil, "offset \(offset) is inside")
        }
        axis.offset = 181
        #expect(axis.recenterIfNecessary() == -91)
        #expect(axis.offset == 90)
        axis.offset = -3
        #expect(axis.recenterIfNecessary() == 93)
    }

    @Test func edgeMarginRecentersBeforeTheEdge() {
        var axis = ScrollAxis(contentLength: 10_000, boundsLength: 1000, offset: 8_000, origin: 0)
        #expect(axis.recenterIfNecessary(edgeMargin: 1000) == nil)
        axis.offset = 8_001
        #expect(axis.recenterIfNecessary(edgeMargin: 1000) == -3_501)
        #expect(axis.offset == axis.centerOffset)
    }

    @Test func recenterKeepsEveryTileOnScreenWhereItWas() {
        var axis = ScrollAxis(contentLength: 5000, boundsLength: 600, offset: 4395, origin: 1_000_000)
        let strip = TileStrip(length: 100, phase: -55)
        let run = strip.run(from: axis.worldOffset, extent: 600)
        var tiles = Dictionary(
            uniqueKeysWithValues: run.indices.map {
                ($0, strip.phase + Double($0) * 100 - axis.origin)
            })
        let before = screenPositions(tiles, axis)
        let worldBefore = axis.worldOffset
        let recentered = axis.recenterIfNecessary(edgeMargin: 10)
        let shift = try! #require(recentered)
        tiles = tiles.mapValues { $0 + shift }
        #expect(screenPositions(tiles, axis) == before)
        #expect(axis.worldOffset == worldBefore, "the world under the screen did not move")
        for (index, position) in tiles {
            #expect(position == strip.phase + Double(index) * 100 - axis.origin)
        }
    }

    @Test func gestureEndRecentersByWholeTiles() {
        var axis = ScrollAxis(contentLength: 100_000, boundsLength: 800, offset: 71_234.5, origin: 0)
        let recentered = axis.recenterAtGestureEnd(quantum: 100)
        let shift = try! #require(recentered)
        #expect(shift == -21_600)
        #expect(shift.truncatingRemainder(dividingBy: 100) == 0)
        #expect(abs(axis.offset - axis.centerOffset) < 100)
        #expect(axis.recenterAtGestureEnd(quantum: 100) == nil, "already as central as whole tiles allow")
    }

    @Test func gestureEndRecenteringSettlesWhenTheCentreIsHalfATileOff() {
        // A 500-point viewport in 4,000,000 points: the centre offset 1,999,750 lies half a tile between
        // 1,999,700 and 1,999,800. Recentering must stop, not flip between them at every scroll end.
        for start in [1_999_700.0, 1_999_800, 1_999_750, 1_234_567] {
            var axis = ScrollAxis(contentLength: 4_000_000, boundsLength: 500, offset: start, origin: 0)
            _ = axis.recenterAtGestureEnd(quantum: 100)
            let settled = axis.offset
            for _ in 0..<5 {
                let shift = axis.recenterAtGestureEnd(quantum: 100)
                #expect(shift == nil, "from \(start): settled at \(settled), then shifted by \(shift ?? 0)")
            }
        }
    }

    @Test func gestureEndKeepsTheWorldUnderTheViewport() {
        var axis = ScrollAxis(contentLength: 100_000, boundsLength: 800, offset: 12.25, origin: -7)
        #expect(axis.recenterAtGestureEnd(quantum: 0.25) == 49_587.75)
        #expect(axis.offset == axis.centerOffset)
        #expect(axis.worldOffset == 5.25)
    }

    @Test func backToCentreFindsTileZero() {
        let target = Grid.backToCentreOffsets(origin: (12_345, -800), viewport: (400, 300))
        #expect(target.x == -12_345 - 200)
        #expect(target.y == 800 - 150)
        // Scrolled there, world point (0, 0) is the viewport's centre: the centre of tile (0, 0).
        #expect(Grid.standard.strip.tile(containing: 12_345 + target.x + 200) == 0)
        #expect(Grid.standard.strip.tile(containing: -800 + target.y + 150) == 0)
    }
}
