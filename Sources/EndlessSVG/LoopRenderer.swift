import EndlessCore

/// Draws seed 002's loop: each item's number centred on its position, a faint rule under it (beside it, vertical).
public struct LoopRenderer: Sendable {
    package let loop: Loop
    /// The strip's thickness across its items: a horizontal loop's height, a vertical one's width.
    package let height: Double
    package let orientation: Orientation
    package let theme: Theme
    let palette: Palette
    let fontSize: Double
    /// Every how many items a number stands, so that none touches the next (`Loop.labelStride`).
    let labelStride: Int64

    /// A renderer of `loop`'s windows `height` points thick across the strip (a vertical one's width).
    public init(loop: Loop, height: Double, orientation: Orientation = .horizontal, theme: Theme = .light) {
        self.loop = loop
        self.height = height
        self.orientation = orientation
        self.theme = theme
        palette = .loop(theme)
        fontSize = max(8, min((height * 0.3).rounded(), (loop.spacing * 0.45).rounded()))
        labelStride = loop.labelStride(size: fontSize, vertical: orientation.isVertical)
    }

    /// The renderer of `window`: its thickness and orientation; the CLI and the server both draw with it.
    public init(window: LoopWindow, theme: Theme = .light) {
        self.init(
            loop: window.loop, height: window.orientation.isVertical ? window.width : window.height,
            orientation: window.orientation, theme: theme)
    }

    /// One item's drawing in item coordinates (0…spacing along, 0…height across), the item at the centre.
    package func itemContent(_ item: Int64) -> [UInt8] { itemContent(item, painted: true) }

    /// A page's item (`painted: false`) leaves its rule's ink to the element's style (`pageStyle`).
    private func itemContent(_ item: Int64, painted: Bool) -> [UInt8] {
        let center = loop.spacing / 2
        return SVGWriter.bytes(capacity: 160) { writer in
            if painted {
                writer.append(#"<path stroke=""#)
                writer.append(colour: palette.rule)
                writer.append(#"" d="M"#)
            } else {
                writer.append(#"<path d="M"#)
            }
            if orientation.isVertical {
                writer.append(height - 12)
                writer.append(" ")
                writer.append(center)
                writer.append("H")
            } else {
                writer.append(center)
                writer.append(" ")
                writer.append(height - 12)
                writer.append("V")
            }
            writer.append(height)
            writer.append(#""/>"#)
            let label = loop.label(ofItem: item)
            guard loop.isLabelled(label, stride: labelStride) else { return }
            writer.append(#"<text x=""#)
            let baseline = ((orientation.isVertical ? center : height / 2) + fontSize * 0.35) * 8
            writer.append(orientation.isVertical ? height / 2 : center)
            writer.append(#"" y=""#)
            writer.append(baseline.rounded() / 8)
            writer.append(#"">"#)
            if let numbers = loop.language?.numbers {
                writer.append(text: 80) { numbers.write(Int64(label), into: &$0) }
            } else {
                writer.append(Int64(label))
            }
            writer.append("</text>")
        }
    }

    private func groupOpening(into writer: inout SVGWriter) {
        writer.append(#"<g fill=""#)
        writer.append(colour: palette.ink)
        writer.append(#"" font-size=""#)
        writer.append(fontSize)
        writer.append(#"" text-anchor="middle">"#)
    }

    private func background(into writer: inout SVGWriter) {
        writer.append(#"<rect width="100%" height="100%" fill=""#)
        writer.append(colour: palette.background)
        writer.append(#""/>"#)
    }

    var documentStyle: String? { theme == .auto ? Palette.autoStyle(light: .loop(.light), dark: .loop(.dark)) : nil }

    /// `window` as a standalone SVG document: head, items along the strip, tail.
    public func render(_ window: LoopWindow) -> RenderedWindow { draw(window) { itemContent($0) } }

    /// `render`, each item's drawing from `content`: the server passes its cache, which holds `itemContent`'s bytes.
    package func draw(_ window: LoopWindow, content: (Int64) -> [UInt8]) -> RenderedWindow {
        var writer = SVGWriter(capacity: 1024 + window.items.count * 160)
        let first = loop.label(ofItem: loop.itemStrip.tile(containing: window.offset + window.length / 2))
        let title =
            loop.language?.isEnglish ?? true
            ? "Loop around item \(first)" : loop.language!.numbers.localized(String(first))
        documentHeader(width: window.width, height: window.height, title: title, style: documentStyle, into: &writer)
        background(into: &writer)
        writer.append("\n")
        groupOpening(into: &writer)
        writer.append("\n")
        var tileStarts: [Int] = []
        tileStarts.reserveCapacity(window.items.count)
        for item in window.items.indices {
            tileStarts.append(writer.byteCount)
            let at = window.items.position(of: item), drawing = content(item)
            let (x, y) = orientation.isVertical ? (0, at) : (at, 0)
            appendPlacedTile(x: x, y: y, into: &writer) { $0.append(bytes: drawing) }
        }
        writer.append("</g>\n</svg>\n")
        return RenderedWindow(document: writer.bytes, tileStarts: tileStarts)
    }

    /// One item as the page's tile, placed by the page; its ink and font are the element's style (`pageStyle`), as a
    /// ruler's block's are (`RulerRenderer.pageElement` says why).
    package func itemElement(_ item: Int64) -> [UInt8] {
        let (width, height) = orientation.isVertical ? (height, loop.spacing) : (loop.spacing, height)
        // A number wider than its item shows whole, over neighbours that have none (`labelStride`).
        return pageTile(
            width: width, height: height, content: itemContent(item, painted: false), overflows: labelStride > 1)
    }

    /// The paint of the page's items (`itemElement`) as CSS for the element's shadow root: the labels' ink and
    /// font, the rules' ink, and `theme=auto`'s dark ones.
    package var pageStyle: String {
        func ink(_ palette: Palette) -> String { "svg{fill:\(palette.ink)}path{stroke:\(palette.rule)}" }
        let style =
            "svg{font-family:\(fontFamily);font-size:\(SVGWriter.text(fontSize))px;text-anchor:middle}" + ink(palette)
        return theme == .auto ? style + "@media (prefers-color-scheme: dark){\(ink(.loop(.dark)))}" : style
    }

    /// One item as a standalone SVG, for embedding.
    package func itemDocument(_ item: Int64) -> [UInt8] {
        var content = SVGWriter(capacity: 256)
        background(into: &content)
        groupOpening(into: &content)
        content.append(bytes: itemContent(item))
        content.append("</g>")
        let (width, height) = orientation.isVertical ? (height, loop.spacing) : (loop.spacing, height)
        return tileDocument(
            width: width, height: height, title: "Loop item \(loop.label(ofItem: item))", style: documentStyle,
            content: content.bytes)
    }
}
