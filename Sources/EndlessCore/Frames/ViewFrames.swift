/// What a loop view shows after the page applies a frame.
public struct LoopFrame: Sendable, Hashable {
    public var axis: AxisFrame
    /// Where to settle (an item centred), as a scroll position.
    public var snap: Double?
    /// The item nearest the viewport's centre once settled.
    public var centredItem: Int
}

extension Loop {
    /// The frame for a loop view: tiles every item, settles with the nearest item centred.
    public func frame(_ report: AxisReport, layout: AxisLayout, gestureEnded: Bool) throws(EndlessError) -> LoopFrame {
        let axis = try layout.frame(report, strip: itemStrip, gestureEnded: gestureEnded, quantum: spacing, start: 0)
        let leading = axis.origin + axis.settledScroll
        let settled = gestureEnded ? snapRule(windowWidth: report.length).snap(leading) : leading
        let item = label(ofItem: itemStrip.tile(containing: settled + report.length / 2))
        return LoopFrame(axis: axis, snap: settled == leading ? nil : settled - axis.origin, centredItem: item)
    }
}

/// What a grid view shows after the page applies a frame.
public struct GridFrame: Sendable {
    /// Columns and rows of blocks, each `tilesPerBlock × tilesPerBlock` tiles.
    public var horizontal: AxisFrame
    public var vertical: AxisFrame
    public var tilesPerBlock: Int64
    /// Where to scroll smoothly (back to centre), if anywhere.
    public var snap: (x: Double, y: Double)?
    /// World point at the viewport's centre once applied.
    public var center: (x: Double, y: Double)

    /// Tiles the page holds once applied.
    public var tileCount: Int { horizontal.tiles.count * vertical.tiles.count * Int(tilesPerBlock * tilesPerBlock) }
}

extension Grid {
    /// A page places the grid in blocks of 4 × 4 tiles, each one element: a 1168 × 500 view at rest holds 50 blocks
    /// rather than 600 tiles.
    public static let pageBlock: Int64 = 4

    /// The frame for a grid view; `backToCentre` scrolls smoothly to (0, 0) when it is near, and
    /// re-places the content around it when it is too far to scroll to.
    public func frame(
        horizontal: AxisReport, vertical: AxisReport, layout: AxisLayout, gestureEnded: Bool, backToCentre: Bool,
        start: (x: Double, y: Double), tilesPerBlock: Int64 = Grid.pageBlock
    ) throws(EndlessError) -> GridFrame {
        var horizontal = horizontal, vertical = vertical
        var start = start
        if backToCentre, let x = horizontal.origin, let y = vertical.origin {
            let target = (x: -horizontal.length / 2 - x, y: -vertical.length / 2 - y)
            let reachable = (layout.edgeMargin...layout.contentLength - layout.edgeMargin)
            if !(reachable.contains(target.x) && reachable.contains(target.y)) {
                (horizontal.origin, vertical.origin) = (nil, nil)
                start = (0, 0)
            }
        }
        let strip = blockStrip(tilesPerBlock: tilesPerBlock)
        func axes(marginScale scale: Double) throws(EndlessError) -> (AxisFrame, AxisFrame) {
            var scaled = layout
            scaled.overscan *= scale
            scaled.maximumLead *= scale
            return (
                try scaled.frame(
                    horizontal, strip: strip, gestureEnded: gestureEnded, quantum: strip.length,
                    start: start.x - horizontal.length / 2),
                try scaled.frame(
                    vertical, strip: strip, gestureEnded: gestureEnded, quantum: strip.length,
                    start: start.y - vertical.length / 2)
            )
        }
        // A huge viewport or a fast fling gets smaller margins rather than a frame too big to send; with none,
        // the largest viewport (8192 × 8192) fits.
        let tilesInBlock = Int(tilesPerBlock * tilesPerBlock)
        var (columns, rows) = try axes(marginScale: 1)
        for scale in [0.5, 0.25, 0.125, 0]
        where columns.tiles.count * rows.tiles.count * tilesInBlock > Limits.maximumTilesPerFrame {
            (columns, rows) = try axes(marginScale: scale)
        }
        let center = (
            x: columns.origin + columns.settledScroll + horizontal.length / 2,
            y: rows.origin + rows.settledScroll + vertical.length / 2
        )
        var snap: (x: Double, y: Double)? = nil
        if backToCentre, center != (0, 0) {
            snap = (-horizontal.length / 2 - columns.origin, -vertical.length / 2 - rows.origin)
        }
        return GridFrame(
            horizontal: columns, vertical: rows, tilesPerBlock: tilesPerBlock, snap: snap,
            center: snap == nil ? center : (0, 0))
    }
}
