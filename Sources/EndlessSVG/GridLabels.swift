import EndlessCore

/// The labels of a grid's tiles in some columns and rows, each column's and each row's numbers written once: a large
/// window's thousands of labels repeat a few dozen of each, and writing every number anew was most of drawing it.
///
/// A label is `(x, y)` on one line, or `(x,` over `y)` where that is too long for the tile, centred in its square and
/// shrunk to fit (then with its own font size), measured with the font's advances. Where a page block's widest
/// label does not fit its tile even at 4 points, the block's labels take their short form (a zoomed-out tile's first
/// column and row) or stand every 2nd, 3rd or 6th tile from its left, over the tiles after it (`Grid.labelPlan`):
/// every tile of the block, drawn by a window or a page, agrees. A row's labels are written first lines, then second
/// lines, and a line names its baseline (`y`) only where it differs from the line before, which it keeps (SVG's
/// current text position): a quarter of a large window's bytes, and of gzip's work.
struct GridLabels {
    private let grid: Grid
    private let labelSize: Double
    private let firstColumn: Int64
    private let firstRow: Int64
    private let numbers: NumberSymbols?
    /// Every piece below, written one after another; a piece is a range of it.
    private var parts: SVGWriter
    /// A column's `<tspan x="…` at its centre, and at its left (for a label that runs over the next tiles), its
    /// `(x,` (full and short) with its width in ems.
    private var columnCentres: [Range<Int>] = []
    private var columnLefts: [Double] = []
    private var columnNumbers: [Number] = []
    private var columnShortNumbers: [Number] = []
    /// A row's `y)` (full and short), and its top.
    private var rowNumbers: [Number] = []
    private var rowShortNumbers: [Number] = []
    private var rowTops: [Double] = []
    /// The baseline of the last line written, which the next line keeps unless it names its own.
    private var baseline: Double?
    /// The last font size written other than the common one, as ` font-size="…`.
    private var fontSizePiece: (size: Double, piece: Range<Int>)?
    /// The widths of its numbers' digits and marks (`Advances`).
    private let advances: Advances
    /// The last label's numbers' widths, plan and shape (`shape(column:row:)`).
    private var lastShape: (x: Double, y: Double, plan: Grid.LabelPlan, shape: Shape?)?
    /// The labels of a row with a second line, kept from row to row (its storage, not its labels).
    private var secondLines: [(column: Int64, shape: Shape)] = []
    /// Drawing one tile by itself (an embedded tile's document): a label that runs over the next tiles is left out.
    var tileAlone = false
    /// The widest `(x,` of each block column the columns reach into, and `y)` of each block row, full and short (in
    /// ems): a block's plan is then arithmetic, not text.
    private var blockColumnWidths: [(full: Double, short: Double)] = []
    private var blockRowWidths: [(full: Double, short: Double)] = []
    private let firstBlockColumn: Int64
    private let firstBlockRow: Int64

    /// A number's piece of the label and its width in ems.
    private struct Number {
        var piece: Range<Int>
        var width: Double
    }

    /// Labels for `columns` × `rows` of `grid`, a tile's square at (`left(column)`, `top(row)`); at zoom level
    /// `grid.level`, each names the level-0 range it covers (`0…3`).
    init(
        grid: Grid, labelSize: Double, advances: Advances, columns: ClosedRange<Int64>, rows: ClosedRange<Int64>,
        left: (Int64) -> Double, top: (Int64) -> Double
    ) {
        self.grid = grid
        self.labelSize = labelSize
        (firstColumn, firstRow) = (columns.lowerBound, rows.lowerBound)
        numbers = grid.language?.numbers
        (firstBlockColumn, firstBlockRow) = (
            Self.floorDivision(columns.lowerBound, Grid.pageBlock), Self.floorDivision(rows.lowerBound, Grid.pageBlock)
        )
        parts = SVGWriter(capacity: 256 + (columns.count + rows.count) * (grid.level == 0 ? 40 : 80))
        self.advances = advances
        columnCentres.reserveCapacity(columns.count)
        columnLefts.reserveCapacity(columns.count)
        columnNumbers.reserveCapacity(columns.count)
        rowNumbers.reserveCapacity(rows.count)
        rowTops.reserveCapacity(rows.count)
        for column in columns {
            let left = (left(column) * 8).rounded() / 8  // in eighths: no 30.299999999999997
            columnCentres.append(Self.piece(of: &parts) { Self.appendOpening(x: left + grid.tileSize / 2, into: &$0) })
            columnLefts.append(left)
            columnNumbers.append(number(Grid.covered(column, level: grid.level), opening: true))
            if grid.level > 0 { columnShortNumbers.append(number(column << Int64(grid.level), opening: true)) }
        }
        for row in rows {
            rowNumbers.append(number(Grid.covered(row, level: grid.level), opening: false))
            if grid.level > 0 { rowShortNumbers.append(number(row << Int64(grid.level), opening: false)) }
            rowTops.append(top(row))
        }
        let advances = advances
        func measured(_ index: Int64, short: Bool, opening: Bool) -> Double {
            let level = Int64(grid.level)
            return advances.width(
                of: short ? (index << level)...(index << level) : Grid.covered(index, level: grid.level),
                opening: opening)
        }
        let n = Grid.pageBlock, small = grid.smallNumberIndex
        let smallWidths = [true, false].map { opening in
            (measured(small, short: false, opening: opening), measured(small, short: true, opening: opening))
        }
        func widest(_ block: Int64, opening: Bool) -> (full: Double, short: Double) {
            let ends = [block * n, block * n + n - 1]
            let small = smallWidths[opening ? 0 : 1]
            return (
                ends.reduce(small.0) { max($0, measured($1, short: false, opening: opening)) },
                grid.level == 0 ? 0 : ends.reduce(small.1) { max($0, measured($1, short: true, opening: opening)) }
            )
        }
        blockColumnWidths = (firstBlockColumn...Self.floorDivision(columns.upperBound, n)).map {
            widest($0, opening: true)
        }
        blockRowWidths = (firstBlockRow...Self.floorDivision(rows.upperBound, n)).map { widest($0, opening: false) }
    }

    /// Row `row`'s labels in `columns`: every label's first line, then the second lines of those that have two. Lines
    /// are `<tspan>`s of a `<text>` the caller opens. A page block's columns at a time, under its plan.
    mutating func append(row: Int64, columns: ClosedRange<Int64>, into writer: inout SVGWriter) {
        var second: [(column: Int64, shape: Shape)] = []
        swap(&second, &secondLines)  // uniquely held: emptied in place
        second.removeAll(keepingCapacity: true)
        defer { secondLines = second }
        let blockRow = Self.floorDivision(row, Grid.pageBlock)
        var column = columns.lowerBound
        while column <= columns.upperBound {
            let blockColumn = Self.floorDivision(column, Grid.pageBlock)
            let blockEnd = min(columns.upperBound, (blockColumn + 1) * Grid.pageBlock - 1)
            defer { column = blockEnd + 1 }
            guard let plan = plan(blockColumn: blockColumn, blockRow: blockRow),
                row % plan.stride == 0, plan.stride == 1 || !tileAlone
            else { continue }
            for column in column...blockEnd where column % plan.stride == 0 {
                let (x, y) = numbers(column: column, row: row, short: plan.short)
                guard let shape = shape(x, y, plan) else { continue }
                appendHead(column: column, row: row, line: 0, shape: shape, into: &writer)
                writer.append(parts, x.piece)
                if shape.lines == 1 {
                    writer.append(" ")
                    writer.append(parts, y.piece)
                } else {
                    second.append((column, shape))
                }
                writer.append("</tspan>")
            }
        }
        for (column, shape) in second {
            appendHead(column: column, row: row, line: 1, shape: shape, into: &writer)
            writer.append(parts, numbers(column: column, row: row, short: shape.short).y.piece)
            writer.append("</tspan>")
        }
    }

    /// How a label is drawn: its form, lines, font size, and whether it stands alone in its tile (centred) or runs
    /// from its tile over the next ones (from the left).
    private struct Shape {
        var short: Bool
        var lines: Int
        var fontSize: Double
        var alone: Bool
    }

    /// The shape of a label of `x` and `y` under `plan`; nil where it does not fit.
    private mutating func shape(_ x: Number, _ y: Number, _ plan: Grid.LabelPlan) -> Shape? {
        // Neighbours' numbers are mostly as wide: the last label's shape again.
        if let last = lastShape, last.x == x.width, last.y == y.width, last.plan == plan { return last.shape }
        let shape = grid.labelShape(Grid.LabelWidths(x: x.width, y: y.width), stride: plan.stride, largest: labelSize)
            .map { Shape(short: plan.short, lines: $0.lines, fontSize: $0.size, alone: plan.stride == 1) }
        lastShape = (x.width, y.width, plan, shape)
        return shape
    }

    private func numbers(column: Int64, row: Int64, short: Bool) -> (x: Number, y: Number) {
        let (c, r) = (Int(column - firstColumn), Int(row - firstRow))
        return short ? (columnShortNumbers[c], rowShortNumbers[r]) : (columnNumbers[c], rowNumbers[r])
    }

    /// The plan of a block, from its widest labels (measured in `init`: those of its first and last columns and
    /// rows, since a number's width grows with its magnitude, largest at a block's ends on either side of 0, or of
    /// `-999` near 0).
    private func plan(blockColumn: Int64, blockRow: Int64) -> Grid.LabelPlan? {
        let x = blockColumnWidths[Int(blockColumn - firstBlockColumn)]
        let y = blockRowWidths[Int(blockRow - firstBlockRow)]
        return grid.labelPlan(
            full: Grid.LabelWidths(x: x.full, y: y.full),
            short: grid.level > 0 ? Grid.LabelWidths(x: x.short, y: y.short) : nil, largest: labelSize)
    }

    /// `<tspan x="…" y="…" font-size="…">` for line `line` of a label: its baseline where the line before had
    /// another, its font size where it is not the common one, from its tile's left where it runs over the next.
    private mutating func appendHead(
        column: Int64, row: Int64, line: Int, shape: Shape, into writer: inout SVGWriter
    ) {
        let (c, r) = (Int(column - firstColumn), Int(row - firstRow))
        if shape.alone {
            writer.append(parts, columnCentres[c])
        } else {
            Self.appendOpening(x: columnLefts[c] + 2, into: &writer)  // a grid of small tiles: few labels
        }
        let firstBaseline = grid.tileSize / 2 + shape.fontSize * (0.35 - 0.6 * Double(shape.lines - 1))
        let lineBaseline = rowTops[r] + ((firstBaseline + Double(line) * shape.fontSize * 1.2) * 8).rounded() / 8
        if lineBaseline != baseline {
            writer.append(#"" y=""#)
            writer.append(lineBaseline)
            baseline = lineBaseline
        }
        if !shape.alone { writer.append(#"" text-anchor="start"#) }
        if shape.fontSize != labelSize {
            if fontSizePiece?.size != shape.fontSize {
                let piece = Self.piece(of: &parts) { writer in
                    writer.append(#"" font-size=""#)
                    writer.append(shape.fontSize)
                }
                fontSizePiece = (shape.fontSize, piece)
            }
            writer.append(parts, fontSizePiece!.piece)
        }
        writer.append(#"">"#)
    }

    /// A column's `(x,` (`opening`) or a row's `y)`, written into `parts`, with its width.
    private mutating func number(_ range: ClosedRange<Int64>, opening: Bool) -> Number {
        let numbers = numbers
        let piece = Self.piece(of: &parts) { Self.append(range, numbers, opening: opening, into: &$0) }
        return Number(piece: piece, width: advances.width(of: range, opening: opening))
    }

    /// `<tspan x="…`: a line's start, in eighths of a point.
    private static func appendOpening(x: Double, into writer: inout SVGWriter) {
        writer.append(#"<tspan x=""#)
        writer.append((x * 8).rounded() / 8)
    }

    private mutating func number(_ first: Int64, opening: Bool) -> Number { number(first...first, opening: opening) }

    /// Where `body` wrote in `parts`.
    private static func piece(of parts: inout SVGWriter, _ body: (inout SVGWriter) -> Void) -> Range<Int> {
        let start = parts.byteCount
        body(&parts)
        return start..<parts.byteCount
    }

    /// `(3,`, `(0…3,` zoomed out, or `3)`: in a language's digits when given.
    private static func append(
        _ range: ClosedRange<Int64>, _ numbers: NumberSymbols?, opening: Bool, into writer: inout SVGWriter
    ) {
        if opening { writer.append("(") }
        append(range.lowerBound, numbers, into: &writer)
        if range.upperBound != range.lowerBound {
            writer.append("…")
            append(range.upperBound, numbers, into: &writer)
        }
        writer.append(opening ? "," : ")")
    }

    static func append(_ value: Int64, _ numbers: NumberSymbols?, into writer: inout SVGWriter) {
        guard let numbers else { return writer.append(value) }
        writer.append(text: 80) { numbers.write(value, into: &$0) }
    }

    /// `a ÷ n` rounded down: tile −1 is in block −1.
    private static func floorDivision(_ a: Int64, _ n: Int64) -> Int64 {
        let quotient = a / n
        return a % n < 0 ? quotient - 1 : quotient
    }
}
