/// The explicit limits of what Endless draws; the README documents the same numbers.
public enum Limits {
    /// Largest offset or coordinate, in points; beyond it a `Double` can no longer place a tick exactly.
    public static let maximumCoordinate: Double = 1e15
    /// Largest window side, in points.
    public static let maximumWindowSide: Double = 8192
    /// Most tiles one window may hold; a grid of 100 pt tiles fits 4096 in about 6400 × 6400 points.
    public static let maximumTilesPerWindow = 4096
    /// Most grid tiles one page frame holds; a larger viewport, or a fast fling's lead, gets a smaller margin.
    public static let maximumTilesPerFrame = 8192
    /// Smallest and largest tick spacing, in points.
    public static let tickSpacingRange: ClosedRange<Double> = 2...1000
    /// Ticks in one ruler block.
    public static let ticksPerBlockRange: ClosedRange<Int> = 1...100
    /// Smallest and largest grid tile or loop item spacing, in points.
    public static let tileLengthRange: ClosedRange<Double> = 10...4096
    /// Items in one loop.
    public static let loopCountRange: ClosedRange<Int> = 1...100_000
    /// Characters in a unit label.
    public static let maximumUnitLength = 16

    /// Checks a coordinate or offset a user gave.
    public static func checkCoordinate(_ value: Double, _ parameter: String) throws(EndlessError) {
        guard value.isFinite, abs(value) <= maximumCoordinate else {
            throw EndlessError(parameter, "must be a finite number between -1e15 and 1e15")
        }
    }

    /// Checks a window side a user gave.
    public static func checkWindowSide(_ value: Double, _ parameter: String) throws(EndlessError) {
        guard value.isFinite, value > 0, value <= maximumWindowSide else {
            throw EndlessError(parameter, "must be a number greater than 0 and at most 8192")
        }
    }
}
