/// A keyboard move of a ruler slider.
package enum RulerKey: String, Sendable, CaseIterable {
    case tickUp, tickDown, blockUp, blockDown, home, end

    /// A slider's keys: arrows a tick, Page keys a block, Home and End the first and last label.
    package init(_ key: ViewKey) {
        switch key {
        case .arrowRight, .arrowUp: self = .tickUp
        case .arrowLeft, .arrowDown: self = .tickDown
        case .pageUp: self = .blockUp
        case .pageDown: self = .blockDown
        case .home: self = .home
        case .end: self = .end
        }
    }
}

/// What a ruler view shows after the page applies a frame.
package struct RulerFrame: Sendable, Hashable {
    package var axis: AxisFrame
    /// Exact value under the pointer now (a settle moves it to the snapped tick: see `snapValue`).
    package var value: DecimalNumber
    /// Where to settle, as a scroll position, with the value that will then be under the pointer.
    package var snap: Double?
    package var snapValue: DecimalNumber?
    /// Ruler offset under the pointer once applied, before any snap: what a follower follows, frame by frame, as the
    /// snap scrolls there (the snap's end is `snapValue`).
    package var pointerOffset: Double
}

extension Ruler {
    /// The frame for a ruler view whose pointer is the viewport's centre.
    ///
    /// Once scrolling ended the pointer settles on the nearest tick (seed 000's snap, `snapRule`); a key asks for a
    /// tick or a block further (`presses` times), or for the first or last label; `startOffset` places a view that has
    /// no origin yet. A `mirrored`
    /// ruler (right to left) grows against the page's axis: its world coordinate is the negated offset.
    package func frame(
        _ report: AxisReport, layout: AxisLayout, phase: ScrollPhase, key: RulerKey? = nil, presses: Int = 1,
        startOffset: Double, mirrored: Bool = false
    ) throws(EndlessError) -> RulerFrame {
        let pointerAxis = pointerAxis(mirrored: mirrored)
        let (axis, pointerOffset) = try pointerAxis.frame(
            report, layout: layout, phase: phase, start: startOffset, clamped: clampedOffset)
        var target: Double? = nil
        if let key {
            target = try keyTarget(key, from: pointerOffset, presses: presses)
        } else if phase == .ended {
            // On a tick: the pointer is inside a clamped ruler's ends, whose first and last ticks are snap points.
            target = snapRule.snap(pointerOffset)
        }
        return RulerFrame(
            axis: axis, value: value(ofTick: tick(atOffset: pointerOffset)),
            snap: target.flatMap { pointerAxis.snapScroll(to: $0, axis: axis, length: report.length) },
            snapValue: target.map { value(ofTick: tick(atOffset: $0)) }, pointerOffset: pointerOffset)
    }

    /// The page's axis of a ruler view: its page tiles, placed by whole blocks.
    package func pointerAxis(mirrored: Bool) -> PointerAxis {
        PointerAxis(
            strip: pageStrip(mirrored: mirrored), quantum: blockLength, maximumTiles: pageTilesPerFrame,
            mirrored: mirrored)
    }

    /// Blocks as tiles of the page's axis; mirrored, tile `i` is block `−i`, so tiles still grow along the axis.
    package func blockStrip(mirrored: Bool) -> TileStrip {
        mirrored ? TileStrip(length: blockLength, phase: -blockStrip.phase - blockLength) : blockStrip
    }

    /// The block that tile `index` of `blockStrip(mirrored:)` shows.
    package func block(ofTile index: Int64, mirrored: Bool) -> Int64 { mirrored ? -index : index }

    /// A page places a ruler in tiles of 6 blocks, each one element: a fling adds a sixth of the elements, and a page
    /// appends few elements faster than many small ones. 6 drew more frames in a fling than 4, and 8 no more than 4
    /// (see docs/performance.md).
    package static let pageBlocks: Int64 = 6

    /// The page's tiles along its axis: tile `j` is tiles `6j…6j+5` of `blockStrip(mirrored:)`, side by side.
    package func pageStrip(mirrored: Bool) -> TileStrip {
        TileStrip(length: blockLength * Double(Self.pageBlocks), phase: blockStrip(mirrored: mirrored).phase)
    }

    /// Page tiles a frame may hold: within `Limits.maximumBlocksPerFrame` blocks and `Limits.maximumTicksPerFrame`
    /// ticks, what it draws, however small the blocks (a view's own tiles are held whatever this says).
    package var pageTilesPerFrame: Int {
        let blocks = Limits.maximumBlocksPerFrame / Int(Self.pageBlocks)
        let ticks = Limits.maximumTicksPerFrame / (Int(Self.pageBlocks) * Int(ticksPerBlock))
        return max(3, min(Limits.maximumTilesPerFrame, blocks, ticks))
    }

    /// The blocks page tile `index` shows, in order along the page's axis.
    package func blocks(ofPageTile index: Int64, mirrored: Bool) -> [Int64] {
        (0..<Self.pageBlocks).map { block(ofTile: index * Self.pageBlocks + $0, mirrored: mirrored) }
    }

    /// Where a key, pressed `presses` times, moves the pointer from `offset`.
    package func keyTarget(_ key: RulerKey, from offset: Double, presses: Int = 1) throws(EndlessError) -> Double {
        let tick = tick(atOffset: offset)
        let spacing = tickSpacing
        let times = Int64(presses)
        switch key {
        case .tickUp: return clampedOffset(Double(tick + times) * spacing)
        case .tickDown: return clampedOffset(Double(tick - times) * spacing)
        case .blockUp: return clampedOffset(Double(tick + times * ticksPerBlock) * spacing)
        case .blockDown: return clampedOffset(Double(tick - times * ticksPerBlock) * spacing)
        case .home: return try self.offset(for: configuration.minimum, near: offset)
        case .end: return try self.offset(for: configuration.maximum, near: offset)
        }
    }
}

extension LinkedRuler {
    /// The follower's frame: its pointer where the leader's continuous value says, its content recentered when
    /// needed.
    package func followerFrame(
        _ report: AxisReport, layout: AxisLayout, leaderValue: Double, mirrored: Bool = false
    ) throws(EndlessError) -> RulerFrame {
        let target = followerOffset(forLeaderValue: leaderValue)
        let axis = try follower.pointerAxis(mirrored: mirrored).followerFrame(report, layout: layout, at: target)
        return RulerFrame(
            axis: axis, value: follower.value(ofTick: follower.tick(atOffset: target)), snap: nil, snapValue: nil,
            pointerOffset: target)
    }
}
