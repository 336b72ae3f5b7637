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
    /// How values are written: labels, readout, title.
    public var format: RulerFormat
    /// Tick levels, coarsest first: `[2, 2, 2, 2]` halves a block, halves the halves and so on, five tick lengths for
    /// an inch of 16ths. Their product is `ticksPerBlock`; empty, a block has its labelled tick and the others.
    public var subdivisions: [Int]
    /// The language a reader sees the values in (`72,4 kg`); `nil` writes them as the value is (`72.4 kg`). The form
    /// value is the exact decimal either way.
    public var language: Language? = nil

    /// Seed 000's weight ruler unless told otherwise.
    public init(
        minimum: DecimalNumber = 9,
        maximum: DecimalNumber = 999,
        step: DecimalNumber = DecimalNumber(units: 1, scale: 1),
        ticksPerBlock: Int = 10,
        tickSpacing: Double = 10,
        ends: RulerEnds = .wrap,
        unit: String = "kg",
        initialValue: DecimalNumber? = nil,
        format: RulerFormat = .decimal,
        subdivisions: [Int] = []
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.ticksPerBlock = ticksPerBlock
        self.tickSpacing = tickSpacing
        self.ends = ends
        self.unit = unit
        self.initialValue = initialValue
        self.format = format
        self.subdivisions = subdivisions
    }

    /// Seed 000's weight ruler: blocks labelled 9…999 in kilograms, 0.1 a tick, wrapping both ways.
    public static let weight = RulerConfiguration(initialValue: 60)

    /// The pounds ruler that follows `weight` (8.5…999.4 kg is 18.7…2203.3 lb); it stops at its ends.
    public static let pounds = RulerConfiguration(minimum: 18, maximum: 2204, ends: .clamp, unit: "lb")

    /// What a format measures unless told otherwise: a height in feet and inches (0…10 ft by the half
    /// inch, a foot a block), a 36-inch rule in 16ths, a day by 5 minutes (an hour a block, going round); decimal, the weight.
    public static func standard(for format: RulerFormat) -> RulerConfiguration {
        switch format.style {
        case .decimal:
            var weight = RulerConfiguration.weight
            weight.format = format
            return weight
        case .feetAndInches:
            return RulerConfiguration(
                minimum: 0, maximum: 120, step: DecimalNumber(units: 5, scale: 1), ticksPerBlock: 24, ends: .clamp,
                unit: "in", initialValue: 68, format: format, subdivisions: [2, 6, 2])
        case .fraction:
            return RulerConfiguration(
                minimum: 0, maximum: 36, step: DecimalNumber(units: 625, scale: 4), ticksPerBlock: 16,
                tickSpacing: 8, ends: .clamp, unit: "in", format: format, subdivisions: [2, 2, 2, 2])
        case .time:
            return RulerConfiguration(
                minimum: 0, maximum: 1380, step: 5, ticksPerBlock: 12, ends: .wrap, unit: "min", initialValue: 720,
                format: format, subdivisions: [2, 6])
        }
    }
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
