import EndlessCore

/// Each item's title, laid out once as a map's labels are: where the item begins (past a point's marker, inside a
/// bar's start), running on past a bar's end, and cut with `…` only before the next item of its row, where its lane
/// stops showing items, or at `longestTitle` points. Where it stands depends on the set and the zoom alone, never
/// on which block asks, so that a page's tiles, each drawing the titles that touch it, meet without a seam, and a
/// window draws each once. A window titles a bar that began before its earliest instant at that edge, while the bar
/// is in view.
extension TimelineItemsLayer {
    /// A title's most points: a longer one ends in `…`, so that how far a block looks back and ahead is bounded.
    static let longestTitle = 480.0
    /// Points between a title and the next item of its row.
    static let titleGap = 6.0

    /// How a block's titles are chosen: those that begin in it, as a window's blocks draw each once (with `edge`, a
    /// window's earliest instant, none before it, and a bar begun before it and running on past it titled at it;
    /// `Int64.min` for a block after the edge, whose titles are then the same in every window);
    /// every title that reaches into it, as a page's tile, clipped to it, draws; or only the bars begun before
    /// `edge` and running on past it, titled at it over a backing that hides the title their tiles draw (a page's
    /// leading edge, `TimelineRenderer.edgeTitles`).
    enum TitleChoice {
        case beginning(edge: Int64)
        case touching
        case crossing(edge: Int64)
    }

    /// The titles chosen of block `from..<to` seconds (`length` points, mirrored where time runs to the left), in its
    /// points, in lanes showing their items there.
    func drawTitles(
        from: Int64, to: Int64, length: Double, mirrored: Bool, _ choice: TitleChoice, into writer: inout SVGWriter
    ) {
        let edge: Int64? =
            switch choice {
            case .beginning(let edge), .crossing(let edge): edge
            case .touching: nil
            }
        let crossing = if case .crossing = choice { true } else { false }
        if let edge, edge >= to { return }
        let span = to - from
        let perSecond = length / Double(span)
        let along = { (seconds: Int64) in Double(seconds - from) * perSecond }
        let low = max(from, edge ?? from)
        var laneTop = 0.0
        for (index, lane) in items.lanes.enumerated() {
            defer { laneTop += ItemLayout.thickness(of: lane) }
            guard ItemLayout.showsItems(of: items, lane: index, from: from, to: to, length: length) else { continue }
            let rowsTop = laneTop + ItemLayout.nameBand(of: lane)
            for row in 0..<min(lane.rows.count, ItemLayout.rowsShown) {
                let top = across(rowsTop + Double(row) * ItemLayout.rowHeight, ItemLayout.rowHeight)
                let rowItems = lane.rows[row]
                var chosen = items.items(inLane: index, row: row, from: low, to: to)
                // A tile also draws the title of the row's item before, which may run on into it.
                if edge == nil, chosen.lowerBound > rowItems.lowerBound {
                    chosen = chosen.lowerBound - 1..<chosen.upperBound
                }
                for item in chosen {
                    let isPoint = items.isPoint(item)
                    if crossing, isPoint || items.starts[item] >= edge! { continue }
                    guard
                        let anchor = anchor(of: item, lane: index, edge: edge, span: span, length: length, shown: from),
                        anchor < to, edge == nil || anchor >= low
                    else { continue }
                    var at = along(anchor) + (isPoint ? 9 : 4)
                    // Past the markers of points just before, which may reach over the item's start (a few).
                    var before = item - 1
                    while before >= max(rowItems.lowerBound, item - 8), along(items.starts[before]) + 9 > at {
                        if items.isPoint(before) { at = along(items.starts[before]) + 9 }
                        before -= 1
                    }
                    var end = at + Self.longestTitle
                    if item + 1 < rowItems.upperBound {
                        let next = along(items.starts[item + 1]) - (items.isPoint(item + 1) ? 6 : 0)
                        end = min(end, next - Self.titleGap)
                    }
                    // Past the block it begins in, only as far as the lane shows items.
                    let first = floorQuotient(anchor, span) * span
                    if end > along(first + span),
                        let counts = countsStart(
                            lane: index, after: first + span, span: span, length: length,
                            within: end - along(first + span))
                    {
                        end = min(end, along(counts))
                    }
                    if crossing {
                        guard anchor == edge else { continue }  // its lane shows counts there: no title at the edge
                        let reach = Self.longestTitle + 4
                        backing(
                            item, from: max(along(items.starts[item]), along(anchor) - reach),
                            barEnd: along(items.ends[item]), to: end, top: top, length: length, mirrored: mirrored,
                            into: &writer)
                    }
                    guard end - at >= 14, edge != nil || end > 0, items.withText(item, .title, { !$0.isEmpty })
                    else { continue }
                    let linked = link(item, into: &writer)
                    title(
                        of: item, at: mirrored ? length - at : at, baseline: top + 15, room: end - at,
                        mirrored: mirrored, colour: isPoint ? palette.ink : palette.barText, into: &writer)
                    if linked { writer.append("</a>") }
                }
            }
        }
    }

    /// What hides the title a page's tiles draw for a bar crossing its leading edge, under the one drawn at the edge:
    /// the bar's colour from `from` (where that title may begin, before the edge) to its end (`barEnd`), then the
    /// view's background to `to`, where any title of the bar's is cut. Nothing else of its row stands there.
    private func backing(
        _ item: Int, from: Double, barEnd: Double, to: Double, top: Double, length: Double, mirrored: Bool,
        into writer: inout SVGWriter
    ) {
        let fill = palette.fills[Int(items.kinds[item] & ~ItemSet.pointBit)]
        let barEnd = min(barEnd, to)
        // The background under the bar's rounded end too, then the bar, rounded as its own is.
        for (left, right, colour, round) in [
            (max(from, barEnd - 3), to, palette.background, false), (from, barEnd, fill, true),
        ] where right > left {
            let (x0, x1) = mirrored ? (length - right, length - left) : (left, right)
            Self.appendBar(fill: colour, left: x0, right: x1, top: top, rounded: round, into: &writer)
        }
    }

    /// Where item `item`'s title begins, in seconds: its start, or for a bar begun before a window's `edge`, the
    /// edge; and for a bar begun where its lane shows counts, the first block after where it shows items (within
    /// `longestTitle` of the anchor, and before the bar ends). `nil` where it has no place.
    /// `shown` is a block known to show the lane's items (the one drawing): not asked again.
    private func anchor(of item: Int, lane: Int, edge: Int64?, span: Int64, length: Double, shown: Int64) -> Int64? {
        let (start, end) = (items.starts[item], items.ends[item])
        let isPoint = items.isPoint(item)
        var anchor = start
        if let edge, start < edge {
            guard !isPoint, end > edge else { return nil }
            anchor = edge
        }
        var block = floorQuotient(anchor, span) * span
        // A few blocks on at most (each is a count's query): a bar that shows in none of them goes untitled.
        for _ in 0...Int(Self.longestTitle / length) + 1 {
            if block == shown
                || ItemLayout.showsItems(of: items, lane: lane, from: block, to: block + span, length: length)
            {
                return anchor
            }
            block += span
            guard !isPoint, block < end, block <= Instant.last.secondsSinceEpoch else { return nil }
            anchor = block
        }
        return nil
    }

    /// The start of the first block from `start` on, within `points` (`length` a block), where lane `lane` shows
    /// counts rather than items; `nil` where it shows items all that way.
    private func countsStart(lane: Int, after start: Int64, span: Int64, length: Double, within points: Double)
        -> Int64?
    {
        var (start, ahead) = (start, 0.0)
        while ahead < points, start <= Instant.last.secondsSinceEpoch {
            if !ItemLayout.showsItems(of: items, lane: lane, from: start, to: start + span, length: length) {
                return start
            }
            (start, ahead) = (start + span, ahead + length)
        }
        return nil
    }
}
