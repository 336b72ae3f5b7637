import EndlessCore
import EndlessSVG
import HTTPTypes

/// The rendering version: what the renderers draw today, as a short name that ETags carry and `v=` pins.
extension SVGResource {
    /// A hash of probe drawings of every view, so that any change to how they draw changes every ETag and turns
    /// away every old pinned URL, with nobody to remember a bump. `generation` covers changes the probes miss.
    static let renderingVersion: String = {
        let generation = "5"
        return String(fnv1a64(Array(generation.utf8) + probeDrawings()), radix: 36)
    }()

    /// Each view's default window and a tile of each, in each theme and both orientations; a ruler's in each format
    /// (their standard rulers have tick levels too), a grid's zoomed out.
    static func probeDrawings() -> [UInt8] {
        let resources: [(kind: Kind, captures: [Substring])] = [
            (.rulerWindow, []), (.gridWindow, []), (.loopWindow, []), (.rulerBlock, ["7.svg"]),
            (.gridTile, ["-1", "2.svg"]), (.loopItem, ["3.svg"]), (.timelineWindow, []), (.timelineBlock, ["0.svg"]),
        ]
        let looks = [[("theme", "light")], [("theme", "dark")], [("theme", "auto")], [("orientation", "vertical")]]
        let formats = ["feet-inches", "fraction", "time"].map { [("format", $0)] } + [[("grouping", ",.")]]
        // A timeline across a change of clock, in 12 hours, and at a calendar rung.
        let times = [[("tz", "Europe/London"), ("at", "2026-10-25T01:00:00Z")], [("hours", "12")], [("scale", "1w")]]
        var bytes: [UInt8] = []
        for (kind, captures) in resources {
            let more: [[(String, String)]] =
                switch kind {
                case .rulerWindow, .rulerBlock: formats
                case .gridWindow, .gridTile: [[("zoom", "2")]]
                case .timelineWindow, .timelineBlock: times
                case .loopWindow, .loopItem: []
                }
            let grid = kind == .gridWindow || kind == .gridTile
            for look in looks + more where grid ? look[0].0 != "orientation" : true {
                guard let resource = try? make(kind, captures: captures, query: look, looks: nil) else { continue }
                bytes += resource.render(cache: nil).document
            }
        }
        return bytes
    }

    /// The items' own version, in every ETag of a window that draws them (such a window is never pinned): a hash of
    /// `probeItems()`. Apart from `renderingVersion`, so that
    /// every answer without items keeps the ETag it had.
    static let itemsRenderingVersion = fnv1a64(probeItems())

    /// A window of items: a point with a link, a range, a named lane, and a burst its lane counts.
    static func probeItems() -> [UInt8] {
        let at = Instant(unchecked: 1_774_744_200)
        let items =
            [
                TimelineItem(id: "p", start: at, title: "Point", itemClass: .red, url: "https://example.com/p"),
                TimelineItem(id: "r", start: at, end: Instant(unchecked: 1_774_751_400), title: "Range", lane: "Lane"),
            ]
            + (0..<400).map {
                TimelineItem(
                    id: "b\($0)", start: Instant(unchecked: 1_774_744_200 + Int64($0)), title: "b", lane: "Burst")
            }
        guard let set = try? ItemSet(items), let timeline = try? Timeline(scale: .hour),
            let window = try? TimelineWindow(timeline: timeline, at: at, width: 1200, height: 300)
        else { return [] }
        return TimelineRenderer(window: window, items: set).render(window).document
    }

    /// A URL may pin the rendering version, `v=…`: its answer then never changes, and caches may keep it for good.
    /// The query without it; an older (or unknown) version is a 404, since those bytes can no longer be drawn.
    static func unpinned(_ query: [(String, String)]) throws(EndlessError) -> [(String, String)] {
        guard query.contains(where: { $0.0 == "v" }) else { return query }
        let versions = query.filter { $0.0 == "v" }
        // As every other parameter: given twice is an error, even twice the same.
        guard versions.count == 1 else { throw EndlessError("v", "is given twice; give it once") }
        guard versions[0].1 == renderingVersion else {
            throw EndlessError(
                "v", "must be this server's rendering version, \(renderingVersion) (or left out)", kind: .notFound)
        }
        return query.filter { $0.0 != "v" }
    }

    /// Whether a query that `at` accepted pinned the version.
    static func isPinned(_ query: [(String, String)]) -> Bool { query.contains { $0.0 == "v" } }
}

extension HTTPField.Name {
    /// The rendering version, on every SVG answer, for whoever wants to pin URLs with `v=`.
    static let renderingVersion = HTTPField.Name("Endless-Rendering")!
}
