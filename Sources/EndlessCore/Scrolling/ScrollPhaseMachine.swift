/// What a scroll view is told by the input it gets (seed 003).
public enum ScrollInput: Sendable, Hashable {
    /// A finger (or pointer) started dragging.
    case beginDrag
    /// The offset changed, by a drag, a deceleration or code.
    case scroll(offset: Double)
    /// The drag ended, the content moving at `velocity` points per second.
    case endDrag(velocity: Double)
    /// The deceleration came to rest.
    case endDeceleration
}

/// The delegate calls of UIScrollViewDelegate, in the order UIKit makes them.
public enum ScrollEvent: Sendable, Hashable {
    case willBeginDragging
    case didScroll(offset: Double)
    case willEndDragging(velocity: Double, targetOffset: Double)
    case didEndDragging(willDecelerate: Bool)
    case willBeginDecelerating
    case didEndDecelerating
}

/// The one thing a view needs to know to decide what to load.
public enum ScrollPhase: Sendable, Hashable {
    case idle
    /// A finger is on the content.
    case dragging
    /// The content moves on its own after a fling.
    case decelerating
}

/// Seed 003's delegate order as a state machine, including a fling interrupted by a new drag: then
/// `isDragging` and `isDecelerating` are both true, the old deceleration's `didEndDecelerating` is owed,
/// and it is paid either after the new fling ends or right after a drag that ends without velocity.
public struct ScrollPhaseMachine: Sendable, Hashable {
    /// UIKit's `dragging`: true from the first drag until scrolling fully stops (it means "scrolling").
    public private(set) var isDragging = false
    /// Seed 003's `userDragging`: true only while a finger is down.
    public private(set) var isUserDragging = false
    public private(set) var isDecelerating = false
    public private(set) var offset: Double
    /// Seed 003's lazy-loading target: where the current fling will end, while it decelerates.
    public private(set) var targetOffset: Double?

    public var rate: DecelerationRate
    /// Where a fling may end; `nil` lets it end anywhere.
    public var snap: SnapRule?

    public init(offset: Double = 0, rate: DecelerationRate = .normal, snap: SnapRule? = nil) {
        self.offset = offset
        self.rate = rate
        self.snap = snap
    }

    public var phase: ScrollPhase {
        if isUserDragging { return .dragging }
        return isDecelerating ? .decelerating : .idle
    }

    /// Feeds one input; returns the delegate events it causes, in order.
    public mutating func handle(_ input: ScrollInput) -> [ScrollEvent] {
        switch input {
        case .beginDrag:
            guard !isUserDragging else { return [] }
            isUserDragging = true
            isDragging = true
            targetOffset = nil
            return [.willBeginDragging]
        case .scroll(let newOffset):
            offset = newOffset
            return [.didScroll(offset: newOffset)]
        case .endDrag(let velocity):
            guard isUserDragging else { return [] }
            return endDrag(velocity: velocity)
        case .endDeceleration:
            guard isDecelerating, !isUserDragging else { return [] }
            return finishDeceleration()
        }
    }

    private mutating func endDrag(velocity: Double) -> [ScrollEvent] {
        isUserDragging = false
        let fling = Fling(start: offset, velocity: velocity, rate: rate)
        let target = snap?.target(of: fling) ?? fling.restingOffset
        let willDecelerate = velocity != 0
        var events: [ScrollEvent] = [
            .willEndDragging(velocity: velocity, targetOffset: target),
            .didEndDragging(willDecelerate: willDecelerate),
        ]
        if willDecelerate {
            isDecelerating = true
            targetOffset = target
            events.append(.willBeginDecelerating)
        } else if isDecelerating {
            events += finishDeceleration()  // the interrupted fling's owed end
        } else {
            isDragging = false
        }
        return events
    }

    private mutating func finishDeceleration() -> [ScrollEvent] {
        isDecelerating = false
        isDragging = false
        targetOffset = nil
        return [.didEndDecelerating]
    }
}
