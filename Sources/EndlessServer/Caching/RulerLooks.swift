import EndlessCore
import EndlessSVG
import Synchronization

/// What a ruler looks like, whatever it shows: everything its renderer is made of.
struct RulerLook: Hashable, Sendable {
    var configuration: RulerConfiguration
    var thickness: Double
    var orientation: Orientation
    var mirrored: Bool
    var theme: Theme

    init(_ ruler: Ruler, thickness: Double, orientation: Orientation, mirrored: Bool, theme: Theme) {
        configuration = ruler.configuration
        self.thickness = thickness
        self.orientation = orientation
        self.mirrored = mirrored
        self.theme = theme
    }
}

/// A look's renderer and its style text (`TileCache.style`), made once: a renderer draws and names a block's ticks
/// when made, and the style is built from text, which together cost a new window nearly what drawing it costs.
/// A class: a renderer is a dozen fields and arrays, which a request would otherwise copy from the cache, retain by
/// retain.
final class RulerDrawing: Sendable {
    let renderer: RulerRenderer
    let style: String

    init(_ renderer: RulerRenderer) {
        self.renderer = renderer
        style = TileCache.style(of: renderer)
    }
}

/// The drawings of the rulers' looks lately drawn, at most `capacity` of them: a look keeps at most a hundred ticks'
/// drawing and its unit (`Limits`), a few kilobytes, so the cache never holds more than a few hundred.
final class RulerLooks: Sendable {
    static let capacity = 64
    private let pool = Mutex(ReusePool<RulerLook, RulerDrawing>(capacity: capacity))

    /// The drawing of `window`'s look, made now if no window of that look was drawn lately.
    func drawing(of window: RulerWindow, theme: Theme) -> RulerDrawing {
        drawing(
            of: window.ruler, thickness: window.thickness, orientation: window.orientation,
            mirrored: window.isMirrored, theme: theme)
    }

    /// The drawing of a ruler of that look (a frame's, or a window's), made now if none of that look was drawn lately.
    func drawing(
        of ruler: Ruler, thickness: Double, orientation: Orientation, mirrored: Bool, theme: Theme
    ) -> RulerDrawing {
        let look = RulerLook(ruler, thickness: thickness, orientation: orientation, mirrored: mirrored, theme: theme)
        if let drawing = pool.withLock({ $0.lookup(look) }) { return drawing }
        let drawing = RulerDrawing(
            RulerRenderer(ruler: ruler, height: thickness, orientation: orientation, mirrored: mirrored, theme: theme))
        pool.withLock { _ = $0.enqueue(drawing, for: look) }
        return drawing
    }

    /// The drawing made afresh: what a caller without the cache (`endless render`) draws with.
    static func drawing(of window: RulerWindow, theme: Theme) -> RulerDrawing {
        RulerDrawing(RulerRenderer(window: window, theme: theme))
    }

    var count: Int { pool.withLock { $0.count } }
}
