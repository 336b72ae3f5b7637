import EndlessCore

/// A frame as the page applies it, in the same shape for every view: per axis, where the content goes; the tiles to
/// add, move and remove; then what the element shows. Everything is an assignment: the page computes nothing.
struct FrameAnswer: Sendable {
    var seq: Int
    var axes: [AxisAnswer]
    var add: [TileAnswer] = []
    var move: [TileAnswer] = []
    var remove: [String] = []
    /// What the element shows and reports: `value` and `text` (ruler), `item` (loop), `x` and `y` (grid), and for
    /// every view `image`, the `/svg` URL of the window on screen.
    var readout: [String: String]
    /// The view came to rest (a gesture ended and nothing is left to settle): the element fires `change`.
    var settled: Bool
    /// Send back with the next request, with the page's clock `t`.
    var mark: String?
    /// The element's colours (and, for `theme=auto`, the dark ones): only when the content is placed anew.
    var style: String?
    /// While it scrolls, the element reports again only every `pace` animation frames (`Throttle`); absent, every
    /// frame. A follower has none: it reports when its leader's frame comes.
    var pace: Int?
    /// A new scale (a grid zoomed): the transform that shows the tiles held, of the old scale, where the new one has
    /// them (an SVG `transform`), under the new tiles until the next frame, so that none is blank meanwhile.
    var underlay: String?
    /// The language its words are in, as resolved: the answer's `Content-Language`.
    var language: Language?
    /// Not sent: its tiles would take more than the budget it was drawn with, and it stopped.
    var overBudget = false
    /// A timeline's items: what its tiles were drawn from, and the item chosen.
    var items: ItemsAnswer?
}

/// What a timeline with items adds to its frame.
struct ItemsAnswer: Sendable {
    /// The set's version the tiles were drawn from: sent back (`drawn`), so that a set changed since is drawn again.
    var drawn: String
    /// Milliseconds after which a view at rest asks again: how soon a changed set shows.
    var refresh: Int
    /// The lanes' names, an SVG the page keeps in view over its tiles: when placed anew, resized or redrawn.
    var lanes: [UInt8]?
    /// The titles of the bars crossing the view's leading edge, titled there (`TimelineRenderer.edgeTitles`): an SVG
    /// the page places over its tiles, empty where none crosses it. Every answer: the edge moves with each scroll.
    var edge: [UInt8] = []
    /// The item chosen (clicked, or stepped to with `[` and `]`) and still under the pointer: its fields as given,
    /// `index` (sent back as `selected`) and `text` (its title and time, as a reader hears them).
    var item: [(String, String)]?
}

/// One axis's placement: everything the page assigns to that scroll position.
struct AxisAnswer: Sendable {
    /// `x` (`scrollLeft`, tile `left`) or `y` (`scrollTop`, tile `top`).
    var axis: String
    /// The content's length along this axis.
    var content: Double
    /// Send back with the next request.
    var origin: Double
    /// Set the scroll position to this at once: the content was placed anew, or the server places it (a follower).
    var scroll: Double?
    /// Add this to the scroll position at once (a recenter): relative, so a late frame loses no scrolling.
    var shift: Double
    /// Scroll smoothly to this (a settle, a key, back to centre).
    var snap: Double?
    /// The tiles held once applied, to send back as `have`.
    var have: String

    init(_ axis: FrameAxis, _ frame: AxisFrame, layout: AxisLayout, snap: Double?, absolute: Bool = false) {
        self.axis = axis.rawValue
        content = layout.contentLength
        origin = frame.origin
        scroll = frame.isNewPlacement || absolute ? frame.scroll : nil
        shift = frame.isNewPlacement || absolute ? 0 : frame.shift
        self.snap = snap
        have = "\(frame.tiles.first):\(frame.tiles.last)"
    }
}

/// A tile by key, its content position and, when new, its element.
struct TileAnswer: Sendable {
    var key: String
    var left: Double
    var top: Double
    /// UTF-8, as the tile cache keeps it: escaped into the JSON without becoming a `String`.
    var svg: [UInt8]?
}

extension FrameAnswer {
    /// Sets `pace` for a view whose axes moved as `reports` say.
    mutating func setPace(_ reports: [AxisReport], of report: FrameReport) {
        let frames = Throttle.frames(reports, phase: report.key != nil ? .ended : report.phase)
        pace = frames > 1 ? frames : nil
    }

    /// The tiles to add, move and remove to go from what the page holds (`have`) to what `frames` need (`need`, all
    /// of each frame's tiles unless given), and each axis's `have` to send back. A tile is keyed by its index on each
    /// axis (`3`, or `3,-2` for a grid block); `element` draws a new one. With `redraw`, every tile needed is sent,
    /// held or not: an added tile replaces the page's tile of the same key (bare ones, once a fling slows). When the
    /// new tiles would take more than `budget` bytes (as many as the first one drawn takes), it draws no more and
    /// sets `overBudget`.
    mutating func placeTiles(
        _ frames: [(axis: FrameAxis, frame: AxisFrame)], reportedOrigins: [Double], have: TileSet?,
        need: TileSet? = nil, redraw: Bool = false, budget: Int = .max, element: ([Int64]) -> [UInt8]
    ) {
        let need = need ?? TileSet(frames.map(\.frame.tiles.indices))
        for index in axes.indices {
            axes[index].have = need.runs(axis: index).map { "\($0.lowerBound):\($0.upperBound)" }.joined(separator: ";")
        }
        // Held tiles are kept where still needed; none when placed anew.
        let fits = have.map { $0.boxes[0].count == frames.count } ?? false
        let held = fits && !frames.contains(where: \.frame.isNewPlacement) ? have : nil
        let moved = reportedOrigins != frames.map(\.frame.origin)
        func key(_ tile: [Int64]) -> String { tile.map(String.init).joined(separator: ",") }
        func answer(_ tile: [Int64], svg: [UInt8]?) -> TileAnswer {
            var left = 0.0, top = 0.0
            for ((axis, frame), index) in zip(frames, tile) {
                if axis == .x { left = frame.position(of: index) } else { top = frame.position(of: index) }
            }
            return TileAnswer(key: key(tile), left: left, top: top, svg: svg)
        }
        if fits, let have {
            remove = have.tiles.filter { !(held?.contains($0) == true && need.contains($0)) }.map(key)
        }
        let tiles = need.tiles
        let new = tiles.filter { redraw || held?.contains($0) != true }
        // The first new tile drawn tells what they all will cost: one over the budget is drawn no further.
        var first = new.first.map(element)
        if let size = first?.count, size * new.count > budget {
            overBudget = true
            return
        }
        for tile in tiles {
            if redraw || held?.contains(tile) != true {
                let svg = first ?? element(tile)
                first = nil
                add.append(answer(tile, svg: svg))
            } else if moved {
                move.append(answer(tile, svg: nil))
            }
        }
    }
}
