import EndlessCore
import Foundation

/// One axis of a frame as the page applies it: everything is an assignment, nothing is computed there.
struct AxisFrameJSON: Encodable {
    /// Send back with the next request.
    var origin: Double
    /// Set the scroll position to this at once: only when the content is placed anew (the first frame).
    var scroll: Double?
    /// Add this to the scroll position at once (a recenter): relative, so a late frame loses no scrolling.
    var shift: Double
    /// Scroll smoothly to this (a settle, a key, back to centre).
    var snap: Double?
    /// The tiles held once applied, to send back as `have`.
    var have: String
    var add: [TileJSON] = []
    var move: [TileJSON] = []
    var remove: [String] = []
}

/// A tile by key, its content position and, when new, its element.
struct TileJSON: Encodable {
    var k: String
    var x: Double
    var y: Double?
    var svg: String?
}

extension AxisFrameJSON {
    /// An axis's placement alone: origin, scroll or shift, snap; the tiles are the caller's.
    init(placement frame: AxisFrame, snap: Double?) {
        origin = frame.origin
        scroll = frame.isNewPlacement ? frame.scroll : nil
        shift = frame.isNewPlacement ? 0 : frame.shift
        self.snap = snap
        have = "\(frame.tiles.first):\(frame.tiles.last)"
    }

    /// The changes from the tiles the page has (`have`) to the frame's, with `element` drawing new ones.
    init(
        _ frame: AxisFrame, reportedOrigin: Double?, have: ClosedRange<Int64>?, snap: Double?,
        element: (Int64) -> [UInt8]
    ) {
        self.init(placement: frame, snap: snap)
        let need = frame.tiles.indices
        // Held tiles the frame still needs: the overlap of two ranges (none when the content is placed anew).
        let kept = have.flatMap { !frame.isNewPlacement && $0.overlaps(need) ? $0.clamped(to: need) : nil }
        func isKept(_ index: Int64) -> Bool { kept?.contains(index) ?? false }
        remove = have.map { $0.filter { !isKept($0) }.map(String.init) } ?? []
        for index in need where !isKept(index) {
            add.append(
                TileJSON(
                    k: String(index), x: frame.position(of: index), svg: String(decoding: element(index), as: UTF8.self)
                ))
        }
        if reportedOrigin != frame.origin {
            move = kept.map { $0.map { TileJSON(k: String($0), x: frame.position(of: $0)) } } ?? []
        }
    }
}

/// A grid frame: both axes' scroll, and blocks of tiles keyed `x,y`.
struct GridFrameJSON: Encodable {
    var seq: Int
    var x: AxisFrameJSON
    var y: AxisFrameJSON
    var add: [TileJSON] = []
    var move: [TileJSON] = []
    var remove: [String] = []
    var center: String
    /// The address keys to update once settled (`x`, `y`).
    var state: [String: String]?
    /// Send back with the next request, with the page's clock `t`.
    var mark: String?

    init(
        seq: Int, frame: GridFrame, reported: (x: Double?, y: Double?), have: (ClosedRange<Int64>, ClosedRange<Int64>)?,
        settled: Bool, mark: String?, element: (GridCoordinate) -> [UInt8]
    ) {
        self.seq = seq
        self.mark = mark
        x = AxisFrameJSON(placement: frame.horizontal, snap: frame.snap?.x)
        y = AxisFrameJSON(placement: frame.vertical, snap: frame.snap?.y)
        let columns = frame.horizontal.tiles.indices, rows = frame.vertical.tiles.indices
        let moved = reported.x != frame.horizontal.origin || reported.y != frame.vertical.origin
        let stale = frame.horizontal.isNewPlacement || frame.vertical.isNewPlacement
        func key(_ column: Int64, _ row: Int64) -> String { "\(column),\(row)" }
        if let (haveColumns, haveRows) = have {
            for row in haveRows {
                for column in haveColumns where stale || !(columns.contains(column) && rows.contains(row)) {
                    remove.append(key(column, row))
                }
            }
        }
        let have = stale ? nil : have
        for row in rows {
            for column in columns {
                let x = frame.horizontal.position(of: column), y = frame.vertical.position(of: row)
                if let (haveColumns, haveRows) = have, haveColumns.contains(column), haveRows.contains(row) {
                    if moved { move.append(TileJSON(k: key(column, row), x: x, y: y)) }
                } else {
                    let tile = GridCoordinate(x: column, y: row)
                    add.append(
                        TileJSON(k: key(column, row), x: x, y: y, svg: String(decoding: element(tile), as: UTF8.self)))
                }
            }
        }
        let (cx, cy) = frame.center
        center = "(\(Self.number(cx)), \(Self.number(cy)))"
        state = settled ? ["x": Self.number(cx), "y": Self.number(cy)] : nil
    }

    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 0x1p53 ? String(Int64(value)) : String(value)
    }
}

/// A ruler frame with its linked pounds ruler, and the values to show.
struct RulerFrameJSON: Encodable {
    var seq: Int
    var view: AxisFrameJSON
    var linked: AxisFrameJSON
    /// `aria-valuenow`: the exact value under the pointer.
    var value: String
    /// `aria-valuetext` and the big readout: value and unit.
    var text: String
    var linkedText: String
    /// The address keys to update once the ruler has settled (`value`).
    var state: [String: String]?
    /// Send back with the next request, with the page's clock `t`.
    var mark: String?
}

/// A loop frame.
struct LoopFrameJSON: Encodable {
    var seq: Int
    var view: AxisFrameJSON
    var item: Int
    var mark: String?
}

/// Reads `first:last` (ruler, loop) or `x0:x1,y0:y1` (grid).
func tileRange(_ text: String?, _ name: String) throws(EndlessError) -> ClosedRange<Int64>? {
    guard let text, !text.isEmpty else { return nil }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let first = Int64(parts[0]), let last = Int64(parts[1]), first <= last,
        last - first < 10_000
    else { throw EndlessError(name, "must be the tiles held, as first:last (what the last frame said)") }
    return first...last
}
