import EndlessCore
import EndlessSVG

/// `<endless-ruler>`: a ruler whose pointer is the viewport's centre. It settles on a tick, moves by keys, and, with
/// `lead` and `factor`, follows another ruler's value instead of being scrolled (`LinkedRuler` places it).
enum RulerFrameView: FrameView {
    static let names = ParameterTable.frameNames(of: "ruler")

    static func answer(_ request: FrameRequest) throws(EndlessError) -> FrameAnswer {
        let p = request.parameters, report = request.report
        let base = try p.baseRuler()
        // `zoomable` (the element's attribute) zooms from the step even without `zoom`.
        var zoom = try p.zoom(of: base)
        if zoom == nil && p.contains("zoomable") { zoom = (try RulerZoom(base), base.configuration.step) }
        var ruler = base
        if let zoom { ruler = try zoom.ladder.ruler(at: zoom.at) }
        let (orientation, mirrored, theme, thickness, axis) = try request.sliderLook()
        var axisReport = try report.reports([axis], layout: request.layout)[0]
        let gesture = try p.zoomGesture(along: axisReport.length)
        let frame: RulerFrame
        var zoomAt = zoom?.at
        let follows = p.contains("lead")
        if follows {
            let lead = try p.number("lead", accepts: Limits.Accepts.leaderValue) ?? 0
            let link = try LinkedRuler(
                follower: ruler, factor: try p.number("factor", accepts: Limits.Accepts.factor) ?? 1)
            frame = try link.followerFrame(axisReport, layout: request.layout, leaderValue: lead, mirrored: mirrored)
        } else {
            var phase = report.phase
            var start = try ruler.offset(
                for: try p.decimal("value") ?? ruler.configuration.initialValue ?? ruler.configuration.minimum)
            // Resized, the pointer moved: placed anew with the value it showed (`value`) under it.
            if report.resized && p.contains("value") { axisReport.origin = nil }
            if let zoom, let zoomed = try Self.zoomed(ruler, zoom, gesture, axisReport, mirrored: mirrored) {
                (ruler, zoomAt, start) = (zoomed.ruler, zoomed.at, zoomed.start)
                axisReport.origin = nil  // placed anew, every tile drawn again at the new scale
                phase = .ended  // and it settles on the nearest tick of the new scale
            }
            frame = try ruler.frame(
                axisReport, layout: request.layout, phase: phase,
                key: report.key.map(RulerKey.init), presses: report.presses,
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
                    "ruler",
                    configuration: Parameters.rulerConfigurationNames.filter { $0 != "zoom" } + Parameters.lookNames,
                    position: (zoomAt.map { [("zoom", $0.description)] } ?? []) + [
                        ("value", value), ("width", readoutNumber(report.size.width)),
                        ("height", readoutNumber(report.size.height)),
                    ]),
            ],
            settled: report.phase == .ended && frame.snap == nil && report.key == nil,
            mark: MotionMark(time: report.time, reports: [axisReport], frames: [frame.axis])?.text,
            style: frame.axis.isNewPlacement
                ? FrameRequest.style(theme, light: .standard(.light), dark: .standard(.dark)) + renderer.pageStyle : nil
        )
        answer.language = ruler.configuration.language
        if let zoomAt { answer.readout["zoom"] = zoomAt.description }
        if !follows { answer.setPace([axisReport], of: report) }
        answer.placeTiles(
            [(axis, frame.axis)], reportedOrigins: axisReport.origin.map { [$0] } ?? [], have: report.held,
            redraw: zoomAt != zoom?.at, budget: request.drawingBudget
        ) { tile in
            request.tiles.pageTile(tile[0], of: renderer, style: style)
        }
        return answer
    }

    /// A zoom `gesture` by `zoom-by` (2 shows things twice as large) around `zoom-at` (points from the view's leading
    /// edge): the ruler at the new rung, and the pointer's offset that keeps the value under `zoom-at` where it is. `nil` when the rung stays (small steps of a pinch add up on the page) or the view is
    /// not placed yet.
    static func zoomed(
        _ ruler: Ruler, _ zoom: (ladder: RulerZoom, at: DecimalNumber), _ gesture: (by: Double, at: Double)?,
        _ report: AxisReport, mirrored: Bool
    ) throws(EndlessError) -> (ruler: Ruler, at: DecimalNumber, start: Double)? {
        guard let (by, at) = gesture else { return nil }
        let half = report.length / 2
        let target = zoom.ladder.rung(from: zoom.at, by: by)
        guard target != zoom.at, let origin = report.origin else { return nil }
        let sign: Double = mirrored ? -1 : 1
        let pointer = ruler.clampedOffset(sign * (origin + report.scroll + half))
        let value = ruler.continuousValue(atOffset: pointer + sign * (at - half))
        let zoomed = try zoom.ladder.ruler(at: target)
        return (zoomed, target, zoomed.offset(forContinuousValue: value) - sign * (at - half))
    }
}
