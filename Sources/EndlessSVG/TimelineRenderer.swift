import EndlessCore

/// Draws timeline windows and blocks as SVG: a row of context (the day, the month…) written where it changes, and
/// the minor ticks with their own fields, placed at their true instants.
public struct TimelineRenderer: Sendable {
    public let timeline: Timeline
    public let orientation: Orientation
    public let theme: Theme
    let palette: Palette
    /// The marks' shared parts for windows of the renderer's thickness.
    private let marks: TimelineMarks
    /// Whether its windows run to the left (`dir=rtl`).
    private let mirrored: Bool
    /// A full block's minor ticks, defined once in a window and used by each block whose ticks are even
    /// (`Timeline.evenTicksShift`), for a clock's units.
    private let evenTicks: EvenTicks?
    /// Items drawn beside the axis, in lanes: under it, or right of a vertical one.
    public let items: ItemSet?
    private let itemsLayer: TimelineItemsLayer?

    /// `thickness` is the windows' across the axis (their height, or their width when vertical) and `mirrored`
    /// their direction: a window of another is drawn too, its marks worked out for it.
    /// With `items`, the axis takes `ItemLayout.axisThickness(orientation)` at most, and the lanes the rest.
    public init(
        timeline: Timeline, orientation: Orientation = .horizontal, theme: Theme = .light, thickness: Double = 120,
        mirrored: Bool = false, items: ItemSet? = nil
    ) {
        (self.timeline, self.orientation, self.theme) = (timeline, orientation, theme)
        palette = .standard(theme == .auto ? .light : theme)
        self.items = items
        itemsLayer = items.map {
            TimelineItemsLayer(
                items: $0, palette: .of(theme == .auto ? .light : theme), language: timeline.language,
                vertical: orientation.isVertical)
        }
        let axis = items == nil ? thickness : ItemLayout.axisBand(within: thickness, orientation)
        marks = TimelineMarks(orientation: orientation, thickness: axis, timeline: timeline)
        self.mirrored = mirrored && !orientation.isVertical
        if case .clock = timeline.scale.unit {
            evenTicks = EvenTicks(marks: marks, timeline: timeline, mirrored: self.mirrored, ink: palette.ink)
        } else {
            evenTicks = nil
        }
    }

    /// The renderer of `window`: its orientation and thickness; the CLI and the server both draw with it.
    public init(window: TimelineWindow, theme: Theme = .light, items: ItemSet? = nil) {
        self.init(
            timeline: window.timeline, orientation: window.orientation, theme: theme,
            thickness: window.orientation.isVertical ? window.width : window.height, mirrored: window.isMirrored,
            items: items)
    }

    var documentStyle: String? {
        guard theme == .auto else { return nil }
        return Palette.autoStyle(
            light: .standard(.light), dark: .standard(.dark), more: items == nil ? "" : ItemPalette.autoRules)
    }

    /// `window` as a standalone SVG document: its blocks, then the context at the leading edge, the pointer and the
    /// value on top.
    /// With items, `itemsOfBlock` gives each block's (`itemsFragment`) and `titlesOfBlock` the titles beginning in
    /// it (`itemTitles(beginningIn:mirrored:)`), kept from before; without them they are drawn.
    public func render(
        _ window: TimelineWindow, itemsOfBlock: ((Int64) -> [UInt8])? = nil,
        titlesOfBlock: ((Int64) -> [UInt8])? = nil
    ) -> RenderedWindow {
        // Each block's items first, so that the document is sized for them at once.
        let fragments = itemsLayer.map { _ in
            window.blocks.indices.map { tile in
                let block = window.block(ofTile: tile)
                return itemsOfBlock?(block) ?? itemsFragment(ofBlock: block, mirrored: window.isMirrored)
            }
        }
        let itemBytes = fragments?.reduce(0) { $0 + $1.count + 48 } ?? 0
        var writer = SVGWriter(capacity: 2048 + window.blocks.count * 1024 + itemBytes)
        // In a language, the instant as its reader says it (the RFC 3339 value is a program's); the title is that
        // alone but in English.
        let english = timeline.language?.isEnglish ?? true
        var readout = 0..<0  // where the value is written, to be copied under the pointer
        documentHeader(width: window.width, height: window.height, style: documentStyle, into: &writer) { writer in
            if english { writer.append("Timeline at ") }
            let start = writer.byteCount
            writer.append(escapedText: TimeLabels.longestContext + 32) {
                timeline.writeReadout(window.value, into: &$0)
            }
            readout = start..<writer.byteCount
        }
        writer.append(#"<rect width="100%" height="100%" fill=""#)
        writer.append(colour: palette.background)
        writer.append("\"/>\n")
        let fits = marks.thickness == thickness(window)
        let marks =
            fits ? marks : TimelineMarks(orientation: orientation, thickness: thickness(window), timeline: timeline)
        let evenTicks = fits && window.isMirrored == mirrored ? evenTicks : nil
        if let evenTicks { writer.append(bytes: evenTicks.definition) }
        // The zone's clock over the whole window, read once for all its blocks.
        let (first, last) = (window.block(ofTile: window.blocks.first), window.block(ofTile: window.blocks.last))
        let clock = ZoneClock(
            timeline.zone, from: timeline.start(ofBlock: min(first, last)) - timeline.contextReach,
            to: timeline.start(ofBlock: max(first, last)) + timeline.blockSeconds)
        let leading = leadingContext(window)
        var tileStarts: [Int] = []
        tileStarts.reserveCapacity(Int(window.blocks.count))
        var words = SVGWriter(capacity: 1024)
        for tile in window.blocks.indices {
            tileStarts.append(writer.byteCount)
            let position = window.blocks.position(of: tile)
            appendPlacedTile(
                x: orientation.isVertical ? 0 : position, y: orientation.isVertical ? position : 0, into: &writer
            ) { writer in
                drawBlock(
                    window.block(ofTile: tile), mirrored: window.isMirrored, marks: marks, evenTicks: evenTicks,
                    clock: clock, hiding: leading?.hides, words: &words, into: &writer)
            }
        }
        if let leading { appendLeadingContext(leading, window, into: &writer) }
        if let itemsLayer, let fragments {
            drawItems(itemsLayer, window, fragments: fragments, titlesOfBlock: titlesOfBlock, into: &writer)
        }
        appendPointer(window, readout: readout, into: &writer)
        writer.append("</svg>\n")
        return RenderedWindow(document: writer.bytes, tileStarts: tileStarts)
    }

    /// Block `block` as a standalone document, `10 × spacing` long: a tile an element places.
    public func renderBlock(_ block: Int64, mirrored: Bool = false, thickness: Double = 120) -> [UInt8] {
        let length = Double(Timeline.ticksPerBlock) * timeline.spacing
        var content = SVGWriter(capacity: 1024), words = SVGWriter(capacity: 1024)
        drawBlock(block, mirrored: mirrored, marks: marks(thickness), words: &words, into: &content)
        return tileDocument(
            width: orientation.isVertical ? thickness : length, height: orientation.isVertical ? length : thickness,
            title: "Timeline block \(block)", style: documentStyle, content: content.bytes)
    }

    /// Block `block` as the page's tile, placed by the page: its ink and font are the element's style (`pageStyle`).
    /// Block `block` as the page places it, `thickness` across; with items, its lanes' bars (`itemsFragment`) under
    /// the axis band, and the titles that reach into it (`itemTitles`).
    package func blockElement(
        _ block: Int64, mirrored: Bool, thickness: Double, items: (bars: [UInt8], titles: [UInt8])? = nil
    ) -> [UInt8] {
        let length = Double(Timeline.ticksPerBlock) * timeline.spacing
        let band = items == nil ? thickness : ItemLayout.axisBand(within: thickness, orientation)
        var content = SVGWriter(capacity: 1024 + (items.map { $0.bars.count + $0.titles.count } ?? 0))
        var words = SVGWriter(capacity: 1024)
        drawBlock(block, mirrored: mirrored, marks: marks(band), painted: false, words: &words, into: &content)
        if let items, let itemsLayer {
            let vertical = orientation.isVertical
            // The bars run 2 points past the tile's edges, over their own pieces in its neighbours, so that no seam
            // shows.
            if !items.bars.isEmpty {
                content.append(#"<g class="items""#)
                itemsLayer.writePlacement(band: band, into: &content)
                content.append(">")
                content.append(bytes: items.bars)
                content.append("</g>")
            }
            // The titles in a box as far past the tile's edges as its bars, which clips them: each tile a title
            // reaches draws it at the same place, over its neighbour's bars where they overlap.
            if !items.titles.isEmpty {
                let (across, along) = (itemsLayer.thickness, length + 4)
                content.append(vertical ? #"<svg x=""# : #"<svg x="-2" y=""#)
                content.append(band)
                content.append(vertical ? #"" y="-2" width=""# : #"" width=""#)
                content.append(vertical ? across : along)
                content.append(#"" height=""#)
                content.append(vertical ? along : across)
                content.append(vertical ? #"" viewBox="0 -2 "# : #"" viewBox="-2 0 "#)
                content.append(vertical ? across : along)
                content.append(" ")
                content.append(vertical ? along : across)
                content.append(#""><g class="items" font-size="12""#)
                itemsLayer.writePlacement(band: 0, into: &content)
                content.append(">")
                content.append(bytes: items.titles)
                content.append("</g></svg>")
            }
        }
        return pageTile(
            width: orientation.isVertical ? thickness : length, height: orientation.isVertical ? length : thickness,
            content: content.bytes, overflows: true)
    }

    /// The lanes' names, as the page keeps them in view over its blocks at the leading edge: a document as long as
    /// the widest name (at most `length`, the view's) whose top (or, vertical, left) is the lanes'; empty without
    /// items.
    package func laneNames(length: Double, mirrored: Bool) -> [UInt8] {
        guard let itemsLayer, itemsLayer.items.lanes.contains(where: { !$0.name.isEmpty }) else { return [] }
        // Only as long as the widest name: an overlay across the view costs a compositor a blend of it every frame.
        let length = min(length, itemsLayer.namesWidth)
        var names = SVGWriter(capacity: 512)
        names.append("<g")
        itemsLayer.writePlacement(band: 0, into: &names)
        names.append(">")
        itemsLayer.drawNames(width: length, mirrored: mirrored, into: &names)
        names.append("</g>")
        let across = itemsLayer.thickness
        return orientation.isVertical
            ? pageTile(width: across, height: length, content: names.bytes)
            : pageTile(width: length, height: across, content: names.bytes)
    }

    /// How far a page's leading-edge titles reach along from the edge, either way: a title's most, its inset and
    /// gap (a tile's title of a bar crossing the edge begins at most that far before it).
    static let edgeReach = TimelineItemsLayer.longestTitle + 4 + TimelineItemsLayer.titleGap

    /// The titles of the bars that cross a page's leading edge at `edge` (seconds), titled there as a window titles
    /// them, over a backing that hides the titles their tiles draw where they began: an element of the page's
    /// content, placed as its tiles are, `at` points along it (the edge's content coordinate: its left, right
    /// where time runs to the left, top upright) and `band` across (under the axis), over its tiles. It scrolls
    /// with them until the next frame's answer replaces it, so that a late answer never shows it over other
    /// items. Empty where no bar crosses the edge.
    package func edgeTitles(at edge: Int64, placed at: Double, band: Double, mirrored: Bool) -> [UInt8] {
        guard let itemsLayer else { return [] }
        let length = Double(Timeline.ticksPerBlock) * timeline.spacing
        let from = timeline.start(ofBlock: floorQuotient(edge, timeline.blockSeconds))
        var titles = SVGWriter(capacity: 512)
        itemsLayer.drawTitles(
            from: from, to: from + timeline.blockSeconds, length: length, mirrored: mirrored, .crossing(edge: edge),
            into: &titles)
        guard titles.byteCount > 0 else { return [] }
        // The block's points moved so that the edge is in the middle of the element.
        let reach = Self.edgeReach
        let along = Double(edge - from) * length / Double(timeline.blockSeconds)
        var overlay = SVGWriter(capacity: titles.byteCount + 256)
        let (across, vertical) = (itemsLayer.thickness, orientation.isVertical)
        overlay.append(#"<svg xmlns="http://www.w3.org/2000/svg" class="edge" x=""#)
        overlay.append(vertical ? band : at - reach)
        overlay.append(#"" y=""#)
        overlay.append(vertical ? at - reach : band)
        overlay.append(#"" width=""#)
        overlay.append(vertical ? across : 2 * reach)
        overlay.append(#"" height=""#)
        overlay.append(vertical ? 2 * reach : across)
        overlay.append(#""><g font-size="12""#)
        itemsLayer.writePlacement(band: 0, into: &overlay)
        overlay.append(#"><g transform="translate("#)
        overlay.append(reach - (mirrored ? length - along : along))
        overlay.append(#")">"#)
        overlay.append(titles, 0..<titles.byteCount)
        overlay.append("</g></g></svg>")
        return overlay.bytes
    }

    /// The paint of the page's blocks (`blockElement`) as CSS for the element's shadow root, and `theme=auto`'s dark
    /// (with items, their colours' too).
    package var pageStyle: String {
        func ink(_ palette: Palette) -> String { "svg{fill:\(palette.ink)}path{stroke:\(palette.ink)}" }
        // An item's marker is filled, not stroked as the axis's lines are.
        let style =
            "svg{font-family:\(fontFamily);font-size:13px}" + ink(palette)
            + (items == nil ? "" : ".items path{stroke:none}")
        guard theme == .auto else { return style }
        let items =
            items == nil
            ? "" : Palette.autoStyle(light: .standard(.light), dark: .standard(.dark), more: ItemPalette.autoRules)
        return style + "@media (prefers-color-scheme: dark){\(ink(.standard(.dark)))}" + items
    }

    /// The marks for blocks `thickness` across.
    private func marks(_ thickness: Double) -> TimelineMarks {
        marks.thickness == thickness
            ? marks : TimelineMarks(orientation: orientation, thickness: thickness, timeline: timeline)
    }

    /// The axis's thickness in `window`: all of it, or with items the band above their lanes.
    func thickness(_ window: TimelineWindow) -> Double {
        let whole = orientation.isVertical ? window.width : window.height
        return items == nil ? whole : ItemLayout.axisBand(within: whole, orientation)
    }

    /// A block's context starts (a long line and its words) and its ticks (a short line and its field), in one
    /// pass: the lines into `writer`, the words into `words`, then after them. With `evenTicks` (a window's), a block
    /// whose minor ticks are even uses them rather than draw its own. Unpainted, its ink is left to the page's
    /// style.
    /// A window's block (with `clock`, the window's) says no context at its start, the window's leading label
    /// does, and leaves out the words of the context starting at `hiding`, which that label says instead.
    private func drawBlock(
        _ block: Int64, mirrored: Bool, marks: TimelineMarks, evenTicks: EvenTicks? = nil, painted: Bool = true,
        clock: ZoneClock? = nil, hiding: Int64? = nil, words: inout SVGWriter, into writer: inout SVGWriter
    ) {
        let length = Double(Timeline.ticksPerBlock) * timeline.spacing
        let repeats = clock == nil
        let clock = clock ?? timeline.clock(ofBlock: block)
        let evenShift = evenTicks.flatMap { _ in timeline.evenTicksShift(ofBlock: block, clock: clock) }
        words.removeAll()
        let pathStart = writer.byteCount
        marks.withWriter { pen in
            timeline.forEachTick(ofBlock: block, clock: clock, vertical: orientation.isVertical, repeats: repeats) {
                tick in
                let along = mirrored ? length - tick.position : tick.position
                if !tick.isRepeat && (tick.isContext || evenShift == nil) {
                    if writer.byteCount == pathStart {
                        writer.append(painted ? #"<path stroke=""# : #"<path d=""#)
                        if painted {
                            writer.append(colour: palette.ink)
                            writer.append(#"" d=""#)
                        }
                    }
                    writer.append(text: 128) {
                        pen.write(tick.isContext ? marks.contextLine : marks.minorLine, along: along, into: &$0)
                    }
                }
                guard tick.isLabelled, !(tick.isContext && tick.tick.instant == hiding) else { return }
                words.append(text: 384) { text in
                    let opening =
                        tick.isContext ? (mirrored ? marks.mirroredContextWords : marks.contextWords) : marks.minorWords
                    pen.write(opening, along: along, into: &text)
                    // Letters, digits, `:` `+` `–`: nothing to escape.
                    if tick.isContext && marks.contextShort {
                        var short = tick
                        short.isShort = true
                        timeline.writeWords(of: short, into: &text)
                    } else {
                        timeline.writeWords(of: tick, into: &text)
                    }
                    if tick.showsOffset {  // the offset, small, under the field
                        pen.write(marks.note, along: along, into: &text)
                        TimeLabels.writeOffset(tick.tick.offset, in: timeline.language, into: &text)
                        text.append("</tspan>")
                    }
                    text.append("</text>")
                }
            }
        }
        if writer.byteCount > pathStart { writer.append(#""/>"#) }
        if let evenTicks, let evenShift {
            writer.append(bytes: evenTicks.reference)
            if evenShift != 0 {
                writer.append(orientation.isVertical ? #" y=""# : #" x=""#)
                writer.append(mirrored ? -evenShift : evenShift)
                writer.append("\"")
            }
            writer.append("/>")
        }
        guard words.byteCount > 0 else { return }
        if painted {
            writer.append(#"<g fill=""#)
            writer.append(colour: palette.ink)
            writer.append(#"" font-size="13">"#)
        } else {
            writer.append(#"<g>"#)
        }
        writer.append(words, 0..<words.byteCount)
        writer.append("</g>")
    }

    /// What a window says at its leading edge: the period that holds it (a day, a month), its words' width, and
    /// where they stand along the axis, pushed back by the next period's words as a list's sticky header is.
    struct LeadingContext {
        let words: String
        let along: Double
        let length: Double
        /// The start of the period, whose own words the window leaves out.
        let hides: Int64?
    }

    private func leadingContext(_ window: TimelineWindow) -> LeadingContext? {
        let vertical = orientation.isVertical
        let leadingInstant = window.leadingInstant
        let edge = leadingInstant.secondsSinceEpoch
        let windowLength = vertical ? window.height : window.width
        let reach = Int64((windowLength / timeline.pointsPerSecond).rounded(.up)) + 1
        // How far back a period's words may start and still reach the label pushed back its furthest (its room
        // twice): the words' room, past the edge. Looked for before the label's own words are known, with the
        // row's widest words' room (`contextRoom`, the label's clearance less its backdrop) for the label's.
        let labelling = vertical ? timeline.verticalLabelling : timeline.labelling
        let room = labelling.contextRoom * 3 + 28
        let back = Int64((room / timeline.pointsPerSecond).rounded(.up))
        // Along the axis from the edge the way time runs (leftwards where it runs to the left, where a period's
        // words run on from its start leftwards too): the same layout, mirrored when drawn.
        let starts = timeline.contextStarts(around: edge, reach: reach, back: back, vertical: vertical)
        // The period's words, from its start (the edge's own offset looked up only where none was found).
        let short = marks.contextShort
        let words =
            starts.holding.map { timeline.contextWords(of: $0, vertical: vertical, short: short) }
            ?? timeline.contextWords(at: leadingInstant, vertical: vertical, short: short)
        guard !words.isEmpty else { return nil }
        let width = TextWidth.of(words, size: 13, bold: true)
        // Along the axis: its width with the backdrop's room, or down a vertical timeline the backdrop's height.
        let length = vertical ? 24 : width + 12
        // Points from the edge to a tick's line.
        let distance = { (tick: TimeTick) in abs(Double(tick.instant - edge) * timeline.pointsPerSecond) }
        // Along the axis: at the edge, before the next words (`highest`), and after a period before's (`lowest`).
        var highest = 0.0
        if let next = starts.next {
            // The next words' near end: past their line.
            let end = distance(next) + (vertical ? 2 : 4)
            highest = min(0, end - (TextWidth.clearance(length) - length) - length)
        }
        var along = highest
        if let previous = starts.previous {
            // The words of a period before, which may run on past the edge: the label goes after them, or not at all.
            let words = timeline.contextWords(of: previous, vertical: vertical, short: short)
            let end = -distance(previous) + (vertical ? 19 : 4 + TextWidth.of(words, size: 13, bold: true))
            let lowest = end + TextWidth.clearance(length) - length
            if lowest > along {
                guard starts.next == nil || lowest <= highest else { return nil }
                along = lowest
            }
        }
        guard along + length > 0 else { return nil }
        return LeadingContext(words: words, along: along, length: length, hides: starts.holding?.instant)
    }

    /// The leading label on a backdrop that keeps the axis's lines from showing through.
    private func appendLeadingContext(_ leading: LeadingContext, _ window: TimelineWindow, into writer: inout SVGWriter)
    {
        let vertical = orientation.isVertical
        // Right to left, from the right edge: its backdrop's left and its words' end.
        let mirrored = window.isMirrored && !vertical
        let start = mirrored ? window.width - leading.along - leading.length : leading.along
        writer.append(#"<rect"#)
        if start != 0 {
            writer.append(vertical ? #" y=""# : #" x=""#)
            writer.append(start)
            writer.append("\"")
        }
        writer.append(#" width=""#)
        writer.append(vertical ? thickness(window) : leading.length)
        writer.append(#"" height="24" fill=""#)
        writer.append(colour: palette.background)
        writer.append(#""/><text x=""#)
        writer.append(vertical ? 4 : mirrored ? window.width - leading.along - 4 : leading.along + 4)
        writer.append(#"" y=""#)
        writer.append(vertical ? leading.along + 17 : 17)
        writer.append(#"" font-size=""#)
        writer.append(marks.contextSize)
        writer.append(#"" font-weight="bold" fill=""#)
        writer.append(colour: palette.ink)
        writer.append(mirrored ? #"" text-anchor="end">"# : "\">")
        writer.append(escaped: leading.words)
        writer.append("</text>\n")
    }

    func line(along: Double, from: Double, to: Double, into writer: inout SVGWriter) {
        writer.append("M")
        if orientation.isVertical {
            writer.append(from)
            writer.append(" ")
            writer.append(along)
            writer.append("H")
            writer.append(to)
        } else {
            writer.append(along)
            writer.append(" ")
            writer.append(from)
            writer.append("V")
            writer.append(to)
        }
    }

    /// Block `block`'s items' bars and markers, in lanes from 0 across: what a window places under its axis band,
    /// drawn once and kept by the server; empty without items. Their titles are laid out apart (`itemTitles`).
    public func itemsFragment(ofBlock block: Int64, mirrored: Bool) -> [UInt8] {
        guard let itemsLayer else { return [] }
        let from = timeline.start(ofBlock: block)
        return itemsLayer.drawBlock(
            from: from, to: from + timeline.blockSeconds, length: Double(Timeline.ticksPerBlock) * timeline.spacing,
            mirrored: mirrored)
    }

    /// The titles of the items that begin in block `block` (or where their lane next shows items), as a window
    /// draws them in a block after its leading edge: the same in every such window, so kept as its bars are.
    public func itemTitles(beginningIn block: Int64, mirrored: Bool) -> [UInt8] {
        guard let itemsLayer else { return [] }
        let from = timeline.start(ofBlock: block)
        var titles = SVGWriter(capacity: 512)
        itemsLayer.drawTitles(
            from: from, to: from + timeline.blockSeconds, length: Double(Timeline.ticksPerBlock) * timeline.spacing,
            mirrored: mirrored, .beginning(edge: .min), into: &titles)
        return titles.bytes
    }

    /// The titles that reach into block `block`, as its page tile draws them, clipped to it: every tile a title
    /// touches draws it at the same place, so that it shows whole across their seams.
    public func itemTitles(ofBlock block: Int64, mirrored: Bool) -> [UInt8] {
        guard let itemsLayer else { return [] }
        let from = timeline.start(ofBlock: block)
        var titles = SVGWriter(capacity: 512)
        itemsLayer.drawTitles(
            from: from, to: from + timeline.blockSeconds, length: Double(Timeline.ticksPerBlock) * timeline.spacing,
            mirrored: mirrored, .touching, into: &titles)
        return titles.bytes
    }

    /// The items beside `window`'s axis band: each block's fragment (`fragments`, tile by tile) in place, then the
    /// titles, each once (a bar begun before the window's earliest instant titled at that edge), then the lanes'
    /// names at the leading edge.
    private func drawItems(
        _ layer: TimelineItemsLayer, _ window: TimelineWindow, fragments: [[UInt8]],
        titlesOfBlock: ((Int64) -> [UInt8])?, into writer: inout SVGWriter
    ) {
        writer.append(#"<g font-size="12""#)
        layer.writePlacement(band: thickness(window), into: &writer)
        writer.append(">")
        for (tile, fragment) in zip(window.blocks.indices, fragments) where !fragment.isEmpty {
            appendPlacedTile(x: window.blocks.position(of: tile), y: 0, into: &writer) { $0.append(bytes: fragment) }
        }
        let length = orientation.isVertical ? window.height : window.width
        // Its earliest instant, at its left, or its right where time runs to the left.
        let edge = ((try? timeline.instant(atOffset: window.offset - length / 2)) ?? .first).secondsSinceEpoch
        var titles = SVGWriter(capacity: 1024)
        for tile in window.blocks.indices {
            let block = window.block(ofTile: tile)
            let from = timeline.start(ofBlock: block)
            // A block after the edge has the titles beginning in it, as every window draws them: kept.
            if from > edge, let kept = titlesOfBlock?(block) {
                guard !kept.isEmpty else { continue }
                appendPlacedTile(x: window.blocks.position(of: tile), y: 0, into: &writer) { $0.append(bytes: kept) }
                continue
            }
            titles.removeAll()
            layer.drawTitles(
                from: from, to: from + timeline.blockSeconds, length: Double(Timeline.ticksPerBlock) * timeline.spacing,
                mirrored: window.isMirrored, .beginning(edge: from > edge ? .min : edge), into: &titles)
            guard titles.byteCount > 0 else { continue }
            appendPlacedTile(x: window.blocks.position(of: tile), y: 0, into: &writer) {
                $0.append(titles, 0..<titles.byteCount)
            }
        }
        layer.drawNames(width: length, mirrored: window.isMirrored, into: &writer)
        writer.append("</g>\n")
    }
}

/// A full block's minor ticks, as a window's `<defs>` holds them, and a block's reference to them: its id is their
/// hash, so that two windows inlined in one page share it only when their ticks are the same.
struct EvenTicks: Sendable {
    /// `<defs><path id="timeline-ticks-…" stroke="…" d="…"/></defs>`.
    let definition: [UInt8]
    /// `<use href="#timeline-ticks-…"`, open for the block's shift.
    let reference: [UInt8]

    init(marks: TimelineMarks, timeline: Timeline, mirrored: Bool, ink: String) {
        var path = SVGWriter(capacity: 256)
        path.append(#"" stroke=""#)
        path.append(utf8: ink)
        path.append(#"" d=""#)
        marks.writeEvenTicks(count: Timeline.ticksPerBlock, spacing: timeline.spacing, mirrored: mirrored, into: &path)
        path.append(#""/></defs>"#)
        let id = path.withBytes { "timeline-ticks-" + String(UInt32(truncatingIfNeeded: fnv1a64($0)), radix: 36) }
        var definition = SVGWriter(capacity: path.byteCount + 48)
        definition.append(#"<defs><path id=""#)
        definition.append(utf8: id)
        definition.append(path, 0..<path.byteCount)
        definition.append("\n")
        self.definition = definition.bytes
        reference = Array(##"<use href="#\##(id)""##.utf8)
    }
}
