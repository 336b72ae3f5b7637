import Foundation
import Testing

@testable import EndlessCore

@Suite struct DecelerationTests {
    @Test func normalRateTravelsAbout499PointsAndSettlesIn3point45Seconds() {
        let fling = Fling(start: 0, velocity: 1000, rate: .normal)
        #expect(abs(fling.restingOffset - 499.5) < 0.1)
        #expect(abs(fling.duration() - 3.45) < 0.01)
        #expect(abs(fling.offset(after: fling.duration()) - fling.restingOffset) <= 0.5 + 1e-9)
    }

    @Test func fastRateTravelsAbout99PointsAndSettlesInHalfASecond() {
        let fling = Fling(start: 100, velocity: -1000, rate: .fast)
        #expect(abs(fling.restingOffset - (100 - 99.5)) < 0.1)
        #expect(abs(fling.duration() - 0.53) < 0.01)
    }

    @Test func agreesWithApplesShortFormAndTheMillisecondSteps() {
        for rate in [DecelerationRate.normal, .fast] {
            let d = rate.perMillisecond
            let fling = Fling(start: 0, velocity: 2500, rate: rate)
            let appleTravel = (2500.0 / 1000) * d / (1 - d)
            #expect(abs(fling.restingOffset - appleTravel) / appleTravel < 0.01)
            // Step the physics a millisecond at a time, as UIScrollView does.
            var (x, v) = (0.0, 2500.0)
            for _ in 0..<500 {
                v *= d
                x += v / 1000
            }
            #expect(abs(fling.offset(after: 0.5) - x) < 2)
        }
    }

    @Test func noVelocityGoesNowhere() {
        let fling = Fling(start: 42, velocity: 0)
        #expect(fling.restingOffset == 42)
        #expect(fling.duration() == 0)
    }
}

@Suite struct SnapRuleTests {
    @Test func snapsTheProjectedTargetNotTheRelease() {
        let rule = SnapRule(spacing: 10)
        let fling = Fling(start: 1000, velocity: 1000)  // rests near 1499.5
        #expect(rule.target(of: fling) == 1500)
        #expect(rule.target(of: Fling(start: 1000, velocity: 990)) == 1490)
    }

    @Test func exactHalvesGoToTheLargerOffset() {
        let rule = SnapRule(spacing: 150, anchor: 40)
        #expect(rule.snap(40 + 75) == 190)
        #expect(rule.snap(40 - 75) == 40)
        #expect(rule.snap(40 - 75.001) == -110)
    }

    @Test func pagingMovesAtMostOnePage() {
        let rule = SnapRule.paging(size: 320)
        #expect(rule.pagedTarget(from: 640, releasedAt: 700, velocity: 5000) == 960)
        #expect(rule.pagedTarget(from: 640, releasedAt: 600, velocity: -5000) == 320)
        #expect(rule.pagedTarget(from: 640, releasedAt: 810, velocity: 0) == 960)
        #expect(rule.pagedTarget(from: 640, releasedAt: 790, velocity: 0) == 640)
    }

    @Test func pickerRuleCentresTheNearestItem() {
        let loop = Loop.standard
        let rule = loop.snapRule(windowWidth: 600)
        let offset = rule.snap(1234)
        #expect((offset + 300 - 40).truncatingRemainder(dividingBy: 150) == 0, "an item centred in the window")
        #expect(abs(offset - 1234) <= 75)
    }
}

@Suite struct ThrottleTests {
    func passes(frameRate: Double, seconds: Double = 1) -> Int {
        var throttle = Throttle()
        return (0..<Int(frameRate * seconds)).filter { throttle.shouldPass(at: Double($0) / frameRate) }.count
    }

    /// The seed's `isEnoughTimeElapsed`: its clock restarts on every call.
    func seedPasses(frameRate: Double) -> Int {
        var lastTime = 0.0
        var passed = 0
        for frame in 0..<Int(frameRate) {
            let now = 1000 + Double(frame) / frameRate
            if lastTime == 0 || now - lastTime > 0.016 { passed += 1 }
            lastTime = now
        }
        return passed
    }

    @Test func at60HzEveryFrameGetsThrough() {
        #expect(passes(frameRate: 60) == 60)
    }

    @Test func at120HzEverySecondFrameGetsThroughWhereTheSeedStarves() {
        #expect(passes(frameRate: 120) == 60)
        #expect(seedPasses(frameRate: 120) == 1, "the defect the throttle fixes")
    }

    @Test func neverMoreThanOncePerInterval() {
        for rate in [30.0, 60, 90, 120, 144, 240, 1000] {
            var throttle = Throttle()
            var last: Double?
            for frame in 0..<Int(rate * 2) {
                let time = Double(frame) / rate
                guard throttle.shouldPass(at: time) else { continue }
                if let last { #expect(time - last >= 1.0 / 60 - 1e-6, "\(rate) Hz") }
                last = time
            }
        }
        #expect(passes(frameRate: 240) == 60)
        #expect(passes(frameRate: 30) == 30)
    }

    @Test func resetLetsTheFinalValueThrough() {
        var throttle = Throttle()
        let first = throttle.shouldPass(at: 1)
        let tooSoon = throttle.shouldPass(at: 1.001)
        throttle.reset()
        let afterReset = throttle.shouldPass(at: 1.002)
        #expect(first && !tooSoon && afterReset)
    }
}
