import EndlessCore

/// Draws seed 004's grid tiles: a grey square with a faint border, labelled `(x, y)`; tile (0, 0) darker.
public struct GridRenderer: Sendable {
    package let grid: Grid
    package let theme: Theme
    let palette: Palette
    /// The widths of its labels' digits, in its language (`GridLabels.Advances`).
    let labelAdvances: GridLabels.Advances

    /// A renderer of `grid`'s windows in `theme`'s colours.
    public init(grid: Grid, theme: Theme = .light) {
        self.grid = grid
        self.theme = theme
        palette = .standard(theme)
        labelAdvances = GridLabels.Advances(numbers: grid.language?.numbers)
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
    package func tileContent(_ tile: GridCoordinate) -> [UInt8] {
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
            appendLabels(
                columns: tile.x...tile.x, rows: tile.y...tile.y, left: { _ in 0 }, top: { _ in 0 }, tileAlone: true,
                into: &writer)
        }
    }

    /// The font size of a short label; a long one, shrunk to fit its tile, says its own.
    var labelSize: Double { max(4, (grid.tileSize * 0.14).rounded()) }

    /// The labels of `columns` × `rows` as one `<text>`, a `<tspan>` a line, a tile's square at (`left(column)`,
    /// `top(row)`): a browser lays out one text element per block rather than one a tile, which is less of its work
    /// (and each label is shorter). No space between the spans: it would be text, and shift the centring.
    func appendLabels(
        columns: ClosedRange<Int64>, rows: ClosedRange<Int64>, left: (Int64) -> Double, top: (Int64) -> Double,
        sized: Bool = true, tileAlone: Bool = false, into writer: inout SVGWriter
    ) {
        if sized { openLabels(into: &writer) } else { writer.append("<text>") }
        var labels = labels(columns: columns, rows: rows, left: left, top: top)
        labels.tileAlone = tileAlone
        for row in rows { labels.append(row: row, columns: columns, into: &writer) }
        writer.append("</text>")
    }

    private func labels(
        columns: ClosedRange<Int64>, rows: ClosedRange<Int64>, left: (Int64) -> Double, top: (Int64) -> Double
    ) -> GridLabels {
        GridLabels(
            grid: grid, labelSize: labelSize, advances: labelAdvances, columns: columns, rows: rows, left: left,
            top: top
        )
    }

    private func openLabels(into writer: inout SVGWriter) {
        writer.append(#"<text font-size=""#)
        writer.append(labelSize)
        writer.append(#"">"#)
    }

    /// `window` as a standalone SVG document, as a stream: a head that draws every tile's square at once (one background, tile (0, 0)'s mark,
    /// one path of borders) and opens the text of labels, then each tile's label row by row, then the tail. Drawn as
    /// the page draws its blocks: a quarter of the bytes of a square and label a tile, which is what the largest
    /// windows cost to send.
    public func render(_ window: GridWindow) -> RenderedWindow {
        // One buffer for the whole window; a label takes about 40 bytes, a long coordinate's two lines up to 112.
        var writer = SVGWriter(
            capacity: 1024 + (window.columns.count + window.rows.count) * 24 + window.columns.count
                * window.rows.count * 48)
        let center = "(\(SVGWriter.text(window.centerX)), \(SVGWriter.text(window.centerY)))"
        let zoom = grid.level == 0 ? "" : ", zoomed out to level \(grid.level)"
        // In a language but English, the point alone, in its digits, names the image.
        let title =
            grid.language?.isEnglish ?? true ? "Grid around \(center)\(zoom)" : grid.language!.numbers.localized(center)
        documentHeader(width: window.width, height: window.height, title: title, style: documentStyle, into: &writer)
        groupOpening(into: &writer)
        writer.append("\n")
        // Places in eighths of a point, as the labels' are: short numbers, never `-30.299999999999997`.
        let columns = { (column: Int64) in (window.columns.position(of: column) * 8).rounded() / 8 }
        let rows = { (row: Int64) in (window.rows.position(of: row) * 8).rounded() / 8 }
        let (first, last) = (window.columns.first, window.columns.last)
        let (firstRow, lastRow) = (window.rows.first, window.rows.last)
        let (left, top, right, bottom) = (columns(first), rows(firstRow), columns(last + 1), rows(lastRow + 1))
        appendSquare(left: left, top: top, width: right - left, height: bottom - top, fill: palette.tile, into: &writer)
        if first <= 0 && 0 <= last && firstRow <= 0 && 0 <= lastRow {
            appendSquare(
                left: columns(0), top: rows(0), width: grid.tileSize, height: grid.tileSize, fill: palette.highlight,
                into: &writer)
        }
        writer.append(#"<path d=""#)
        for column in first...(last + 1) {
            writer.append("M")
            writer.append(columns(column))
            writer.append(" ")
            writer.append(top)
            writer.append("V")
            writer.append(bottom)
        }
        for row in firstRow...(lastRow + 1) {
            writer.append("M")
            writer.append(left)
            writer.append(" ")
            writer.append(rows(row))
            writer.append("H")
            writer.append(right)
        }
        writer.append(#"" fill="none" stroke=""#)
        writer.append(colour: palette.border)
        writer.append(#"" stroke-opacity="0.1" stroke-width="0.5"/>"#)
        writer.append("\n")
        openLabels(into: &writer)
        // A fragment a row of tiles, where a chunk may end: it still ends on a whole tile.
        var tileStarts: [Int] = []
        tileStarts.reserveCapacity(window.rows.count)
        var labels = labels(columns: first...last, rows: firstRow...lastRow, left: columns, top: rows)
        for y in window.rows.indices {
            tileStarts.append(writer.byteCount)
            labels.append(row: y, columns: first...last, into: &writer)
        }
        writer.append("</text>\n</g>\n</svg>\n")
        return RenderedWindow(document: writer.bytes, tileStarts: tileStarts)
    }

    private func appendSquare(
        left: Double, top: Double, width: Double, height: Double, fill: String, into writer: inout SVGWriter
    ) {
        writer.append(#"<rect x=""#)
        writer.append(left)
        writer.append(#"" y=""#)
        writer.append(top)
        writer.append(#"" width=""#)
        writer.append(width)
        writer.append(#"" height=""#)
        writer.append(height)
        writer.append(#"" fill=""#)
        writer.append(colour: fill)
        writer.append(#""/>"#)
    }

    /// A block of `n × n` tiles as one inline element for a page, which places it. It looks like the tiles side by
    /// side, but draws them as one background, one path of borders and the labels: about a fifth of the nodes a
    /// tile, so a page keeps its frame rate through a fast fling. A `.bare` block has no labels. Its colours, lines
    /// and font are the element's style (`pageStyle`), as a ruler's tile's are (`RulerRenderer.pageElement`).
    package func blockElement(_ block: GridCoordinate, tilesPerBlock n: Int64, detail: Detail = .full) -> [UInt8] {
        let size = grid.tileSize, side = size * Double(n)
        var group = SVGWriter(capacity: 320 + Int(n * n) * 64)
        group.append(#"<rect width=""#)
        group.append(side)
        group.append(#"" height=""#)
        group.append(side)
        group.append(#""/>"#)
        let (columns, rows) = grid.tiles(inBlock: block, tilesPerBlock: n)
        let left = { (column: Int64) in Double(column - columns.lowerBound) * size }
        let top = { (row: Int64) in Double(row - rows.lowerBound) * size }
        if columns.contains(0) && rows.contains(0) {
            group.append(#"<rect class="centre" x=""#)
            group.append(left(0))
            group.append(#"" y=""#)
            group.append(top(0))
            group.append(#"" width=""#)
            group.append(size)
            group.append(#"" height=""#)
            group.append(size)
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
        group.append(#""/>"#)
        if detail == .full {
            appendLabels(columns: columns, rows: rows, left: left, top: top, sized: false, into: &group)
        }
        return pageTile(width: side, height: side, content: group.bytes)
    }

    /// The paint of the page's blocks (`blockElement`) as CSS for the element's shadow root: the squares, tile
    /// (0, 0)'s mark, the borders, the labels' ink and font, and `theme=auto`'s dark colours.
    package var pageStyle: String {
        func colours(_ palette: Palette) -> String {
            "svg{fill:\(palette.ink)}rect{fill:\(palette.tile)}.centre{fill:\(palette.highlight)}"
                + "path{stroke:\(palette.border)}"
        }
        let style =
            "svg{font-family:\(fontFamily);font-size:\(SVGWriter.text(labelSize))px;text-anchor:middle}"
            + "path{fill:none;stroke-opacity:0.1;stroke-width:0.5}" + colours(palette)
        return theme == .auto ? style + "@media (prefers-color-scheme: dark){\(colours(.standard(.dark)))}" : style
    }

    /// One tile as a standalone SVG, for embedding.
    package func tileDocument(_ tile: GridCoordinate) -> [UInt8] {
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
    /// A number as SVG prints it, as a `String` (for titles and sizes), or all its digits where a thousandth is too
    /// coarse: a title repeats what was asked for.
    static func text(_ value: Double) -> String {
        let printed = String(decoding: bytes(capacity: 24) { $0.append(value) }, as: UTF8.self)
        return Double(printed) == value ? printed : value.description
    }
}
