import Testing

@testable import EndlessCore

@Suite struct ScrollPhaseMachineTests {
    /// The delegate calls without `didScroll`, as seed 003 lists them.
    func calls(_ events: [ScrollEvent]) -> [String] {
        events.compactMap { event in
            switch event {
            case .didScroll: nil
            case .willBeginDragging: "willBeginDragging"
            case .willEndDragging: "willEndDragging"
            case .didEndDragging(let decelerate): "didEndDragging(\(decelerate))"
            case .willBeginDecelerating: "willBeginDecelerating"
            case .didEndDecelerating: "didEndDecelerating"
            }
        }
    }

    @Test func aDragWithoutVelocityEndsAtOnce() {
        var machine = ScrollPhaseMachine()
        var events = machine.handle(.beginDrag)
        #expect(machine.phase == .dragging && machine.isDragging && machine.isUserDragging)
        events += machine.handle(.scroll(offset: 30))
        events += machine.handle(.endDrag(velocity: 0))
        #expect(calls(events) == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        #expect(machine.phase == .idle && !machine.isDragging)
        #expect(machine.handle(.endDeceleration).isEmpty, "nothing decelerated")
    }

    @Test func aFlingDeceleratesToASnappedTarget() {
        var machine = ScrollPhaseMachine(offset: 1000, snap: SnapRule(spacing: 10))
        _ = machine.handle(.beginDrag)
        let events = machine.handle(.endDrag(velocity: 1000))
        #expect(events.first == .willEndDragging(velocity: 1000, targetOffset: 1500))
        #expect(machine.phase == .decelerating)
        #expect(machine.isDragging, "UIKit's dragging stays true through the deceleration")
        #expect(!machine.isUserDragging, "seed 003's userDragging does not")
        #expect(machine.targetOffset == 1500)
        #expect(calls(machine.handle(.endDeceleration)) == ["didEndDecelerating"])
        #expect(machine.phase == .idle && machine.targetOffset == nil)
    }

    @Test func flingsInterruptedByNewDragsFollowTheSeedsOrder() {
        var machine = ScrollPhaseMachine()
        var events: [ScrollEvent] = []
        for velocity in [800.0, 1200, 1600] {
            events += machine.handle(.beginDrag)
            if velocity > 800 { #expect(machine.isDragging && machine.isDecelerating, "both YES mid-interruption") }
            events += machine.handle(.scroll(offset: velocity))
            events += machine.handle(.endDrag(velocity: velocity))
        }
        events += machine.handle(.endDeceleration)
        #expect(
            calls(events) == [
                "willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
                "willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
                "willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
                "didEndDecelerating",
            ])
    }

    @Test func aStillDragThatInterruptsAFlingStillGetsTheOwedEnd() {
        var machine = ScrollPhaseMachine()
        var events = machine.handle(.beginDrag) + machine.handle(.endDrag(velocity: 900))
        events += machine.handle(.beginDrag)
        #expect(machine.handle(.endDeceleration).isEmpty, "a finger is down: the end is deferred")
        events += machine.handle(.endDrag(velocity: 0))
        #expect(
            calls(events) == [
                "willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
                "willBeginDragging", "willEndDragging", "didEndDragging(false)", "didEndDecelerating",
            ])
        #expect(machine.phase == .idle && !machine.isDecelerating && !machine.isDragging)
    }

    @Test func scrollEventsReportTheOffsetAndIgnoreStrayEnds() {
        var machine = ScrollPhaseMachine()
        #expect(machine.handle(.scroll(offset: 12.5)) == [.didScroll(offset: 12.5)])
        #expect(machine.offset == 12.5)
        #expect(machine.handle(.endDrag(velocity: 100)).isEmpty, "no drag was under way")
        #expect(machine.phase == .idle)
    }
}
