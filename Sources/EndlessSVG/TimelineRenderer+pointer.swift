import EndlessCore

/// The pointer and the value it points at.
extension TimelineRenderer {
    /// The pointer across the axis (and the lanes, where there are any), and the value: under the labels along a
    /// horizontal timeline, above the pointer across a vertical one's fields.
    /// `readout` is where the writer already holds the value's words, escaped (the document's title).
    func appendPointer(_ window: TimelineWindow, readout: Range<Int>, into writer: inout SVGWriter) {
        writer.append(#"<path stroke=""#)
        writer.append(colour: palette.accent)
        writer.append(#"" stroke-width="2" d=""#)
        let thickness = thickness(window)
        let centre = (orientation.isVertical ? window.height : window.width) / 2
        // Through the lanes, where there are any.
        let across =
            orientation.isVertical
            ? (items == nil ? thickness : window.width) : (items == nil ? thickness - 26 : window.height)
        line(along: centre, from: 0, to: across, into: &writer)
        writer.append(#""/>"#)
        guard !orientation.isVertical else {
            let valueText = timeline.language == nil ? timeline.text(window.value) : timeline.spokenText(window.value)
            return appendVerticalReadout(valueText, bottom: window.height / 2 - 10, right: thickness - 6, into: &writer)
        }
        writer.append(#"<text x=""#)
        writer.append(window.width / 2)
        writer.append(#"" y=""#)
        writer.append(thickness - 8)
        writer.append(#"" font-size="15" font-weight="bold" fill=""#)
        writer.append(colour: palette.accent)
        writer.append(#"" text-anchor="middle">"#)
        writer.append(copyOf: readout)
        writer.append("</text>\n")
    }

    /// A vertical timeline's value across its column of fields, its last line's baseline at `bottom` and its end at
    /// `right`: wrapped at spaces to lines that fit, smaller only where a word alone does not, on a backdrop that
    /// hides the fields it covers (the value names the place better).
    private func appendVerticalReadout(
        _ valueText: String, bottom: Double, right: Double, into writer: inout SVGWriter
    ) {
        let (lines, size) = Self.wrapped(valueText, room: right - 8, size: 13)
        let widest = lines.map { TextWidth.of(String($0), size: size, bold: true) }.max() ?? 0
        let leading = (size * 1.2).rounded(.up)
        let top = bottom - Double(lines.count - 1) * leading
        writer.append(#"<rect x=""#)
        writer.append(right - widest - 2)
        writer.append(#"" y=""#)
        writer.append(top - size - 1)
        writer.append(#"" width=""#)
        writer.append(widest + 4)
        writer.append(#"" height=""#)
        // To the last line's descent: the words under the backdrop end where its words begin.
        writer.append(bottom - top + size + 1 + (size * 0.3).rounded(.up))
        writer.append(#"" fill=""#)
        writer.append(colour: palette.background)
        writer.append(#""/><text y=""#)
        writer.append(top)
        writer.append(#"" font-size=""#)
        writer.append(size)
        writer.append(#"" font-weight="bold" fill=""#)
        writer.append(colour: palette.accent)
        writer.append(#"" text-anchor="end">"#)
        for (index, line) in lines.enumerated() {
            writer.append(#"<tspan x=""#)
            writer.append(right)
            if index > 0 {
                writer.append(#"" dy=""#)
                writer.append(leading)
            }
            writer.append(#"">"#)
            writer.append(escaped: String(line))
            writer.append("</tspan>")
        }
        writer.append("</text>\n")
    }

    /// `text` in lines that fit `room` (with `TextWidth.clearance`'s margin) at `size` points, bold, broken at
    /// spaces; at a smaller size, to 6 points at the least, where a word alone is wider.
    private static func wrapped(_ text: String, room: Double, size: Double) -> (lines: [Substring], size: Double) {
        let words = text.split(separator: " ")
        let widest = words.map { TextWidth.of(String($0), size: size, bold: true) }.max() ?? 0
        let size =
            TextWidth.clearance(widest) <= room
            ? size : max(6, (size * (room - 4) / 1.15 / max(widest, 1)).rounded(.down))
        var lines: [Substring] = []
        for word in words {
            if let last = lines.last, case let joined = text[last.startIndex..<word.endIndex],
                TextWidth.clearance(TextWidth.of(String(joined), size: size, bold: true)) <= room
            {
                lines[lines.count - 1] = joined
            } else {
                lines.append(word)
            }
        }
        return (lines, size)
    }
}
