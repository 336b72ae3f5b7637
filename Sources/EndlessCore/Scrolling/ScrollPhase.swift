/// Seed 003's scroll phases, as a page's reports tell them apart.
///
/// UIKit tells its delegate when a drag begins and ends and when deceleration begins and ends. A browser runs a fling
/// itself and tells the page only that the view scrolled and, at last, that scrolling ended (`scrollend`): dragging
/// and decelerating are one phase here, and what the seed does at `didEndDragging` without deceleration, or at
/// `didEndDecelerating`, happens when a report says `.ended`.
package enum ScrollPhase: Sendable, Hashable {
    /// Dragged, or decelerating after a fling: the tiles lead ahead of the motion to where the view will be when the
    /// next frame is in (the projected target, `AxisLayout.lead(of:)`), the content recenters only near its edge, and
    /// a fast fling's grid blocks come bare (`Detail`).
    case scrolling
    /// Scrolling came to rest (or a key moved the view): it settles on a tick or with an item centred, recenters by
    /// whole tiles, and is drawn in full.
    case ended
}
