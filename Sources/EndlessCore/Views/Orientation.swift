/// Which way a one-axis view (ruler, loop) scrolls and is drawn.
public struct Orientation: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    /// Kept rather than worked out: drawing asks it of every block, and comparing two orientations compares text.
    public let isVertical: Bool

    /// Values grow to the right (or, with `dir=rtl`, to the left); ticks hang from the top edge.
    public static let horizontal = Orientation(description: "horizontal", isVertical: false)
    /// Values grow downwards; ticks reach in from the left edge.
    public static let vertical = Orientation(description: "vertical", isVertical: true)

    public static let all = [horizontal, vertical]
}

/// Which way values grow along a horizontal ruler.
public struct Direction: Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public static let leftToRight = Direction(description: "ltr")
    /// Values grow to the left: the ruler is drawn mirrored, its labels upright.
    public static let rightToLeft = Direction(description: "rtl")

    public static let all = [leftToRight, rightToLeft]
}

/// The colours a view is drawn in.
public struct Theme: Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public static let light = Theme(description: "light")
    public static let dark = Theme(description: "dark")
    /// Light, with a `prefers-color-scheme: dark` style that turns it dark where the reader asks for that.
    public static let auto = Theme(description: "auto")

    public static let all = [light, dark, auto]
}
