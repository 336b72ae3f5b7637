/// What a ruler measures and how it is drawn: the configuration to make a `Ruler` from, which validates it.
public struct RulerConfiguration: Sendable, Hashable {
    /// Label of the first block, and the lowest value in clamp mode.
    public var minimum: DecimalNumber
    /// Label of the last block in wrap mode, the highest value in clamp mode.
    public var maximum: DecimalNumber
    /// Value between neighbouring ticks; its decimals are the decimals every value prints with.
    public var step: DecimalNumber
    /// Ticks in one block; the block's label sits on its middle tick.
    public var ticksPerBlock: Int
    /// Points between neighbouring ticks.
    public var tickSpacing: Double
    /// Whether the range wraps (after the maximum comes the minimum) or stops at its ends.
    public var ends: RulerEnds
    /// Unit text shown after values, such as `kg`.
    public var unit: String
    /// The value a ruler opens at when no position is asked for; `nil` means `minimum`.
    public var initialValue: DecimalNumber?

    /// Seed 000's weight ruler unless told otherwise.
    public init(
        minimum: DecimalNumber = 9,
        maximum: DecimalNumber = 999,
        step: DecimalNumber = DecimalNumber(units: 1, scale: 1),
        ticksPerBlock: Int = 10,
        tickSpacing: Double = 10,
        ends: RulerEnds = .wrap,
        unit: String = "kg",
        initialValue: DecimalNumber? = nil
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.ticksPerBlock = ticksPerBlock
        self.tickSpacing = tickSpacing
        self.ends = ends
        self.unit = unit
        self.initialValue = initialValue
    }

    /// Seed 000's weight ruler: blocks labelled 9…999 in kilograms, 0.1 a tick, wrapping both ways.
    public static let weight = RulerConfiguration(initialValue: 60)

    /// The pounds ruler that follows `weight` (8.5…999.4 kg is 18.7…2203.3 lb); it stops at its ends.
    public static let pounds = RulerConfiguration(minimum: 18, maximum: 2204, ends: .clamp, unit: "lb")
}

/// What happens at the ends of a ruler's range.
public struct RulerEnds: Sendable, Hashable, CustomStringConvertible {
    /// `wrap` or `clamp`, as the `ends` parameter names it.
    public let description: String

    /// The block after the last is the first again, both ways (seed 000: after 999 comes 9).
    public static let wrap = RulerEnds(description: "wrap")
    /// Scrolling stops at the minimum and the maximum.
    public static let clamp = RulerEnds(description: "clamp")

    package static let all = [wrap, clamp]
}
