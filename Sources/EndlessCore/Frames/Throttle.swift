/// Seed 000's throttle: the value under the pointer changes at most once a 60 Hz frame (16.67 ms), however fast the
/// ruler scrolls. A page reports at most once an animation frame and shows each answer's value, so this says how many
/// of its frames it lets pass between reports: each one, or in a fast fling every other.
///
/// Above `Detail.bareAbove` the value changes by dozens of ticks a frame, faster than anyone reads it, and each report
/// costs a page's main thread a request sent and an answer read; the tiles are not late for it, since a lead lasts two
/// of the page's report cycles (`AxisLayout.lead`). Counting frames, not time, avoids the seed's defect: its clock
/// restarted on every call, so at 120 Hz no value ever got through.
package enum Throttle {
    /// Frames from one report to the next for a view moving at `speed` points per millisecond: one once scrolling
    /// ended or a key moved it, for then each answer settles or places it.
    package static func frames(speed: Double, phase: ScrollPhase) -> Int {
        phase == .scrolling && speed > Detail.bareAbove ? 2 : 1
    }

    /// The same for the reports of a view's axes (their velocities, in points per millisecond).
    package static func frames(_ reports: [AxisReport], phase: ScrollPhase) -> Int {
        frames(speed: reports.speed, phase: phase)
    }
}
