/// A keyboard move of a ruler slider.
public enum RulerKey: String, Sendable, CaseIterable {
    case tickUp, tickDown, blockUp, blockDown, home, end
}

/// What a ruler view shows after the page applies a frame.
public struct RulerFrame: Sendable, Hashable {
    public var axis: AxisFrame
    /// Exact value under the pointer now (a settle moves it to the snapped tick: see `snapValue`).
    public var value: DecimalNumber
    /// Where to settle, as a scroll position, with the value that will then be under the pointer.
    public var snap: Double?
    public var snapValue: DecimalNumber?
    /// Ruler offset under the pointer once applied (and settled, if there is a snap).
    public var pointerOffset: Double
}

extension Ruler {
    /// The frame for a ruler view whose pointer is the viewport's centre.
    ///
    /// At a gesture's end the pointer settles on the nearest tick; a key asks for a tick or a block
    /// further, or for the first or last label; `startOffset` places a view that has no origin yet.
    public func frame(
        _ report: AxisReport, layout: AxisLayout, gestureEnded: Bool, key: RulerKey? = nil, startOffset: Double
    ) throws(EndlessError) -> RulerFrame {
        let half = report.length / 2
        let axis = try layout.frame(
            report, strip: blockStrip, gestureEnded: gestureEnded, quantum: blockLength, start: startOffset - half)
        let pointerOffset = clampedOffset(axis.origin + axis.settledScroll + half)
        var target: Double? = nil
        if let key {
            target = try keyTarget(key, from: pointerOffset)
        } else if gestureEnded {
            target = snappedOffset(pointerOffset)  // on a tick, and back inside a clamped ruler's ends
        }
        let snapScroll = target.map { $0 - half - axis.origin }.flatMap { $0 == axis.settledScroll ? nil : $0 }
        return RulerFrame(
            axis: axis, value: value(ofTick: tick(atOffset: pointerOffset)), snap: snapScroll,
            snapValue: target.map { value(ofTick: tick(atOffset: $0)) }, pointerOffset: target ?? pointerOffset)
    }

    /// Where a key moves the pointer from `offset`.
    public func keyTarget(_ key: RulerKey, from offset: Double) throws(EndlessError) -> Double {
        let tick = tick(atOffset: offset)
        let spacing = tickSpacing
        switch key {
        case .tickUp: return clampedOffset(Double(tick + 1) * spacing)
        case .tickDown: return clampedOffset(Double(tick - 1) * spacing)
        case .blockUp: return clampedOffset(Double(tick + ticksPerBlock) * spacing)
        case .blockDown: return clampedOffset(Double(tick - ticksPerBlock) * spacing)
        case .home: return try self.offset(for: configuration.minimum, near: offset)
        case .end: return try self.offset(for: configuration.maximum, near: offset)
        }
    }
}

extension LinkedRuler {
    /// The follower's frame: its pointer where the leader's pointer says, its content recentered when needed.
    public func followerFrame(
        _ report: AxisReport, layout: AxisLayout, leaderOffset: Double
    ) throws(EndlessError) -> RulerFrame {
        let half = report.length / 2
        let target = followerOffset(forLeaderOffset: leaderOffset)
        var placed = report
        if let origin = report.origin { placed.scroll = target - half - origin }
        if !(0...layout.contentLength - report.length).contains(placed.scroll) { placed.origin = nil }
        let axis = try layout.frame(
            placed, strip: follower.blockStrip, gestureEnded: false, quantum: follower.blockLength, start: target - half
        )
        var frame = RulerFrame(
            axis: axis, value: follower.value(ofTick: follower.tick(atOffset: target)), snap: nil, snapValue: nil,
            pointerOffset: target)
        frame.axis.scroll = target - half - axis.origin
        return frame
    }
}
