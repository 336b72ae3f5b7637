/// A window as the parts a stream sends: the document's head, its tiles in fragments, and its tail.
///
/// `document` is the three joined; the server sends the same bytes in chunks, so both are identical.
public struct RenderedWindow: Sendable, Hashable {
    public var header: [UInt8]
    /// The window's tiles in drawing order, in fragments that each end on a whole tile, where a chunk may end: a
    /// ruler's block or a loop's item a fragment (`<g transform="translate(…)">…</g>`), a grid's labels a row.
    public var tiles: [[UInt8]]
    public var footer: [UInt8]

    public init(header: [UInt8], tiles: [[UInt8]], footer: [UInt8]) {
        self.header = header
        self.tiles = tiles
        self.footer = footer
    }

    /// The standalone SVG document.
    public var document: [UInt8] {
        var bytes = header
        bytes.reserveCapacity(header.count + footer.count + tiles.reduce(0) { $0 + $1.count })
        for tile in tiles { bytes += tile }
        bytes += footer
        return bytes
    }
}

/// The opening of a standalone SVG document with the given size and title: an image whose accessible name is its
/// title, and, for `theme=auto`, the style that turns it dark where the reader asks for that.
func documentHeader(width: Double, height: Double, title: String, style: String? = nil, into writer: inout SVGWriter) {
    writer.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
    writer.append("\n")
    svgOpening(width: width, height: height, label: title, into: &writer)
    writer.append("\n<title>")
    writer.append(escaped: title)
    writer.append("</title>\n")
    if let style {
        writer.append("<style>")
        writer.append(colour: style)
        writer.append("</style>\n")
    }
}

/// `<svg …>` of the given size, with the font every view uses; a document's has `role="img"` and its title as
/// `aria-label` (an inline tile on a page has neither: the page's element speaks for it).
func svgOpening(width: Double, height: Double, label: String? = nil, into writer: inout SVGWriter) {
    writer.append(#"<svg xmlns="http://www.w3.org/2000/svg" width=""#)
    writer.append(width)
    writer.append(#"" height=""#)
    writer.append(height)
    writer.append(#"" viewBox="0 0 "#)
    writer.append(width)
    writer.append(" ")
    writer.append(height)
    writer.append(#"" font-family="DejaVu Sans, Verdana, sans-serif""#)
    if let label {
        writer.append(#" role="img" aria-label=""#)
        writer.append(escaped: label)
        writer.append(#"""#)
    }
    writer.append(">")
}

/// A tile placed at (`x`, `y`) in its window: the tile's own coordinates stay small.
func placedTile(x: Double, y: Double, content: [UInt8]) -> [UInt8] {
    placedTile(x: x, y: y, capacity: content.count + 48) { $0.append(bytes: content) }
}

/// A tile placed at (`x`, `y`), drawn by `draw` straight into its placement: one buffer, no drawing copied into it.
func placedTile(x: Double, y: Double, capacity: Int, draw: (inout SVGWriter) -> Void) -> [UInt8] {
    var writer = SVGWriter(capacity: capacity)
    writer.append(#"<g transform="translate("#)
    writer.append(x)
    if y != 0 {
        writer.append(" ")
        writer.append(y)
    }
    writer.append(#")">"#)
    draw(&writer)
    writer.append("</g>\n")
    return writer.bytes
}

/// One tile as a standalone document.
func tileDocument(width: Double, height: Double, title: String, style: String? = nil, content: [UInt8]) -> [UInt8] {
    var writer = SVGWriter(capacity: content.count + 256)
    documentHeader(width: width, height: height, title: title, style: style, into: &writer)
    writer.append(bytes: content)
    writer.append("\n</svg>\n")
    return writer.bytes
}

/// A tile as an inline `<svg>` element for a page, which places it; no declaration, no title.
func tileElement(width: Double, height: Double, content: [UInt8]) -> [UInt8] {
    var writer = SVGWriter(capacity: content.count + 160)
    svgOpening(width: width, height: height, into: &writer)
    writer.append(bytes: content)
    writer.append("</svg>")
    return writer.bytes
}
