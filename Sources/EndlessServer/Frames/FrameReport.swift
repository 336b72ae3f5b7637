import EndlessCore

/// Which scroll position of the page's element an axis is: `scrollLeft` (x) or `scrollTop` (y).
enum FrameAxis: String, Sendable {
    case x, y
}

/// What a page reports each time it asks for a frame, in the same shape for every view: its viewport's size and
/// scroll position, what the last frame gave it (per axis: the origin and the tiles held), its clock and the last
/// frame's `mark`, and what happened (a gesture ended, the view was resized, a key was pressed).
struct FrameReport: Sendable {
    var sequence: Int
    var time: Double?
    var mark: String?
    /// Milliseconds the page's requests take to be answered (`AxisReport.roundTrip`); 0 when it does not know.
    var roundTrip: Double
    /// Milliseconds between the page's animation frames (`AxisReport.frameTime`); 0 when it does not know.
    var frameTime: Double
    var size: (width: Double, height: Double)
    var scroll: (x: Double, y: Double)
    /// Per axis of the view, as the last frame said; empty when the view is to be placed anew.
    var origins: [Double]
    /// Per axis, the runs of tiles held: one, or one per box of a staircase (`TileSet`), the same count on each axis.
    var have: [[ClosedRange<Int64>]]
    /// `.ended` when the page says its scrolling ended (`end=1`).
    var phase: ScrollPhase
    var resized: Bool
    var key: ViewKey?
    /// How many times `key` was pressed since the page's last answer came (`presses`, 1 when not given).
    var presses = 1

    private typealias Accepts = Limits.Accepts

    init(_ p: Parameters) throws(EndlessError) {
        sequence = try p.integer("seq", accepts: Accepts.sequence) ?? 0
        time = try p.number("t", accepts: Accepts.pageClock)
        mark = p.text("mark")
        roundTrip = try Self.milliseconds(p, "rtt", in: Limits.roundTripRange, accepts: Accepts.roundTrip)
        frameTime = try Self.milliseconds(p, "frame", in: Limits.frameTimeRange, accepts: Accepts.frameTime)
        let size = try Self.pair(p, "size", accepts: Accepts.viewport)
        guard let size else { throw EndlessError("size", "must be \(Accepts.viewport)") }
        for side in [size.0, size.1] { try Limits.checkWindowSide(side, "size") }
        self.size = size
        scroll = try Self.pair(p, "scroll", accepts: Accepts.scrollPosition) ?? (0, 0)
        origins = try Self.list(p, "origin") { text throws(EndlessError) in
            guard let origin = Double(text), origin.isFinite else {
                throw EndlessError("origin", "must be \(Accepts.origins)")
            }
            return origin
        }
        let have = try Self.list(p, "have") { text throws(EndlessError) in
            let runs = text.split(separator: ";", omittingEmptySubsequences: false)
            guard runs.count <= Limits.maximumHeldBoxes else { throw tileRangeError("have") }
            var ranges: [ClosedRange<Int64>] = []
            for run in runs {
                guard let range = try tileRange(String(run), "have") else { throw tileRangeError("have") }
                ranges.append(range)
            }
            return ranges
        }
        // One count of runs on every axis, and all of an axis's runs within the span one run may have.
        guard have.allSatisfy({ $0.count == have.first?.count && isShortRun(TileSet.hull($0)) }) else {
            throw tileRangeError("have")
        }
        self.have = have
        phase = try Self.flag(p, "end") ? .ended : .scrolling
        resized = try Self.flag(p, "resize")
        if let name = p.text("key") {
            guard let known = ViewKey(rawValue: name) else {
                throw EndlessError("key", "must be \(Accepts.key)")
            }
            key = known
        }
        if let presses = try p.integer("presses", accepts: Accepts.keyPresses) {
            guard key != nil else { throw EndlessError("presses", "counts a key's presses; give it with key") }
            guard Limits.keyPressRange.contains(presses) else {
                throw EndlessError("presses", "must be \(Accepts.keyPresses)")
            }
            self.presses = presses
        }
    }

    /// The tiles held, `nil` when the page holds none (or says nothing of them).
    var held: TileSet? {
        guard let first = have.first else { return nil }
        return TileSet(boxes: first.indices.map { box in have.map { $0[box] } })
    }

    /// The view's axes as reports, each with its velocity and cycle from `mark` and `t`. Origins and tiles held count
    /// only when there is one of each per axis.
    func reports(_ axes: [FrameAxis], layout: AxisLayout) throws(EndlessError) -> [AxisReport] {
        try motion(axes, layout: layout).reports
    }

    /// `reports`, and the detail of the tiles the page holds as its mark says (full without a mark or a clock), from
    /// one reading of the mark.
    func motion(_ axes: [FrameAxis], layout: AxisLayout) throws(EndlessError) -> (
        reports: [AxisReport], held: Detail
    ) {
        guard origins.isEmpty || origins.count == axes.count else {
            throw EndlessError("origin", "must be \(Accepts.origins) (\(axes.count))")
        }
        guard have.isEmpty || have.count == axes.count else {
            throw EndlessError("have", "must be the tiles held, as first:last per axis (\(axes.count))")
        }
        var reports = axes.enumerated().map { index, axis in
            AxisReport(
                scroll: axis == .x ? scroll.x : scroll.y, origin: origins.isEmpty ? nil : origins[index],
                length: axis == .x ? size.width : size.height, roundTrip: roundTrip, frameTime: frameTime)
        }
        guard let time, let mark = try MotionMark(mark, axes: axes.count) else { return (reports, .full) }
        mark.setMotion(of: &reports, at: time, layout: layout)
        return (reports, mark.holding)
    }

    /// A time the page measured, in `range` (0 when it does not say).
    private static func milliseconds(
        _ p: Parameters, _ name: String, in range: ClosedRange<Double>, accepts: String
    ) throws(EndlessError) -> Double {
        let value = try p.number(name, accepts: accepts) ?? 0
        guard range.contains(value) else { throw EndlessError(name, "must be \(accepts)") }
        return value
    }

    private static func pair(_ p: Parameters, _ name: String, accepts: String) throws(EndlessError) -> (Double, Double)?
    {
        guard let text = p.text(name) else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, text.utf8.count <= 66, let a = Double(parts[0]), let b = Double(parts[1]),
            a.isFinite, b.isFinite
        else { throw EndlessError(name, "must be \(accepts)") }
        return (a, b)
    }

    private static func list<Element>(
        _ p: Parameters, _ name: String, _ element: (String) throws(EndlessError) -> Element
    ) throws(EndlessError) -> [Element] {
        guard let text = p.text(name), !text.isEmpty else { return [] }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw EndlessError(name, "must have one entry per axis, at most 2") }
        var elements: [Element] = []
        for part in parts { elements.append(try element(String(part))) }
        return elements
    }

    private static func flag(_ p: Parameters, _ name: String) throws(EndlessError) -> Bool {
        switch p.text(name) {
        case nil, "0": return false
        case "1": return true
        default: throw EndlessError(name, "must be \(Accepts.flag)")
        }
    }
}

/// Reads `first:last`, a run of tiles held along one axis.
func tileRange(_ text: String?, _ name: String) throws(EndlessError) -> ClosedRange<Int64>? {
    guard let text, !text.isEmpty else { return nil }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let first = Int64(parts[0]), let last = Int64(parts[1]), first <= last,
        isShortRun(first...last)
    else { throw tileRangeError(name) }
    return first...last
}

/// Whether a page could hold `run`: fewer than 10,000 tiles. The span is checked: `last - first` of far-apart numbers
/// overflows.
private func isShortRun(_ run: ClosedRange<Int64>) -> Bool {
    run.upperBound.minus(run.lowerBound).map { $0 < 10_000 } ?? false
}

private func tileRangeError(_ name: String) -> EndlessError {
    EndlessError(name, "must be \(Limits.Accepts.tilesHeld)")
}
