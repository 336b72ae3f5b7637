import Foundation

/// What a timeline view shows after the page applies a frame.
package struct TimelineFrame: Sendable, Hashable {
    package var axis: AxisFrame
    /// The step's tick nearest the pointer once settled (where a snap or a key goes, if one does).
    package var value: Instant
    /// Where to settle, as a scroll position.
    package var snap: Double?
    /// Timeline offset under the pointer once applied, before any snap: what a follower follows.
    package var pointerOffset: Double
}

extension Timeline {
    /// The frame for a timeline view whose pointer is the viewport's centre: once scrolling ended it settles on the
    /// step's nearest tick; a key moves a step (a block of ten with Page keys, `presses` times) or to an end;
    /// `start` places a view with no origin yet; a `goal` (an item stepped to) is where it goes and settles, tick or
    /// not. Mirrored (right to left), its world coordinate is the negated offset.
    package func frame(
        _ report: AxisReport, layout: AxisLayout, phase: ScrollPhase, key: ViewKey? = nil, presses: Int = 1,
        start: Instant, mirrored: Bool = false, to goal: Instant? = nil
    ) throws(EndlessError) -> TimelineFrame {
        let pointerAxis = pointerAxis(mirrored: mirrored)
        let (axis, pointer) = try pointerAxis.frame(
            report, layout: layout, phase: phase, start: offset(of: clamped(start)), clamped: clampedOffset)
        let here = try instant(atOffset: pointer)
        var target: Instant? = nil
        if let goal {
            target = clamped(goal)
        } else if let key {
            target = keyTarget(key, from: here, presses: presses)
        } else if phase == .ended {
            target = snapped(here)
        }
        return TimelineFrame(
            axis: axis, value: target ?? snapped(here),
            snap: target.flatMap { pointerAxis.snapScroll(to: offset(of: $0), axis: axis, length: report.length) },
            pointerOffset: pointer)
    }

    /// The page's axis of a timeline view: a block a tile.
    package func pointerAxis(mirrored: Bool) -> PointerAxis {
        PointerAxis(
            strip: blockStrip, quantum: blockStrip.length, maximumTiles: pageTilesPerFrame, mirrored: mirrored,
            ends: offset(of: .first)...offset(of: .last))
    }

    /// A follower's frame: its pointer on the leader's instant (`lead`, seconds since the epoch), its content
    /// recentered when needed; it is never scrolled itself.
    package func followerFrame(
        _ report: AxisReport, layout: AxisLayout, lead: Double, mirrored: Bool = false
    ) throws(EndlessError) -> TimelineFrame {
        let target = clampedOffset(lead * pointsPerSecond)
        let axis = try pointerAxis(mirrored: mirrored).followerFrame(report, layout: layout, at: target)
        // The leader's instant itself, not this timeline's nearest tick: the same moment in another zone.
        return TimelineFrame(axis: axis, value: try instant(atOffset: target), snap: nil, pointerOffset: target)
    }

    /// An offset within the timeline's ends, and time's.
    package func clampedOffset(_ offset: Double) -> Double {
        min(max(offset, self.offset(of: minimum ?? .first)), self.offset(of: maximum ?? .last))
    }

    /// Where a key, pressed `presses` times, moves the value from `instant`: a step along an arrow, ten with a Page
    /// key, an end with Home and End (none without ends: time has none to go to). As a ruler's, and as a slider's
    /// keys go: right and up later, left and down earlier.
    package func keyTarget(_ key: ViewKey, from instant: Instant, presses: Int = 1) -> Instant? {
        switch key {
        case .arrowRight, .arrowUp: stepped(instant, by: presses)
        case .arrowLeft, .arrowDown: stepped(instant, by: -presses)
        case .pageUp: stepped(instant, by: presses * 10)
        case .pageDown: stepped(instant, by: -presses * 10)
        case .home: minimum
        case .end: maximum
        }
    }

    /// Page tiles a frame may hold: a block each, within `Limits.maximumTicksPerFrame` ticks.
    package var pageTilesPerFrame: Int {
        max(3, min(Limits.maximumBlocksPerFrame, Limits.maximumTicksPerFrame / Int(Self.ticksPerBlock)))
    }

    /// The block tile `index` of `blockStrip` shows: mirrored, the strip runs over negated offsets.
    package func block(ofTile index: Int64, mirrored: Bool) -> Int64 { mirrored ? -index - 1 : index }

    /// The rung a zoom gesture of `by` (2 shows things twice as large) reaches from `scale`: the nearest in seconds
    /// to the scale's over `by`, at least one rung on when the gesture is one of at least 1.5 either way.
    package static func rung(from scale: TimeScale, by: Double) -> TimeScale {
        let wanted = Double(scale.nominalSeconds) / by
        var nearest = TimeScale.allCases.min {
            abs(log(Double($0.nominalSeconds) / wanted)) < abs(log(Double($1.nominalSeconds) / wanted))
        }!
        if nearest == scale && by >= 1.5 { nearest = scale.finer ?? scale }
        if nearest == scale && by <= 1 / 1.5 { nearest = scale.coarser ?? scale }
        return nearest
    }

    /// The same timeline at another rung: a step that was the scale follows it; one of its own stays.
    package func at(scale: TimeScale) throws(EndlessError) -> Timeline {
        try Timeline(
            zone: zone, scale: scale, spacing: spacing, step: step == self.scale ? scale : step, minimum: minimum,
            maximum: maximum, hours: hours, weekStart: weekStart, language: language)
    }
}
