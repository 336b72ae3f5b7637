/// How much of its tiles a frame draws: all of it, or at a fling's speed only what the eye can follow.
package enum Detail: Sendable, Hashable {
    case full
    /// Squares and borders without labels. At a fling's speed labels pass too fast to read, and laying out their
    /// text is most of what a page spends on a new grid block: a fast fling drops frames with them, not without.
    case bare

    /// Labels go above this speed, in points per millisecond: 10,000 px/s, at which a label crosses a 1,200 px view
    /// in a tenth of a second and a phone's in a twentieth.
    package static let bareAbove: Double = 10
    /// ... and come back below this one. Between the two a view keeps the detail it holds: a fling slowing through
    /// one speed is redrawn once, not every other frame.
    package static let fullBelow: Double = 6

    /// The detail of a frame for a view moving at `speed` points per millisecond that holds tiles drawn `held`:
    /// full whenever the view comes to rest or its scrolling ends, for that is when its labels are read (seed 003's
    /// lazy loading: the visible cells' images are loaded when deceleration ends).
    package static func forMotion(speed: Double, holding held: Detail, phase: ScrollPhase) -> Detail {
        if phase == .ended { return .full }
        switch held {
        case .full: return speed > bareAbove ? .bare : .full
        case .bare: return speed < fullBelow ? .full : .bare
        }
    }
}
