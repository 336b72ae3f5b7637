/// A decimal number held exactly as `units × 10^-scale`: a ruler's minimum, maximum, step and values.
///
/// Ruler values are sums of decimal steps; binary floating point would print 0.1 steps as
/// `72.30000000000001`, so every value the ruler shows is computed in these integer units.
public struct DecimalNumber: Sendable, Hashable {
    /// The number times `10^scale`.
    public var units: Int64
    /// Digits after the decimal point, `0...6`.
    public let scale: Int

    /// Most digits after the point a ruler number may have.
    package static let maximumScale = 6
    /// Largest magnitude a ruler number may have, so that every sum of steps fits in `Int64` units.
    package static let maximumMagnitude: Int64 = 1_000_000_000_000

    /// `units × 10^-scale`: `DecimalNumber(units: 724, scale: 1)` is 72.4. `scale` must be 0…6.
    public init(units: Int64, scale: Int) {
        precondition((0...Self.maximumScale).contains(scale), "scale out of range")
        self.units = units
        self.scale = scale
    }

    /// Parses plain decimal text such as `72.4`, `-0.5` or `+12`; no exponents, no grouping; `nil` for anything
    /// else, or past 6 decimals or 1e12.
    public init?(_ text: some StringProtocol) {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty) else { return nil }
        guard whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        let trimmedFraction = fraction.reversed().drop(while: { $0 == "0" }).reversed()
        guard trimmedFraction.count <= Self.maximumScale else { return nil }
        let trimmedWhole = whole.drop(while: { $0 == "0" })
        guard trimmedWhole.count <= 13 else { return nil }
        var units: Int64 = 0
        for digit in trimmedWhole { units = units * 10 + Int64(digit.asciiValue! - 48) }
        guard units <= Self.maximumMagnitude else { return nil }
        for digit in trimmedFraction { units = units * 10 + Int64(digit.asciiValue! - 48) }
        // 1e12 itself, and nothing past it: `1000000000000.5` is too.
        guard trimmedFraction.isEmpty || units < Self.maximumMagnitude * Self.powerOfTen(trimmedFraction.count) else {
            return nil
        }
        self.init(units: negative ? -units : units, scale: trimmedFraction.count)
    }

    /// The same number with `newScale` digits after the point, or `nil` if it needs more digits or overflows.
    package func rescaled(to newScale: Int) -> DecimalNumber? {
        if newScale == scale { return self }
        if newScale > scale {
            return units.times(Self.powerOfTen(newScale - scale)).map { DecimalNumber(units: $0, scale: newScale) }
        }
        let divisor = Self.powerOfTen(scale - newScale)
        return units % divisor == 0 ? DecimalNumber(units: units / divisor, scale: newScale) : nil
    }

    /// The number as a `Double`, for geometry only; never for a printed value.
    package var doubleValue: Double { Double(units) / Double(Self.powerOfTen(scale)) }

    /// 10^`exponent`, for `exponent` in 0…18.
    package static func powerOfTen(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

/// Equality, order and hashing are by value: `9.0 == 9`.
extension DecimalNumber: Comparable {
    /// Order by value, whatever the scales.
    public static func < (lhs: DecimalNumber, rhs: DecimalNumber) -> Bool {
        let scale = max(lhs.scale, rhs.scale)
        return lhs.rescaled(to: scale)!.units < rhs.rescaled(to: scale)!.units
    }

    /// Equal values are equal, whatever the scales: `9.0 == 9`.
    public static func == (lhs: DecimalNumber, rhs: DecimalNumber) -> Bool {
        let scale = max(lhs.scale, rhs.scale)
        return lhs.rescaled(to: scale)!.units == rhs.rescaled(to: scale)!.units
    }

    /// Hashes the value, so that equal numbers hash alike.
    public func hash(into hasher: inout Hasher) {
        let normal = rescaled(to: significantDecimals)!
        hasher.combine(normal.units)
        hasher.combine(normal.scale)
    }
}

extension DecimalNumber: CustomStringConvertible {
    /// The shortest exact text: `72.4`, `9`, `-0.05`.
    public var description: String { formatted(decimals: significantDecimals) }

    /// Exact text with exactly `decimals` digits after the point (`72.0` for 72 with 1 decimal).
    /// `decimals` must be at least `significantDecimals`.
    package func formatted(decimals: Int) -> String {
        let value = rescaled(to: decimals)!
        let magnitude = value.units.magnitude
        let divisor = UInt64(Self.powerOfTen(decimals))
        var text = value.units < 0 ? "-" : ""
        text += String(magnitude / divisor)
        if decimals > 0 {
            let fraction = String(magnitude % divisor)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// Digits after the point once trailing zeros are dropped.
    package var significantDecimals: Int {
        var units = self.units
        var decimals = scale
        while decimals > 0 && units % 10 == 0 {
            units /= 10
            decimals -= 1
        }
        return decimals
    }
}

extension DecimalNumber: ExpressibleByIntegerLiteral {
    /// A whole number: `let minimum: DecimalNumber = 9`.
    public init(integerLiteral value: Int64) { self.init(units: value, scale: 0) }
}

extension Character {
    /// By its ASCII value: a digit with a combining mark (`0` and U+0489) sorts between "0" and "9" but has none.
    var isASCIIDigit: Bool { asciiValue.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
}
