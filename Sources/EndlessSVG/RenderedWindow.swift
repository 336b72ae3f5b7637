/// A window as a stream sends it: the whole document, drawn into one buffer, and where each of its tiles starts, where
/// a chunk may end.
public struct RenderedWindow: Sendable, Hashable {
    /// The standalone SVG document: its head, its tiles, its tail. The server sends these bytes in chunks.
    public var document: [UInt8]
    /// Where each tile's fragment starts in `document`, in drawing order: a ruler's block or a loop's item a fragment
    /// (`<g transform="translate(…)">…</g>`), a grid's labels a row. The head ends where the first starts; the tail
    /// follows the last.
    public var tileStarts: [Int]

    package init(document: [UInt8], tileStarts: [Int] = []) {
        self.document = document
        self.tileStarts = tileStarts
    }
}

/// The font every view draws its text in.
let fontFamily = "DejaVu Sans, Verdana, sans-serif"

/// The opening of a standalone SVG document with the given size and title: an image whose accessible name is its
/// title, and, for `theme=auto`, the style that turns it dark where the reader asks for that.
func documentHeader(width: Double, height: Double, title: String, style: String? = nil, into writer: inout SVGWriter) {
    documentHeader(width: width, height: height, style: style, into: &writer) { $0.append(escaped: title) }
}

/// `documentHeader(width:height:title:style:into:)` with the title, escaped, written by `title` (once, then copied).
func documentHeader(
    width: Double, height: Double, style: String?, into writer: inout SVGWriter, title: (inout SVGWriter) -> Void
) {
    writer.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
    writer.append("\n")
    openSVG(width: width, height: height, into: &writer)
    writer.append(#" role="img" aria-label=""#)
    let start = writer.byteCount
    title(&writer)
    let written = start..<writer.byteCount
    writer.append(#"">"#)
    writer.append("\n<title>")
    writer.append(copyOf: written)
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
    openSVG(width: width, height: height, into: &writer)
    if let label {
        writer.append(#" role="img" aria-label=""#)
        writer.append(escaped: label)
        writer.append(#"""#)
    }
    writer.append(">")
}

/// `<svg …` of the given size and font, left open for its label.
private func openSVG(width: Double, height: Double, into writer: inout SVGWriter) {
    writer.append(#"<svg xmlns="http://www.w3.org/2000/svg" width=""#)
    writer.append(width)
    writer.append(#"" height=""#)
    writer.append(height)
    writer.append(#"" viewBox="0 0 "#)
    writer.append(width)
    writer.append(" ")
    writer.append(height)
    writer.append(#"" font-family=""#)
    writer.append(utf8: fontFamily)
    writer.append(#"""#)
}

/// A tile placed at (`x`, `y`) in its window, drawn by `draw` straight into the window's writer: the tile's own
/// coordinates stay small, and no drawing is copied from a buffer of its own.
func appendPlacedTile(x: Double, y: Double, into writer: inout SVGWriter, draw: (inout SVGWriter) -> Void) {
    writer.append(#"<g transform="translate("#)
    writer.append(x)
    if y != 0 {
        writer.append(" ")
        writer.append(y)
    }
    writer.append(#")">"#)
    draw(&writer)
    writer.append("</g>\n")
}

/// One tile as a standalone document.
func tileDocument(width: Double, height: Double, title: String, style: String? = nil, content: [UInt8]) -> [UInt8] {
    var writer = SVGWriter(capacity: content.count + 256)
    documentHeader(width: width, height: height, title: title, style: style, into: &writer)
    writer.append(bytes: content)
    writer.append("\n</svg>\n")
    return writer.bytes
}

/// A tile as the page's element, its geometry only: no `viewBox` (its drawing is in its own pixels), no font and no
/// paint, which the element's style says once for all its tiles (`RulerRenderer.pageStyle`).
func pageTile(width: Double, height: Double, content: [UInt8], overflows: Bool = false) -> [UInt8] {
    var writer = SVGWriter(capacity: content.count + 80)
    writer.append(#"<svg xmlns="http://www.w3.org/2000/svg" width=""#)
    writer.append(width)
    writer.append(#"" height=""#)
    writer.append(height)
    // A label centred on a tile's edge shows whole, over its neighbour, as in a window's one document.
    writer.append(overflows ? #"" overflow="visible">"# : #"">"#)
    writer.append(bytes: content)
    writer.append("</svg>")
    return writer.bytes
}
