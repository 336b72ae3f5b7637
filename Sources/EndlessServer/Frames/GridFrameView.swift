import EndlessCore
import EndlessSVG

/// `<endless-grid>`: seed 004's infinite grid in blocks of 6 × 6 tiles; `x` and `y` open it centred there, Home
/// goes back to the centre, arrows pan a tile.
enum GridFrameView: FrameView {
    static let names = ["tile", "theme", "x", "y"]

    static func answer(_ request: FrameRequest) throws(EndlessError) -> FrameAnswer {
        let p = request.parameters, report = request.report
        let grid = try p.grid()
        let theme = try p.theme()
        let (reports, heldDetail) = try report.motion([.x, .y], layout: request.layout)
        if let held = report.held, held.boxes[0].count == 2,
            held.count > Limits.maximumTilesPerFrame / Int(Grid.pageBlock * Grid.pageBlock)
        {
            throw EndlessError("have", "must be the tiles held, as first:last per axis (what the last frame said)")
        }
        let start = (
            x: try p.number("x", accepts: Limits.Accepts.coordinate) ?? 0,
            y: try p.number("y", accepts: Limits.Accepts.coordinate) ?? 0
        )
        try Limits.checkCoordinate(start.x, "x")
        try Limits.checkCoordinate(start.y, "y")
        let frame = try grid.frame(
            horizontal: reports[0], vertical: reports[1], layout: request.layout, phase: report.phase,
            backToCentre: report.key == .home, start: start, key: report.key, holding: heldDetail)
        let renderer = GridRenderer(grid: grid, theme: theme)
        let style = TileCache.blockStyle(of: renderer, tilesPerBlock: frame.tilesPerBlock, detail: frame.detail)
        let (x, y) = (readoutNumber(frame.center.x), readoutNumber(frame.center.y))
        var answer = FrameAnswer(
            seq: report.sequence,
            axes: [
                AxisAnswer(.x, frame.horizontal, layout: request.layout, snap: frame.snap?.x),
                AxisAnswer(.y, frame.vertical, layout: request.layout, snap: frame.snap?.y),
            ],
            readout: [
                "x": x, "y": y, "text": "(\(x), \(y))",
                "image": request.imageURL(
                    "grid", configuration: ["tile", "theme"],
                    position: [
                        ("x", x), ("y", y), ("width", readoutNumber(report.size.width)),
                        ("height", readoutNumber(report.size.height)),
                    ]),
            ],
            settled: report.phase == .ended && frame.snap == nil && report.key == nil,
            mark: MotionMark(
                time: report.time, reports: reports, frames: [frame.horizontal, frame.vertical], holding: frame.detail
            )?.text,
            style: frame.horizontal.isNewPlacement
                ? FrameRequest.style(theme, light: .standard(.light), dark: .standard(.dark)) + renderer.pageStyle : nil
        )
        answer.setPace(reports, of: report)
        answer.placeTiles(
            [(.x, frame.horizontal), (.y, frame.vertical)],
            reportedOrigins: reports.compactMap(\.origin).count == 2 ? reports.compactMap(\.origin) : [],
            have: report.held, need: frame.held, redraw: heldDetail == .bare && frame.detail == .full,
            budget: request.drawingBudget
        ) { tile in
            request.tiles.block(
                GridCoordinate(x: tile[0], y: tile[1]), tilesPerBlock: frame.tilesPerBlock, detail: frame.detail,
                of: renderer, style: style)
        }
        return answer
    }
}
