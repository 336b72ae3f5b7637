@testable import EndlessCore

/// Shorthands the tests read better with, built from what the frames use.
extension AxisLayout {
    /// The margins `frame` gives a view `length` long moving at `velocity`.
    func margins(length: Double, velocity: Double, cycle: Double = 0, roundTrip: Double = 0) -> (
        before: Double, after: Double
    ) {
        let report = AxisReport(
            scroll: 0, origin: 0, length: length, velocity: velocity, cycle: cycle, roundTrip: roundTrip)
        return margins(length: length, lead: lead(of: report), roundTrip: roundTrip)
    }
}

extension GridFrame {
    /// Tiles the page holds once applied.
    var tileCount: Int { held.count * Int(tilesPerBlock * tilesPerBlock) }
}

extension GridWindow {
    /// Every visible tile, row by row.
    var tiles: [GridCoordinate] {
        rows.indices.flatMap { y in columns.indices.map { x in GridCoordinate(x: x, y: y) } }
    }
}
