import EndlessCore

/// Draws seed 002's loop: each item's number centred on its position, a faint rule under it.
public struct LoopRenderer: Sendable {
    public let loop: Loop
    public let height: Double
    let fontSize: Double

    public init(loop: Loop, height: Double) {
        self.loop = loop
        self.height = height
        fontSize = max(8, min((height * 0.3).rounded(), (loop.spacing * 0.45).rounded()))
    }

    /// One item's drawing in item coordinates (0…spacing, 0…height), the item at the horizontal centre.
    public func itemContent(_ item: Int64) -> [UInt8] {
        let center = loop.spacing / 2
        return SVGWriter.bytes(capacity: 160) { writer in
            writer.append(##"<path stroke="#bbb" d="M"##)
            writer.append(center)
            writer.append(" ")
            writer.append(height - 12)
            writer.append("V")
            writer.append(height)
            writer.append(#""/><text x=""#)
            writer.append(center)
            writer.append(#"" y=""#)
            writer.append(((height / 2 + fontSize * 0.35) * 8).rounded() / 8)
            writer.append(#"">"#)
            writer.append(Int64(loop.label(ofItem: item)))
            writer.append("</text>")
        }
    }

    private func groupOpening(into writer: inout SVGWriter) {
        writer.append(##"<g fill="#1e3a5f" font-size=""##)
        writer.append(fontSize)
        writer.append(#"" text-anchor="middle">"#)
    }

    /// The window as a stream: head, items left to right, tail.
    /// `content` supplies each item's drawing; the server passes its cache, which holds `itemContent`'s bytes.
    public func render(_ window: LoopWindow, content: ((Int64) -> [UInt8])? = nil) -> RenderedWindow {
        var head = SVGWriter(capacity: 512)
        let first = loop.label(ofItem: loop.itemStrip.tile(containing: window.offset + window.width / 2))
        documentHeader(width: window.width, height: window.height, title: "Loop around item \(first)", into: &head)
        head.append(##"<rect width="100%" height="100%" fill="#f4f8fc"/>"##)
        head.append("\n")
        groupOpening(into: &head)
        head.append("\n")
        let tiles = window.items.indices.map { item in
            placedTile(x: window.items.position(of: item), y: 0, content: content?(item) ?? itemContent(item))
        }
        return RenderedWindow(header: head.bytes, tiles: tiles, footer: Array("</g>\n</svg>\n".utf8))
    }

    /// One item as an inline element for a page: `content` is `itemContent`'s bytes (or the cache's copy).
    public func itemElement(_ content: [UInt8]) -> [UInt8] {
        var group = SVGWriter(capacity: content.count + 64)
        groupOpening(into: &group)
        group.append(bytes: content)
        group.append("</g>")
        return tileElement(width: loop.spacing, height: height, content: group.bytes)
    }

    /// One item as a standalone SVG, for embedding.
    public func itemDocument(_ item: Int64) -> [UInt8] {
        var content = SVGWriter(capacity: 256)
        content.append(##"<rect width="100%" height="100%" fill="#f4f8fc"/>"##)
        groupOpening(into: &content)
        content.append(bytes: itemContent(item))
        content.append("</g>")
        return tileDocument(
            width: loop.spacing, height: height, title: "Loop item \(loop.label(ofItem: item))", content: content.bytes)
    }
}
