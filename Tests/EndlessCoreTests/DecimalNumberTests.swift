import Foundation
import Testing

@testable import EndlessCore

@Suite struct DecimalNumberTests {
    @Test(arguments: [
        ("72.4", 724, 1), ("-0.5", -5, 1), ("+12", 12, 0), ("9.000", 9, 0), (".25", 25, 2), ("007", 7, 0),
        ("999999999999.999999", 999_999_999_999_999_999, 6),
    ])
    func parsesExactly(text: String, units: Int64, scale: Int) {
        #expect(DecimalNumber(text) == DecimalNumber(units: units, scale: scale))
    }

    /// Digits with combining marks (which sort between "0" and "9"; the first stopped the server, found by
    /// scripts/fuzz) and digits of other scripts are not ASCII digits.
    @Test(arguments: [
        "", "-", ".", "1e3", "0x10", "nan", "inf", "1.2.3", "1,000", " 1", "1.0000001", "1000000000001", "0\u{489}",
        "7.2\u{301}", "1\u{20E3}", "-5\u{0338}", "\u{661}", "\u{FF11}",
    ])
    func rejectsWhatIsNotAPlainDecimal(text: String) {
        #expect(DecimalNumber(text) == nil)
    }

    @Test func printsShortOrWithFixedDecimals() {
        #expect(DecimalNumber("72.40")!.description == "72.4")
        #expect(DecimalNumber(units: 720, scale: 1).formatted(decimals: 1) == "72.0")
        #expect(DecimalNumber(units: -5, scale: 2).formatted(decimals: 2) == "-0.05")
        #expect(DecimalNumber(units: 9, scale: 0).formatted(decimals: 3) == "9.000")
    }

    @Test func tenthsNeverDriftWhereDoublesDo() {
        var exact = DecimalNumber(units: 0, scale: 1)
        var binary = 0.0
        var binaryDrifted = false
        for _ in 0..<1000 {
            exact.units += 1
            binary += 0.1
            binaryDrifted = binaryDrifted || "\(binary)".count > 6
            #expect(exact.description.count <= 5)
        }
        #expect(exact.description == "100")
        #expect(binaryDrifted, "the comparison shows why DecimalNumber exists")
    }

    @Test func comparesAcrossScales() {
        #expect(DecimalNumber("8.5")! < DecimalNumber("9")!)
        #expect(DecimalNumber(units: 90, scale: 1) == DecimalNumber(units: 9, scale: 0))
        #expect(Set([DecimalNumber(units: 90, scale: 1), DecimalNumber(units: 9000, scale: 3)]).count == 1)
        #expect(!(DecimalNumber("-1.25")! < DecimalNumber("-1.3")!))
    }
}
