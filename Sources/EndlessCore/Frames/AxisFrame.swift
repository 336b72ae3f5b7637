/// What a page reports about one scroll axis, each time it asks what to show.
package struct AxisReport: Sendable, Hashable {
    /// `scrollLeft` (or `scrollTop`): content coordinate of the viewport's leading edge.
    package var scroll: Double
    /// World coordinate of content coordinate 0, as the last frame said; `nil` on the first request.
    package var origin: Double?
    /// Viewport length.
    package var length: Double
    /// Points per millisecond the view is scrolling at, towards greater world coordinates when positive.
    package var velocity: Double
    /// Points per millisecond per millisecond the view is speeding up by (same sign as `velocity`), 0 when it is not:
    /// a view that speeds up is further on by the time the next frame is in than its speed now says.
    package var acceleration: Double = 0
    /// Milliseconds since the page's previous report: how long its frames take to come back and be applied.
    package var cycle: Double
    /// Milliseconds the page's requests take to be answered (its quickest recent one, less the server's own time);
    /// 0 when it does not know.
    package var roundTrip: Double
    /// Milliseconds between the page's animation frames as it scrolls (a busy phone draws fewer than 60 a second); 0
    /// when it does not know.
    package var frameTime: Double
    /// The way the view set off from rest since its last report: moving, at a speed not known yet. `nil` otherwise.
    package var startingDirection: ScrollDirection? = nil

    package init(
        scroll: Double, origin: Double?, length: Double, velocity: Double = 0,
        cycle: Double = 0, roundTrip: Double = 0, frameTime: Double = 0
    ) {
        self.scroll = scroll
        self.origin = origin
        self.length = length
        self.velocity = velocity
        self.cycle = cycle
        self.roundTrip = roundTrip
        self.frameTime = frameTime
    }
}

/// How a page's scroll content is laid out along one axis: bounded, recentered, tiled with a margin.
package struct AxisLayout: Sendable, Hashable {
    /// Length of the scrollable content: far below Firefox's 17,895,697 px limit, far above any fling.
    package var contentLength: Double = 4_000_000
    /// Tiles kept beyond each side of the viewport, in viewport lengths, so a fast scroll never shows blank.
    package var overscan: Double = 1
    /// Mid-scroll recentering happens only this close to the content's edge: the last resort.
    package var edgeMargin: Double = 200_000
    /// Milliseconds of motion tiled ahead of a moving viewport, at least: a request's round trip and a frame or
    /// two on loopback. A page whose reports come further apart gets two of its cycles: the tiles a frame brings
    /// must last until the next frame is in.
    package var lookahead: Double = 100
    /// The lead ahead of a fling never exceeds this many viewport lengths, or a fast fling's `leadTime` (or the
    /// network's wait) if that is longer (`longestLead`): a bound on the tiles a frame brings, whatever speed and
    /// round trip it reports.
    package var maximumLead: Double = 8
    /// Milliseconds of a fast fling that a lead may always reach, however short the view: a short vertical ruler
    /// flung fast a few tens of milliseconds away needs more than eight of its lengths ahead.
    package var leadTime: Double = 300
    /// ... and as far as this where the network's own wait for the next frame is that long (two round trips and
    /// four frames at 60 fps), which covers round trips up to a quarter of a second. A page whose own frames are slow
    /// gets no more than `leadTime`: a bigger answer only makes them slower.
    package var maximumLeadTime: Double = 600
    /// Points per millisecond of a fast fling (20,000 px/s), which a view at rest must be ready for.
    package var flingSpeed: Double = 20
    /// Milliseconds between two frames of the page.
    package var frameTime: Double = 1000.0 / 60
    /// The share of `restMargin` a view keeps: less where a frame would hold too many tiles (a grid far away),
    /// which gives up the margin a view at rest needs before the lead a moving one does.
    package var restShare: Double = 1

    package init() {}

    /// Tiles kept before and after the viewport, in world direction, for a `lead` (negative: towards smaller world
    /// coordinates). At rest, `restMargin` each side; a moving viewport's margin slides ahead of it by the distance it
    /// covers until the next frame is in, so the tiles are there before the viewport is, and none are drawn behind
    /// it, where every new tile costs the page a frame.
    func margins(length: Double, lead: Double, roundTrip: Double) -> (before: Double, after: Double) {
        let margin = restMargin(length: length, roundTrip: roundTrip)
        let (ahead, behind) = (max(margin, abs(lead)), max(margin - abs(lead), 0))
        return lead < 0 ? (ahead, behind) : (behind, ahead)
    }

    /// Seed 003's projected target: the tiles are loaded for where the view will be, not for each step on the way.
    /// A page reports again every frame, so the target is where the viewport will be once the next frame is in, not
    /// where the fling comes to rest.
    ///
    /// The lead `report` calls for, negative backwards: its velocity's; for a view that set off from rest, whose
    /// speed the server learns only from its next report, at least a fast fling's until that report's frame is in,
    /// since the mark of a view at rest cannot tell how fast it goes now.
    package func lead(of report: AxisReport) -> Double {
        let lead = lead(
            length: report.length, velocity: report.velocity, cycle: report.cycle, roundTrip: report.roundTrip,
            acceleration: report.acceleration, frameTime: report.frameTime)
        guard let direction = report.startingDirection else { return report.velocity < 0 ? -lead : lead }
        let fling = min(
            flingSpeed * nextFrame(roundTrip: report.roundTrip, frameTime: report.frameTime),
            longestLead(length: report.length, roundTrip: report.roundTrip))
        return direction == .backward ? -max(lead, fling) : max(lead, fling)
    }

    /// Milliseconds from a report until the frame after its own is in: its round trip, the wait for the animation
    /// frame that sends the next report, that one's round trip, the frame that applies it, and one to spare; frames
    /// as long as the page says its own are (a phone busy with a fling draws fewer frames, and its answers wait for
    /// them), never shorter than `frameTime`.
    func nextFrame(roundTrip: Double, frameTime pageFrame: Double = 0) -> Double {
        2 * roundTrip + 4 * max(frameTime, pageFrame)
    }

    /// The margin of a view at rest: `overscan`, or a fast fling's motion over two of the page's round trips if more:
    /// what the view lives on from the moment a fling sets off until the frame of its first report is in (a round
    /// trip and a frame or two later).
    package func restMargin(length: Double, roundTrip: Double) -> Double {
        restShare
            * max(length * overscan, min(flingSpeed * 2 * roundTrip, longestLead(length: length, roundTrip: roundTrip)))
    }

    /// The longest lead or margin a view of `length` gets `roundTrip` away: `maximumLead` lengths, or a fast fling's
    /// `leadTime`, or its network's wait for the next frame up to `maximumLeadTime`, whichever is longest. The wait
    /// counts a quarter over, for flings run faster than `flingSpeed` (a 20,000 px/s gesture scrolled 21.7 px/ms).
    func longestLead(length: Double, roundTrip: Double) -> Double {
        let time = min(maximumLeadTime, max(leadTime, 1.25 * nextFrame(roundTrip: roundTrip)))
        return max(length * maximumLead, flingSpeed * time)
    }

    /// The direction a view set off in from rest, given the sample its last frame marked and where it is now: one
    /// when it was at rest and has moved at least half a frame of a fast fling since (less is a settle or a nudge).
    package func startingDirection(from mark: ScrollSample, to position: Double) -> ScrollDirection? {
        guard mark.velocity == 0, abs(position - mark.position) >= flingSpeed * frameTime / 2 else { return nil }
        return position < mark.position ? .backward : .forward
    }

    /// How far the viewport moves before the tiles of the next frame are in: `lookahead`, two `cycle`s, or
    /// `nextFrame` of motion, whichever is longest (a page reports again only once its last answer is in, and a
    /// cycle longer than the one before must not outrun the tiles); speeding up by `acceleration`, further.
    package func lead(
        length: Double, velocity: Double, cycle: Double = 0, roundTrip: Double = 0, acceleration: Double = 0,
        frameTime: Double = 0
    ) -> Double {
        let time = max(lookahead, 2 * cycle, nextFrame(roundTrip: roundTrip, frameTime: frameTime))
        return min(
            abs(velocity) * time + abs(acceleration) * time * time / 2,
            longestLead(length: length, roundTrip: roundTrip))
    }
}

/// One axis of a frame: where the content and its tiles go after the page applies it.
package struct AxisFrame: Sendable, Hashable {
    /// The origin the page must keep and send back.
    package var origin: Double
    /// The scroll position to set at once (after a recenter, or on the first frame); `nil` leaves it.
    package var scroll: Double?
    /// Added to the scroll position and every tile position by a recenter; 0 when none happened.
    package var shift: Double
    /// The tiles the page must hold, placed at content coordinates.
    package var tiles: TileRun
    /// Content coordinate of the viewport's leading edge once applied.
    package var settledScroll: Double
    /// The content was placed from scratch (no origin yet, or too far to scroll to): tiles the page
    /// holds are stale, and `scroll` is absolute.
    package var isNewPlacement: Bool
    /// The tiles along this axis at each step of the lead, `steps` of them (see `sweep(…)`): all `tiles` at rest.
    package var sweep: [ClosedRange<Int64>]

    /// Content coordinate of tile `index`'s leading edge.
    package func position(of index: Int64) -> Double { tiles.position(of: index) }
}

extension AxisLayout {
    /// Seed 004 and StreetScroller in one step: recenter (once scrolling ended by whole `quantum`s, mid-scroll only
    /// near the edge), then tile the viewport plus its margin, ahead of the motion while it scrolls.
    ///
    /// `start` is the world coordinate to put at the viewport's leading edge when the page has no origin yet. Margins
    /// narrow so that the frame holds at most `maximumTiles` tiles (the viewport's own, at least). Content
    /// coordinates stay within `coordinateLimit`: smaller for a zoomed-out grid, whose world is 2^zoom times larger.
    ///
    /// A view with `ends` (a timeline's, time's at its rung and spacing, in page coordinates) takes an origin within
    /// three content lengths of them and a centre within two: a page that scrolled past an end is there, and nothing
    /// further, so no tile index derived from them leaves the range its view's arithmetic is sized for.
    package func frame(
        _ report: AxisReport, strip: TileStrip, phase: ScrollPhase, quantum: Double, start: Double, steps: Int = 1,
        maximumTiles: Int = Limits.maximumTilesPerFrame, coordinateLimit: Double = Limits.maximumCoordinate,
        ends: ClosedRange<Double>? = nil
    ) throws(EndlessError) -> AxisFrame {
        try Limits.checkWindowSide(report.length, "size")
        guard report.scroll.isFinite, report.scroll >= -report.length, report.scroll <= contentLength else {
            throw EndlessError("scroll", "must be a scroll position within the content (0 to \(Int(contentLength)))")
        }
        var axis: ScrollAxis
        var shift: Double = 0
        var setScroll: Double? = nil
        if let origin = report.origin {
            try Limits.checkCoordinate(origin, "origin", limit: coordinateLimit)
            if let ends { try Self.check(origin, "origin", near: ends, reach: 3 * contentLength, what: "") }
            axis = ScrollAxis(
                contentLength: contentLength, boundsLength: report.length, offset: report.scroll, origin: origin)
            let recentered =
                phase == .ended
                ? axis.recenterAtGestureEnd(quantum: quantum)
                : axis.recenterIfNecessary(edgeMargin: edgeMargin)
            if let recentered {
                shift = recentered
                setScroll = axis.offset
            }
        } else {
            // The first frame: the viewport at the content's centre, a whole number of tiles from content 0.
            let center = (contentLength - report.length) / 2
            let centerOnGrid = (center / quantum).rounded(.down) * quantum
            axis = ScrollAxis(
                contentLength: contentLength, boundsLength: report.length, offset: centerOnGrid,
                origin: start - centerOnGrid)
            setScroll = centerOnGrid
        }
        // The view's centre: a view opened at the limit (`x=-1e15`) reaches half a viewport past it.
        try Limits.checkCoordinate(axis.worldOffset + report.length / 2, "scroll", limit: coordinateLimit)
        if let ends {
            try Self.check(
                axis.worldOffset + report.length / 2, "scroll", near: ends, reach: 2 * contentLength,
                what: " with origin, putting the view's centre")
        }
        // A scroll that ended has no fling ahead, only a short settle.
        var moving = report
        if phase == .ended { (moving.velocity, moving.acceleration, moving.startingDirection) = (0, 0, nil) }
        let lead = lead(of: moving)
        let (before, after) = cappedMargins(
            margins(length: report.length, lead: lead, roundTrip: report.roundTrip), length: report.length,
            tileLength: strip.length, maximumTiles: maximumTiles)
        let run = strip.run(from: axis.worldOffset - before, extent: before + report.length + after)
        // Positions relative to the margin's start become content coordinates.
        let tiles = TileRun(
            first: run.first, count: run.count, leadingEdge: axis.offset - before + run.leadingEdge, length: run.length)
        return AxisFrame(
            origin: axis.origin, scroll: setScroll, shift: shift, tiles: tiles, settledScroll: axis.offset,
            isNewPlacement: report.origin == nil,
            sweep: Self.sweep(
                strip: strip, from: axis.worldOffset - before, to: axis.worldOffset + report.length + after,
                lead: lead, steps: steps, within: run.indices))
    }

    /// Refuses `value` (what `parameter` gives, or puts somewhere: `what`) unless it lies within `reach` points of
    /// `ends`, naming the range.
    static func check(
        _ value: Double, _ parameter: String, near ends: ClosedRange<Double>, reach: Double, what: String
    ) throws(EndlessError) {
        let (lower, upper) = (ends.lowerBound - reach, ends.upperBound + reach)
        guard !(lower...upper).contains(value) else { return }
        throw EndlessError(
            parameter,
            "must be what the last frame gave\(what) within \(Int64(reach)) points of this view's ends: from "
                + "\(Int64(lower.rounded(.up))) to \(Int64(upper.rounded(.down)))")
    }

    /// `margins` narrowed, in proportion, so that a frame holds at most `maximumTiles` tiles along the axis: 2-point
    /// ruler blocks across an 8192-point view would otherwise send 12,000 at rest.
    func cappedMargins(
        _ margins: (before: Double, after: Double), length: Double, tileLength: Double,
        maximumTiles: Int = Limits.maximumTilesPerFrame
    ) -> (before: Double, after: Double) {
        // Two tiles spare: a span starts and ends part way through one.
        let room = max(0, Double(maximumTiles - 2) * tileLength - length)
        let total = margins.before + margins.after
        guard total > room else { return margins }
        return (margins.before * room / total, margins.after * room / total)
    }

    /// The tiles of `[lower, upper)` at each of `steps` steps of a lead of `lead` points (negative: backwards):
    /// step `j` leaves out the part of the lead the viewport has not reached by then and the part it has passed.
    /// Combined with another axis's sweep step by step, the steps cover the viewport's path and not the corners
    /// of its bounding box. Each step keeps within `tiles` (the frame's): margins narrowed to the tile bound may
    /// hold less than the lead.
    static func sweep(
        strip: TileStrip, from lower: Double, to upper: Double, lead: Double, steps: Int,
        within tiles: ClosedRange<Int64>
    ) -> [ClosedRange<Int64>] {
        let part = abs(lead) / Double(steps)
        return (0..<steps).map { step in
            let (passed, ahead) = (Double(step) * part, Double(steps - 1 - step) * part)
            let (from, to) = lead < 0 ? (lower + ahead, upper - passed) : (lower + passed, upper - ahead)
            // A viewport far narrower than a point, added to a coordinate, rounds to nothing: it holds `from`'s tile.
            return strip.run(from: from, extent: max(to - from, from.ulp)).indices.clamped(to: tiles)
        }
    }
}
