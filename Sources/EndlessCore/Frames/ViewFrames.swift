/// What a loop view shows after the page applies a frame.
package struct LoopFrame: Sendable, Hashable {
    package var axis: AxisFrame
    /// Where to settle (an item centred), as a scroll position.
    package var snap: Double?
    /// The item nearest the viewport's centre once settled.
    package var centredItem: Int
}

extension Loop {
    /// The frame for a loop view: tiles every item, and once scrolling ended pages to the nearest item centred
    /// (`pagingRule`); a key moves to a neighbouring item, a page of items further (`itemSteps`, `presses` times), or
    /// the nearest item 0 (Home) or last item (End).
    package func frame(
        _ report: AxisReport, layout: AxisLayout, phase: ScrollPhase, key: ViewKey? = nil, presses: Int = 1,
        start: Double = 0
    ) throws(EndlessError) -> LoopFrame {
        let axis = try layout.frame(
            report, strip: itemStrip, phase: phase, quantum: spacing, start: start,
            maximumTiles: Limits.maximumBlocksPerFrame)
        let leading = axis.origin + axis.settledScroll
        var settled = phase == .ended || key != nil ? pagingRule(windowWidth: report.length).snap(leading) : leading
        if let key {
            let times = key == .home || key == .end ? 1 : Int64(presses)
            settled += Double(times * itemSteps(for: key, from: settled, width: report.length)) * spacing
        }
        let item = label(ofItem: itemStrip.tile(containing: settled + report.length / 2))
        return LoopFrame(
            axis: axis, snap: SnapRule.hasReached(leading, settled) ? nil : settled - axis.origin, centredItem: item)
    }

    /// How many items a key moves a window `width` wide whose leading edge is at `leading` (an item centred).
    func itemSteps(for key: ViewKey, from leading: Double, width: Double) -> Int64 {
        let page = max(1, Int64((width / spacing).rounded(.down)))
        switch key {
        case .arrowRight, .arrowDown: return 1
        case .arrowLeft, .arrowUp: return -1
        case .pageDown: return page
        case .pageUp: return -page
        case .home, .end:
            let centred = Int64(label(ofItem: itemStrip.tile(containing: leading + width / 2)))
            let target = key == .home ? 0 : Int64(count - 1)
            return target - centred
        }
    }

    /// The leading edge of a window `width` wide with item `item` centred.
    package func leading(centring item: Int64, width: Double) -> Double {
        inset + Double(item) * spacing - width / 2
    }
}

/// What a grid view shows after the page applies a frame.
package struct GridFrame: Sendable {
    /// Columns and rows of blocks, each `tilesPerBlock × tilesPerBlock` tiles.
    package var horizontal: AxisFrame
    package var vertical: AxisFrame
    package var tilesPerBlock: Int64
    /// Where to scroll smoothly (back to centre), if anywhere.
    package var snap: (x: Double, y: Double)?
    /// World point at the viewport's centre once applied.
    package var center: (x: Double, y: Double)
    /// Whether its new blocks have labels: not in a fast fling (`Detail`).
    package var detail: Detail

    /// The blocks the page holds once applied: the columns and rows of each step of the lead, together.
    package var held: TileSet {
        TileSet(boxes: zip(horizontal.sweep, vertical.sweep).map { [$0, $1] })
    }
}

extension Grid {
    /// A page places the grid in blocks of 6 × 6 tiles, each one element: a view holds 36 times fewer elements than
    /// tiles, and a fling brings fewer a frame than in blocks of 4 × 4, which drew fewer frames a second (see
    /// docs/performance.md); larger blocks would leave an 8192 × 8192 view over a frame's budget.
    package static let pageBlock: Int64 = 6

    /// The frame for a grid view; `backToCentre` (seed 004's, `backToCentreOffsets`) scrolls smoothly to (0, 0) when
    /// it is near, and re-places the content around it when it is too far to scroll to. `held` is the detail of the
    /// blocks the page holds. A key pans as `pan` says, `presses` times.
    package func frame(
        horizontal: AxisReport, vertical: AxisReport, layout: AxisLayout, phase: ScrollPhase, backToCentre: Bool,
        start: (x: Double, y: Double), key: ViewKey? = nil, presses: Int = 1, tilesPerBlock: Int64 = Grid.pageBlock,
        holding held: Detail = .full
    ) throws(EndlessError) -> GridFrame {
        var horizontal = horizontal, vertical = vertical
        var start = start
        let viewport = (width: horizontal.length, height: vertical.length)
        // A point of the page stands for 2^zoom of the world's: the world's bound, on the page.
        let coordinateLimit = Limits.maximumCoordinate / scale
        if backToCentre, let x = horizontal.origin, let y = vertical.origin {
            let target = Self.backToCentreOffsets(origin: (x, y), viewport: viewport)
            let reachable = (layout.edgeMargin...layout.contentLength - layout.edgeMargin)
            if !(reachable.contains(target.x) && reachable.contains(target.y)) {
                (horizontal.origin, vertical.origin) = (nil, nil)
                start = (0, 0)
            }
        }
        let strip = blockStrip(tilesPerBlock: tilesPerBlock)
        func axes(rest: Double, lead: Double) throws(EndlessError) -> (AxisFrame, AxisFrame) {
            var scaled = layout
            scaled.restShare = rest
            scaled.maximumLead *= lead
            scaled.leadTime *= lead
            scaled.maximumLeadTime *= lead
            // Steps of the lead these margins have, not the unscaled one.
            let steps =
                phase == .ended ? 1 : Self.leadSteps(horizontal, vertical, layout: scaled, blockLength: strip.length)
            return (
                try scaled.frame(
                    horizontal, strip: strip, phase: phase, quantum: strip.length,
                    start: start.x - horizontal.length / 2, steps: steps, coordinateLimit: coordinateLimit),
                try scaled.frame(
                    vertical, strip: strip, phase: phase, quantum: strip.length,
                    start: start.y - vertical.length / 2, steps: steps, coordinateLimit: coordinateLimit)
            )
        }
        // A huge viewport, a fast fling or a far server gets smaller margins rather than a frame too big to send:
        // first those of a view at rest, then the lead, which a moving view needs; with none, the largest viewport
        // (8192 × 8192) fits in tiles of 100 points, and a view that does not fit is refused. What a frame holds is
        // its lead's path, not that path's bounding box: a diagonal fling far away leads so far along each axis that
        // the box holds more blocks than a frame may, where its path holds fewer than half of them.
        let tilesInBlock = Int(tilesPerBlock * tilesPerBlock)
        func tilesOnPath(_ columns: AxisFrame, _ rows: AxisFrame) -> Int {
            TileSet(boxes: zip(columns.sweep, rows.sweep).map { [$0, $1] }).count.times(tilesInBlock) ?? .max
        }
        var (columns, rows) = try axes(rest: 1, lead: 1)
        var tiles = tilesOnPath(columns, rows)  // counted once a try: the frames that fit try once
        let smaller: [(rest: Double, lead: Double)] = [
            (0.5, 1), (0.25, 1), (0, 1), (0, 0.5), (0, 0.25), (0, 0.125), (0, 0),
        ]
        for margins in smaller where tiles > Limits.maximumTilesPerFrame {
            (columns, rows) = try axes(rest: margins.rest, lead: margins.lead)
            tiles = tilesOnPath(columns, rows)
        }
        guard tiles <= Limits.maximumTilesPerFrame else {
            throw EndlessError(
                "tile",
                "of \(Limits.Accepts.text(tileSize)) points fill a \(Limits.Accepts.text(horizontal.length)) × "
                    + "\(Limits.Accepts.text(vertical.length)) view with \(tiles) tiles, more than "
                    + "\(Limits.maximumTilesPerFrame); use larger tiles or a smaller view")
        }
        let center = (
            x: columns.origin + columns.settledScroll + horizontal.length / 2,
            y: rows.origin + rows.settledScroll + vertical.length / 2
        )
        var snap: (x: Double, y: Double)? = nil
        if backToCentre, center != (0, 0) {
            snap = Self.backToCentreOffsets(origin: (columns.origin, rows.origin), viewport: viewport)
        } else if let key, let (dx, dy) = pan(for: key, viewport: viewport) {
            snap = (columns.settledScroll + dx * Double(presses), rows.settledScroll + dy * Double(presses))
        }
        let speed = [horizontal, vertical].speed  // the diagonal's, for a grid flung both ways at once
        return GridFrame(
            horizontal: columns, vertical: rows, tilesPerBlock: tilesPerBlock, snap: snap,
            center: backToCentre && snap != nil ? (0, 0) : center,
            detail: .forMotion(speed: speed, holding: held, phase: key != nil ? .ended : phase))
    }

    /// Steps of a diagonal fling's lead (`AxisLayout.sweep`): at most a block's length of lead each, so the blocks
    /// held follow the path (a 20,000 px/s fling at 45° over 400 px blocks: 450 new blocks a second held as a box,
    /// 245 as steps), up to `Limits.maximumHeldBoxes`; one, a box, unless both axes move.
    static func leadSteps(_ horizontal: AxisReport, _ vertical: AxisReport, layout: AxisLayout, blockLength: Double)
        -> Int
    {
        let lead = [horizontal, vertical].map { abs(layout.lead(of: $0)) }
        guard lead.allSatisfy({ $0 > 0 }) else { return 1 }
        return min(Limits.maximumHeldBoxes, Int((lead.max()! / blockLength).rounded(.up)) + 1)
    }

    /// How far a key pans the grid: arrows a tile, Page keys a viewport up or down; Home is back to centre.
    func pan(for key: ViewKey, viewport: (width: Double, height: Double)) -> (Double, Double)? {
        switch key {
        case .arrowLeft: (-tileSize, 0)
        case .arrowRight: (tileSize, 0)
        case .arrowUp: (0, -tileSize)
        case .arrowDown: (0, tileSize)
        case .pageUp: (0, -viewport.height)
        case .pageDown: (0, viewport.height)
        case .home, .end: nil
        }
    }
}
