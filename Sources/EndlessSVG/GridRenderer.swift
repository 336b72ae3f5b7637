import EndlessCore

/// Draws seed 004's grid tiles: a grey square with a faint border, labelled `(x, y)`; tile (0, 0) darker.
public struct GridRenderer: Sendable {
    public let grid: Grid
    public let theme: Theme
    let palette: Palette

    public init(grid: Grid, theme: Theme = .light) {
        self.grid = grid
        self.theme = theme
        palette = .standard(theme)
    }

    var documentStyle: String? {
        theme == .auto ? Palette.autoStyle(light: .standard(.light), dark: .standard(.dark)) : nil
    }

    /// `<g …>` around tiles: the ink of their labels.
    private func groupOpening(into writer: inout SVGWriter) {
        writer.append(#"<g fill=""#)
        writer.append(colour: palette.ink)
        writer.append(#"" text-anchor="middle">"#)
    }

    /// One tile's drawing in tile coordinates (0…tileSize on both axes).
    public func tileContent(_ tile: GridCoordinate) -> [UInt8] {
        let size = grid.tileSize
        return SVGWriter.bytes(capacity: 192) { writer in
            writer.append(#"<rect width=""#)
            writer.append(size)
            writer.append(#"" height=""#)
            writer.append(size)
            writer.append(#"" fill=""#)
            writer.append(colour: tile.x == 0 && tile.y == 0 ? palette.highlight : palette.tile)
            writer.append(#"" stroke=""#)
            writer.append(colour: palette.border)
            writer.append(#"" stroke-opacity="0.1" stroke-width="0.5"/>"#)
            appendLabel(of: tile, left: 0, top: 0, into: &writer)
        }
    }

    /// A tile's label, centred in the square whose top-left corner is (`left`, `top`).
    func appendLabel(of tile: GridCoordinate, left: Double, top: Double, into writer: inout SVGWriter) {
        let size = grid.tileSize
        let label = tile.description
        // Long labels (huge coordinates) go on two lines, `(x,` over `y)`, and shrink to fit the tile.
        let lines = label.utf8.count > 12 ? ["(\(tile.x),", "\(tile.y))"] : [label]
        let longest = Double(lines.map(\.utf8.count).max()!)
        let fontSize = max(4, min((size * 0.14).rounded(), (size * 1.6 / longest).rounded(.down)))
        let firstBaseline = size / 2 + fontSize * (0.35 - 0.6 * Double(lines.count - 1))
        for (index, line) in lines.enumerated() {
            writer.append(#"<text x=""#)
            writer.append(left + size / 2)
            writer.append(#"" y=""#)
            writer.append(top + ((firstBaseline + Double(index) * fontSize * 1.2) * 8).rounded() / 8)
            writer.append(#"" font-size=""#)
            writer.append(fontSize)
            writer.append(#"">"#)
            writer.append(escaped: line)
            writer.append("</text>")
        }
    }

    /// The window as a stream: head, tiles row by row, tail.
    /// `content` supplies each tile's drawing; the server passes its cache, which holds `tileContent`'s bytes.
    public func render(_ window: GridWindow, content: ((GridCoordinate) -> [UInt8])? = nil) -> RenderedWindow {
        var head = SVGWriter(capacity: 512)
        let center = "(\(SVGWriter.text(window.centerX)), \(SVGWriter.text(window.centerY)))"
        documentHeader(
            width: window.width, height: window.height, title: "Grid around \(center)", style: documentStyle,
            into: &head)
        groupOpening(into: &head)
        head.append("\n")
        let tiles = window.tiles.map { tile in
            placedTile(
                x: window.columns.position(of: tile.x), y: window.rows.position(of: tile.y),
                content: content?(tile) ?? tileContent(tile))
        }
        return RenderedWindow(header: head.bytes, tiles: tiles, footer: Array("</g>\n</svg>\n".utf8))
    }

    /// A block of `n × n` tiles as one inline element for a page, which places it. It looks like the tiles side by
    /// side, but draws them as one background, one path of borders and the labels: about a fifth of the nodes a
    /// tile, so a page keeps its frame rate through a fast fling.
    public func blockElement(_ block: GridCoordinate, tilesPerBlock n: Int64) -> [UInt8] {
        let size = grid.tileSize, side = size * Double(n)
        var group = SVGWriter(capacity: 320 + Int(n * n) * 64)
        groupOpening(into: &group)
        group.append(#"<rect width=""#)
        group.append(side)
        group.append(#"" height=""#)
        group.append(side)
        group.append(#"" fill=""#)
        group.append(colour: palette.tile)
        group.append(#""/>"#)
        let tiles = grid.tiles(inBlock: block, tilesPerBlock: n)
        func corner(_ tile: GridCoordinate) -> (left: Double, top: Double) {
            (Double(tile.x - block.x * n) * size, Double(tile.y - block.y * n) * size)
        }
        if let centre = tiles.first(where: { $0.x == 0 && $0.y == 0 }) {
            group.append(#"<rect x=""#)
            group.append(corner(centre).left)
            group.append(#"" y=""#)
            group.append(corner(centre).top)
            group.append(#"" width=""#)
            group.append(size)
            group.append(#"" height=""#)
            group.append(size)
            group.append(#"" fill=""#)
            group.append(colour: palette.highlight)
            group.append(#""/>"#)
        }
        // Every tile's border, each line once; the block's own edges are half inside it, half in its neighbour.
        group.append(#"<path d=""#)
        for line in 0...n {
            let at = Double(line) * size
            group.append("M")  // the vertical line x = at
            group.append(at)
            group.append(" 0V")
            group.append(side)
            group.append("M0 ")  // the horizontal line y = at
            group.append(at)
            group.append("H")
            group.append(side)
        }
        group.append(#"" fill="none" stroke=""#)
        group.append(colour: palette.border)
        group.append(#"" stroke-opacity="0.1" stroke-width="0.5"/>"#)
        for tile in tiles {
            let (left, top) = corner(tile)
            appendLabel(of: tile, left: left, top: top, into: &group)
        }
        group.append("</g>")
        return EndlessSVG.tileElement(width: side, height: side, content: group.bytes)
    }

    /// One tile as a standalone SVG, for embedding.
    public func tileDocument(_ tile: GridCoordinate) -> [UInt8] {
        var content = SVGWriter(capacity: 256)
        groupOpening(into: &content)
        content.append(bytes: tileContent(tile))
        content.append("</g>")
        return EndlessSVG.tileDocument(
            width: grid.tileSize, height: grid.tileSize, title: "Grid tile \(tile)", style: documentStyle,
            content: content.bytes)
    }
}

extension SVGWriter {
    /// A number as SVG prints it, as a `String` (for titles).
    static func text(_ value: Double) -> String {
        String(decoding: bytes(capacity: 24) { $0.append(value) }, as: UTF8.self)
    }
}
