import EndlessCore

/// What a timeline's marks share across its blocks, for one thickness: where across the axis its lines and words
/// stand and how its words are anchored, written once, so that each tick writes only its place along (most of a
/// window's numbers).
struct TimelineMarks: Sendable {
    /// `prefix`, the tick's place along plus `shift`, then `suffix`, all but the place cut from `text`; or `prefix`
    /// alone for a mark that stands still along the axis (the offset note of a vertical timeline, under its field).
    struct Mark: Sendable {
        var prefix = 0..<0
        var shift = 0.0
        var suffix = 0..<0
        var moves = true
    }

    let orientation: Orientation
    let thickness: Double
    /// The short line of a minor tick and the long one where a context starts, as a path's segments.
    private(set) var minorLine = Mark()
    private(set) var contextLine = Mark()
    /// The opening tags of a tick's field, a context's words (running on rightwards, or leftwards where time runs to
    /// the left) and the offset note.
    private(set) var minorWords = Mark()
    private(set) var contextWords = Mark()
    private(set) var mirroredContextWords = Mark()
    private(set) var note = Mark()
    /// Every mark's fixed parts, one after another.
    private var text = SVGWriter(capacity: 256)

    /// Down a vertical timeline a context's words stand in a column left of the fields: short, and smaller, where
    /// the widest would reach them.
    let contextShort: Bool
    let contextSize: Double

    /// Across a vertical timeline the context starts at the left and the fields stand right of their ticks.
    init(orientation: Orientation, thickness: Double, timeline: Timeline) {
        (self.orientation, self.thickness) = (orientation, thickness)
        (contextShort, contextSize) =
            orientation.isVertical ? Self.verticalContext(timeline, column: thickness * 0.6 - 8) : (false, 13)
        let contextSize = self.contextSize
        if orientation.isVertical {
            minorLine = mark(prefix: { $0.line(from: thickness * 0.4) }, suffix: { $0.lineEnd(thickness * 0.6) })
            contextLine = mark(prefix: { $0.line(from: 0) }, suffix: { $0.lineEnd(thickness * 0.6) })
            minorWords = mark(prefix: { $0.text(x: thickness * 0.6 + 4) }, shift: 4, suffix: { $0.append(#"">"#) })
            contextWords = mark(
                prefix: { $0.text(x: 4) }, shift: 15,
                suffix: {
                    if contextSize != 13 {
                        $0.append(#"" font-size=""#)
                        $0.append(contextSize)
                    }
                    $0.append(#"" font-weight="bold">"#)
                })
            mirroredContextWords = contextWords  // a vertical timeline runs down
            note = mark(prefix: {
                $0.append(#"<tspan x=""#)
                $0.append(thickness * 0.6 + 4)
                $0.append(#"" dy="13" font-size="10">"#)
            })
            note.moves = false
        } else {
            minorLine = mark(
                prefix: { $0.append("M") }, suffix: { $0.lineEnd(from: thickness * 0.3, to: thickness * 0.5) })
            contextLine = mark(prefix: { $0.append("M") }, suffix: { $0.lineEnd(from: 0, to: thickness * 0.6) })
            minorWords = mark(
                prefix: { $0.append(#"<text x=""#) },
                suffix: {
                    $0.append(#"" y=""#)
                    $0.append(thickness * 0.5 + 17)
                    $0.append(#"" text-anchor="middle">"#)
                })
            contextWords = mark(
                prefix: { $0.append(#"<text x=""#) }, shift: 4,
                suffix: { $0.append(#"" y="17" font-weight="bold">"#) })
            mirroredContextWords = mark(
                prefix: { $0.append(#"<text x=""#) }, shift: -4,
                suffix: { $0.append(#"" y="17" font-weight="bold" text-anchor="end">"#) })
            note = mark(prefix: { $0.append(#"<tspan x=""#) }, suffix: { $0.append(#"" dy="13" font-size="10">"#) })
        }
    }

    /// The form and size at which a context's widest words fit a vertical timeline's `column` (with
    /// `TextWidth.clearance`'s margin): in full, short, or short and smaller, to 6 points at the least.
    private static func verticalContext(_ timeline: Timeline, column: Double) -> (short: Bool, size: Double) {
        let (full, short) = timeline.contextWidths
        if TextWidth.clearance(full) <= column { return (false, 13) }
        if TextWidth.clearance(short) <= column { return (true, 13) }
        return (true, max(6, (13 * (column - 4) / 1.15 / max(short, 1)).rounded(.down)))
    }

    private mutating func mark(
        prefix: (inout SVGWriter) -> Void, shift: Double = 0, suffix: (inout SVGWriter) -> Void = { _ in }
    ) -> Mark {
        let start = text.byteCount
        prefix(&text)
        let middle = text.byteCount
        suffix(&text)
        return Mark(prefix: start..<middle, shift: shift, suffix: middle..<text.byteCount)
    }

    /// A full block's minor ticks as a path's data: `count`, `spacing` apart from its start, or from its end (`length`)
    /// where time runs to the left.
    func writeEvenTicks(count: Int64, spacing: Double, mirrored: Bool, into path: inout SVGWriter) {
        withWriter { pen in
            for index in 0..<count {
                let along = Double(index) * spacing
                path.append(text: 128) {
                    pen.write(minorLine, along: mirrored ? Double(count) * spacing - along : along, into: &$0)
                }
            }
        }
    }

    /// Writes marks, the fixed parts read in place: each tick's mark is then one write to its writer.
    func withWriter<Result>(_ body: (Writer) -> Result) -> Result {
        text.withBytes { body(Writer(fixed: $0)) }
    }

    struct Writer {
        let fixed: UnsafeBufferPointer<UInt8>

        /// `mark` for a tick `along` the block: at most 128 bytes.
        @inline(__always) func write(_ mark: Mark, along: Double, into text: inout TextBuilder) {
            text.append(bytes: UnsafeBufferPointer(rebasing: fixed[mark.prefix]))
            guard mark.moves else { return }
            text.append(coordinate: along + mark.shift)
            text.append(bytes: UnsafeBufferPointer(rebasing: fixed[mark.suffix]))
        }
    }
}

extension SVGWriter {
    /// A vertical path segment's start, across the axis: `M48 `.
    fileprivate mutating func line(from: Double) {
        append("M")
        append(from)
        append(" ")
    }

    /// A vertical path segment's end: `H72`.
    fileprivate mutating func lineEnd(_ to: Double) {
        append("H")
        append(to)
    }

    /// A horizontal path segment past its place along: ` 36V60`.
    fileprivate mutating func lineEnd(from: Double, to: Double) {
        append(" ")
        append(from)
        append("V")
        append(to)
    }

    /// A vertical text's opening up to its place along: `<text x="76" y="`.
    fileprivate mutating func text(x: Double) {
        append(#"<text x=""#)
        append(x)
        append(#"" y=""#)
    }
}
