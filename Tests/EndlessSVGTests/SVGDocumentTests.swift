import EndlessCore
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@testable import EndlessSVG

/// Parses a document, collecting every element with its attributes and all text.
final class SVGReader: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var text = ""

    static func read(_ bytes: [UInt8]) throws -> SVGReader {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = false
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return reader
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append((name, attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    var translations: [(x: Double, y: Double)] {
        elements.compactMap { $0.attributes["transform"] }.map { transform in
            let numbers = transform.dropFirst("translate(".count).dropLast().split(separator: " ").map { Double($0)! }
            return (numbers[0], numbers.count > 1 ? numbers[1] : 0)
        }
    }
}

@Suite struct SVGDocumentTests {
    let weight = try! Ruler(.weight)

    func rulerWindow(_ value: String, width: Double = 600, ruler: Ruler? = nil) throws -> (RulerWindow, RenderedWindow)
    {
        let ruler = ruler ?? weight
        let window = try RulerWindow(
            ruler: ruler, offset: ruler.offset(for: DecimalNumber(value)!), width: width, height: 120)
        return (window, RulerRenderer(ruler: ruler, height: 120).render(window))
    }

    @Test func everyViewIsAStandaloneValidDocument() throws {
        let documents = [
            try rulerWindow("72.4").1.document,
            GridRenderer(grid: .standard).render(
                try GridWindow(grid: .standard, centerX: 30, centerY: -20, width: 640, height: 480)
            ).document,
            LoopRenderer(loop: .standard, height: 120).render(
                try LoopWindow(loop: .standard, offset: 3100, width: 600, height: 120)
            ).document,
            RulerRenderer(ruler: weight, height: 120).blockDocument(63),
            GridRenderer(grid: .standard).tileDocument(GridCoordinate(x: -4, y: 7)),
            LoopRenderer(loop: .standard, height: 120).itemDocument(-1),
        ]
        for document in documents {
            let svg = try SVGReader.read(document)
            let root = try #require(svg.elements.first)
            #expect(root.name == "svg")
            #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
            let (width, height) = (try #require(root.attributes["width"]), try #require(root.attributes["height"]))
            #expect(root.attributes["viewBox"] == "0 0 \(width) \(height)")
            #expect(svg.elements.contains { $0.name == "title" })
            // An image with its title as its accessible name.
            #expect(root.attributes["role"] == "img")
            let title = String(decoding: document, as: UTF8.self).split(separator: "<title>")[1]
                .split(separator: "</title>")[0]
            #expect(root.attributes["aria-label"] == String(title))
        }
    }

    @Test func aVerticalRulerRunsDownwardsWithItsPointerAcross() throws {
        let height = try Ruler(
            RulerConfiguration(minimum: 100, maximum: 250, step: DecimalNumber("0.5")!, ends: .clamp, unit: "cm"))
        let window = try RulerWindow(
            ruler: height, offset: height.offset(for: DecimalNumber("172.5")!), width: 120, height: 400,
            orientation: .vertical)
        let svg = try SVGReader.read(RulerRenderer(window: window).render(window).document)
        #expect(svg.translations.allSatisfy { $0.x == 0 } && svg.translations.count == window.blocks.count)
        #expect(svg.text.contains("170") && svg.text.contains("175") && svg.text.contains("172.5 cm"))
        let pointer = try #require(svg.elements.last { $0.attributes["stroke"] == "#e53935" })
        #expect(pointer.attributes["d"] == "M0 200H120", "the pointer crosses the window's middle")
        // 172.5 is tick 145, the first of block 15 (ticks 145 … 154, labelled 175): half a spacing into it.
        let block = try #require(svg.translations.first { $0.y <= 200 && 200 < $0.y + 100 })
        #expect(200 - block.y == 5)
    }

    @Test func aRightToLeftRulerIsMirroredWithUprightLabels() throws {
        let window = try RulerWindow(
            ruler: weight, offset: weight.offset(for: DecimalNumber("72.4")!), width: 600, height: 120, mirrored: true)
        let svg = try SVGReader.read(RulerRenderer(window: window).render(window).document)
        let labels = svg.elements.filter { $0.name == "text" }.count
        #expect(labels >= 6)
        // Left to right the labels fall: 75 74 73 72 71 70 for a window centred on 72.4.
        let numbers = svg.text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(numbers == numbers.sorted(by: >) && numbers.contains(72), "\(numbers)")
    }

    @Test func themesColourEveryViewAndAutoCarriesItsDarkStyle() throws {
        let window = try RulerWindow(ruler: weight, offset: 6340, width: 600, height: 120)
        let dark = String(decoding: RulerRenderer(window: window, theme: .dark).render(window).document, as: UTF8.self)
        #expect(
            dark.contains(##"fill="#1e1e1e""##) && !dark.contains(##"fill="#fafafa""##) && !dark.contains("<style>"))
        let auto = String(decoding: RulerRenderer(window: window, theme: .auto).render(window).document, as: UTF8.self)
        let light = String(decoding: RulerRenderer(window: window).render(window).document, as: UTF8.self)
        #expect(auto.contains(##"<style>@media (prefers-color-scheme: dark){[fill="#fafafa"]{fill:#1e1e1e}"##))
        #expect(auto.replacing(#/<style>.*</style>\n/#, with: "") == light, "auto is light plus a style")
        let grid = String(
            decoding: GridRenderer(grid: .standard, theme: .dark).tileDocument(GridCoordinate(x: 0, y: 0)),
            as: UTF8.self)
        #expect(grid.contains(##"fill="#5c5c5c""##), "tile (0, 0) darker in the dark too")
    }

    /// An id belongs to the whole HTML page an `<svg>` is inlined in: a ruler of another look that named its ticks
    /// alike would draw the first ruler's (the page's pounds and vertical height rulers did).
    @Test func rulersOfOtherLooksNameTheirTicksApart() throws {
        func ticks(_ renderer: RulerRenderer, _ window: RulerWindow) throws -> (id: String, uses: Set<String>) {
            let svg = try SVGReader.read(renderer.render(window).document)
            let defined = svg.elements.filter { $0.name == "g" }.compactMap { $0.attributes["id"] }
            let uses = Set(svg.elements.filter { $0.name == "use" }.compactMap { $0.attributes["href"] })
            return (try #require(defined.first, "one definition"), uses)
        }
        let window = try RulerWindow(ruler: weight, offset: 6340, width: 600, height: 120)
        let thinner = try RulerWindow(ruler: weight, offset: 6340, width: 600, height: 80)
        let vertical = try RulerWindow(ruler: weight, offset: 6340, width: 120, height: 600, orientation: .vertical)
        let looks = [
            try ticks(RulerRenderer(window: window), window), try ticks(RulerRenderer(window: thinner), thinner),
            try ticks(RulerRenderer(window: vertical), vertical),
            try ticks(RulerRenderer(window: window, theme: .dark), window),
        ]
        for look in looks { #expect(look.uses == ["#" + look.id], "every block uses its own window's ticks") }
        #expect(Set(looks.map(\.id)).count == looks.count, "\(looks.map(\.id))")
        let again = try RulerWindow(ruler: weight, offset: -9_000_000, width: 1200, height: 120)
        #expect(try ticks(RulerRenderer(window: again), again).id == looks[0].id, "the same drawing, the same name")
    }

    @Test func aStreamMayBreakOnlyBetweenWholeTiles() throws {
        let (window, rendered) = try rulerWindow("72.4")
        let text = rendered.document
        #expect(rendered.tileStarts.count == window.blocks.count)
        let close = Array("</g>\n</g>\n".utf8)  // the last block's end, then the blocks' group's
        let lastEnd = try #require(
            (rendered.tileStarts.last!...text.count - close.count).first { Array(text[$0..<$0 + close.count]) == close }
        )
        let bounds = rendered.tileStarts + [lastEnd + close.count / 2]
        let head = String(decoding: text[..<bounds[0]], as: UTF8.self)
        #expect(head.contains("<title>Ruler at 72.4 kg</title>") && head.hasSuffix("</defs>\n"))
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            let tile = String(decoding: text[start..<end], as: UTF8.self)
            #expect(tile.hasPrefix(#"<g transform="translate("#) && tile.hasSuffix("</g>\n"), "\(tile)")
            #expect(tile.components(separatedBy: "<text").count == 2, "one block, its label: \(tile)")
        }
    }

    @Test func rulerShowsTheValueAndTheLabelsAroundIt() throws {
        let svg = try SVGReader.read(try rulerWindow("999.3").1.document)
        #expect(
            svg.text.contains("998") && svg.text.contains("999") && svg.text.contains("9") && svg.text.contains("10"))
        #expect(svg.text.contains("999.3 kg"))
        let labels = svg.text.split(whereSeparator: \.isNewline).map(String.init)
        #expect(labels.contains("999") && labels.contains("10"))
    }

    @Test func tileCoordinatesStaySmallAtHugeOffsets() throws {
        for offset in [1e15, -1e15, 123_456_789_012.5] {
            let window = try RulerWindow(ruler: weight, offset: offset, width: 1200, height: 120)
            let svg = try SVGReader.read(RulerRenderer(ruler: weight, height: 120).render(window).document)
            #expect(svg.translations.count == window.blocks.count)
            for (x, _) in svg.translations { #expect(x >= -100 && x <= 1200) }
            let grid = try GridWindow(grid: .standard, centerX: offset, centerY: -offset, width: 800, height: 600)
            let gridSVG = try SVGReader.read(GridRenderer(grid: .standard).render(grid).document)
            let labels = Self.labelLines(GridRenderer(grid: .standard).render(grid).document)
            #expect(
                labels.count >= grid.columns.count * grid.rows.count, "a label a tile, on two lines where it is long")
            #expect(labels.count == gridSVG.elements.filter { $0.name == "tspan" }.count)
            for label in labels {
                let (x, y) = (label.x, label.y)
                #expect(x >= -100 && x <= 900 && y >= -100 && y <= 700)
                #expect((x * 8).rounded() == x * 8 && (y * 8).rounded() == y * 8, "short numbers, in eighths")
            }
        }
    }

    /// Windows at fractional offsets place their tiles at differences of doubles (`-63.339999999999975`): every number
    /// in any view's document, at 600 seeded offsets, has at most three decimals.
    @Test func noNumberCarriesFloatNoise() throws {
        var rng = SeededGenerator(seed: 0xF10A7)
        let noise = try Regex(#"[0-9]\.[0-9]{4,}"#)
        let loop = LoopRenderer(loop: .standard, height: 120)
        for _ in 0..<200 {
            let offset = Double.random(in: -1e6...1e6, using: &rng).rounded() / 100
            let documents = [
                RulerRenderer(ruler: weight, height: 120).render(
                    try RulerWindow(ruler: weight, offset: offset, width: 700.3, height: 120)
                ).document,
                loop.render(try LoopWindow(loop: .standard, offset: offset, width: 599.9, height: 120)).document,
                GridRenderer(grid: .standard).render(
                    try GridWindow(grid: .standard, centerX: offset, centerY: -offset, width: 640.5, height: 480)
                ).document,
            ]
            for document in documents {
                let text = String(decoding: document, as: UTF8.self)
                let found = text.firstMatch(of: noise).map { String(text[$0.range]) }
                #expect(found == nil, "a number with float noise: \(found ?? "")")
            }
        }
    }

    @Test func textIsEscaped() throws {
        var configuration = RulerConfiguration.weight
        configuration.unit = #"<b>&"'"#
        let ruler = try Ruler(configuration)
        let (_, rendered) = try rulerWindow("72.4", ruler: ruler)
        let text = String(decoding: rendered.document, as: UTF8.self)
        #expect(text.contains("72.4 &lt;b&gt;&amp;&quot;&#39;"))
        let svg = try SVGReader.read(rendered.document)
        #expect(svg.text.contains(#"72.4 <b>&"'"#))
    }

    @Test func gridMarksTileZeroAndLabelsPlainly() throws {
        let renderer = GridRenderer(grid: .standard)
        let origin = String(decoding: renderer.tileContent(GridCoordinate(x: 0, y: 0)), as: UTF8.self)
        let other = String(decoding: renderer.tileContent(GridCoordinate(x: 1_000, y: -3)), as: UTF8.self)
        #expect(origin.contains("#9e9e9e") && !other.contains("#9e9e9e"))
        #expect(origin.contains(">(0, 0)<") && other.contains(">(1000, -3)<"))
        let huge = String(decoding: renderer.tileContent(GridCoordinate(x: -1_000_000_000, y: 7)), as: UTF8.self)
        #expect(huge.contains(">(-1000000000,<") && huge.contains(">7)<"), "long labels on two lines")
    }

    /// A label's lines: where each is, its own font size if any, and its text.
    struct LabelLine: Equatable {
        var x, y: Double
        var fontSize: Substring?
        var text: Substring
        var fromLeft = false
    }

    /// A line without a `y` keeps the baseline of the line before (SVG's current text position).
    static func labelLines(_ bytes: [UInt8], movedBy place: (x: Double, y: Double) = (0, 0)) -> [LabelLine] {
        let spans =
            /<tspan x="([^"]*)"(?: y="([^"]*)")?( text-anchor="start")?(?: font-size="([^"]*)")?>([^<]*)<\/tspan>/
        var baseline: Double?
        return String(decoding: bytes, as: UTF8.self).matches(of: spans).map {
            if let y = $0.2 { baseline = Double(y)! }
            return LabelLine(
                x: Double($0.1)! + place.x, y: baseline! + place.y, fontSize: $0.4, text: $0.5, fromLeft: $0.3 != nil)
        }
    }

    /// A window writes each column's and each row's numbers once (`GridLabels`), yet every label is the one its tile
    /// draws alone, moved to its place: in rows whose labels change length (one line to two, a smaller font), across
    /// 0 and across a power of ten.
    @Test(arguments: [(0.0, 99_999_950.0), (-1e11, 1e11), (1_000_000.0, -50.0), (12_345.6, -7_654_321.0)])
    func everyLabelOfAWindowIsItsTilesOwn(centre: (x: Double, y: Double)) throws {
        let renderer = GridRenderer(grid: .standard)
        let window = try GridWindow(grid: .standard, centerX: centre.x, centerY: centre.y, width: 3000, height: 400)
        // A row's first lines, then its second lines.
        var expected: [LabelLine] = []
        for row in window.rows.indices {
            let labels = window.columns.indices.map { column in
                let own = renderer.tileContent(GridCoordinate(x: column, y: row))
                let place = (window.columns.position(of: column), window.rows.position(of: row))
                return Self.labelLines(own, movedBy: (((place.0 * 8).rounded() / 8), (place.1 * 8).rounded() / 8))
            }
            expected += labels.map { $0[0] } + labels.compactMap { $0.count == 2 ? $0[1] : nil }
        }
        let document = renderer.render(window).document
        let lines = Self.labelLines(document)
        #expect(lines.count >= window.columns.count * window.rows.count)
        #expect(lines == expected)
        // A baseline is named only where it changes: once a row of one-line labels of one size.
        let named = String(decoding: document, as: UTF8.self).matches(of: /<tspan x="[^"]*" y="/).count
        #expect(named == zip(lines, [nil] + lines.dropLast()).filter { $0.y != $1?.y }.count)
        #expect(named < lines.count / 4)
        if centre == (0, 99_999_950) {  // labels of one line and of two
            #expect(lines.count > window.columns.count * window.rows.count)
        }
    }

    /// Tiles too small for their labels: every so many tiles from tile 0, the label from its tile's left over the
    /// next ones, the same in a window and in the page's block; an embedded tile alone draws none it cannot hold.
    @Test(arguments: [(10.0, 0), (13, 0), (40, 30)])
    func aThinnedGridsLabelsAreTheSameInAWindowAndAPageBlock(tile: Double, level: Int) throws {
        let grid = try Grid(tileSize: tile, level: level)
        let renderer = GridRenderer(grid: grid)
        // A window around block (0, 0), its labels moved to the block's place and cut to its square.
        let side = tile * Double(Grid.pageBlock)
        let centre = (Double(Grid.pageBlock) / 2 - 0.5) * tile * grid.scale
        let window = try GridWindow(grid: grid, centerX: centre, centerY: centre, width: side * 2, height: side * 2)
        let place = (
            x: -(window.columns.position(of: 0) * 8).rounded() / 8, y: -(window.rows.position(of: 0) * 8).rounded() / 8
        )
        let fromWindow = Self.labelLines(renderer.render(window).document, movedBy: place).filter {
            (0..<side).contains($0.x) && (0..<side).contains($0.y)
        }
        let block = Self.labelLines(renderer.blockElement(GridCoordinate(x: 0, y: 0), tilesPerBlock: Grid.pageBlock))
        #expect(!block.isEmpty && fromWindow == block)
        if level == 0 {
            #expect(block.allSatisfy(\.fromLeft) && block.count < Int(Grid.pageBlock * Grid.pageBlock))
            let labelled = Set(block.map(\.x)).count
            #expect(Int(Grid.pageBlock) % labelled == 0)  // every 2nd, 3rd or 6th column
            #expect(Self.labelLines(renderer.tileContent(GridCoordinate(x: 0, y: 0))).isEmpty)
        }
    }

    /// A tile's own label, byte for byte: one line at the common size, and two shrunk to fit the tile with the
    /// margin for a wider font (`Grid.labelShape`: `(-1000000000,` is 7.43 em of DejaVu Sans).
    @Test func aTilesLabelIsMeasuredToFitIt() {
        let renderer = GridRenderer(grid: .standard)
        func label(_ x: Int64, _ y: Int64) -> String {
            let content = String(decoding: renderer.tileContent(GridCoordinate(x: x, y: y)), as: UTF8.self)
            return String(content[content.range(of: "<text")!.lowerBound...])
        }
        #expect(label(12, -3) == #"<text font-size="14"><tspan x="50" y="54.875">(12, -3)</tspan></text>"#)
        #expect(
            label(-1_000_000_000, 7)
                == #"<text font-size="14"><tspan x="50" y="47.25" font-size="11">(-1000000000,</tspan>"#
                + #"<tspan x="50" y="60.5" font-size="11">7)</tspan></text>"#)
    }

    @Test func aPageBlockDrawsItsTilesAsOneBackgroundOnePathAndTheirLabels() throws {
        let renderer = GridRenderer(grid: .standard)
        let block = try SVGReader.read(renderer.blockElement(GridCoordinate(x: -1, y: 0), tilesPerBlock: 4))
        #expect(
            block.elements.first?.attributes["width"] == "400" && block.elements.first?.attributes["height"] == "400")
        // One text of 16 lines: a browser lays out a text element per block, not a label.
        #expect(block.elements.map(\.name).filter { $0 != "tspan" } == ["svg", "rect", "path", "text"])
        // Each label sits where the tile's own drawing puts it, offset to the tile's place in the block.
        let texts = Self.labelLines(renderer.blockElement(GridCoordinate(x: -1, y: 0), tilesPerBlock: 4))
        #expect(texts.count == 16 && block.elements.filter { $0.name == "tspan" }.count == 16)
        let single = try SVGReader.read(
            Array("<g>".utf8) + renderer.tileContent(GridCoordinate(x: -2, y: 3)) + Array("</g>".utf8))
        let own = try #require(single.elements.first { $0.name == "tspan" }?.attributes)
        let placed = texts[3 * 4 + 2]  // row 3, column 2 of block (-1, 0): tile (-2, 3)
        #expect(placed.x == Double(own["x"]!)! + 200 && placed.y == Double(own["y"]!)! + 300)
        #expect(block.text.contains("(-4, 0)(-3, 0)(-2, 0)(-1, 0)(-4, 1)") && block.text.hasSuffix("(-1, 3)"))
        // One border line every 100 px, both ways, the block's edges included.
        let path = try #require(block.elements.first { $0.name == "path" }?.attributes["d"])
        #expect(path.components(separatedBy: "M").count - 1 == 10 && path.hasSuffix("M0 400H400"))
        // Only the block holding tile (0, 0) marks it, at its place.
        #expect(block.elements.allSatisfy { $0.attributes["class"] != "centre" })
        let centre = try SVGReader.read(renderer.blockElement(GridCoordinate(x: 0, y: 0), tilesPerBlock: 4))
        let marks = centre.elements.filter { $0.attributes["class"] == "centre" }.map(\.attributes)
        #expect(
            marks.count == 1 && marks.first?["x"] == "0" && marks.first?["y"] == "0" && marks.first?["width"] == "100")
    }

    /// A page tile is its blocks side by side: the ticks and labels each block draws alone, moved along by its place,
    /// as two paths (short and long ticks) and a label a block; at a clamped end, what the blocks past it draw: nothing.
    @Test(arguments: [false, true])
    func aPageTileIsItsBlocksSideBySide(mirrored: Bool) throws {
        var configuration = RulerConfiguration.weight
        configuration.ends = .clamp
        let ruler = try Ruler(configuration)
        let renderer = RulerRenderer(ruler: ruler, height: 120, mirrored: mirrored)
        /// Every tick as where it is, how long, and whether it is in the long ticks' path (`class="long"` on a page
        /// tile, twice the width alone).
        func ticks(_ bytes: [UInt8], shiftedBy shift: Double = 0) throws -> [String] {
            try SVGReader.read(bytes).elements.filter { $0.name == "path" }.flatMap { path in
                let long = path.attributes["class"] == "long" || path.attributes["stroke-width"] == "2"
                return path.attributes["d"]!.split(separator: "M").map { tick in
                    let at = Double(tick.split(separator: " ")[0])! + shift
                    return "\(long ? "long" : "short") at \(at) to \(tick.split(separator: "V")[1])"
                }
            }.sorted()
        }
        /// Every label as where it is and what it says, whether a text or a line of one.
        func labels(_ bytes: [UInt8], shiftedBy shift: Double = 0) -> [String] {
            String(decoding: bytes, as: UTF8.self).matches(of: /<(?:text|tspan) x="([^"]*)" y="([^"]*)">([^<]*)</)
                .map { "\(SVGWriter.text(Double($0.1)! + shift)) \($0.2) \($0.3)" }
        }
        // Tile 165 holds the clamped ruler's last block (990) and five past it; 166 only blocks past it.
        for tile: Int64 in [-1, 0, 17, 165, 166] {
            let blocks = ruler.blocks(ofPageTile: mirrored ? -tile : tile, mirrored: mirrored)
            #expect(blocks.count == Int(Ruler.pageBlocks) && blocks[1] == blocks[0] + (mirrored ? -1 : 1))
            let element = renderer.pageElement(blocks)
            let svg = try SVGReader.read(element)
            #expect(svg.elements.first?.attributes["width"] == "\(100 * Ruler.pageBlocks)")
            #expect(svg.elements.filter { $0.name == "path" }.count <= 2, "one path of short ticks, one of long")
            #expect(svg.elements.filter { $0.name == "text" }.count <= 1, "one text, a line (tspan) a label")
            var expectedTicks: [String] = []
            var expectedLabels: [String] = []
            for (place, block) in blocks.enumerated() {
                let alone =
                    Array(#"<svg xmlns="http://www.w3.org/2000/svg">"#.utf8) + renderer.blockContent(block)
                    + Array("</svg>".utf8)
                expectedTicks += try ticks(alone, shiftedBy: Double(place) * 100)
                expectedLabels += labels(alone, shiftedBy: Double(place) * 100)
            }
            #expect(try ticks(element) == expectedTicks.sorted())
            #expect(labels(element) == expectedLabels)
            if tile == 17 {
                #expect(expectedLabels.count == 6 && expectedTicks.filter { $0.hasPrefix("long") }.count == 6)
            }
        }
        #expect(
            try ticks(renderer.pageElement(ruler.blocks(ofPageTile: mirrored ? -300 : 300, mirrored: mirrored))).isEmpty
        )
    }

    @Test func loopShowsZeroAfterTwenty() throws {
        let window = try LoopWindow(loop: .standard, offset: 2900, width: 600, height: 120)
        let svg = try SVGReader.read(LoopRenderer(loop: .standard, height: 120).render(window).document)
        let labels = svg.text.split(whereSeparator: \.isNewline).map(String.init)
        let seam = try #require(labels.firstIndex(of: "20"))
        #expect(labels[seam + 1] == "0")
    }

    @Test func clampedBlocksPastTheEndsDrawNothing() throws {
        var configuration = RulerConfiguration.weight
        configuration.ends = .clamp
        let renderer = RulerRenderer(ruler: try Ruler(configuration), height: 120)
        let past = String(decoding: renderer.blockContent(991), as: UTF8.self)
        #expect(past.isEmpty)
        let last = String(decoding: renderer.blockContent(990), as: UTF8.self)
        #expect(last.components(separatedBy: "M").count - 1 == 6, "998.5 … 999.0: six ticks")
        #expect(last.contains(">999<"))
    }

    /// The writer copies into storage it grows itself and trims when read: whatever it is given, from any capacity,
    /// and however often it is read, it holds exactly what was appended, in order.
    @Test(arguments: [0, 1, 16, 4096])
    func aWriterHoldsExactlyWhatWasAppended(capacity: Int) {
        var writer = SVGWriter(capacity: capacity)
        var expected = ""
        for index in 0..<700 {
            switch index % 5 {
            case 0: writer.append(#"<tspan x=""#); expected += #"<tspan x=""#
            case 1: writer.append(Int64(index) * -1_000_003); expected += "\(Int64(index) * -1_000_003)"
            case 2: writer.append(Double(index) + 0.125); expected += "\(index).125"
            case 3: writer.append(escaped: "a<b&\(index)"); expected += "a&lt;b&amp;\(index)"
            default:
                writer.append(bytes: Array(String(repeating: "x", count: index % 40).utf8))
                expected += String(repeating: "x", count: index % 40)
            }
            if index % 97 == 0 { #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "read midway") }
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        #expect(writer.bytes.count == expected.utf8.count, "read twice, the same")
    }

    /// A decimal is written as `description` says it, whatever its units and scale: 20,000 seeded at random, and the
    /// edges (zero, a negative fraction below one, trailing zeros, the largest magnitudes).
    @Test func decimalsAreWrittenAsTheirDescription() {
        var rng = SeededGenerator(seed: 0x5DEE_CE66)
        var numbers: [DecimalNumber] = [
            0, DecimalNumber(units: -5, scale: 1), DecimalNumber(units: 72_400, scale: 3),
            DecimalNumber(units: -1_000_000_000_000_000_000, scale: 6), DecimalNumber(units: 999_999_999_999, scale: 0),
            DecimalNumber(units: -1, scale: 6), DecimalNumber(units: 10, scale: 1),
        ]
        for _ in 0..<20_000 {
            let units = Int64.random(in: -999_999_999_999_999_999...999_999_999_999_999_999, using: &rng)
            numbers.append(DecimalNumber(units: units, scale: Int.random(in: 0...6, using: &rng)))
        }
        for number in numbers {
            var writer = SVGWriter(capacity: 4)
            writer.append(number)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == number.description)
        }
    }

    @Test(arguments: [
        (5.0, "5"), (37.5, "37.5"), (0.125, "0.125"), (-0.5, "-0.5"), (-0.0, "0"), (0.1, "0.1"),
        (1e15, "1000000000000000"),
        (-123.456, "-123.456"), (1.0 / 3, "0.333"), (56.25, "56.25"), (-63.339999999999975, "-63.34"),
        (4.949999999999999, "4.95"), (-0.0004, "0"), (0.9999, "1"), (2.0004, "2"), (-1.23456, "-1.235"),
    ])
    func coordinatesPrintToTheThousandth(value: Double, text: String) {
        var writer = SVGWriter()
        writer.append(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == text)
    }
}

@Suite struct LibrsvgTests {
    /// The width and height a PNG says it has.
    func pngSize(_ data: Data) -> (Int, Int) {
        let bytes = [UInt8](data)
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    @Test func rendersWithRsvgConvert() throws {
        let tool = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "install librsvg2-bin (.ci/run does)")
        let ruler = try Ruler(.weight)
        let vertical = try RulerWindow(ruler: ruler, offset: 6340, width: 120, height: 500, orientation: .vertical)
        let documents: [(String, [UInt8], Int, Int)] = [
            ("vertical, dark ruler", RulerRenderer(window: vertical, theme: .dark).render(vertical).document, 120, 500),
            (
                "ruler",
                RulerRenderer(ruler: ruler, height: 120).render(
                    try RulerWindow(ruler: ruler, offset: 6340, width: 600, height: 120)
                ).document, 600, 120
            ),
            (
                "grid",
                GridRenderer(grid: .standard).render(
                    try GridWindow(grid: .standard, centerX: 0, centerY: 0, width: 500, height: 300)
                ).document, 500, 300
            ),
            (
                "loop",
                LoopRenderer(loop: .standard, height: 120).render(
                    try LoopWindow(loop: .standard, offset: 0, width: 600, height: 120)
                ).document, 600, 120
            ),
        ]
        for (name, document, width, height) in documents {
            let process = Process()
            process.executableURL = tool
            process.arguments = ["--format", "png"]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(document))
            try input.fileHandleForWriting.close()
            let png = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(name)")
            #expect(pngSize(png) == (width, height), "\(name)")
        }
    }
}
