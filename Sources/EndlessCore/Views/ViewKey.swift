/// A key pressed on a focused view, by the browser's `KeyboardEvent.key` name; each view says what it does.
public enum ViewKey: String, Sendable, CaseIterable {
    case arrowLeft = "ArrowLeft", arrowRight = "ArrowRight", arrowUp = "ArrowUp", arrowDown = "ArrowDown"
    case pageUp = "PageUp", pageDown = "PageDown", home = "Home", end = "End"

    /// The slider keys of ARIA practice: right and up increase, left and down decrease.
    public var isIncrease: Bool { self == .arrowRight || self == .arrowUp || self == .pageUp }
}
