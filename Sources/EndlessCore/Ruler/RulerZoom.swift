import Foundation

/// The scales a ruler may be zoomed to: values a tick on a 1–2–5 ladder from its step (0.1, 0.2, 0.5, 1, … kg), within
/// `min-zoom`…`max-zoom`, each a ruler that validates (a wrapping ruler's turn stays whole blocks). Zooming keeps
/// everything else: the range, the ticks a block, the spacing, the format.
public struct RulerZoom: Sendable, Hashable {
    /// The ruler as configured, at its own step.
    public let base: Ruler
    let lowest: DecimalNumber
    let highest: DecimalNumber

    /// Most rungs either side of the step: 10^6 times finer or coarser at most.
    static let maximumRungs = 18

    /// Throws naming `min-zoom` or `max-zoom` for bounds that are not numbers a tick or leave out the step.
    public init(
        _ base: Ruler, lowest: DecimalNumber? = nil, highest: DecimalNumber? = nil
    ) throws(EndlessError) {
        let step = base.configuration.step
        self.lowest = lowest ?? step
        self.highest = highest ?? Self.rung(step, 3 * 4) ?? step  // 10,000 times the step
        guard self.lowest <= step, self.lowest > 0 else {
            throw EndlessError("min-zoom", "must be greater than 0 and at most step")
        }
        guard self.highest >= step else { throw EndlessError("max-zoom", "must be at least step") }
        self.base = base
    }

    /// Values a tick it may show, finest first; the step is one of them. Each is a ruler made and checked: a frame
    /// asks for them only when the reader zooms.
    public var rungs: [DecimalNumber] {
        (-Self.maximumRungs...Self.maximumRungs).compactMap { index in
            Self.rung(base.configuration.step, index).flatMap { rung in
                (lowest...highest).contains(rung) && (try? base.zoomed(to: rung)) != nil ? rung : nil
            }
        }
    }

    /// `step × 1, 2, 5 × 10^k`, rung `index` counted from the step (0): `nil` past six decimals or 1e12.
    static func rung(_ step: DecimalNumber, _ index: Int) -> DecimalNumber? {
        let decade = Int((Double(index) / 3).rounded(.down))
        let factor = [1, 2, 5][index - 3 * decade] * DecimalNumber.powerOfTen(max(0, decade))
        let scale = step.scale + max(0, -decade)
        guard scale <= DecimalNumber.maximumScale else { return nil }
        guard let units = step.units.times(factor),
            units <= DecimalNumber.maximumMagnitude * DecimalNumber.powerOfTen(scale)
        else { return nil }
        return DecimalNumber(units: units, scale: scale)
    }

    /// The ruler at rung `zoom`, checked (one ruler made, not the whole ladder): throws naming `zoom` when it is
    /// not a rung.
    public func ruler(at zoom: DecimalNumber) throws(EndlessError) -> Ruler {
        let step = base.configuration.step
        let onLadder = (-Self.maximumRungs...Self.maximumRungs).contains { Self.rung(step, $0) == zoom }
        if onLadder, (lowest...highest).contains(zoom), let ruler = try? base.zoomed(to: zoom) { return ruler }
        throw EndlessError("zoom", "must be one of \(rungs.map(\.description).joined(separator: ", ")) (values a tick)")
    }

    /// The rung a zoom by `factor` (2 shows things twice as large) from `zoom` comes to: the nearest to `zoom / factor`
    /// on a log scale, so that a pinch or a wheel's small steps add up before a rung changes; a factor of 2 or more
    /// (a key) moves one rung at least, across a rung left out.
    public func rung(from zoom: DecimalNumber, by factor: Double) -> DecimalNumber {
        let rungs = rungs
        let target = log(zoom.doubleValue / factor)
        let nearest = rungs.min { abs(log($0.doubleValue) - target) < abs(log($1.doubleValue) - target) } ?? zoom
        guard nearest == zoom, abs(log(factor)) >= log(2) - 1e-9, let index = rungs.firstIndex(of: zoom) else {
            return nearest
        }
        let next = factor > 1 ? index - 1 : index + 1
        return rungs.indices.contains(next) ? rungs[next] : zoom
    }
}

extension Ruler {
    /// The same ruler at `zoom` values a tick; throws if that ruler is not valid (its range is not whole steps).
    package func zoomed(to zoom: DecimalNumber) throws(EndlessError) -> Ruler {
        guard zoom != configuration.step else { return self }
        var c = configuration
        c.step = zoom
        c.initialValue = nil
        return try Ruler(c)
    }
}
