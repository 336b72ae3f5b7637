import EndlessCore

/// The labels of a grid's tiles in some columns and rows, each column's and each row's numbers written once: a large
/// window's thousands of labels repeat a few dozen of each, and writing every number anew was most of drawing it.
///
/// A label is `(x, y)` on one line, or `(x,` over `y)` where that is too long for the tile, centred in its square and
/// shrunk to fit (then with its own font size); `GridRenderer.tileContent` draws a tile's alone. A row's labels are
/// written first lines, then second lines, and a line names its baseline (`y`) only where it differs from the line
/// before, which it keeps (SVG's current text position): a quarter of a large window's bytes, and of gzip's work.
struct GridLabels {
    private let tileSize: Double
    private let labelSize: Double
    private let firstColumn: Int64
    private let firstRow: Int64
    /// Every piece below, written one after another; a piece is a range of it.
    private var parts: SVGWriter
    /// A column's `<tspan x="…` (its centre), its `(x,` and the characters `x` takes.
    private var columnOpenings: [Range<Int>] = []
    private var columnNumbers: [Range<Int>] = []
    private var columnWidths: [Int] = []
    /// A row's `y)`, the characters `y` takes and its top.
    private var rowNumbers: [Range<Int>] = []
    private var rowWidths: [Int] = []
    private var rowTops: [Double] = []
    /// The baseline of the last line written, which the next line keeps unless it names its own.
    private var baseline: Double?
    /// The last font size written other than the common one, as ` font-size="…`.
    private var fontSizePiece: (size: Double, piece: Range<Int>)?

    /// Labels for `columns` × `rows`, a tile's square at (`left(column)`, `top(row)`); at zoom level `level`, each
    /// names the level-0 range it covers (`0…3`).
    init(
        tileSize: Double, labelSize: Double, columns: ClosedRange<Int64>, rows: ClosedRange<Int64>,
        left: (Int64) -> Double, top: (Int64) -> Double, level: Int = 0, numbers: NumberSymbols? = nil
    ) {
        self.tileSize = tileSize
        self.labelSize = labelSize
        (firstColumn, firstRow) = (columns.lowerBound, rows.lowerBound)
        parts = SVGWriter(capacity: 256 + (columns.count + rows.count) * 40)
        for column in columns {
            columnOpenings.append(
                Self.piece(of: &parts) {
                    $0.append(#"<tspan x=""#)
                    $0.append(((left(column) + tileSize / 2) * 8).rounded() / 8)  // in eighths: no 30.299999999999997
                })
            let covered = Grid.covered(column, level: level)
            columnNumbers.append(
                Self.piece(of: &parts) {
                    $0.append("(")
                    Self.append(covered, numbers, into: &$0)
                    $0.append(",")
                })
            columnWidths.append(Self.characters(covered))
        }
        for row in rows {
            let covered = Grid.covered(row, level: level)
            rowNumbers.append(
                Self.piece(of: &parts) {
                    Self.append(covered, numbers, into: &$0)
                    $0.append(")")
                })
            rowWidths.append(Self.characters(covered))
            rowTops.append(top(row))
        }
    }

    /// Row `row`'s labels in `columns`: every label's first line, then the second lines of those that have two. Lines
    /// are `<tspan>`s of a `<text>` the caller opens.
    mutating func append(row: Int64, columns: ClosedRange<Int64>, into writer: inout SVGWriter) {
        let rowIndex = Int(row - firstRow)
        let columnIndices = Int(columns.lowerBound - firstColumn)...Int(columns.upperBound - firstColumn)
        var twoLines = false
        for column in columnIndices {
            let (lines, fontSize) = shape(column: column, row: rowIndex)
            twoLines = twoLines || lines == 2
            appendHead(column: column, row: rowIndex, line: 0, of: lines, fontSize: fontSize, into: &writer)
            writer.append(parts, columnNumbers[column])
            if lines == 1 {
                writer.append(" ")
                writer.append(parts, rowNumbers[rowIndex])
            }
            writer.append("</tspan>")
        }
        guard twoLines else { return }
        for column in columnIndices {
            let (lines, fontSize) = shape(column: column, row: rowIndex)
            guard lines == 2 else { continue }
            appendHead(column: column, row: rowIndex, line: 1, of: lines, fontSize: fontSize, into: &writer)
            writer.append(parts, rowNumbers[rowIndex])
            writer.append("</tspan>")
        }
    }

    /// A label's lines and font size: on two lines where one would be longer than 12 characters, shrunk to fit.
    private func shape(column: Int, row: Int) -> (lines: Int, fontSize: Double) {
        let (x, y) = (columnWidths[column], rowWidths[row])
        let lines = x + y + 4 > 12 ? 2 : 1
        let longest = Double(lines == 1 ? x + y + 4 : max(x + 2, y + 1))
        return (lines, max(4, min((tileSize * 0.14).rounded(), (tileSize * 1.6 / longest).rounded(.down))))
    }

    /// `<tspan x="…" y="…" font-size="…">` for line `line` of a label of `lines`: its baseline where the line before
    /// had another, its font size where it is not the common one.
    private mutating func appendHead(
        column: Int, row: Int, line: Int, of lines: Int, fontSize: Double, into writer: inout SVGWriter
    ) {
        writer.append(parts, columnOpenings[column])
        let firstBaseline = tileSize / 2 + fontSize * (0.35 - 0.6 * Double(lines - 1))
        let lineBaseline = rowTops[row] + ((firstBaseline + Double(line) * fontSize * 1.2) * 8).rounded() / 8
        if lineBaseline != baseline {
            writer.append(#"" y=""#)
            writer.append(lineBaseline)
            baseline = lineBaseline
        }
        if fontSize != labelSize {
            if fontSizePiece?.size != fontSize {
                let piece = Self.piece(of: &parts) { writer in
                    writer.append(#"" font-size=""#)
                    writer.append(fontSize)
                }
                fontSizePiece = (fontSize, piece)
            }
            writer.append(parts, fontSizePiece!.piece)
        }
        writer.append(#"">"#)
    }

    /// Where `body` wrote in `parts`.
    private static func piece(of parts: inout SVGWriter, _ body: (inout SVGWriter) -> Void) -> Range<Int> {
        let start = parts.byteCount
        body(&parts)
        return start..<parts.byteCount
    }

    /// A zoomed-out tile's columns or rows, `0…3`; a level-0 tile's one, `0`.
    /// `3`, or `0…3` zoomed out; in a language's digits when given.
    private static func append(_ range: ClosedRange<Int64>, _ numbers: NumberSymbols?, into writer: inout SVGWriter) {
        append(range.lowerBound, numbers, into: &writer)
        guard range.upperBound != range.lowerBound else { return }
        writer.append("…")
        append(range.upperBound, numbers, into: &writer)
    }

    private static func append(_ value: Int64, _ numbers: NumberSymbols?, into writer: inout SVGWriter) {
        guard let numbers else { return writer.append(value) }
        writer.append(text: 80) { numbers.write(value, into: &$0) }
    }

    private static func characters(_ range: ClosedRange<Int64>) -> Int {
        range.upperBound == range.lowerBound
            ? characters(range.lowerBound) : characters(range.lowerBound) + 1 + characters(range.upperBound)
    }

    /// How many characters `value` takes in decimal, its sign included.
    static func characters(_ value: Int64) -> Int {
        var count = value < 0 ? 2 : 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }
}
