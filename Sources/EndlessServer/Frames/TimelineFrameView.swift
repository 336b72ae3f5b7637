import EndlessCore
import EndlessSVG

/// `<endless-timeline>`: a timeline whose pointer is the viewport's centre, a form control whose value is an RFC 3339
/// instant. It settles on the step's nearest tick, moves a step by keys, zooms along the ladder, and, with `lead`,
/// follows another timeline's instant in its own zone instead of being scrolled.
enum TimelineFrameView: FrameView {
    static let names = ParameterTable.frameNames(of: "timeline")

    static func answer(_ request: FrameRequest) throws(EndlessError) -> FrameAnswer {
        let p = request.parameters, report = request.report
        var timeline = try p.timeline()
        // The element reflects the rung it is at as `zoom`: it stands for `scale`.
        if let zoom = p.text("zoom") { timeline = try timeline.at(scale: try TimeScale(zoom, "zoom")) }
        var (orientation, mirrored, theme, thickness, axis) = try request.sliderLook()
        let items = try request.items.set(named: p.text("items"))
        if items == nil { try checkItemsNamed(p) }
        // As thick as the axis and the lanes, unless the page says.
        if let items, !p.contains("height") {
            thickness = min(
                ItemLayout.axisThickness(orientation) + ItemLayout.thickness(of: items), Limits.maximumWindowSide)
        }
        var axisReport = try report.reports([axis], layout: request.layout)[0]
        let gesture = try p.zoomGesture(along: axisReport.length)
        var frame: TimelineFrame
        var chosen: Int?
        let follows = p.contains("lead")
        var scaleChanged = false
        if follows {
            let lead = try p.number("lead", accepts: Limits.Accepts.leaderInstant) ?? 0
            frame = try timeline.followerFrame(axisReport, layout: request.layout, lead: lead, mirrored: mirrored)
        } else {
            var phase = report.phase
            var start = try p.instant("value") ?? Parameters.defaultInstant
            if report.resized && p.contains("value") { axisReport.origin = nil }
            if let (by, at) = gesture, let origin = axisReport.origin {
                // The instant under `zoom-at` stays there; every tile is drawn again at the new rung.
                let half = axisReport.length / 2
                let zoomed = try timeline.at(scale: Timeline.rung(from: timeline.scale, by: by))
                if zoomed.scale != timeline.scale {
                    let sign: Double = mirrored ? -1 : 1
                    let pointer = timeline.clampedOffset(sign * (origin + axisReport.scroll + half))
                    let held = (pointer + sign * (at - half)) / timeline.pointsPerSecond
                    let seconds = held - sign * (at - half) / zoomed.pointsPerSecond
                    start = try zoomed.instant(atOffset: seconds * zoomed.pointsPerSecond)
                    (timeline, scaleChanged, axisReport.origin, phase) = (zoomed, true, nil, .ended)
                }
            }
            frame = try timeline.frame(
                axisReport, layout: request.layout, phase: phase, key: report.key, presses: report.presses,
                start: start, mirrored: mirrored)
            if let items,
                let choice = try choice(
                    among: items, p, timeline: timeline, report: axisReport, pointer: frame.pointerOffset,
                    mirrored: mirrored, vertical: orientation.isVertical,
                    band: ItemLayout.axisBand(within: thickness, orientation))
            {
                chosen = choice.item
                if choice.goes {
                    // To the item's start, and settled there: smoothly where the content reaches, else placed anew.
                    let goal = Instant(unchecked: items.starts[choice.item])
                    frame = try timeline.frame(
                        axisReport, layout: request.layout, phase: phase, start: start, mirrored: mirrored, to: goal)
                    let reach = 0...max(0, request.layout.contentLength - axisReport.length)
                    if let snap = frame.snap, !reach.contains(snap) {
                        axisReport.origin = nil
                        frame = try timeline.frame(
                            axisReport, layout: request.layout, phase: phase, start: goal, mirrored: mirrored, to: goal)
                    }
                }
            }
        }
        let renderer = TimelineRenderer(
            timeline: timeline, orientation: orientation, theme: theme, thickness: thickness, mirrored: mirrored,
            items: items)
        let style = TileCache.pageStyle(of: renderer, mirrored: mirrored, thickness: thickness)
        let value = timeline.text(frame.value)
        var answer = FrameAnswer(
            seq: report.sequence,
            axes: [AxisAnswer(axis, frame.axis, layout: request.layout, snap: frame.snap, absolute: follows)],
            readout: [
                "value": value, "number": String(frame.value.secondsSinceEpoch * 1000),
                "text": timeline.spokenText(frame.value),
                "position": readoutNumber(frame.pointerOffset / timeline.pointsPerSecond),
                "minimum": timeline.minimum.map(timeline.text) ?? "",
                "maximum": timeline.maximum.map(timeline.text) ?? "",
                "zoom": timeline.scale.rawValue, "orientation": orientation.description,
                "image": request.imageURL(
                    "timeline",
                    configuration: Parameters.timelineConfigurationNames.filter { $0 != "scale" }
                        + Parameters.lookNames + ["items"],
                    position: [
                        ("scale", timeline.scale.rawValue), ("at", value), ("width", readoutNumber(report.size.width)),
                        ("height", readoutNumber(report.size.height)),
                    ]),
            ],
            settled: report.phase == .ended && frame.snap == nil && report.key == nil,
            mark: MotionMark(time: report.time, reports: [axisReport], frames: [frame.axis])?.text,
            style: frame.axis.isNewPlacement
                ? FrameRequest.style(theme, light: .standard(.light), dark: .standard(.dark)) + renderer.pageStyle : nil
        )
        answer.language = timeline.language
        if !follows { answer.setPace([axisReport], of: report) }
        // A set changed since the page's tiles were drawn: every tile again, and the lanes' names.
        let redrawn = items.map { set in p.text("drawn").map { $0 != drawn(set) } ?? false } ?? false
        if let items {
            answer.items = ItemsAnswer(
                drawn: drawn(items), refresh: refreshMilliseconds,
                lanes: frame.axis.isNewPlacement || report.resized || redrawn
                    ? renderer.laneNames(length: axisReport.length, mirrored: mirrored) : nil,
                item: chosen.map { fields(of: $0, in: items, timeline: timeline) })
            // Its earliest instant in view, where a bar crossing it is titled: the view's leading edge, as a
            // content coordinate once this answer is applied (right to left, its right edge).
            let edgeOffset = frame.pointerOffset - axisReport.length / 2
            if let edge = try? timeline.instant(atOffset: edgeOffset) {
                answer.items?.edge = renderer.edgeTitles(
                    at: edge.secondsSinceEpoch, placed: (mirrored ? -edgeOffset : edgeOffset) - frame.axis.origin,
                    band: ItemLayout.axisBand(within: thickness, orientation), mirrored: mirrored)
            }
            // The lanes' names stay over the tiles, beside the axis band.
            let band = ItemLayout.axisBand(within: thickness, orientation)
            let vertical = orientation.isVertical
            answer.style? +=
                (vertical
                    ? ".lanes{top:0;left:\(band)px}" : ".lanes{top:\(band)px\(mirrored ? ";left:auto;right:0" : "")}")
                + (p.contains("height") ? "" : ":host{\(vertical ? "width" : "height"):\(thickness)px}")
        }
        answer.placeTiles(
            [(axis, frame.axis)], reportedOrigins: axisReport.origin.map { [$0] } ?? [], have: report.held,
            redraw: scaleChanged || redrawn, budget: request.drawingBudget
        ) { tile in
            request.tiles.pageBlock(tile[0], of: renderer, mirrored: mirrored, thickness: thickness, style: style)
        }
        return answer
    }
}
