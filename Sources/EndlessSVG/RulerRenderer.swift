import EndlessCore

/// Draws ruler blocks as seed 000 does: ticks hang from the top edge, the middle one long (0.46875 of
/// the height, 2 pt) and the others short (0.3125, 1 pt), the block's label under the long tick. A vertical ruler's
/// ticks reach in from the left edge, its labels upright beside them; a mirrored one (right to left) counts its ticks
/// from the block's right edge. Make one for a ruler's look and render as many of its windows as wanted: it draws a
/// block's ticks once, when made.
public struct RulerRenderer: Sendable {
    package let ruler: Ruler
    /// The ruler's thickness across its ticks: a horizontal ruler's height, a vertical one's width.
    package let height: Double
    package let orientation: Orientation
    package let isMirrored: Bool
    package let theme: Theme
    let palette: Palette
    let longTick: Double
    /// Each tick level's length, the labelled tick's first: `[longTick, shortTick]` without `subdivisions`, the finer
    /// levels shorter down to a quarter of the height (RulerConfiguration.subdivisions).
    let tickLengths: [Double]
    /// Each block-local tick's length, by its level: looked up once a tick drawn.
    private let lengthOfTick: [Double]
    let labelSize: Double
    /// Every how many blocks a label stands, so that none touches the next (`Ruler.labelStride`).
    let labelStride: Int64
    let valueSize: Double
    /// The ticks of a whole block, drawn once and copied into every block.
    private var fullTicks: [UInt8] = []
    /// `<use>` of the ticks a window defines once: their id is named after their drawing, so that rulers of other
    /// looks inlined in one HTML page each draw their own ticks (an id is the document's, not the `<svg>`'s).
    private var ticksReference: [UInt8] = []
    private var ticksID: [UInt8] = []
    /// `<text …>` of a block's painted label, up to its number: the same for every block, so written once.
    private var paintedLabelOpening: [UInt8] = []

    /// A renderer of `ruler`'s windows `height` points thick across the ruler (a vertical one's width), `mirrored`
    /// for values growing to the left of a horizontal ruler.
    public init(
        ruler: Ruler, height: Double, orientation: Orientation = .horizontal, mirrored: Bool = false,
        theme: Theme = .light
    ) {
        self.ruler = ruler
        self.height = height
        self.orientation = orientation
        isMirrored = mirrored && !orientation.isVertical
        self.theme = theme
        palette = .standard(theme)
        // Eighths of a point keep the numbers short and exact.
        longTick = (height * 0.46875 * 8).rounded() / 8
        tickLengths = Self.tickLengths(levels: ruler.tickLevelCount, height: height)
        lengthOfTick = (0..<ruler.configuration.ticksPerBlock).map { [tickLengths] in
            tickLengths[ruler.tickLevel(ofIndex: $0)]
        }
        labelSize = max(8, (height * 0.14).rounded())
        labelStride = ruler.labelStride(size: labelSize, vertical: orientation.isVertical)
        valueSize = max(8, (height * 0.16).rounded())
        fullTicks = ticks(0..<Int(ruler.configuration.ticksPerBlock))
        let id = "ticks-" + String(UInt32(truncatingIfNeeded: fnv1a64(fullTicks)), radix: 36)
        ticksID = Array(id.utf8)
        ticksReference = Array(##"<use href="#\##(id)"/>"##.utf8)
        paintedLabelOpening = SVGWriter.bytes(capacity: 64) { appendLabelOpening(at: 0, painted: true, into: &$0) }
    }

    /// The renderer of `window`: its thickness, orientation and direction; the CLI and the server both draw with it.
    public init(window: RulerWindow, theme: Theme = .light) {
        self.init(
            ruler: window.ruler, height: window.thickness, orientation: window.orientation, mirrored: window.isMirrored,
            theme: theme)
    }

    /// From the long tick down to the short one for two levels, to an eighth of the height for five or more, evenly.
    static func tickLengths(levels: Int, height: Double) -> [Double] {
        let long = 0.46875, finest = max(0.125, 0.3125 - 0.0625 * Double(levels - 2))
        return (0..<levels).map { level in
            let share = levels == 1 ? long : long - (long - finest) * Double(level) / Double(levels - 1)
            return (height * share * 8).rounded() / 8
        }
    }

    /// How long block-local tick `index` is: by its level.
    func tickLength(_ index: Int) -> Double { lengthOfTick[index] }

    /// A block's label: digit by digit when plain or a decimal in a language (its digits, marks and groups), else as
    /// its format writes it.
    private func appendLabelText(_ label: DecimalNumber, into writer: inout SVGWriter) {
        if ruler.writesPlainLabels { return writer.append(label) }
        let c = ruler.configuration
        guard c.format.style == .decimal, let numbers = c.language?.numbers else {
            return writer.append(escaped: ruler.labelText(label))
        }
        writer.append(text: 192) {
            numbers.write(label, decimals: label.significantDecimals, grouping: c.format.grouping, into: &$0)
        }
    }

    /// Where block-local tick `index` sits along its block.
    func along(_ index: Int) -> Double {
        let x = (Double(index) + 0.5) * ruler.tickSpacing
        return isMirrored ? ruler.blockLength - x : x
    }

    /// One block's drawing in block coordinates (0…blockLength along the ruler, 0…height across it).
    package func blockContent(_ block: Int64) -> [UInt8] {
        var writer = SVGWriter(capacity: fullTicks.count + 96)
        draw(block, fullTicks: fullTicks, into: &writer)
        return writer.bytes
    }

    /// A block placed in a window: a full block uses the ticks the window defines once (`ticksDefinition`), which
    /// makes a window a third of the bytes to write and to compress; a clamped end draws its own.
    func appendWindowBlock(_ block: Int64, at position: Double, into writer: inout SVGWriter) {
        let (x, y) = orientation.isVertical ? (0, position) : (position, 0)
        appendPlacedTile(x: x, y: y, into: &writer) { writer in draw(block, fullTicks: ticksReference, into: &writer) }
    }

    /// `<defs>` with the ticks of a full block, as `ticksReference` refers to them.
    private func ticksDefinition(into writer: inout SVGWriter) {
        writer.append(#"<defs><g id=""#)
        writer.append(bytes: ticksID)
        writer.append(#"">"#)
        writer.append(bytes: fullTicks)
        writer.append("</g></defs>\n")
    }

    /// A block's ticks (`fullTicks` when it has them all) and its label, painted: a window's or a document's.
    private func draw(_ block: Int64, fullTicks: [UInt8], into writer: inout SVGWriter) {
        let indices = ruler.tickIndices(inBlock: block)
        let full = indices.count == Int(ruler.configuration.ticksPerBlock)
        writer.append(bytes: full ? fullTicks : ticks(indices))
        if ruler.isLabelled(block: block, stride: labelStride), let label = ruler.label(ofBlock: block) {
            writer.append(bytes: paintedLabelOpening)
            appendLabelText(label, into: &writer)
            writer.append("</text>")
        }
    }

    /// A page tile's label: a line (`<tspan>`) of its one text, whose anchor is the element's style.
    private func appendLabel(_ label: DecimalNumber, at start: Double, into writer: inout SVGWriter) {
        appendLabelOpening(at: start, painted: false, into: &writer)
        appendLabelText(label, into: &writer)
        writer.append("</tspan>")
    }

    /// Where a block's label starts, under its long tick, the block starting at `start` along the ruler: a `<text>`
    /// of its own (`painted`), or a page tile's `<tspan>`.
    private func appendLabelOpening(at start: Double, painted: Bool, into writer: inout SVGWriter) {
        let at = start + along(ruler.labelledTickIndex)
        writer.append(painted ? #"<text x=""# : #"<tspan x=""#)
        if orientation.isVertical {
            writer.append(longTick + 4)
            writer.append(#"" y=""#)
            writer.append(((at + labelSize * 0.35) * 8).rounded() / 8)
            writer.append(painted ? #"" text-anchor="start">"# : #"">"#)
        } else {
            writer.append(at)
            writer.append(#"" y=""#)
            writer.append(longTick + 4 + labelSize)
            writer.append(#"">"#)
        }
    }

    /// A tick from the ruler's edge: `M x 0V length` across a horizontal ruler, `M0 y H length` a vertical one.
    private func appendTick(at position: Double, length: Double, into writer: inout SVGWriter) {
        writer.append("M")
        if orientation.isVertical {
            writer.append("0 ")
            writer.append(position)
            writer.append("H")
        } else {
            writer.append(position)
            writer.append(" 0V")
        }
        writer.append(length)
    }

    /// The short ticks as one path and the long one as another, with their ink and widths (a page's tile leaves
    /// those to the element's style: `pageElement`).
    private func ticks(_ indices: Range<Int>) -> [UInt8] {
        let middle = ruler.labelledTickIndex
        return SVGWriter.bytes { writer in
            if indices.count > (indices.contains(middle) ? 1 : 0) {
                writer.append(#"<path stroke=""#)
                writer.append(colour: palette.ink)
                writer.append(#"" stroke-width="1" d=""#)
                for index in indices where index != middle {
                    appendTick(at: along(index), length: tickLength(index), into: &writer)
                }
                writer.append(#""/>"#)
            }
            if indices.contains(middle) {
                writer.append(#"<path stroke=""#)
                writer.append(colour: palette.ink)
                writer.append(#"" stroke-width="2" d=""#)
                appendTick(at: along(middle), length: longTick, into: &writer)
                writer.append(#""/>"#)
            }
        }
    }

    /// `<g …>` around blocks: the ink and the label size every block shares.
    private func groupOpening(into writer: inout SVGWriter) {
        writer.append(#"<g fill=""#)
        writer.append(colour: palette.ink)
        writer.append(#"" font-size=""#)
        writer.append(labelSize)
        writer.append(#"" text-anchor="middle">"#)
    }

    private func background(into writer: inout SVGWriter) {
        writer.append(#"<rect width="100%" height="100%" fill=""#)
        writer.append(colour: palette.background)
        writer.append(#""/>"#)
    }

    /// `theme=auto`'s dark style; `nil` otherwise.
    var documentStyle: String? {
        theme == .auto ? Palette.autoStyle(light: .standard(.light), dark: .standard(.dark)) : nil
    }

    /// `window` as a standalone SVG document: head (with the ticks every full block uses), blocks along the ruler,
    /// then the pointer and the value on top. The window must be of this renderer's ruler and look.
    public func render(_ window: RulerWindow) -> RenderedWindow {
        let valueText = ruler.text(window.value)
        // One buffer for the whole window: its head, then a block after another, then its tail.
        var writer = SVGWriter(capacity: 1280 + fullTicks.count + window.blocks.count * (ticksReference.count + 80))
        // In a language but English, the value alone names the image: its English words are none of the reader's.
        let title = ruler.configuration.language?.isEnglish ?? true ? "Ruler at \(valueText)" : valueText
        documentHeader(width: window.width, height: window.height, title: title, style: documentStyle, into: &writer)
        background(into: &writer)
        writer.append("\n")
        groupOpening(into: &writer)
        writer.append("\n")
        ticksDefinition(into: &writer)
        var tileStarts: [Int] = []
        tileStarts.reserveCapacity(window.blocks.count)
        for tile in window.blocks.indices {
            tileStarts.append(writer.byteCount)
            appendWindowBlock(
                ruler.block(ofTile: tile, mirrored: window.isMirrored), at: window.blocks.position(of: tile),
                into: &writer)
        }

        writer.append("</g>\n")
        writer.append(#"<path stroke=""#)
        writer.append(colour: palette.accent)
        writer.append(#"" stroke-width="2" d="M"#)
        if orientation.isVertical {
            let center = window.height / 2
            writer.append("0 ")
            writer.append(center)
            writer.append("H")
            writer.append(window.width)
        } else {
            let center = window.width / 2
            writer.append(center)
            writer.append(" 0V")
            writer.append(max(longTick, window.height - valueSize - 12))  // stop above the value text
        }
        writer.append(#""/>"#)
        writer.append("\n")
        writer.append(#"<text x=""#)
        if orientation.isVertical {  // at the far side, just above the pointer
            writer.append(window.width - 6)
            writer.append(#"" y=""#)
            writer.append(window.height / 2 - 6)
        } else {
            writer.append(window.width / 2)
            writer.append(#"" y=""#)
            writer.append(window.height - 8)
        }
        writer.append(#"" font-size=""#)
        writer.append(valueSize)
        writer.append(#"" font-weight="bold" fill=""#)
        writer.append(colour: palette.accent)
        writer.append(orientation.isVertical ? #"" text-anchor="end">"# : #"" text-anchor="middle">"#)
        writer.append(escaped: valueText)
        writer.append("</text>\n</svg>\n")
        return RenderedWindow(document: writer.bytes, tileStarts: tileStarts)
    }

    /// Blocks side by side as the page's tile (`Ruler.blocks(ofPageTile:)`): their short ticks as one path, their
    /// long ones as another, and their labels as the lines of one text. Its ink, line widths and font are the
    /// element's style (`pageStyle`), said once: a presentation attribute is read anew on every element that has one,
    /// and a fling adds hundreds of blocks a second. No `viewBox` either: the tile draws in its own pixels.
    package func pageElement(_ blocks: [Int64]) -> [UInt8] {
        let middle = ruler.labelledTickIndex
        let spans = blocks.enumerated().map {
            (start: Double($0) * ruler.blockLength, ticks: ruler.tickIndices(inBlock: $1))
        }
        var content = SVGWriter(capacity: 256 * blocks.count)
        func path(_ opening: StaticString, where include: (Int) -> Bool) {
            var opened = false
            for span in spans {
                for index in span.ticks where include(index) {
                    if !opened { content.append(opening) }
                    opened = true
                    appendTick(at: span.start + along(index), length: tickLength(index), into: &content)
                }
            }
            if opened { content.append(#""/>"#) }
        }
        path(#"<path d=""#) { $0 != middle }
        path(#"<path class="long" d=""#) { $0 == middle }
        // One text, a line a label: a browser lays out one text element a tile rather than one a block, and appends
        // the tile sooner.
        let labels = zip(spans, blocks).compactMap { span, block in
            ruler.isLabelled(block: block, stride: labelStride)
                ? ruler.label(ofBlock: block).map { (start: span.start, label: $0) } : nil
        }
        if !labels.isEmpty {
            content.append("<text>")
            for (start, label) in labels { appendLabel(label, at: start, into: &content) }
            content.append("</text>")
        }
        let length = ruler.blockLength * Double(blocks.count)
        let (width, height) = orientation.isVertical ? (height, length) : (length, height)
        return pageTile(width: width, height: height, content: content.bytes)
    }

    /// The paint of the page's tiles (`pageElement`) as CSS for the element's shadow root, where they are the only
    /// `<svg>`, `<path>` and `<text>`: the ink, the ticks' widths, the label's font, and `theme=auto`'s dark ink.
    package var pageStyle: String {
        func ink(_ palette: Palette) -> String { "svg{fill:\(palette.ink)}path{stroke:\(palette.ink)}" }
        let anchor = orientation.isVertical ? "start" : "middle"
        let style =
            "svg{font-family:\(fontFamily);font-size:\(SVGWriter.text(labelSize))px;text-anchor:\(anchor)}"
            + "path{stroke-width:1}.long{stroke-width:2}" + ink(palette)
        return theme == .auto ? style + "@media (prefers-color-scheme: dark){\(ink(.standard(.dark)))}" : style
    }

    /// One block as a standalone SVG, for embedding.
    package func blockDocument(_ block: Int64) -> [UInt8] {
        var content = SVGWriter(capacity: 512)
        background(into: &content)
        groupOpening(into: &content)
        content.append(bytes: blockContent(block))
        content.append("</g>")
        let label = ruler.label(ofBlock: block).map { ruler.text($0) } ?? "beyond the ends"
        let (width, height) = orientation.isVertical ? (height, ruler.blockLength) : (ruler.blockLength, height)
        return tileDocument(
            width: width, height: height, title: "Ruler block \(block) (\(label))", style: documentStyle,
            content: content.bytes)
    }
}
