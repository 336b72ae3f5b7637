import EndlessCore
import EndlessSVG

/// What every view's answer is made from: the request's parameters, the report they carry, and the server's parts.
struct FrameRequest {
    var parameters: Parameters
    var report: FrameReport
    /// The query as given, for echoing a view's configuration into its `/svg` URL.
    var query: [(String, String)]
    var tiles: TileCache
    var layout: AxisLayout
    /// Where Endless is mounted: the start of `imageURL`.
    var mountPath = ""
    /// Bytes of tiles the answer may draw; past them it stops and says so (`FrameAnswer.overBudget`).
    var drawingBudget = Int.max
    /// The item sets a timeline may name (`items=`).
    var items: TimelineItemSets?

    /// A slider's look (a ruler's, a timeline's): its orientation and direction, its theme, its thickness across
    /// the axis (`height`, 120 by default), and the page's axis it scrolls along.
    func sliderLook() throws(EndlessError) -> (
        orientation: Orientation, mirrored: Bool, theme: Theme, thickness: Double, axis: FrameAxis
    ) {
        let orientation = try parameters.orientation()
        let mirrored = try parameters.isMirrored(orientation)
        let theme = try parameters.theme()
        let thickness = try parameters.number("height", accepts: Limits.Accepts.windowSide) ?? 120
        try Limits.checkWindowSide(thickness, "height")
        return (orientation, mirrored, theme, thickness, orientation.isVertical ? .y : .x)
    }

    /// The `/svg/{view}` URL of what is on screen: the configuration given here, and `position`.
    func imageURL(_ view: String, configuration names: [String], position: [(String, String)]) -> String {
        let configuration = query.filter { names.contains($0.0) }
        let pairs = configuration + position
        return "\(mountPath)/svg/\(view)?" + pairs.map { "\($0)=\(percentEncoded($1))" }.joined(separator: "&")
    }

    /// The element's colours as CSS custom properties, for its background and pointer; `theme=auto` adds the dark
    /// ones under `prefers-color-scheme: dark`. (Its tiles' colours are the view's `pageStyle`, which follows.)
    static func style(_ theme: Theme, light: Palette, dark: Palette) -> String {
        func properties(_ palette: Palette) -> String {
            ":host{--endless-background:\(palette.background);--endless-accent:\(palette.accent)}"
        }
        switch theme {
        case .dark: return properties(dark)
        case .auto: return properties(light) + "@media (prefers-color-scheme: dark){\(properties(dark))}"
        default: return properties(light)
        }
    }
}

/// Query-string encoding of a value: letters, digits and `-._~` as they are, everything else as `%XX`. Written byte
/// by byte in place: a timeline's instant (`2026-10-25T01%3A00%3A00%2B01%3A00`) is in every frame's readout.
private func percentEncoded(_ text: String) -> String {
    func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
    var text = text
    return text.withUTF8 { bytes in
        guard !bytes.allSatisfy(isUnreserved) else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count * 3) { encoded in
            let hex: StaticString = "0123456789ABCDEF"
            var count = 0
            for byte in bytes {
                if isUnreserved(byte) {
                    encoded[count] = byte
                    count += 1
                } else {
                    encoded[count] = UInt8(ascii: "%")
                    encoded[count + 1] = hex.utf8Start[Int(byte >> 4)]
                    encoded[count + 2] = hex.utf8Start[Int(byte & 15)]
                    count += 3
                }
            }
            return count
        }
    }
}
