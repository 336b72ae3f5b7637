import EndlessCore

/// The labels of a grid's tiles in some columns and rows, each column's and each row's numbers written once: a large
/// window's thousands of labels repeat a few dozen of each, and writing every number anew was most of drawing it.
///
/// A label is `(x, y)` on one line, or `(x,` over `y)` where that is too long for the tile, centred in its square and
/// shrunk to fit (then with its own font size); `GridRenderer.tileContent` draws a tile's alone.
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
    /// The last line heads written (`" y="…">`, with a font size if it is not the common one), and what they are for:
    /// in a row, only a change in a label's length changes them.
    private var heads: (row: Int, lines: Int, fontSize: Double, first: Range<Int>, second: Range<Int>)?

    /// Labels for `columns` × `rows`, a tile's square at (`left(column)`, `top(row)`); at zoom level `level`, each
    /// names the level-0 range it covers (`0…3`).
    init(
        tileSize: Double, labelSize: Double, columns: ClosedRange<Int64>, rows: ClosedRange<Int64>,
        left: (Int64) -> Double, top: (Int64) -> Double, level: Int = 0
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
                    Self.append(covered, into: &$0)
                    $0.append(",")
                })
            columnWidths.append(Self.characters(covered))
        }
        for row in rows {
            let covered = Grid.covered(row, level: level)
            rowNumbers.append(
                Self.piece(of: &parts) {
                    Self.append(covered, into: &$0)
                    $0.append(")")
                })
            rowWidths.append(Self.characters(covered))
            rowTops.append(top(row))
        }
    }

    /// Tile (`column`, `row`)'s label: one `<tspan>` a line, of a `<text>` the caller opens.
    mutating func append(column: Int64, row: Int64, into writer: inout SVGWriter) {
        let (columnIndex, rowIndex) = (Int(column - firstColumn), Int(row - firstRow))
        let (x, y) = (columnWidths[columnIndex], rowWidths[rowIndex])
        let lines = x + y + 4 > 12 ? 2 : 1
        let longest = Double(lines == 1 ? x + y + 4 : max(x + 2, y + 1))
        let fontSize = max(4, min((tileSize * 0.14).rounded(), (tileSize * 1.6 / longest).rounded(.down)))
        let heads = lineHeads(row: rowIndex, lines: lines, fontSize: fontSize)
        writer.append(parts, columnOpenings[columnIndex])
        writer.append(parts, heads.first)
        writer.append(parts, columnNumbers[columnIndex])
        if lines == 2 {
            writer.append("</tspan>")
            writer.append(parts, columnOpenings[columnIndex])
            writer.append(parts, heads.second)
        } else {
            writer.append(" ")
        }
        writer.append(parts, rowNumbers[rowIndex])
        writer.append("</tspan>")
    }

    /// The heads of a label's lines in row `row`: each line's baseline, its font size if not the common one.
    private mutating func lineHeads(row: Int, lines: Int, fontSize: Double) -> (first: Range<Int>, second: Range<Int>) {
        if let heads, heads.row == row, heads.lines == lines, heads.fontSize == fontSize {
            return (heads.first, heads.second)
        }
        let firstBaseline = tileSize / 2 + fontSize * (0.35 - 0.6 * Double(lines - 1))
        let (top, labelSize) = (rowTops[row], labelSize)
        func head(line: Int) -> (inout SVGWriter) -> Void {
            { writer in
                writer.append(#"" y=""#)
                writer.append(top + ((firstBaseline + Double(line) * fontSize * 1.2) * 8).rounded() / 8)
                if fontSize != labelSize {
                    writer.append(#"" font-size=""#)
                    writer.append(fontSize)
                }
                writer.append(#"">"#)
            }
        }
        let first = Self.piece(of: &parts, head(line: 0))
        let second = lines == 2 ? Self.piece(of: &parts, head(line: 1)) : first
        heads = (row, lines, fontSize, first, second)
        return (first, second)
    }

    /// Where `body` wrote in `parts`.
    private static func piece(of parts: inout SVGWriter, _ body: (inout SVGWriter) -> Void) -> Range<Int> {
        let start = parts.byteCount
        body(&parts)
        return start..<parts.byteCount
    }

    /// A zoomed-out tile's columns or rows, `0…3`; a level-0 tile's one, `0`.
    private static func append(_ range: ClosedRange<Int64>, into writer: inout SVGWriter) {
        writer.append(range.lowerBound)
        guard range.upperBound != range.lowerBound else { return }
        writer.append("…")
        writer.append(range.upperBound)
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
