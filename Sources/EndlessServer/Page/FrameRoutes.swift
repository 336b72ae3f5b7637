import EndlessCore
import EndlessSVG
import Foundation
import Hummingbird

/// `/frame/ruler`, `/frame/loop`, `/frame/grid`: what the page asks once per animation frame at most.
/// The page reports where it is; the answer says what to add, move and remove, where to scroll, what to show.
struct FrameResponder: Sendable {
    let tiles: TileCache
    let layout = AxisLayout()
    let link = LinkedRuler.kilogramsAndPounds()

    static let rulerNames = [
        "seq", "t", "mark", "scroll", "origin", "width", "height", "have", "end", "resize", "key", "value", "lorigin",
        "lhave", "lheight",
    ]
    static let loopNames = ["seq", "t", "mark", "scroll", "origin", "width", "height", "have", "end", "resize"]
    static let gridNames = [
        "seq", "t", "mark", "scroll", "top", "origin", "otop", "width", "height", "have", "end", "resize", "centre",
        "x",
        "y",
    ]

    func ruler(_ p: EndlessCore.Parameters) throws(EndlessError) -> RulerFrameJSON {
        let width = try p.number("width", accepts: "the viewport width, greater than 0 and at most 8192") ?? 0
        let height = try p.number("height", accepts: "a tile height from 1 to 8192") ?? 120
        let linkedHeight = try p.number("lheight", accepts: "a tile height from 1 to 8192") ?? 80
        try Limits.checkWindowSide(height, "height")
        try Limits.checkWindowSide(linkedHeight, "lheight")
        var key: RulerKey?
        if let name = p.text("key") {
            guard let known = RulerKey(rawValue: name) else {
                throw EndlessError("key", "must be one of " + RulerKey.allCases.map(\.rawValue).joined(separator: ", "))
            }
            key = known
        }
        let ruler = link.leader
        let start = try ruler.offset(
            for: try p.decimal("value") ?? ruler.configuration.initialValue ?? ruler.configuration.minimum)
        let time = try clock(p)
        var report = try moving(
            p, time: time, [try axisReport(p, scroll: "scroll", origin: "origin", have: "have", length: width)])[0]
        // Resized, the view's pointer moved: it is placed anew with the value it showed (`value`) under the pointer.
        if p.text("resize") == "1", p.contains("value") { report.origin = nil }
        let ended = p.text("end") == "1"
        let frame = try ruler.frame(report, layout: layout, gestureEnded: ended, key: key, startOffset: start)
        let linkedReport = AxisReport(
            scroll: 0, origin: try p.number("lorigin", accepts: "the origin the last frame gave"), length: width,
            have: try tileRange(p.text("lhave"), "lhave"))
        let follower = try link.followerFrame(linkedReport, layout: layout, leaderOffset: frame.pointerOffset)
        let leaderRenderer = RulerRenderer(ruler: ruler, height: height)
        let followerRenderer = RulerRenderer(ruler: link.follower, height: linkedHeight)
        let (leaderStyle, followerStyle) = (TileCache.style(of: leaderRenderer), TileCache.style(of: followerRenderer))
        let value = ruler.format(frame.value)
        let settled = ended && frame.snap == nil
        return RulerFrameJSON(
            seq: try p.integer("seq", accepts: "a whole number") ?? 0,
            view: AxisFrameJSON(frame.axis, reportedOrigin: report.origin, have: report.have, snap: frame.snap) {
                block in
                leaderRenderer.blockElement(tiles.block(block, of: leaderRenderer, style: leaderStyle))
            },
            linked: {
                // The follower is placed by the server, never scrolled by hand: its scroll is always absolute.
                var linked = AxisFrameJSON(
                    follower.axis, reportedOrigin: linkedReport.origin, have: linkedReport.have, snap: nil
                ) {
                    block in
                    followerRenderer.blockElement(tiles.block(block, of: followerRenderer, style: followerStyle))
                }
                (linked.scroll, linked.shift) = (follower.axis.scroll, 0)  // kept tiles move with `move`
                return linked
            }(),
            value: value, text: "\(value) \(ruler.configuration.unit)",
            linkedText: "\(link.follower.format(follower.value)) \(link.follower.configuration.unit)",
            state: settled ? ["value": value] : nil,
            mark: MotionMark(time: time, reports: [report], frames: [frame.axis])?.text)
    }

    func loop(_ p: EndlessCore.Parameters) throws(EndlessError) -> LoopFrameJSON {
        let loop = Loop.standard
        let width = try p.number("width", accepts: "the viewport width, greater than 0 and at most 8192") ?? 0
        let height = try p.number("height", accepts: "a tile height from 1 to 8192") ?? 120
        try Limits.checkWindowSide(height, "height")
        let time = try clock(p)
        let report = try moving(
            p, time: time, [try axisReport(p, scroll: "scroll", origin: "origin", have: "have", length: width)])[0]
        // Resized, the item that was centred is no longer: settle again.
        let frame = try loop.frame(
            report, layout: layout, gestureEnded: p.text("end") == "1" || p.text("resize") == "1")
        let renderer = LoopRenderer(loop: loop, height: height)
        let style = TileCache.style(of: renderer)
        return LoopFrameJSON(
            seq: try p.integer("seq", accepts: "a whole number") ?? 0,
            view: AxisFrameJSON(frame.axis, reportedOrigin: report.origin, have: report.have, snap: frame.snap) {
                item in renderer.itemElement(tiles.item(item, of: renderer, style: style))
            },
            item: frame.centredItem, mark: MotionMark(time: time, reports: [report], frames: [frame.axis])?.text)
    }

    func grid(_ p: EndlessCore.Parameters) throws(EndlessError) -> GridFrameJSON {
        let grid = Grid.standard
        let width = try p.number("width", accepts: "the viewport width, greater than 0 and at most 8192") ?? 0
        let height = try p.number("height", accepts: "the viewport height, greater than 0 and at most 8192") ?? 0
        let time = try clock(p)
        let reports = try moving(
            p, time: time,
            [
                try axisReport(p, scroll: "scroll", origin: "origin", have: nil, length: width),
                try axisReport(p, scroll: "top", origin: "otop", have: nil, length: height),
            ])
        let (horizontal, vertical) = (reports[0], reports[1])
        var have: (ClosedRange<Int64>, ClosedRange<Int64>)?
        if let text = p.text("have") {
            let parts = text.split(separator: ",").map(String.init)
            guard parts.count == 2, let columns = try tileRange(parts[0], "have"),
                let rows = try tileRange(parts[1], "have"),
                columns.count * rows.count * Int(Grid.pageBlock * Grid.pageBlock) <= Limits.maximumTilesPerFrame
            else { throw EndlessError("have", "must be the tiles held, as x0:x1,y0:y1 (what the last frame said)") }
            have = (columns, rows)
        }
        let start = (
            x: try p.number("x", accepts: "a number between -1e15 and 1e15") ?? 0,
            y: try p.number("y", accepts: "a number between -1e15 and 1e15") ?? 0
        )
        try Limits.checkCoordinate(start.x, "x")
        try Limits.checkCoordinate(start.y, "y")
        let ended = p.text("end") == "1"
        let frame = try grid.frame(
            horizontal: horizontal, vertical: vertical, layout: layout, gestureEnded: ended,
            backToCentre: p.text("centre") == "1", start: start)
        let renderer = GridRenderer(grid: grid)
        let style = TileCache.blockStyle(of: renderer, tilesPerBlock: frame.tilesPerBlock)
        return GridFrameJSON(
            seq: try p.integer("seq", accepts: "a whole number") ?? 0, frame: frame,
            reported: (horizontal.origin, vertical.origin), have: have, settled: ended && frame.snap == nil,
            mark: MotionMark(
                time: time, reports: [horizontal, vertical], frames: [frame.horizontal, frame.vertical])?.text
        ) { block in
            tiles.block(block, tilesPerBlock: frame.tilesPerBlock, of: renderer, style: style)
        }
    }

    /// The page's clock (`t`, in milliseconds), when it reports one.
    private func clock(_ p: EndlessCore.Parameters) throws(EndlessError) -> Double? {
        try p.number("t", accepts: "the page's clock in milliseconds, a number")
    }

    /// The reports with their velocities and cycles, from the `mark` the last frame gave and the page's clock `time`.
    private func moving(_ p: EndlessCore.Parameters, time: Double?, _ reports: [AxisReport]) throws(EndlessError)
        -> [AxisReport]
    {
        guard let time, let mark = try MotionMark(p.text("mark"), axes: reports.count) else { return reports }
        var reports = reports
        mark.setMotion(of: &reports, at: time)
        return reports
    }

    private func axisReport(_ p: EndlessCore.Parameters, scroll: String, origin: String, have: String?, length: Double)
        throws(EndlessError) -> AxisReport
    {
        AxisReport(
            scroll: try p.number(scroll, accepts: "the scroll position, a number") ?? 0,
            origin: try p.number(origin, accepts: "the origin the last frame gave, a number"),
            length: length, have: try tileRange(have.flatMap(p.text), have ?? "have"))
    }
}

extension Router {
    /// The frame endpoints: JSON, never cached, gzipped when the page accepts it (the SVG in a frame shrinks
    /// about twentyfold: a fast scroll over a real network sends kilobytes a frame, not tens of them).
    func addFrameRoutes(_ frames: FrameResponder, compressors: CompressorPool) {
        func route(
            _ view: String, _ names: [String],
            _ make: @escaping @Sendable (EndlessCore.Parameters) throws(EndlessError) -> any Encodable
        ) {
            let handler: @Sendable (Request, Context) async throws -> Response = { request, _ in
                do {
                    let json = try JSONEncoder().encode(
                        make(try EndlessCore.Parameters(request.queryPairs, accepted: names)))
                    return compressors.response(
                        ByteBuffer(bytes: json),
                        headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        to: request)
                } catch let error as EndlessError {
                    throw PlainTextError(error)
                }
            }
            get(RouterPath("/frame/\(view)"), use: handler)
            head(RouterPath("/frame/\(view)"), use: handler)
        }
        route("ruler", FrameResponder.rulerNames, frames.ruler)
        route("loop", FrameResponder.loopNames, frames.loop)
        route("grid", FrameResponder.gridNames, frames.grid)
    }
}
