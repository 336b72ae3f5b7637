import EndlessCore

/// Draws timeline windows and blocks as SVG: a row of context (the day, the month…) written where it changes, and
/// the minor ticks with their own fields, placed at their true instants.
public struct TimelineRenderer: Sendable {
    public let timeline: Timeline
    public let orientation: Orientation
    public let theme: Theme
    let palette: Palette

    public init(timeline: Timeline, orientation: Orientation = .horizontal, theme: Theme = .light) {
        (self.timeline, self.orientation, self.theme) = (timeline, orientation, theme)
        palette = .standard(theme == .auto ? .light : theme)
    }

    var documentStyle: String? {
        theme == .auto ? Palette.autoStyle(light: .standard(.light), dark: .standard(.dark)) : nil
    }

    /// `window` as a standalone SVG document: its blocks, then the context at the leading edge, the pointer and the
    /// value on top.
    public func render(_ window: TimelineWindow) -> RenderedWindow {
        let valueText = timeline.text(window.value)
        var writer = SVGWriter(capacity: 2048 + window.blocks.count * 1024)
        documentHeader(
            width: window.width, height: window.height, title: "Timeline at \(valueText)", style: documentStyle,
            into: &writer)
        writer.append(#"<rect width="100%" height="100%" fill=""#)
        writer.append(colour: palette.background)
        writer.append("\"/>\n")
        // The zone's clock over the whole window, read once for all its blocks.
        let ends = [window.block(ofTile: window.blocks.first), window.block(ofTile: window.blocks.last)]
        let clock = ZoneClock(
            timeline.zone, from: ends.min()! * timeline.blockSeconds - timeline.contextReach,
            to: (ends.max()! + 1) * timeline.blockSeconds)
        var tileStarts: [Int] = []
        for tile in window.blocks.indices {
            tileStarts.append(writer.byteCount)
            let position = window.blocks.position(of: tile)
            appendPlacedTile(
                x: orientation.isVertical ? 0 : position, y: orientation.isVertical ? position : 0, into: &writer
            ) { writer in
                drawBlock(
                    window.block(ofTile: tile), mirrored: window.isMirrored, thickness: thickness(window), clock: clock,
                    into: &writer)
            }
        }
        if let context = timeline.context(at: window.leadingInstant) {
            // What the leading edge is in: a day, a month. A backdrop keeps a block's context label from showing
            // through.
            writer.append(#"<rect width=""#)
            writer.append(orientation.isVertical ? window.width : Double(context.count * 8 + 12))
            writer.append(#"" height=""#)
            writer.append(24.0)
            writer.append(#"" fill=""#)
            writer.append(colour: palette.background)
            writer.append(#""/><text x="4" y="17" font-size="13" font-weight="bold" fill=""#)
            writer.append(colour: palette.ink)
            writer.append("\">")
            writer.append(escaped: context)
            writer.append("</text>\n")
        }
        appendPointer(window, valueText: valueText, into: &writer)
        writer.append("</svg>\n")
        return RenderedWindow(document: writer.bytes, tileStarts: tileStarts)
    }

    /// Block `block` as a standalone document, `10 × spacing` long: a tile an element places.
    public func renderBlock(_ block: Int64, mirrored: Bool = false, thickness: Double = 120) -> [UInt8] {
        let length = Double(Timeline.ticksPerBlock) * timeline.spacing
        var content = SVGWriter(capacity: 1024)
        drawBlock(block, mirrored: mirrored, thickness: thickness, into: &content)
        return tileDocument(
            width: orientation.isVertical ? thickness : length, height: orientation.isVertical ? length : thickness,
            title: "Timeline block \(block)", style: documentStyle, content: content.bytes)
    }

    /// Block `block` as the page's tile, placed by the page: its ink and font are the element's style (`pageStyle`).
    package func blockElement(_ block: Int64, mirrored: Bool, thickness: Double) -> [UInt8] {
        let length = Double(Timeline.ticksPerBlock) * timeline.spacing
        var content = SVGWriter(capacity: 1024)
        drawBlock(block, mirrored: mirrored, thickness: thickness, painted: false, into: &content)
        return pageTile(
            width: orientation.isVertical ? thickness : length, height: orientation.isVertical ? length : thickness,
            content: content.bytes, overflows: true)
    }

    /// The paint of the page's blocks (`blockElement`) as CSS for the element's shadow root, and `theme=auto`'s dark.
    package var pageStyle: String {
        func ink(_ palette: Palette) -> String { "svg{fill:\(palette.ink)}path{stroke:\(palette.ink)}" }
        let style = "svg{font-family:\(fontFamily);font-size:13px}" + ink(palette)
        return theme == .auto ? style + "@media (prefers-color-scheme: dark){\(ink(.standard(.dark)))}" : style
    }

    private func thickness(_ window: TimelineWindow) -> Double {
        orientation.isVertical ? window.width : window.height
    }

    /// A block's context starts (a long line and its words) and its ticks (a short line and its field).
    /// Unpainted, its ink is left to the page's style.
    private func drawBlock(
        _ block: Int64, mirrored: Bool, thickness: Double, painted: Bool = true, clock: ZoneClock? = nil,
        into writer: inout SVGWriter
    ) {
        let length = Double(Timeline.ticksPerBlock) * timeline.spacing
        let ticks = timeline.ticks(ofBlock: block, clock: clock)
        guard !ticks.isEmpty else { return }
        if painted {
            writer.append(#"<path stroke=""#)
            writer.append(colour: palette.ink)
            writer.append(#"" d=""#)
        } else {
            writer.append(#"<path d=""#)
        }
        for tick in ticks where !tick.isRepeat {
            let along = mirrored ? length - tick.position : tick.position
            // Across a vertical timeline the context starts at the left and the fields stand right of their ticks.
            let (from, to) =
                tick.isContext
                ? (0, thickness * 0.6)
                : orientation.isVertical
                    ? (thickness * 0.4, thickness * 0.6)
                    : (thickness * 0.3, thickness * 0.5)
            line(along: along, from: from, to: to, into: &writer)
        }
        if painted {
            writer.append(#""/><g fill=""#)
            writer.append(colour: palette.ink)
            writer.append(#"" font-size="13">"#)
        } else {
            writer.append(#""/><g>"#)
        }
        for tick in ticks {
            let along = mirrored ? length - tick.position : tick.position
            writer.append(#"<text x=""#)
            if orientation.isVertical {
                writer.append(tick.isContext ? 4 : thickness * 0.6 + 4)
                writer.append(#"" y=""#)
                writer.append(along + (tick.isContext ? 15 : 4))
            } else {
                // A context runs on from its start: rightwards, or leftwards where time runs to the left.
                writer.append(tick.isContext ? (mirrored ? along - 4 : along + 4) : along)
                writer.append(#"" y=""#)
                writer.append(tick.isContext ? 17 : thickness * 0.5 + 17)
            }
            if tick.isContext {
                writer.append(mirrored ? #"" font-weight="bold" text-anchor="end">"# : #"" font-weight="bold">"#)
            } else {
                writer.append(orientation.isVertical ? "\">" : #"" text-anchor="middle">"#)
            }
            writer.append(utf8: tick.label)  // letters, digits, `:` `+` `–`: nothing to escape
            if let note = tick.note {  // the offset, small, under the field
                writer.append(#"<tspan x=""#)
                writer.append(orientation.isVertical ? thickness * 0.6 + 4 : along)
                writer.append(#"" dy="13" font-size="10">"#)
                writer.append(utf8: note)
                writer.append("</tspan>")
            }
            writer.append("</text>")
        }
        writer.append("</g>")
    }

    private func line(along: Double, from: Double, to: Double, into writer: inout SVGWriter) {
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

    private func appendPointer(_ window: TimelineWindow, valueText: String, into writer: inout SVGWriter) {
        writer.append(#"<path stroke=""#)
        writer.append(colour: palette.accent)
        writer.append(#"" stroke-width="2" d=""#)
        let thickness = thickness(window)
        let centre = (orientation.isVertical ? window.height : window.width) / 2
        line(along: centre, from: 0, to: orientation.isVertical ? thickness : thickness - 26, into: &writer)
        writer.append(#""/><text x=""#)
        writer.append(orientation.isVertical ? window.width - 6 : window.width / 2)
        writer.append(#"" y=""#)
        writer.append(orientation.isVertical ? window.height / 2 - 6 : window.height - 8)
        writer.append(#"" font-size="15" font-weight="bold" fill=""#)
        writer.append(colour: palette.accent)
        writer.append(orientation.isVertical ? #"" text-anchor="end">"# : #"" text-anchor="middle">"#)
        writer.append(escaped: valueText)
        writer.append("</text>\n")
    }
}
