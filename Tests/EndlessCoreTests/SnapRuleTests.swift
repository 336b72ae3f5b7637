import Testing

@testable import EndlessCore

@Suite struct SnapRuleTests {
    @Test func exactHalvesGoToTheLargerOffset() {
        let rule = SnapRule(spacing: 150, anchor: 40)
        #expect(rule.snap(40 + 75) == 190)
        #expect(rule.snap(40 - 75) == 40)
        #expect(rule.snap(40 - 75.001) == -110)
    }

    @Test func pagingRuleCentresTheNearestItem() {
        let loop = Loop.standard
        let rule = loop.pagingRule(windowWidth: 600)
        let offset = rule.snap(1234)
        #expect((offset + 300 - 40).truncatingRemainder(dividingBy: 150) == 0, "an item centred in the window")
        #expect(abs(offset - 1234) <= 75)
    }

    @Test func aSnapWithinHalfAPointHasArrived() {
        #expect(SnapRule.hasReached(100.4, 100))
        #expect(!SnapRule.hasReached(100.5, 100))
        #expect(!SnapRule.hasReached(99, 100))
    }
}
