extension Grid {
    /// How the labels of one page block's tiles stand: every `stride`th tile each way from tile 0, and in the short
    /// form (a zoomed-out tile's first column and row, not its ranges) or not.
    package struct LabelPlan: Sendable, Equatable {
        package var stride: Int64
        package var short: Bool
    }

    /// A label's two numbers' widths in ems: `(x,` and `y)`.
    package struct LabelWidths: Sendable {
        package var x: Double
        package var y: Double
        package init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
    }

    /// Strides that divide a page block's side (`pageBlock`): a label runs over at most its block's tiles, so every
    /// block draws all of its labels, whole, and none reaches into the next.
    package static let labelStrides: [Int64] = [1, 2, 3, 6]

    /// The smallest a label is drawn, in points.
    package static let smallestLabel: Double = 4

    /// The width of the space between a label's numbers on one line, in ems (DejaVu Sans).
    private static let space = 0.318

    /// The whole-point size and lines (`(x, y)`, or `(x,` over `y)`) at which a label fits `stride` tiles along,
    /// with `TextWidth.clearance`'s margin, and one tile across: the larger of the two, one line where they tie; at
    /// most `largest`, nil under `smallestLabel`.
    package func labelShape(_ widths: LabelWidths, stride: Int64, largest: Double) -> (size: Double, lines: Int)? {
        func size(width: Double, lines: Int) -> Double {
            let along = (Double(stride) * tileSize - 4) / 1.15 / width
            return min(largest, along.rounded(.down), (tileSize / (1.2 * Double(lines))).rounded(.down))
        }
        let one = size(width: widths.x + Self.space + widths.y, lines: 1)
        let two = size(width: max(widths.x, widths.y), lines: 2)
        let best = one >= two ? (size: one, lines: 1) : (size: two, lines: 2)
        return best.size >= Self.smallestLabel ? best : nil
    }

    /// The plan for a block whose widest labels are `full` and `short` (nil where a tile covers one column): each
    /// label whole in its own tile if it fits, else the short form, then every 2nd, 3rd or 6th tile; nil where no
    /// label fits a block.
    package func labelPlan(full: LabelWidths, short: LabelWidths?, largest: Double) -> LabelPlan? {
        for stride in Self.labelStrides {
            if labelShape(full, stride: stride, largest: largest) != nil {
                return LabelPlan(stride: stride, short: false)
            }
            if let short, labelShape(short, stride: stride, largest: largest) != nil {
                return LabelPlan(stride: stride, short: true)
            }
        }
        return nil
    }

    /// The column or row whose number stands for the small ones in a plan (`-999`, or the range of such a tile
    /// zoomed out): a block near 0 is planned as if its numbers had three digits, so that the blocks around the
    /// origin, whose numbers grow a digit every few tiles, share one plan.
    package var smallNumberIndex: Int64 { min(-1, -(999 >> Int64(level))) }
}
