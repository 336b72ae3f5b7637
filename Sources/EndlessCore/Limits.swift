/// The explicit limits of what Endless draws; docs/protocol.md ("Limits") documents the same numbers.
package enum Limits {
    /// Largest offset or coordinate, in points; beyond it a `Double` can no longer place a tick exactly.
    package static let maximumCoordinate: Double = 1e15
    /// Longest URL, in bytes, that any route reads.
    package static let maximumURLBytes = 4096
    /// Largest window side, in points.
    package static let maximumWindowSide: Double = 8192
    /// Most tiles one window may hold; a grid of 100 pt tiles fits 4096 in about 6400 × 6400 points.
    package static let maximumTilesPerWindow = 4096
    /// Most grid tiles one page frame holds; a larger viewport, or a fast fling's lead, gets a smaller margin.
    package static let maximumTilesPerFrame = 8192
    /// Most ruler blocks, or loop items, one page frame holds: what it draws, whatever the tiles it groups them in.
    package static let maximumBlocksPerFrame = 4096
    /// Most ruler ticks one page frame holds (a block of 100 ticks draws a hundred).
    package static let maximumTicksPerFrame = 16_384
    /// Most boxes of tiles a page reports holding (`have`): a diagonal fling's lead holds one per step.
    package static let maximumHeldBoxes = 8
    /// Milliseconds a page may say its last request took (`rtt`): a margin sized by it stops at the fling's lead.
    package static let roundTripRange: ClosedRange<Double> = 0...60_000
    /// Milliseconds a page may say its animation frames take (`frame`): 0 when it does not know, up to a second.
    package static let frameTimeRange: ClosedRange<Double> = 0...1_000
    /// Smallest and largest tick spacing, in points.
    package static let tickSpacingRange: ClosedRange<Double> = 2...1000
    /// Ticks in one ruler block.
    package static let ticksPerBlockRange: ClosedRange<Int> = 1...100
    /// Smallest and largest grid tile or loop item spacing, in points.
    package static let tileLengthRange: ClosedRange<Double> = 10...4096
    /// A zoom gesture's factor (`zoom-by`), either view: 2 shows things twice as large.
    package static let zoomFactorRange: ClosedRange<Double> = 0.001...1000
    /// Presses of one key a frame reports (`presses`): those that came while its last answer was on its way.
    package static let keyPressRange: ClosedRange<Int> = 1...64
    /// A grid's zoom levels: at 30 a tile covers 2^30 × 2^30 of the world's.
    package static let gridLevelRange: ClosedRange<Int> = 0...30
    /// Items in one loop.
    package static let loopCountRange: ClosedRange<Int> = 1...100_000
    /// Bytes of UTF-8 in a unit label: counted in bytes, since one letter may carry a thousand combining marks.
    package static let maximumUnitBytes = 32
    /// Bytes in a `locale` tag: BCP 47 sets no limit, but CLDR's longest with every extension is far shorter.
    package static let maximumLocaleBytes = 64
    /// Languages kept, each with its tables (a few kilobytes): a tag past them is looked up each time it comes.
    package static let maximumLanguages = 256

    /// Items in one set: a million load in about a second and 200 MB (docs/performance.md).
    package static let maximumItemsPerSet = 2_000_000
    /// Lanes in one set: each is a row group of a timeline's height.
    package static let maximumLanesPerSet = 64
    /// Bytes of UTF-8 in an item's title, id, lane name and URL.
    package static let maximumTitleBytes = 256
    package static let maximumItemIdBytes = 128
    package static let maximumLaneNameBytes = 64
    package static let maximumItemURLBytes = 2048
    /// Bytes of an items file: two million items of JSON Lines fit.
    package static let maximumItemsFileBytes = 512 << 20
    /// Named item sets one server serves.
    package static let maximumItemSets = 32

    /// Largest ruler number (`min`, `max`, `step`, `value`).
    package static let maximumDecimal: Double = 1e12
    /// Sizes a follower's linear mapping (`factor`) may have, either sign: past them a follower's offsets overflow or
    /// stand still.
    package static let factorMagnitudeRange: ClosedRange<Double> = 1e-12...1e12

    /// Checks a coordinate or offset a user gave.
    /// `limit` is smaller for a grid zoomed out, whose points stand for 2^zoom of the world's each.
    package static func checkCoordinate(
        _ value: Double, _ parameter: String, limit: Double = maximumCoordinate
    ) throws(EndlessError) {
        guard value.isFinite, abs(value) <= limit else {
            let accepts =
                limit == maximumCoordinate
                ? Accepts.coordinate : "a finite number between -\(Int(limit)) and \(Int(limit)) at this zoom level"
            throw EndlessError(parameter, "must be \(accepts)")
        }
    }

    /// Checks that text a user gave can stand in an XML document: XML 1.0 has no way to write the C0 controls (but
    /// tab, line feed and carriage return), U+FFFE or U+FFFF, so an SVG holding one would not parse.
    package static func checkXMLText(_ text: String, _ parameter: String) throws(EndlessError) {
        let clean = text.utf8.withContiguousStorageIfAvailable(isXMLText) ?? isXMLText(Array(text.utf8))
        guard clean else { throw EndlessError(parameter, "must be \(Accepts.xmlText)") }
    }

    /// Whether UTF-8 `bytes` hold no C0 control but tab and line breaks, and no U+FFFE or U+FFFF (EF BF BE, EF BF
    /// BF): most bytes are printable ASCII and take one comparison.
    private static func isXMLText(_ bytes: some RandomAccessCollection<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            guard byte < 0x20 || byte == 0xEF else { continue }
            if byte < 0x20 {
                guard byte == 0x09 || byte == 0x0A || byte == 0x0D else { return false }
            } else if bytes.distance(from: index, to: bytes.endIndex) >= 2, bytes[index] == 0xBF,
                bytes[bytes.index(after: index)] & 0xFE == 0xBE
            {
                return false
            }
        }
        return true
    }

    /// Checks a window side a user gave.
    package static func checkWindowSide(_ value: Double, _ parameter: String) throws(EndlessError) {
        guard value.isFinite, value > 0, value <= maximumWindowSide else {
            throw EndlessError(parameter, "must be \(Accepts.windowSide)")
        }
    }

    /// What each limited parameter accepts, in words: every message about a limit takes its text from here, so none
    /// can name a number the code does not enforce.
    package enum Accepts {
        package static let windowSide = "a number greater than 0 and at most \(text(maximumWindowSide))"
        package static let coordinate =
            "a finite number between -\(text(maximumCoordinate)) and \(text(maximumCoordinate))"
        package static let ticks =
            "a whole number of ticks per block from \(ticksPerBlockRange.lowerBound) to \(ticksPerBlockRange.upperBound)"
        package static let tickSpacing =
            "a tick spacing in points from \(text(tickSpacingRange.lowerBound)) to \(text(tickSpacingRange.upperBound))"
        package static let tileSize =
            "a tile size in points from \(text(tileLengthRange.lowerBound)) to \(text(tileLengthRange.upperBound))"
        package static let itemSpacing =
            "an item spacing in points from \(text(tileLengthRange.lowerBound)) to \(text(tileLengthRange.upperBound))"
        package static let loopCount =
            "a whole number of items from \(loopCountRange.lowerBound) to \(loopCountRange.upperBound)"
        package static let roundTrip =
            "a round trip in milliseconds from \(text(roundTripRange.lowerBound)) to \(text(roundTripRange.upperBound))"
        package static let frameTime =
            "an animation frame's length in milliseconds from \(text(frameTimeRange.lowerBound)) to \(text(frameTimeRange.upperBound))"
        package static let unit = "at most \(maximumUnitBytes) bytes of UTF-8"
        package static let xmlText = "text without control characters (but tab and line breaks), U+FFFE or U+FFFF"
        package static let zoomFactor =
            "a zoom factor from \(text(zoomFactorRange.lowerBound)) to \(text(zoomFactorRange.upperBound)) (2 shows twice as large)"
        package static let keyPresses =
            "a whole number of presses from \(keyPressRange.lowerBound) to \(keyPressRange.upperBound)"
        package static let gridLevel =
            "a whole zoom level from \(gridLevelRange.lowerBound) to \(gridLevelRange.upperBound) (a tile covers 2^zoom × 2^zoom)"
        package static let instant =
            "an RFC 3339 instant to the second, like 2026-03-29T00:30:00Z or 2026-03-29T01:30:00+01:00, from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z"
        package static let timeScale =
            "a rung of the ladder: \(TimeScale.allCases.map(\.rawValue).joined(separator: ", "))"
        package static let locale =
            "a BCP 47 language tag of at most \(maximumLocaleBytes) ASCII bytes, like de-DE, ar-EG, hi-IN or en-US-u-hc-h23"
        package static let zone = "an IANA time zone name, like Europe/London, Asia/Kathmandu or UTC"
        package static let decimal =
            "a decimal number like 72.4, with at most 6 decimals, between -\(text(maximumDecimal)) and \(text(maximumDecimal))"
        package static let factor =
            "a number from \(text(factorMagnitudeRange.lowerBound)) to \(text(factorMagnitudeRange.upperBound)) in size, either sign"

        // What a page's frame report takes (`ParameterTable.report`).
        package static let sequence = "a whole number"
        package static let pageClock = "the page's clock in milliseconds, a number"
        package static let viewport = "the viewport's width and height, as W,H"
        package static let scrollPosition = "the scroll position, as left,top"
        package static let origins = "the origins the last frame gave, one per axis"
        package static let tilesHeld =
            "the tiles held, as first:last per axis, or up to \(maximumHeldBoxes) of them joined by ; (what the last frame said)"
        package static let mark = "what the last frame said: x:v@t per axis (x:v,y:v@t on a grid), or that then @bare"
        package static let flag = "1 or 0"
        package static let key = "one of " + ViewKey.allCases.map(\.rawValue).joined(separator: ", ")
        package static let position = "a position along the view, 0 to its length"
        package static let point = "a point in the view, as x,y from its top left"
        package static let loopItem = "a whole number of items from -1e9 to 1e9"
        package static let leaderValue = "the leader's value under its pointer, a number"
        package static let leaderInstant = "the leader's instant, in seconds since 1970-01-01T00:00:00Z"
        package static let itemIndex = "an item's index, as the last frame gave it"
        package static let itemStep = "next or previous"

        /// `0`, `8192`, `1e15`, `1e-12`: whole numbers plainly up to a million, powers of ten past them and below 1
        /// (all the limits are).
        static func text(_ value: Double) -> String {
            guard value >= 1e6 || (value > 0 && value < 1) else { return String(Int(value)) }
            var power = 0
            var rest = value
            while rest >= 10 {
                rest /= 10
                power += 1
            }
            while rest < 0.999_999 {  // a power of ten below 1 is not exact: 1e-12 × 10¹² may fall short of 1
                rest *= 10
                power -= 1
            }
            return "1e\(power)"
        }
    }
}
