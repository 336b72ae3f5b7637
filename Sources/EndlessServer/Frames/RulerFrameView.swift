import EndlessCore
import EndlessSVG

/// `<endless-ruler>`: a ruler whose pointer is the viewport's centre. It settles on a tick, moves by keys, and, with
/// `lead` and `factor`, follows another ruler's value instead of being scrolled (`LinkedRuler` places it).
enum RulerFrameView: FrameView {
    static let configurationNames = Parameters.rulerConfigurationNames + ["height"] + Parameters.lookNames
    static let names = configurationNames + ["value", "lead", "factor"]

    static func answer(_ request: FrameRequest) throws(EndlessError) -> FrameAnswer {
        let p = request.parameters, report = request.report
        let ruler = try p.ruler()
        let orientation = try p.orientation()
        let mirrored = try p.isMirrored(orientation)
        let theme = try p.theme()
        let thickness = try p.number("height", accepts: Limits.Accepts.windowSide) ?? 120
        try Limits.checkWindowSide(thickness, "height")
        let axis: FrameAxis = orientation.isVertical ? .y : .x
        var axisReport = try report.reports([axis], layout: request.layout)[0]
        let frame: RulerFrame
        let follows = p.contains("lead")
        if follows {
            let lead = try p.number("lead", accepts: "the leader's value under its pointer, a number") ?? 0
            let link = try LinkedRuler(
                follower: ruler, factor: try p.number("factor", accepts: Limits.Accepts.factor) ?? 1)
            frame = try link.followerFrame(axisReport, layout: request.layout, leaderValue: lead, mirrored: mirrored)
        } else {
            let start = try ruler.offset(
                for: try p.decimal("value") ?? ruler.configuration.initialValue ?? ruler.configuration.minimum)
            // Resized, the pointer moved: placed anew with the value it showed (`value`) under it.
            if report.resized && p.contains("value") { axisReport.origin = nil }
            frame = try ruler.frame(
                axisReport, layout: request.layout, phase: report.phase,
                key: report.key.map(RulerKey.init),
                startOffset: start, mirrored: mirrored)
        }
        // The look's renderer and style, drawn once (`RulerLooks`).
        let drawing = request.tiles.rulerLooks.drawing(
            of: ruler, thickness: thickness, orientation: orientation, mirrored: mirrored, theme: theme)
        let renderer = drawing.renderer
        let style = TileCache.pageStyle(ofStyle: drawing.style)
        let value = ruler.format(frame.value)
        let range = ruler.valueRange
        var answer = FrameAnswer(
            seq: report.sequence,
            axes: [AxisAnswer(axis, frame.axis, layout: request.layout, snap: frame.snap, absolute: follows)],
            readout: [
                "value": value, "text": ruler.text(frame.value),
                "position": readoutNumber(ruler.continuousValue(atOffset: frame.pointerOffset)),
                "minimum": ruler.format(range.lowerBound), "maximum": ruler.format(range.upperBound),
                "orientation": orientation.description,
                "image": request.imageURL(
                    "ruler", configuration: Parameters.rulerConfigurationNames + Parameters.lookNames,
                    position: [
                        ("value", value), ("width", readoutNumber(report.size.width)),
                        ("height", readoutNumber(report.size.height)),
                    ]),
            ],
            settled: report.phase == .ended && frame.snap == nil && report.key == nil,
            mark: MotionMark(time: report.time, reports: [axisReport], frames: [frame.axis])?.text,
            style: frame.axis.isNewPlacement
                ? FrameRequest.style(theme, light: .standard(.light), dark: .standard(.dark)) + renderer.pageStyle : nil
        )
        if !follows { answer.setPace([axisReport], of: report) }
        answer.placeTiles(
            [(axis, frame.axis)], reportedOrigins: axisReport.origin.map { [$0] } ?? [], have: report.held,
            budget: request.drawingBudget
        ) { tile in
            request.tiles.pageTile(tile[0], of: renderer, style: style)
        }
        return answer
    }
}
