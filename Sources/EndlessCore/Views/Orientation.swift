/// Which way a one-axis view (ruler, loop) scrolls and is drawn.
public struct Orientation: Sendable, Hashable, CustomStringConvertible {
    /// `horizontal` or `vertical`, as the `orientation` parameter names it.
    public let description: String
    /// Kept rather than worked out: drawing asks it of every block, and comparing two orientations compares text.
    package let isVertical: Bool

    /// Values grow to the right (or, with `dir=rtl`, to the left); ticks hang from the top edge.
    public static let horizontal = Orientation(description: "horizontal", isVertical: false)
    /// Values grow downwards; ticks reach in from the left edge.
    public static let vertical = Orientation(description: "vertical", isVertical: true)

    package static let all = [horizontal, vertical]
}

/// Which way values grow along a horizontal ruler.
package struct Direction: Sendable, Hashable, CustomStringConvertible {
    package let description: String

    package static let leftToRight = Direction(description: "ltr")
    /// Values grow to the left: the ruler is drawn mirrored, its labels upright.
    package static let rightToLeft = Direction(description: "rtl")

    package static let all = [leftToRight, rightToLeft]
}

/// The colours a view is drawn in.
public struct Theme: Sendable, Hashable, CustomStringConvertible {
    /// `light`, `dark` or `auto`, as the `theme` parameter names it.
    public let description: String

    /// Dark ink on a light ground.
    public static let light = Theme(description: "light")
    /// Light ink on a dark ground.
    public static let dark = Theme(description: "dark")
    /// Light, with a `prefers-color-scheme: dark` style that turns it dark where the reader asks for that.
    public static let auto = Theme(description: "auto")

    package static let all = [light, dark, auto]
}
