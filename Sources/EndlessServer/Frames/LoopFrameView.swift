import EndlessCore
import EndlessSVG

/// `<endless-loop>`: seed 002's strip, settling with an item centred; `item` opens it with that item centred.
enum LoopFrameView: FrameView {
    static let names = ParameterTable.frameNames(of: "loop")

    static func answer(_ request: FrameRequest) throws(EndlessError) -> FrameAnswer {
        let p = request.parameters, report = request.report
        let loop = try p.loop()
        let orientation = try p.orientation()
        let theme = try p.theme()
        let thickness = try p.number("height", accepts: Limits.Accepts.windowSide) ?? 120
        try Limits.checkWindowSide(thickness, "height")
        let axis: FrameAxis = orientation.isVertical ? .y : .x
        let axisReport = try report.reports([axis], layout: request.layout)[0]
        let item = try p.integer("item", accepts: Limits.Accepts.loopItem) ?? 0
        guard (-1_000_000_000...1_000_000_000).contains(item) else {  // not abs: it traps on Int.min
            throw EndlessError("item", "must be \(Limits.Accepts.loopItem)")
        }
        // Resized, the item that was centred is no longer: settle again.
        let frame = try loop.frame(
            axisReport, layout: request.layout, phase: report.resized ? .ended : report.phase, key: report.key,
            presses: report.presses,
            start: loop.leading(centring: Int64(item), width: axisReport.length))
        let renderer = LoopRenderer(loop: loop, height: thickness, orientation: orientation, theme: theme)
        let style = TileCache.pageStyle(of: renderer)
        let leading = frame.axis.origin + (frame.snap ?? frame.axis.settledScroll)
        var answer = FrameAnswer(
            seq: report.sequence,
            axes: [AxisAnswer(axis, frame.axis, layout: request.layout, snap: frame.snap)],
            readout: [
                "item": String(frame.centredItem),
                "text": "item "
                    + (loop.language?.numbers.localized(String(frame.centredItem)) ?? String(frame.centredItem)),
                "minimum": "0", "maximum": String(loop.count - 1),
                "orientation": orientation.description,
                "image": request.imageURL(
                    "loop", configuration: Parameters.loopConfigurationNames + ["orientation", "theme"],
                    position: [
                        ("offset", readoutNumber(leading)), ("width", readoutNumber(report.size.width)),
                        ("height", readoutNumber(report.size.height)),
                    ]),
            ],
            settled: report.phase == .ended && frame.snap == nil && report.key == nil,
            mark: MotionMark(time: report.time, reports: [axisReport], frames: [frame.axis])?.text,
            style: frame.axis.isNewPlacement
                ? FrameRequest.style(theme, light: .loop(.light), dark: .loop(.dark)) + renderer.pageStyle : nil)
        answer.language = loop.language
        answer.setPace([axisReport], of: report)
        answer.placeTiles(
            [(axis, frame.axis)], reportedOrigins: axisReport.origin.map { [$0] } ?? [], have: report.held,
            budget: request.drawingBudget
        ) { tile in
            request.tiles.pageItem(tile[0], of: renderer, style: style)
        }
        return answer
    }
}
