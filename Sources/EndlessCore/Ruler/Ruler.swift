import Foundation

/// A validated ruler: the mapping between offsets (points) and values (exact decimals). Make one from a
/// configuration, then a `RulerWindow` of it to read a value or to draw.
///
/// Tick `n` sits at offset `n × tickSpacing`, and in an unwrapped ruler has value `minimum + n × step`;
/// block `b` holds ticks `b·T − m … b·T − m + T − 1` and is labelled with the value of tick `b·T`, its
/// middle tick `m = T/2`, exactly as the seed draws it. Offset 0 is the first label's tick.
public struct Ruler: Sendable, Hashable {
    /// What it was made from.
    public let configuration: RulerConfiguration
    /// Digits after the point of every value: the most that minimum, maximum and step have.
    package let decimals: Int
    let minimumUnits: Int64
    let stepUnits: Int64
    /// The tick of `maximum`; clamp mode's ticks are `0...lastTick`.
    let lastTick: Int64
    let ticksPerBlock: Int64
    /// Block-local index of the labelled tick.
    let middleTick: Int64
    /// Ticks in one wrap cycle: whole blocks, the first labelled `minimum`, the last `maximum`.
    let cycleTicks: Int64
    /// A clock: wrapping, its values stay within one turn from `minimum` (23:30, not -0:30, before 0:00).
    let isModular: Bool
    /// Inches written in fractions: every value is a whole number of sixteenths.
    package let writesSixteenths: Bool
    /// Labels are plain decimals, written digit by digit (`SVGWriter.append(_:)`) without a `String` first: asked
    /// once a label, so worked out once.
    package let writesPlainLabels: Bool
    /// Ticks between ticks of each level, coarsest first: `[16, 8, 4, 2, 1]` for an inch of 16ths (`subdivisions`);
    /// empty without them (the labelled tick and the rest: nothing to allocate for each ruler a request makes).
    let tickPeriods: [Int64]

    /// Validates `configuration`; throws naming the field at fault, as its query parameter (`ticks`, `max`, …).
    public init(_ configuration: RulerConfiguration) throws(EndlessError) {
        let c = configuration
        guard Limits.ticksPerBlockRange.contains(c.ticksPerBlock) else {
            throw EndlessError("ticks", "must be \(Limits.Accepts.ticks)")
        }
        guard Limits.tickSpacingRange.contains(c.tickSpacing) else {
            throw EndlessError("spacing", "must be \(Limits.Accepts.tickSpacing)")
        }
        guard c.unit.utf8.count <= Limits.maximumUnitBytes else {
            throw EndlessError("unit", "must be \(Limits.Accepts.unit)")
        }
        // A label on one line: no control character, not even those XML allows.
        guard !c.unit.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw EndlessError("unit", "must be \(Limits.Accepts.unit), without control characters")
        }
        for (name, number) in [("min", c.minimum), ("max", c.maximum), ("step", c.step)] {
            guard number.rescaled(to: 0).map({ abs($0.units) <= DecimalNumber.maximumMagnitude }) ?? true else {
                throw EndlessError(name, "must be between -1e12 and 1e12")
            }
        }
        let decimals = max(c.minimum.significantDecimals, c.maximum.significantDecimals, c.step.significantDecimals)
        let minimumUnits = c.minimum.rescaled(to: decimals)!.units
        let maximumUnits = c.maximum.rescaled(to: decimals)!.units
        let stepUnits = c.step.rescaled(to: decimals)!.units
        guard stepUnits > 0 else { throw EndlessError("step", "must be a decimal number greater than 0") }
        guard maximumUnits > minimumUnits else { throw EndlessError("max", "must be greater than min") }
        guard (maximumUnits - minimumUnits) % stepUnits == 0 else {
            throw EndlessError("max", "must be min plus a whole number of steps")
        }
        let ticksPerBlock = Int64(c.ticksPerBlock)
        let lastTick = (maximumUnits - minimumUnits) / stepUnits
        if c.ends == .wrap && lastTick % ticksPerBlock != 0 {
            throw EndlessError("max", "must be min plus a whole number of blocks (ticks × step) when ends=wrap")
        }
        guard Double(lastTick + ticksPerBlock) * c.tickSpacing <= Limits.maximumCoordinate else {
            throw EndlessError("step", "makes the ruler longer than 1e15 points; use a larger step or a narrower range")
        }
        // A sixteenth is 10^d / 16 units: whole numbers of them are the multiples of 10^d / 2^min(d, 4).
        let sixteenth = DecimalNumber.powerOfTen(decimals) >> min(decimals, 4)
        let inSixteenths = [minimumUnits, stepUnits].allSatisfy { $0 % sixteenth == 0 }
        try Self.check(c, decimals: decimals, stepUnits: stepUnits, inSixteenths: inSixteenths)
        self.configuration = c
        self.decimals = decimals
        self.minimumUnits = minimumUnits
        self.stepUnits = stepUnits
        self.lastTick = lastTick
        self.ticksPerBlock = ticksPerBlock
        self.middleTick = ticksPerBlock / 2
        self.cycleTicks = lastTick + ticksPerBlock
        isModular = c.ends == .wrap && c.format.style == .time
        writesSixteenths = inSixteenths
        writesPlainLabels = c.format == .decimal && c.language == nil
        var periods: [Int64] = []
        if !c.subdivisions.isEmpty {
            periods = [ticksPerBlock]
            for parts in c.subdivisions where periods.last! > 1 { periods.append(periods.last! / Int64(parts)) }
        }
        tickPeriods = periods
    }

    /// What a format and `subdivisions` ask of the rest: their errors name the parameter to change.
    private static func check(
        _ c: RulerConfiguration, decimals: Int, stepUnits: Int64, inSixteenths: Bool
    ) throws(EndlessError) {
        let format = c.format
        if let units = format.acceptedUnits, !units.contains(c.unit) {
            throw EndlessError("unit", "must be \(units.joined(separator: " or ")) with format=\(format)")
        }
        switch format.style {
        case .fraction:
            // Divided, not multiplied: a step of up to 1e18 units times 16 would pass Int64's end.
            let one = DecimalNumber.powerOfTen(decimals)
            guard stepUnits < one, [2, 4, 8, 16].contains(where: { one % $0 == 0 && one / $0 == stepUnits }) else {
                throw EndlessError(
                    "step", "must be 0.5, 0.25, 0.125 or 0.0625 (halves to sixteenths) with format=fraction")
            }
            guard c.minimum.significantDecimals == 0, Int64(c.ticksPerBlock) * stepUnits % one == 0
            else {
                throw EndlessError(
                    "ticks", "times step must be whole inches, and min a whole number, with format=fraction")
            }
        case .time where c.unit == "min" && decimals > 0:
            throw EndlessError("step", "must be whole minutes, as min and max, with format=time and unit=min")
        default: break
        }
        guard !c.subdivisions.isEmpty else { return }
        guard c.subdivisions.count <= 6, c.subdivisions.allSatisfy({ (2...100).contains($0) }),
            c.subdivisions.reduce(1, *) == c.ticksPerBlock
        else {
            throw EndlessError(
                "subdivisions",
                "must be whole numbers from 2 up, at most 6, whose product is ticks (\(c.ticksPerBlock))")
        }
    }

    package var tickSpacing: Double { configuration.tickSpacing }
    package var isWrapping: Bool { configuration.ends == .wrap }
    package var blockLength: Double { Double(ticksPerBlock) * tickSpacing }

    /// Blocks as tiles: block `b` starts half a spacing before its first tick.
    package var blockStrip: TileStrip {
        TileStrip(length: blockLength, phase: -(Double(middleTick) + 0.5) * tickSpacing)
    }

    /// Seed 000's snap: a scroll comes to rest with the pointer on a tick, not between two.
    package var snapRule: SnapRule { SnapRule(spacing: tickSpacing) }

    /// The lowest and highest value under the pointer: wrap mode shows whole blocks
    /// (8.5…999.4 for the seed), clamp mode stops at minimum and maximum, a clock goes round (0:00…23:55).
    public var valueRange: ClosedRange<DecimalNumber> {
        if isModular { return value(ofTick: 0)...value(ofTick: cycleTicks - 1) }
        return isWrapping
            ? value(ofTick: -middleTick)...value(ofTick: cycleTicks - middleTick - 1)
            : value(ofTick: 0)...value(ofTick: lastTick)
    }

    /// Offsets a clamped ruler can scroll to; all offsets for a wrapping one.
    package func clampedOffset(_ offset: Double) -> Double {
        isWrapping ? offset : min(max(offset, 0), Double(lastTick) * tickSpacing)
    }

    /// The tick under the pointer at `offset`: the nearest one, an exact half going to the right.
    package func tick(atOffset offset: Double) -> Int64 {
        let tick = nearestIndex(offset, spacing: tickSpacing)
        return isWrapping ? tick : min(max(tick, 0), lastTick)
    }

    /// The exact value of tick `n`.
    package func value(ofTick n: Int64) -> DecimalNumber {
        let k = isModular ? modulo(n, cycleTicks) : isWrapping ? wrappedTick(n) : min(max(n, 0), lastTick)
        return DecimalNumber(units: minimumUnits + k * stepUnits, scale: decimals)
    }

    /// Seed 000's wrap: the tick of the ruler's first turn that shows what tick `n` of a wrapping ruler shows. After
    /// the block labelled 999 comes the one labelled 9, both ways, without end.
    func wrappedTick(_ n: Int64) -> Int64 { modulo(n + middleTick, cycleTicks) - middleTick }

    /// The block of the ruler's first turn that looks like `block` (itself for a clamped ruler): a wrapping ruler's
    /// blocks are drawn once a turn and reused for every turn.
    package func wrappedBlock(_ block: Int64) -> Int64 { cycleBlocks.map { modulo(block, $0) } ?? block }

    /// The exact value under the pointer at `offset`: the nearest tick's. Throws for an offset past ±1e15, where
    /// a `Double` no longer places a tick exactly.
    public func value(atOffset offset: Double) throws(EndlessError) -> DecimalNumber {
        try Limits.checkCoordinate(offset, "offset")
        return value(ofTick: tick(atOffset: offset))
    }

    /// The offset that puts `value` under the pointer; of a wrapping ruler's many, the one nearest `near`. Throws for
    /// a value outside `valueRange`.
    public func offset(for value: DecimalNumber, near: Double = 0) throws(EndlessError) -> Double {
        let range = valueRange
        guard range.contains(value) else {
            throw EndlessError("value", "must be between \(format(range.lowerBound)) and \(format(range.upperBound))")
        }
        let scale = max(decimals, value.scale)
        let difference = value.rescaled(to: scale)!.units - minimumUnits * DecimalNumber.powerOfTen(scale - decimals)
        let scaledStep = stepUnits * DecimalNumber.powerOfTen(scale - decimals)
        let ticks =
            difference % scaledStep == 0
            ? Double(difference / scaledStep) : Double(difference) / Double(scaledStep)
        var offset = ticks * tickSpacing
        if isWrapping {
            let cycle = Double(cycleTicks) * tickSpacing
            offset += cycle * ((near - offset) / cycle).rounded()
            if abs(offset) > Limits.maximumCoordinate { offset -= cycle * (offset / cycle).rounded(.towardZero) }
        }
        return offset
    }

    /// A block's label, or `nil` for a clamped ruler's blocks past its ends.
    package func label(ofBlock block: Int64) -> DecimalNumber? {
        let tick = block * ticksPerBlock
        guard isWrapping || (0...lastTick).contains(tick) else { return nil }
        return value(ofTick: tick)
    }

    /// Block-local indices of the ticks block `block` draws: all of them, except past a clamped ruler's ends.
    package func tickIndices(inBlock block: Int64) -> Range<Int> {
        let all = 0..<Int(ticksPerBlock)
        guard !isWrapping else { return all }
        let first = block * ticksPerBlock - middleTick
        let lower = max(0, -first)
        let upper = min(ticksPerBlock, lastTick - first + 1)
        return lower < upper ? Int(lower)..<Int(upper) : 0..<0
    }

    /// Block-local index of the labelled tick.
    package var labelledTickIndex: Int { Int(middleTick) }

    /// Tick lengths a block has: 2 without `subdivisions` (the labelled tick and the rest), 5 for an inch of 16ths.
    package var tickLevelCount: Int { tickPeriods.isEmpty ? (ticksPerBlock > 1 ? 2 : 1) : tickPeriods.count }

    /// The level of block-local tick `index`: 0 for the labelled tick, up to `tickLevelCount - 1` for the finest.
    package func tickLevel(ofIndex index: Int) -> Int {
        let fromLabel = modulo(Int64(index) - middleTick, ticksPerBlock)
        guard !tickPeriods.isEmpty else { return fromLabel == 0 ? 0 : 1 }
        return tickPeriods.firstIndex { fromLabel % $0 == 0 }!
    }

    /// Blocks in one turn of a wrapping ruler (991 for the seed's); `nil` for a clamped one.
    /// Block `b` and block `b + cycleBlocks` look the same.
    package var cycleBlocks: Int64? { isWrapping ? cycleTicks / ticksPerBlock : nil }

    /// A value as the ruler prints it: with the ruler's decimals (`72.0 kg`'s `72.0`).
    public func format(_ value: DecimalNumber) -> String {
        value.formatted(decimals: max(decimals, value.significantDecimals))
    }

    /// The value under the pointer as a continuous `Double`, for driving another view (never for printing).
    package func continuousValue(atOffset offset: Double) -> Double {
        var ticks = clampedOffset(offset) / tickSpacing
        if isWrapping {
            let before = isModular ? 0.5 : Double(middleTick) + 0.5
            let shifted = ticks + before
            let cycle = Double(cycleTicks)
            ticks = shifted - cycle * (shifted / cycle).rounded(.down) - before
        }
        return configuration.minimum.doubleValue + ticks * configuration.step.doubleValue
    }

    /// The offset that puts a continuous value under the pointer, clamped to a clamped ruler's range.
    package func offset(forContinuousValue value: Double) -> Double {
        let ticks = (value - configuration.minimum.doubleValue) / configuration.step.doubleValue
        return clampedOffset(ticks * tickSpacing)
    }
}

/// `a mod n` in `0..<n`.
func modulo(_ a: Int64, _ n: Int64) -> Int64 {
    let r = a % n
    return r < 0 ? r + n : r
}
