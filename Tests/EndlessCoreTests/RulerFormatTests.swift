import Testing
import TestSupport

@testable import EndlessCore

/// Formats: exact examples, a reference in rational arithmetic over random rulers' ticks, tick levels, a clock's
/// wrap, and the errors that name the parameter to change.
@Suite struct RulerFormatTests {
    /// A ruler from a query string such as `format=time&step=0.5`, read as the server reads one.
    func ruler(_ query: String) throws(EndlessError) -> Ruler {
        let pairs = query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        return try Parameters(pairs, accepted: Parameters.rulerNames).ruler()
    }

    func number(_ text: String) -> DecimalNumber { DecimalNumber(text)! }

    @Test func decimalExamples() throws {
        let weight = try Ruler(.weight)
        #expect(weight.text(number("72.4")) == "72.4 kg" && weight.text(9) == "9.0 kg" && weight.labelText(72) == "72")
        let wide = "min=-1000000000000&max=1000000000000&step=0.5&ends=clamp"
        let comma = try ruler(wide + "&grouping=,.")
        #expect(comma.text(number("1234.5")) == "1,234.5 kg")
        #expect(comma.text(1_000_000_000_000) == "1,000,000,000,000.0 kg")
        #expect(comma.text(-1_000_000_000_000) == "-1,000,000,000,000.0 kg")
        #expect(comma.text(number("-1234567.5")) == "-1,234,567.5 kg")
        #expect(comma.text(0) == "0.0 kg" && comma.text(123) == "123.0 kg" && comma.text(1000) == "1,000.0 kg")
        #expect(comma.labelText(-1_000_000) == "-1,000,000" && comma.labelText(number("0.5")) == "0.5")
        let space = try ruler(wide + "&grouping= ,")
        #expect(space.text(number("1234.5")) == "1 234,5 kg" && space.text(number("-999.5")) == "-999,5 kg")
    }

    @Test func feetAndInchesExamples() throws {
        let height = try ruler("format=feet-inches")  // 0…120 in by the half inch
        #expect(height.text(68) == "5′ 8″" && height.text(number("68.5")) == "5′ 8½″" && height.text(0) == "0′ 0″")
        #expect(height.text(120) == "10′ 0″" && height.labelText(60) == "5′" && height.labelText(68) == "5′ 8″")
        let fine = try ruler("format=feet-inches&min=-120&max=120&step=0.0625&ticks=16")
        #expect(fine.text(number("8.1875")) == "0′ 8³\u{2044}₁₆″")
        #expect(fine.text(number("-68.6875")) == "-5′ 8¹¹\u{2044}₁₆″")
        #expect(fine.text(number("-68.375")) == "-5′ 8⅜″" && fine.text(number("0.75")) == "0′ 0¾″")
        #expect(fine.labelText(-60) == "-5′")
        let tenths = try ruler("format=feet-inches&step=0.1&ticks=10")  // not sixteenths: decimal inches
        #expect(!tenths.writesSixteenths)
        #expect(tenths.text(number("68.3")) == "5′ 8.3″" && tenths.text(68) == "5′ 8″" && tenths.labelText(72) == "6′")
    }

    @Test func fractionExamples() throws {
        let rule = try ruler("format=fraction")  // 0…36 in by 16ths
        #expect(rule.text(number("3.3125")) == "3 5\u{2044}16 in" && rule.text(number("3.5")) == "3 1\u{2044}2 in")
        #expect(rule.text(3) == "3 in" && rule.text(0) == "0 in" && rule.text(number("0.3125")) == "5\u{2044}16 in")
        #expect(rule.labelText(3) == "3" && rule.labelText(number("0.75")) == "3\u{2044}4")
        let signed = try ruler("format=fraction&min=-36&step=0.25&ticks=4")
        #expect(signed.text(number("-3.5")) == "-3 1\u{2044}2 in" && signed.text(number("-0.75")) == "-3\u{2044}4 in")
    }

    @Test func timeExamples() throws {
        let day = try ruler("format=time")
        #expect(
            day.text(90) == "1:30" && day.text(0) == "0:00" && day.text(1435) == "23:55" && day.labelText(60) == "1:00")
        #expect(try ruler("format=time&ends=clamp&max=3000").text(1500) == "25:00", "past 24 h when not wrapping")
        #expect(try ruler("format=time&ends=clamp&min=-120&max=120").text(-90) == "-1:30")
        let long = try ruler("format=time&ends=clamp&min=0&max=1000000000000&step=1&ticks=10")
        #expect(long.text(1_000_000_000_000) == "16666666666:40")
        let seconds = try ruler("format=time&unit=s&step=0.5&max=400000&ends=clamp")
        #expect(seconds.text(number("3723.5")) == "1:02:03.5" && seconds.text(360_000) == "100:00:00.0")
        #expect(seconds.text(59) == "0:00:59.0" && seconds.labelText(59) == "0:00:59")
    }

    /// Random rulers of every format, values as their ticks show them, checked against `reference`.
    @Test(arguments: RulerFormat.all)
    func textMatchesARationalReference(format: RulerFormat) throws {
        var rng = SeededGenerator(seed: format.description.utf8.reduce(17) { $0 &* 31 &+ UInt64($1) })
        var (checked, failures) = (0, 0)
        while checked < 2_400 && failures < 5 {
            guard let c = randomConfiguration(format.style, &rng) else { continue }
            let ruler = try Ruler(c)
            let cycle = ruler.cycleTicks, middle = ruler.middleTick
            // The first turn's ticks; a wrapping ruler's are then moved by whole turns out to offsets near ±1e15.
            let ticks =
                ruler.isModular ? 0..<cycle : ruler.isWrapping ? -middle..<(cycle - middle) : 0..<(ruler.lastTick + 1)
            let turns = ruler.isWrapping ? 100_000_000_000_000 / cycle - 1 : 0
            for i in 0..<16 {
                let k = i == 0 ? ticks.lowerBound : i == 1 ? ticks.upperBound - 1 : Int64.random(in: ticks, using: &rng)
                let n = k + cycle * Int64.random(in: -turns...turns, using: &rng)
                let value = try ruler.value(atOffset: Double(n) * c.tickSpacing)
                let exact = Rational(of: c.minimum) + Rational(Int128(k)) * Rational(of: c.step)
                let (text, label) = (ruler.text(value), ruler.labelText(value))
                let (expected, expectedLabel) = (reference(exact, c, label: false), reference(exact, c, label: true))
                if Rational(of: value) != exact || text != expected || label != expectedLabel {
                    failures += 1
                    Issue.record(
                        """
                        min \(c.minimum) max \(c.maximum) step \(c.step) ticks \(c.ticksPerBlock) \(c.ends) \
                        unit '\(c.unit)' \(c.format) grouping '\(c.format.grouping?.description ?? "")', tick \(n): \
                        \(value) as '\(text)' / '\(label)', expected \(exact) as '\(expected)' / '\(expectedLabel)'
                        """)
                }
                checked += 1
            }
        }
        #expect(checked >= 2_000)
    }

    /// A ruler `Ruler` accepts: a step of any size in up to 6 decimals (as the format allows), a minimum anywhere
    /// within ±1e12, ends that reach 1e12 or stop short, as many ticks as fit 1e15 points; `nil` to draw again.
    func randomConfiguration(_ style: RulerFormat.Style, _ rng: inout SeededGenerator) -> RulerConfiguration? {
        func random(_ range: ClosedRange<Int64>) -> Int64 { Int64.random(in: range, using: &rng) }
        func power(_ exponent: Int) -> Int64 { (0..<exponent).reduce(1) { result, _ in result * 10 } }
        let minutes = style == .time && Bool.random(using: &rng)
        let sixteenths = style == .feetAndInches && Bool.random(using: &rng)
        let scale = style == .fraction || sixteenths ? 4 : minutes ? 0 : Int(random(0...6))
        let top = 1_000_000_000_000 * power(scale)
        // Min and step are whole `grain`s: a sixteenth in 4 decimals is 625 units; a fraction's min, whole inches.
        let grain: Int64 = style == .fraction ? 10_000 : sixteenths ? 625 : 1
        var step = grain * random(1...max(1, power(Int(random(0...Int64(12 + scale)))) / grain))  // log-uniform
        let minimum = grain * (random(0...3) == 0 ? -top / grain : random(-top / grain...top / grain))
        var ticks = Int(random(1...100)), unit = ["kg", "", "m/s²"].randomElement(using: &rng)!
        var format = RulerFormat.decimal
        switch style {
        case .decimal:
            let separator = Grouping.separators.randomElement(using: &rng)!
            let mark = Grouping.marks.randomElement(using: &rng)!
            if random(0...2) > 0, let grouping = Grouping("\(separator)\(mark)") {
                format = .decimal(grouping: grouping)
            }
        case .feetAndInches: (unit, format) = ("in", .feetAndInches)
        case .fraction:
            let parts = [2, 4, 8, 16].randomElement(using: &rng)!
            (unit, format, step) = (["in", "", "inch"].randomElement(using: &rng)!, .fraction, 10_000 / Int64(parts))
            ticks = parts * Int(random(1...Int64(100 / parts)))  // a block of whole inches
        case .time: (unit, format) = (minutes ? "min" : "s", .time)
        }
        guard step <= top, minimum < top else { return nil }
        // Steps up to 1e12, and (last tick + ticks) × 10 points within 1e15.
        let most = min((top - minimum) / step, 100_000_000_000_000 - Int64(ticks))
        guard most >= 1 else { return nil }
        let wraps = Bool.random(using: &rng)
        var last = [most, random(1...most), random(1...min(most, 1_000))].randomElement(using: &rng)!
        if wraps { last -= last % Int64(ticks) }
        guard last >= 1 else { return nil }
        return RulerConfiguration(
            minimum: DecimalNumber(units: minimum, scale: scale),
            maximum: DecimalNumber(units: minimum + last * step, scale: scale),
            step: DecimalNumber(units: step, scale: scale), ticksPerBlock: ticks, ends: wraps ? .wrap : .clamp,
            unit: unit, format: format)
    }

    /// What `text` (or `labelText`, with `label`) should write for `value`, by rational arithmetic alone.
    func reference(_ value: Rational, _ c: RulerConfiguration, label: Bool) -> String {
        let numbers = [c.minimum, c.maximum, c.step].map(Rational.init(of:))
        let decimals = label ? nil : (numbers + [value]).map(\.decimals).max()!
        let sign = value < .zero ? "-" : ""
        let size = value < .zero ? .zero - value : value
        let whole = size.floor
        let part = size - Rational(whole)
        let unit = label || c.unit.isEmpty ? "" : " " + c.unit
        switch c.format.style {
        case .decimal:
            let digits = Self.digits(of: part, count: decimals)
            let integer = c.format.grouping.map { Self.grouped(whole, $0.separator) } ?? "\(whole)"
            return sign + integer + (digits.isEmpty ? "" : "\(c.format.grouping?.mark ?? ".")" + digits) + unit
        case .feetAndInches:
            let feet = (size * Rational(1, 12)).floor
            let inches = size - Rational(12 * feet)
            if label && inches == .zero { return "\(sign)\(feet)′" }
            let inch = inches.floor
            let rest = inches - Rational(inch)
            let sixteenths = [numbers[0], numbers[2]].allSatisfy { ($0 * Rational(16)).denominator == 1 }
            let written = rest == .zero ? "" : sixteenths ? Self.vulgar(rest) : "." + Self.digits(of: rest, count: nil)
            return "\(sign)\(feet)′ \(inch)\(written)″"
        case .fraction:
            guard part != .zero else { return "\(sign)\(whole)\(unit)" }
            return sign + (whole == 0 ? "" : "\(whole) ") + "\(part.numerator)\u{2044}\(part.denominator)" + unit
        case .time:
            let two = { (n: Int128) in n < 10 ? "0\(n)" : "\(n)" }
            if c.unit == "min" { return "\(sign)\((size * Rational(1, 60)).floor):\(two(whole % 60))" }
            let hours = (size * Rational(1, 3600)).floor
            let minutes = ((size - Rational(3600 * hours)) * Rational(1, 60)).floor
            let digits = Self.digits(of: part, count: decimals)
            return "\(sign)\(hours):\(two(minutes)):\(two(whole % 60))" + (digits.isEmpty ? "" : "." + digits)
        }
    }

    /// Digits of `part` (in 0..<1) by repeated ×10: `count` of them, or as few as write it exactly.
    static func digits(of part: Rational, count: Int?) -> String {
        var (part, text) = (part, "")
        while count.map({ text.count < $0 }) ?? (part != .zero) {
            part = part * Rational(10)
            text += "\(part.floor)"
            part = part - Rational(part.floor)
        }
        #expect(part == .zero, "the ruler's decimals write every value exactly")
        return text
    }

    /// Groups of three digits, from the right.
    static func grouped(_ whole: Int128, _ separator: Character) -> String {
        var (groups, rest) = ([Int128](), whole)
        repeat { (groups, rest) = ([rest % 1000] + groups, rest / 1000) } while rest > 0
        let padded = groups.dropFirst().map { String("00\($0)".suffix(3)) }
        return (["\(groups[0])"] + padded).joined(separator: String(separator))
    }

    /// A fraction of an inch: one of Unicode's vulgar fractions, else superscript ⁄ subscript digits.
    static func vulgar(_ part: Rational) -> String {
        let glyphs = ["1/2": "½", "1/4": "¼", "3/4": "¾", "1/8": "⅛", "3/8": "⅜", "5/8": "⅝", "7/8": "⅞"]
        if let glyph = glyphs["\(part.numerator)/\(part.denominator)"] { return glyph }
        let (up, down) = (Array("⁰¹²³⁴⁵⁶⁷⁸⁹"), Array("₀₁₂₃₄₅₆₇₈₉"))
        return String("\(part.numerator)".map { up[$0.wholeNumberValue!] }) + "\u{2044}"
            + String("\(part.denominator)".map { down[$0.wholeNumberValue!] })
    }

    @Test func tickLevelsFollowSubdivisions() throws {
        let inch = try ruler("ticks=16&ends=clamp&subdivisions=2,2,2,2")
        #expect(inch.tickLevelCount == 5 && inch.labelledTickIndex == 8)
        // The label, then the tick 8 away, those 4 away, 2 away, and the odd ones.
        #expect((0..<16).map(inch.tickLevel(ofIndex:)) == [1, 4, 3, 4, 2, 4, 3, 4, 0, 4, 3, 4, 2, 4, 3, 4])
        let tens = try ruler("ticks=10&subdivisions=2,5")
        #expect(tens.tickLevelCount == 3 && (0..<10).map(tens.tickLevel(ofIndex:)) == [1, 2, 2, 2, 2, 0, 2, 2, 2, 2])
        let plain = try Ruler(.weight)
        #expect(plain.tickLevelCount == 2 && (0..<10).map(plain.tickLevel(ofIndex:)) == [1, 1, 1, 1, 1, 0, 1, 1, 1, 1])
        // A format's own subdivisions, dropped with its ticks.
        #expect(try ruler("format=fraction").tickLevelCount == 5 && ruler("format=feet-inches").tickLevelCount == 4)
        #expect(try ruler("format=time").tickLevelCount == 3 && ruler("format=time&ticks=12").tickLevelCount == 2)
    }

    @Test func aClockGoesRound() throws {
        let day = try Ruler(.standard(for: .time))
        #expect(day.isModular && day.valueRange == 0...1435)
        #expect(day.value(ofTick: -1) == 1435 && day.value(ofTick: 288) == 0 && day.value(ofTick: -289) == 1435)
        #expect((-2...1).map { day.text(day.value(ofTick: $0)) } == ["23:50", "23:55", "0:00", "0:05"])
        #expect(try day.offset(for: 1435) == -10 && day.value(atOffset: day.offset(for: 1435)) == 1435)
        var rng = SeededGenerator(seed: 1440)
        for minutes in stride(from: Int64(0), through: 1435, by: 5) {
            let near = Double.random(in: -1e12...1e12, using: &rng)
            let offset = try day.offset(for: DecimalNumber(units: minutes, scale: 0), near: near)
            #expect(try day.value(atOffset: offset) == DecimalNumber(units: minutes, scale: 0))
            #expect(abs(offset - near) <= 1440, "of the offsets of \(minutes), the one within half a turn of \(near)")
        }
        // Around the wrap, and whole turns away: from half a step before 0:00 to before 24:00.
        let turns = [0, 1, -1, 300_000_000_000].map { Double($0) * 2880 }
        for offset in turns.flatMap({ turn in stride(from: -40.0, through: 40.0, by: 0.25).map { turn + $0 } }) {
            let value = day.continuousValue(atOffset: offset)
            #expect(value >= -2.5 && value < 1440, "offset \(offset): \(value)")
        }
    }

    @Test(arguments: [
        ("format=fraction&step=0.1", "step"), ("format=feet-inches&unit=cm", "unit"), ("format=time&step=0.5", "step"),
        ("grouping=ab", "grouping"), ("grouping=,.&format=time", "grouping"), ("format=bogus", "format"),
        ("ticks=16&ends=clamp&subdivisions=2,2,2", "subdivisions"),
        ("ticks=16&ends=clamp&subdivisions=1,16", "subdivisions"),
        ("ticks=16&ends=clamp&subdivisions=2,2,2,2,1,1,1", "subdivisions"),
        ("format=fraction&subdivisions=4,2", "subdivisions"),
    ])
    func errorsNameTheParameterToChange(query: String, parameter: String) {
        do {
            _ = try ruler(query)
            Issue.record("\(query) was accepted")
        } catch {
            #expect(error.parameter == parameter, "\(query): \(error)")
            #expect(
                error.reason.split(separator: " ").count >= 3 && error.description == "\(parameter): \(error.reason)")
        }
    }

    /// A value off the ticks (`text` is public) is written as a decimal, never truncated to a sixteenth.
    @Test func aValueBetweenSixteenthsIsWrittenAsADecimal() throws {
        let height = try Ruler(.standard(for: .feetAndInches))
        #expect(height.text(number("68.01")) == "5′ 8.01″")
        let inches = try Ruler(.standard(for: .fraction))
        #expect(inches.text(number("0.3")) == "0.3 in")
        #expect(inches.text(number("3.01")) == "3.01 in")
    }

    /// Sixteenths in lowest terms, 0 among them, which would otherwise halve without end.
    @Test func sixteenthsReduceToLowestTermsZeroToo() {
        #expect(RulerFormat.reduced(8) == (1, 2))
        #expect(RulerFormat.reduced(12) == (3, 4))
        #expect(RulerFormat.reduced(16) == (1, 1))
        #expect(RulerFormat.reduced(0) == (0, 1))
    }
}

/// An exact rational in lowest terms, its denominator positive: the reference's arithmetic, wide enough for any
/// ruler value times 10^6.
extension RulerFormatTests {
    struct Rational: Comparable {
        let numerator: Int128
        let denominator: Int128
        static let zero = Rational(0)

        init(_ numerator: Int128, _ denominator: Int128 = 1) {
            var (a, b) = (numerator.magnitude, denominator.magnitude)
            while b != 0 { (a, b) = (b, a % b) }
            let divisor = Int128(a) * (denominator < 0 ? -1 : 1)
            (self.numerator, self.denominator) = (numerator / divisor, denominator / divisor)
        }

        init(of number: DecimalNumber) {
            self.init(Int128(number.units), (0..<number.scale).reduce(1) { r, _ in r * 10 })
        }

        /// Rounded down; for values ≥ 0.
        var floor: Int128 { numerator / denominator }
        /// Digits after the point it takes to write exactly.
        var decimals: Int {
            (0...).first { (self * Rational((0..<$0).reduce(1) { r, _ in r * 10 })).denominator == 1 }!
        }

        static func + (a: Rational, b: Rational) -> Rational {
            Rational(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
        }
        static func - (a: Rational, b: Rational) -> Rational { a + Rational(-b.numerator, b.denominator) }
        static func * (a: Rational, b: Rational) -> Rational {
            Rational(a.numerator * b.numerator, a.denominator * b.denominator)
        }
        static func < (a: Rational, b: Rational) -> Bool { a.numerator * b.denominator < b.numerator * a.denominator }
    }
}

extension RulerFormatTests.Rational: CustomStringConvertible {
    var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

}
