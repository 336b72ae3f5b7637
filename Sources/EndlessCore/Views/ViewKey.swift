/// A key pressed on a focused view, by the browser's `KeyboardEvent.key` name; each view says what it does.
package enum ViewKey: String, Sendable, CaseIterable {
    case arrowLeft = "ArrowLeft", arrowRight = "ArrowRight", arrowUp = "ArrowUp", arrowDown = "ArrowDown"
    case pageUp = "PageUp", pageDown = "PageDown", home = "Home", end = "End"
}
