import EndlessCore

/// Draws ruler blocks as seed 000 does: ticks hang from the top edge, the middle one long (0.46875 of
/// the height, 2 pt) and the others short (0.3125, 1 pt), the block's label under the long tick.
public struct RulerRenderer: Sendable {
    public let ruler: Ruler
    public let height: Double
    let longTick: Double
    let shortTick: Double
    let labelSize: Double
    let valueSize: Double
    /// The ticks of a whole block, drawn once and copied into every block.
    private var fullTicks: [UInt8] = []

    public init(ruler: Ruler, height: Double) {
        self.ruler = ruler
        self.height = height
        // Eighths of a point keep the numbers short and exact.
        longTick = (height * 0.46875 * 8).rounded() / 8
        shortTick = (height * 0.3125 * 8).rounded() / 8
        labelSize = max(8, (height * 0.14).rounded())
        valueSize = max(8, (height * 0.16).rounded())
        fullTicks = ticks(0..<Int(ruler.configuration.ticksPerBlock))
    }

    /// One block's drawing in block coordinates (0…blockLength, 0…height).
    public func blockContent(_ block: Int64) -> [UInt8] {
        let indices = ruler.tickIndices(inBlock: block)
        let full = indices.count == Int(ruler.configuration.ticksPerBlock)
        var writer = SVGWriter(capacity: fullTicks.count + 96)
        writer.append(bytes: full ? fullTicks : ticks(indices))
        if let label = ruler.label(ofBlock: block) {
            writer.append(#"<text x=""#)
            writer.append((Double(ruler.labelledTickIndex) + 0.5) * ruler.tickSpacing)
            writer.append(#"" y=""#)
            writer.append(longTick + 4 + labelSize)
            writer.append(#"">"#)
            writer.append(escaped: label.description)
            writer.append("</text>")
        }
        return writer.bytes
    }

    private func ticks(_ indices: Range<Int>) -> [UInt8] {
        let middle = ruler.labelledTickIndex
        return SVGWriter.bytes { writer in
            if indices.count > (indices.contains(middle) ? 1 : 0) {
                writer.append(##"<path stroke="#333" stroke-width="1" d=""##)
                for index in indices where index != middle {
                    writer.append("M")
                    writer.append((Double(index) + 0.5) * ruler.tickSpacing)
                    writer.append(" 0V")
                    writer.append(shortTick)
                }
                writer.append(#""/>"#)
            }
            if indices.contains(middle) {
                writer.append(##"<path stroke="#333" stroke-width="2" d="M"##)
                writer.append((Double(middle) + 0.5) * ruler.tickSpacing)
                writer.append(" 0V")
                writer.append(longTick)
                writer.append(#""/>"#)
            }
        }
    }

    /// The window as a stream: head, blocks left to right, then the pointer and the value on top.
    /// `content` supplies each block's drawing; the server passes its cache, which holds `blockContent`'s bytes.
    public func render(_ window: RulerWindow, content: ((Int64) -> [UInt8])? = nil) -> RenderedWindow {
        let value = ruler.format(window.value)
        let unit = ruler.configuration.unit
        let valueText = unit.isEmpty ? value : "\(value) \(unit)"
        var head = SVGWriter(capacity: 512)
        documentHeader(width: window.width, height: window.height, title: "Ruler at \(valueText)", into: &head)
        head.append(##"<rect width="100%" height="100%" fill="#fafafa"/>"##)
        head.append("\n")
        head.append(##"<g fill="#333" font-size=""##)
        head.append(labelSize)
        head.append(#"" text-anchor="middle">"#)
        head.append("\n")

        let tiles = window.blocks.indices.map { block in
            placedTile(x: window.blocks.position(of: block), y: 0, content: content?(block) ?? blockContent(block))
        }

        var foot = SVGWriter(capacity: 256)
        foot.append("</g>\n")
        let center = window.width / 2
        foot.append(##"<path stroke="#e53935" stroke-width="2" d="M"##)
        foot.append(center)
        foot.append(" 0V")
        foot.append(max(longTick, window.height - valueSize - 12))  // stop above the value text
        foot.append(#""/>"#)
        foot.append("\n")
        foot.append(#"<text x=""#)
        foot.append(center)
        foot.append(#"" y=""#)
        foot.append(window.height - 8)
        foot.append(#"" font-size=""#)
        foot.append(valueSize)
        foot.append(##"" font-weight="bold" fill="#e53935" text-anchor="middle">"##)
        foot.append(escaped: valueText)
        foot.append("</text>\n</svg>\n")
        return RenderedWindow(header: head.bytes, tiles: tiles, footer: foot.bytes)
    }

    /// One block as an inline element for a page: `content` is `blockContent`'s bytes (or the cache's copy).
    public func blockElement(_ content: [UInt8]) -> [UInt8] {
        var group = SVGWriter(capacity: content.count + 64)
        group.append(##"<g fill="#333" font-size=""##)
        group.append(labelSize)
        group.append(#"" text-anchor="middle">"#)
        group.append(bytes: content)
        group.append("</g>")
        return tileElement(width: ruler.blockLength, height: height, content: group.bytes)
    }

    /// One block as a standalone SVG, for embedding.
    public func blockDocument(_ block: Int64) -> [UInt8] {
        var content = SVGWriter(capacity: 512)
        content.append(##"<rect width="100%" height="100%" fill="#fafafa"/><g fill="#333" font-size=""##)
        content.append(labelSize)
        content.append(#"" text-anchor="middle">"#)
        content.append(bytes: blockContent(block))
        content.append("</g>")
        let label = ruler.label(ofBlock: block).map { ruler.format($0) } ?? "beyond the ends"
        return tileDocument(
            width: ruler.blockLength, height: height, title: "Ruler block \(block) (\(label))", content: content.bytes)
    }
}
