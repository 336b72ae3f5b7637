import EndlessCore

/// The colours of one view in one theme, by role. The light ones are what every view has always been drawn in.
package struct Palette: Sendable, Hashable {
    package var background: String
    /// Ticks, labels and numbers.
    package var ink: String
    /// The ruler's pointer and value.
    package var accent: String
    /// The loop's rules.
    package var rule: String
    /// A grid tile, and tile (0, 0).
    package var tile: String
    package var highlight: String
    /// A grid tile's border.
    package var border: String

    static let light = Palette(
        background: "#fafafa", ink: "#333", accent: "#e53935", rule: "#bbb", tile: "#d6d6d6", highlight: "#9e9e9e",
        border: "#000")
    static let dark = Palette(
        background: "#1e1e1e", ink: "#ddd", accent: "#ff6e6a", rule: "#666", tile: "#2e2e2e", highlight: "#5c5c5c",
        border: "#fff")

    /// The ruler's and the grid's colours.
    package static func standard(_ theme: Theme) -> Palette { theme == .dark ? dark : light }

    /// The loop's: a blue tint.
    package static func loop(_ theme: Theme) -> Palette {
        var palette = standard(theme)
        (palette.background, palette.ink) = theme == .dark ? ("#16202b", "#cfe3ff") : ("#f4f8fc", "#1e3a5f")
        return palette
    }

    /// CSS that redraws `light` in `dark` where the reader prefers a dark scheme (`theme=auto`): it matches the
    /// presentation attributes by colour, which CSS overrides, so the drawing itself is the light one unchanged.
    static func autoStyle(light: Palette, dark: Palette, more: String = "") -> String {
        let roles: [KeyPath<Palette, String>] = [
            \.background, \.ink, \.accent, \.rule, \.tile, \.highlight, \.border,
        ]
        var seen: Set<String> = []
        var rules = ""
        for role in roles where seen.insert(light[keyPath: role]).inserted {
            let (from, to) = (light[keyPath: role], dark[keyPath: role])
            rules += #"[fill="\#(from)"]{fill:\#(to)}[stroke="\#(from)"]{stroke:\#(to)}"#
        }
        return "@media (prefers-color-scheme: dark){\(rules)\(more)}"
    }
}

extension SVGWriter {
    /// A palette colour, already safe in an attribute.
    mutating func append(colour: String) {
        append(utf8: colour)
    }
}
