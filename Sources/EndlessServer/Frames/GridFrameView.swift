import EndlessCore
import Foundation
import EndlessSVG

/// `<endless-grid>`: seed 004's infinite grid in blocks of 6 × 6 tiles; `x` and `y` open it centred there, Home
/// goes back to the centre, arrows pan a tile.
enum GridFrameView: FrameView {
    static let names = ParameterTable.frameNames(of: "grid")

    static func answer(_ request: FrameRequest) throws(EndlessError) -> FrameAnswer {
        let p = request.parameters, report = request.report
        var grid = try p.grid()
        let theme = try p.theme()
        var (reports, heldDetail) = try report.motion([.x, .y], layout: request.layout)
        if let held = report.held, held.boxes[0].count == 2,
            held.count > Limits.maximumTilesPerFrame / Int(Grid.pageBlock * Grid.pageBlock)
        {
            throw EndlessError("have", "must be the tiles held, as first:last per axis (what the last frame said)")
        }
        let world = (
            x: try p.number("x", accepts: Limits.Accepts.coordinate) ?? 0,
            y: try p.number("y", accepts: Limits.Accepts.coordinate) ?? 0
        )
        try Limits.checkCoordinate(world.x, "x")
        try Limits.checkCoordinate(world.y, "y")
        // The page's coordinates are the world's at level 0, and 2^level times smaller zoomed out.
        var start = (x: world.x / grid.scale, y: world.y / grid.scale)
        var zoomedFrom: (grid: Grid, origins: (x: Double, y: Double))? = nil
        let gesture = try p.zoomGesture(within: reports[0].length, reports[1].length)
        if let zoomed = try zoomed(grid, gesture, reports, home: report.key == .home) {
            zoomedFrom = (grid, (reports[0].origin ?? 0, reports[1].origin ?? 0))
            (grid, start) = (zoomed.grid, zoomed.start)
            (reports[0].origin, reports[1].origin) = (nil, nil)  // placed anew, every tile drawn at the new level
        }
        var frame = try grid.frame(
            horizontal: reports[0], vertical: reports[1], layout: request.layout, phase: report.phase,
            backToCentre: report.key == .home, start: start, key: report.key, presses: report.presses,
            holding: heldDetail)
        // A gesture's new level comes bare, as a fast fling's blocks do: a zoom gesture asks every few animation
        // frames, and the page lays out a label a tile. Labelled once the gesture ends (`Detail`); Home at once.
        if zoomedFrom != nil && report.key != .home { frame.detail = .bare }
        let renderer = GridRenderer(grid: grid, theme: theme)
        let style = TileCache.blockStyle(of: renderer, tilesPerBlock: frame.tilesPerBlock, detail: frame.detail)
        let (x, y) = (readoutNumber(frame.center.x * grid.scale), readoutNumber(frame.center.y * grid.scale))
        let level = String(grid.level)
        let local = { (number: String) in grid.language?.numbers.localized(number) ?? number }
        var answer = FrameAnswer(
            seq: report.sequence,
            axes: [
                AxisAnswer(.x, frame.horizontal, layout: request.layout, snap: frame.snap?.x),
                AxisAnswer(.y, frame.vertical, layout: request.layout, snap: frame.snap?.y),
            ],
            readout: [
                "x": x, "y": y, "text": "(\(local(x)), \(local(y)))", "zoom": level,
                "image": request.imageURL(
                    "grid", configuration: ["tile", "theme", "locale"],
                    position: (grid.level == 0 ? [] : [("zoom", level)]) + [
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
        if let zoomedFrom, report.held != nil {
            // Content point q of the old level is world (q + origin) × its scale: at the new level, that over the
            // new scale, less the new origin.
            let k = zoomedFrom.grid.scale / grid.scale
            let tx = zoomedFrom.origins.x * k - frame.horizontal.origin
            let ty = zoomedFrom.origins.y * k - frame.vertical.origin
            answer.underlay = "translate(\(readoutNumber(tx)) \(readoutNumber(ty))) scale(\(readoutNumber(k)))"
        }
        answer.language = grid.language
        answer.setPace(reports, of: report)
        answer.placeTiles(
            [(.x, frame.horizontal), (.y, frame.vertical)],
            reportedOrigins: reports.compactMap(\.origin).count == 2 ? reports.compactMap(\.origin) : [],
            have: report.held, need: frame.held,
            redraw: zoomedFrom != nil || (heldDetail == .bare && frame.detail == .full),
            budget: request.drawingBudget
        ) { tile in
            request.tiles.block(
                GridCoordinate(x: tile[0], y: tile[1]), tilesPerBlock: frame.tilesPerBlock, detail: frame.detail,
                of: renderer, style: style)
        }
        return answer
    }

    /// A zoom `gesture` by `zoom-by` (2: twice as large, a level in) around `zoom-at` (`x,y` points from the view's
    /// top left), or Home's back to level 0 and (0, 0): the grid at its new level and the centre,
    /// in its page's coordinates, that keeps the world point under `zoom-at` where it is. `nil` when the level
    /// stays (a pinch's small steps add up on the page) or the view is not placed yet.
    static func zoomed(
        _ grid: Grid, _ gesture: (by: Double, at: (x: Double, y: Double))?, _ reports: [AxisReport], home: Bool
    ) throws(EndlessError) -> (grid: Grid, start: (x: Double, y: Double))? {
        guard let x = reports[0].origin, let y = reports[1].origin else { return nil }
        if home {
            guard grid.level != 0 else { return nil }
            return (try Grid(tileSize: grid.tileSize, language: grid.language), (x: 0, y: 0))
        }
        guard let (by, at) = gesture else { return nil }
        let size = (reports[0].length, reports[1].length)
        let steps = Int((log(by) / log(2)).rounded())
        let level = min(max(grid.level - steps, Limits.gridLevelRange.lowerBound), Limits.gridLevelRange.upperBound)
        guard level != grid.level else { return nil }
        let zoomed = try Grid(tileSize: grid.tileSize, level: level, language: grid.language)
        let k = grid.scale / zoomed.scale
        // The page point under `at` now, at the new level; the centre then is `at` less half the view away.
        let pointX = (x + reports[0].scroll + at.0) * k, pointY = (y + reports[1].scroll + at.1) * k
        return (zoomed, (pointX - at.0 + size.0 / 2, pointY - at.1 + size.1 / 2))
    }
}
