import EndlessCore

/// A timeline's items under its axis, one band a lane: its rows of bars (ranges) and diamonds (points), each titled
/// where there is room, or, where a lane holds more than can be told apart, how many items each few points hold
/// (exact counts, in a `<title>` a pointer and a screen reader read).
///
/// A vertical timeline's lanes are drawn as a horizontal one's, then turned a quarter clockwise (`writePlacement`): time
/// runs down, titles read downwards, and lanes stand side by side, the first next to the axis.
struct TimelineItemsLayer: Sendable {
    let items: ItemSet
    let palette: ItemPalette
    /// A language's digits and groups for the counts (`1.234`, `١٬٢٣٤`); in another than English, without the
    /// English word (CLDR has none for "items").
    let language: Language?
    /// Whether the lanes are turned to stand beside a vertical timeline's axis.
    let vertical: Bool
    /// The lanes' bands together, across.
    let thickness: Double

    init(items: ItemSet, palette: ItemPalette, language: Language? = nil, vertical: Bool = false) {
        (self.items, self.palette, self.language, self.vertical) = (items, palette, language, vertical)
        thickness = Layout.thickness(of: items)
    }

    private typealias Layout = ItemLayout

    /// One block's lanes, as its own fragment: `from..<to` its seconds, `length` its points along (time from its
    /// left, or from its right where time runs to the left), the lanes from 0 across. Blocks are drawn once and
    /// kept (the server's tile cache), so that a window over them copies them. Their bars and markers only: each
    /// title is placed once (`drawTitles`), by the block that holds where it begins.
    func drawBlock(from: Int64, to: Int64, length: Double, mirrored: Bool) -> [UInt8] {
        let perSecond = length / Double(to - from)
        let x = { (seconds: Int64) in
            let along = Double(seconds - from) * perSecond
            return mirrored ? length - along : along
        }
        var writer = SVGWriter(capacity: 1024)
        var laneTop = 0.0
        for (index, lane) in items.lanes.enumerated() {
            let rowsTop = laneTop + Layout.nameBand(of: lane)
            if Layout.showsItems(of: items, lane: index, from: from, to: to, length: length) {
                for row in 0..<min(lane.rows.count, Layout.rowsShown) {
                    drawRow(
                        lane: index, row: row, top: across(rowsTop + Double(row) * Layout.rowHeight, Layout.rowHeight),
                        width: length, from: from, to: to, x: x, into: &writer)
                }
            } else {
                let height = Layout.thickness(of: lane) - Layout.laneGap - Layout.nameBand(of: lane)
                drawCounts(
                    lane: index, top: across(rowsTop, height), height: height, length: length, from: from, to: to,
                    mirrored: mirrored, x: x, into: &writer)
            }
            laneTop += Layout.thickness(of: lane)
        }
        return writer.bytes
    }

    /// The lanes' names at a window's leading edge, on a backdrop: always in view.
    func drawNames(width: Double, mirrored: Bool, into writer: inout SVGWriter) {
        var laneTop = 0.0
        for lane in items.lanes {
            if !lane.name.isEmpty {
                drawName(
                    lane.name, top: across(laneTop, ItemLayout.nameHeight), width: width, mirrored: mirrored,
                    into: &writer)
            }
            laneTop += Layout.thickness(of: lane)
        }
    }

    /// Where a band `height` thick and `top` points from the lanes' near edge is drawn: there, or on a vertical
    /// timeline from the far edge, which the quarter turn brings next to the axis.
    func across(_ top: Double, _ height: Double) -> Double { vertical ? thickness - top - height : top }

    /// Where the lanes stand, ` transform="…"` for their group: `band` points under the axis, or on a vertical
    /// timeline stood up `band` points from the left (x along becomes y down, y across the distance from the far
    /// edge); nothing where they start at 0 across a horizontal one.
    func writePlacement(band: Double, into writer: inout SVGWriter) {
        if vertical {
            writer.append(#" transform="matrix(0 1 -1 0 "#)
            writer.append(band + thickness)
            writer.append(#" 0)""#)
        } else if band != 0 {
            writer.append(#" transform="translate(0 "#)
            writer.append(band)
            writer.append(#")""#)
        }
    }

    /// A row's items in a block: bars and diamonds, each a link where the item has a URL.
    private func drawRow(
        lane: Int, row: Int, top: Double, width: Double, from: Int64, to: Int64, x: (Int64) -> Double,
        into writer: inout SVGWriter
    ) {
        for item in items.items(inLane: lane, row: row, from: from, to: to) {
            let (start, end) = (x(items.starts[item]), x(items.ends[item]))
            let fill = palette.fills[Int(items.kinds[item] & ~ItemSet.pointBit)]
            let linked = link(item, into: &writer)
            defer { if linked { writer.append("</a>") } }
            if items.isPoint(item) {
                let middle = top + Layout.barHeight / 2 + 2
                writer.append(#"<path fill=""#)
                writer.append(colour: fill)
                writer.append(#"" d="M"#)
                writer.append(start)
                writer.append(" ")
                writer.append(middle - 6)
                writer.append(#"l6 6l-6 6l-6-6z"/>"#)
            } else {
                // At least 2 points wide, and no further out than just past the block.
                var (left, right) = (min(start, end), max(start, end))
                (left, right) = (max(left, -2), min(max(right, left + 2), width + 2))
                Self.appendBar(fill: fill, left: left, right: right, top: top, into: &writer)
            }
        }
    }

    /// A bar's box in a row whose top is `top`, from `left` to `right`: an item's, rounded, or (not `rounded`) what
    /// hides titles under the ones at a page's edge.
    static func appendBar(
        fill: String, left: Double, right: Double, top: Double, rounded: Bool = true, into writer: inout SVGWriter
    ) {
        writer.append(#"<rect fill=""#)
        writer.append(colour: fill)
        writer.append(#"" x=""#)
        writer.append(left)
        writer.append(#"" y=""#)
        writer.append(top + 2)
        writer.append(#"" width=""#)
        writer.append(right - left)
        writer.append(#"" height=""#)
        writer.append(Layout.barHeight)
        writer.append(rounded ? #"" rx="3"/>"# : #""/>"#)
    }

    /// `<a href="…">` where item `item` has a URL, and whether it wrote one (to close).
    func link(_ item: Int, into writer: inout SVGWriter) -> Bool {
        items.withText(item, .url) { url in
            guard !url.isEmpty else { return false }
            writer.append(#"<a href=""#)
            writer.append(xmlText: url, fitting: .infinity)
            writer.append(#"">"#)
            return true
        }
    }

    /// Item `item`'s title from `at`, cut with `…` to `room` points; none where not even a letter fits.
    func title(
        of item: Int, at: Double, baseline: Double, room: Double, mirrored: Bool, colour: String,
        into writer: inout SVGWriter
    ) {
        items.withText(item, .title) { title in
            // Not a lone `…`: at least a letter of it.
            guard let first = String(decoding: title.prefix(4), as: UTF8.self).unicodeScalars.first,
                SVGWriter.width(of: first) + SVGWriter.width(of: "…") <= room
            else { return }
            writer.append(#"<text fill=""#)
            writer.append(colour: colour)
            writer.append(#"" x=""#)
            writer.append(at)
            writer.append(#"" y=""#)
            writer.append(baseline)
            writer.append(mirrored ? #"" text-anchor="end">"# : #"">"#)
            writer.append(xmlText: title, fitting: room)
            writer.append("</text>")
        }
    }

    /// How many items each `bucket` points of the lane hold (the block split evenly, in whole seconds), as bars
    /// whose height grows with the count's logarithm, each with its exact count as its title; neighbours drawn as
    /// high are one bar, titled with how many items their whole span holds.
    private func drawCounts(
        lane: Int, top: Double, height: Double, length: Double, from: Int64, to: Int64, mirrored: Bool,
        x: (Int64) -> Double, into writer: inout SVGWriter
    ) {
        let span = to - from
        let buckets = Int64(max(1, min(Double(span), (length / Layout.bucket).rounded(.down))))
        var counts: [Int] = []
        counts.reserveCapacity(Int(buckets))
        for bucket in 0..<buckets {
            counts.append(
                items.count(
                    inLane: lane, from: from + span * bucket / buckets, to: from + span * (bucket + 1) / buckets))
        }
        let most = Self.logarithm(Double(counts.max() ?? 1) + 1)
        writer.append(#"<g fill=""#)
        writer.append(colour: palette.counts)
        writer.append(#"">"#)
        // A run of buckets drawn as high is one bar, titled with how many items it holds (long ranges over a block
        // make whole lanes of them, and neighbours in a burst are about as many).
        var bucket = 0
        while bucket < counts.count {
            let (first, tall) = (bucket, Self.height(counts[bucket], of: height, most: most))
            while bucket < counts.count, Self.height(counts[bucket], of: height, most: most) == tall { bucket += 1 }
            guard tall > 0 else { continue }
            let (start, end) = (from + span * Int64(first) / buckets, from + span * Int64(bucket) / buckets)
            let count = bucket - first == 1 ? counts[first] : items.count(inLane: lane, from: start, to: end)
            let (a, b) = (x(start), x(end))
            writer.append(#"<rect x=""#)
            writer.append(min(a, b))
            writer.append(#"" y=""#)
            writer.append(top + height - tall + 2)
            writer.append(#"" width=""#)
            writer.append(max(abs(b - a) - 1, 1))
            writer.append(#"" height=""#)
            writer.append(tall)
            writer.append(#""><title>"#)
            if let language {
                let number = DecimalNumber(units: Int64(count), scale: 0)
                writer.append(text: 60) { language.numbers.write(number, decimals: 0, into: &$0) }
            } else {
                writer.append(Int64(count))
            }
            if language?.isEnglish ?? true {
                writer.append(count == 1 ? " item</title></rect>" : " items</title></rect>")
            } else {
                writer.append("</title></rect>")
            }
        }
        writer.append("</g>")
    }

    /// A count's bar in a lane `height` high whose largest count's logarithm is `most`: 0 for none, else in steps of
    /// 2 points, at least 3. Neighbours in a step are one bar, so a dense lane is a few bars, not one every bucket:
    /// each is an element a browser lays out (docs/performance.md, *Items*).
    private static func height(_ count: Int, of height: Double, most: Double) -> Double {
        count == 0 ? 0 : max(3, (height * logarithm(Double(count) + 1) / most / 2).rounded() * 2)
    }

    /// About log₂ `x`: exact at powers of two, straight between them; a count's bar height.
    private static func logarithm(_ x: Double) -> Double { Double(x.exponent) + x.significand - 1 }

    /// How wide the widest name's backdrop is.
    var namesWidth: Double {
        items.lanes.map { $0.name.isEmpty ? 0 : Self.width(of: $0.name) + 10 }.max() ?? 0
    }

    /// A lane's name's points, bold at 12 points, with a wider font's margin.
    private static func width(of name: String) -> Double { TextWidth.of(name, size: 12, bold: true) * 1.15 }

    private func drawName(_ name: String, top: Double, width: Double, mirrored: Bool, into writer: inout SVGWriter) {
        let characters = Self.width(of: name)
        writer.append(#"<rect fill=""#)
        writer.append(colour: palette.background)
        writer.append(#"" opacity="0.85" x=""#)
        writer.append(mirrored ? width - characters - 10 : 0)
        writer.append(#"" y=""#)
        writer.append(top)
        writer.append(#"" width=""#)
        writer.append(characters + 10)
        writer.append(#"" height=""#)
        writer.append(ItemLayout.nameHeight)
        writer.append(#""/><text font-weight="bold" fill=""#)
        writer.append(colour: palette.ink)
        writer.append(#"" x=""#)
        writer.append(mirrored ? width - 4 : 4)
        writer.append(#"" y=""#)
        writer.append(top + 13)
        writer.append(mirrored ? #"" text-anchor="end">"# : #"">"#)
        var name = name
        name.withUTF8 { writer.append(xmlText: $0, fitting: .infinity) }  // a control character drawn as U+FFFD
        writer.append("</text>")
    }
}

/// Items' colours in a theme: a class's fill, a bar's title, a point's title (the ink), the counts.
struct ItemPalette: Sendable, Hashable {
    let fills: [String]
    let barText: String
    let ink: String
    let counts: String
    let background: String

    static let light = ItemPalette(
        fills: ["#90caf9", "#a5d6a7", "#ffcc80", "#ef9a9a", "#ce93d8", "#e0e0e0"], barText: "#1a1a1a", ink: "#333",
        counts: "#78909c", background: "#fafafa")
    static let dark = ItemPalette(
        fills: ["#1565c0", "#2e7d32", "#b35400", "#b71c1c", "#6a1b9a", "#555"], barText: "#fff", ink: "#ddd",
        counts: "#90a4ae", background: "#1e1e1e")

    static func of(_ theme: Theme) -> ItemPalette { theme == .dark ? dark : light }

    /// `theme=auto`'s rules for the colours only items use, as `Palette.autoStyle` writes them.
    static var autoRules: String {
        let pairs = zip(light.fills, dark.fills) + [(light.barText, dark.barText), (light.counts, dark.counts)]
        return pairs.map { #"[fill="\#($0.0)"]{fill:\#($0.1)}"# }.joined()
    }
}

extension SVGWriter {
    /// The points a scalar of an item's text takes at 12 points, in DejaVu Sans (`FontAdvances`), with the margin
    /// `TextWidth.clearance` keeps for a reader's wider font (15%).
    static func width(of scalar: Unicode.Scalar) -> Double { FontAdvances.regular.advance(scalar) * 12 * 1.15 }

    /// UTF-8 text (valid: an item's, checked when read) as XML character data, cut with `…` where it would take
    /// more than `room` points: `& < > " '` escaped, and each character XML 1.0 cannot hold (a control character
    /// but tab, line feed and return; U+FFFE, U+FFFF) written as U+FFFD.
    mutating func append(xmlText bytes: UnsafeBufferPointer<UInt8>, fitting room: Double) {
        // The font read once, not at each letter (a static of another module is looked up at each use); nothing
        // measured where anything fits.
        let font = FontAdvances.regular
        let width = { (scalar: Unicode.Scalar) in font.advance(scalar) * 12 * 1.15 }
        let total = room.isFinite ? font.width(ofUTF8: bytes) * 12 * 1.15 : 0
        // Most text fits and has nothing to escape or replace: copied whole.
        if total <= room, !bytes.contains(where: Self.needsCare) { return append(bytes: bytes) }
        let ellipsis = width("…")
        var used = 0.0
        var done = false
        forEachScalar(in: bytes) { scalar, range in
            guard !done else { return }
            if total > room {
                let advance = width(scalar)
                if used + advance + ellipsis > room {
                    append("…")
                    done = true
                    return
                }
                used += advance
            }
            switch scalar {
            case "&": append("&amp;")
            case "<": append("&lt;")
            case ">": append("&gt;")
            case "\"": append("&quot;")
            case "'": append("&#39;")
            case "\t", "\n", "\r": append(" ")
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: append("\u{FFFD}")
            default: append(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
            }
        }
    }

    /// Whether a byte of UTF-8 may need escaping or replacing: `& < > " '`, a control character, or the first of
    /// U+FFFE or U+FFFF (EF BF BE, EF BF BF).
    private static func needsCare(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<0x20, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
            0xEF:
            true
        default: false
        }
    }

    /// Each scalar of valid UTF-8 and the bytes it takes.
    private func forEachScalar(
        in bytes: UnsafeBufferPointer<UInt8>, _ body: (Unicode.Scalar, Range<Int>) -> Void
    ) {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = UInt32(lead) & (length == 1 ? 0x7F : 0xFF >> (length + 1))
            for offset in 1..<max(length, 1) where index + offset < bytes.count {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            body(Unicode.Scalar(value) ?? "\u{FFFD}", index..<min(index + length, bytes.count))
            index += length
        }
    }
}
