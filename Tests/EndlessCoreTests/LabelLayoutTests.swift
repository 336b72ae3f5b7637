import Foundation
import Testing

@testable import EndlessCore

/// Text with a measured size, and rows whose words never touch: the fonts' advances, a crowded row's short form and
/// stride chosen by a tick's number, and the leading label naming the period that holds the edge.
@Suite struct LabelLayoutTests {
    @Test func advancesAreDejaVuSansOwn() {
        // hmtx of DejaVu Sans 2.37 (2048 units an em): `A`, `0`, an en dash, Arabic-Indic `١`.
        #expect(FontAdvances.regular.advance("A") == 1401.0 / 2048)
        #expect(FontAdvances.bold.advance("A") == 1585.0 / 2048)
        #expect(FontAdvances.regular.advance("0") == 1303.0 / 2048)
        #expect(FontAdvances.regular.advance("\u{2013}") == 1024.0 / 2048)
        #expect(FontAdvances.regular.advance("\u{6F1}") == 1100.0 / 2048)
        // What the fonts lack: a CJK ideograph a full em, a directional isolate nothing, Devanagari 0.75 em.
        #expect(FontAdvances.regular.advance("年") == 1 && FontAdvances.regular.advance("\u{2068}") == 0)
        #expect(FontAdvances.regular.advance("\u{915}") == 0.75)
        #expect(abs(TextWidth.of("Sat 14", size: 13) - 13 * (1300 + 1255 + 803 + 651 + 2 * 1303) / 2048) < 1e-9)
    }

    @Test func theEdgesDecadeCenturyAndMillenniumAreTheOnesThatHoldIt() throws {
        let moonLanding = try Instant(rfc3339: "1962-07-20T00:00:00Z").secondsSinceEpoch
        let tick = TimeTick(instant: moonLanding, offset: 0, showsOffset: false)
        let english = TimeLabels()
        #expect(english.context(tick, unit: .years(10)) == "1960s")
        #expect(english.context(tick, unit: .years(100)) == "1900–1999")
        #expect(english.context(tick, unit: .years(1000)) == "1000–1999")
        let german = TimeLabels(language: try Language.named("de-DE"))
        #expect(german.context(tick, unit: .years(10)) == "1960–1969")
        #expect(german.context(tick, unit: .years(100)) == "1900–1999")
    }

    @Test func aCrowdedRowTakesItsShortFormThenEverySoManyTicks() throws {
        let roomy = try Timeline(scale: .day, spacing: 80).labelling
        #expect(roomy.minorStride == 1 && !roomy.minorShort)
        let tight = try Timeline(scale: .day, spacing: 40).labelling
        #expect(tight.minorStride == 1 && tight.minorShort)  // `Sat 14` is 42 points: `14` fits
        let crowded = try Timeline(scale: .day, spacing: 2).labelling
        #expect(crowded.minorStride > 1 && crowded.minorShort && crowded.contextStride >= 1)
        // The words a crowded row keeps are those whose number is a multiple of its stride, in every block alike.
        let timeline = try Timeline(scale: .hour, spacing: 13)
        var worded: [Int64] = []
        for block in -3...3 as ClosedRange<Int64> {
            timeline.forEachTick(ofBlock: block) { placed in
                if !placed.isContext && placed.isLabelled { worded.append(placed.tick.instant) }
            }
        }
        let stride = timeline.labelling.minorStride
        #expect(stride > 1 && !worded.isEmpty)
        #expect(worded.allSatisfy { ($0 / 3600) % stride == 0 })
        #expect(zip(worded, worded.dropFirst()).allSatisfy { $1 - $0 == stride * 3600 })
    }

    @Test func aClockThatGoesForwardOrBackKeepsWordsAStrideApart() throws {
        for at in ["2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z"] {
            let timeline = try Timeline(zone: try ZoneRules.named("Europe/Berlin"), scale: .fifteenMinutes, spacing: 13)
            let stride = timeline.labelling.minorStride
            let middle = timeline.blockStrip.tile(containing: timeline.offset(of: try Instant(rfc3339: at)))
            var worded: [Int64] = []
            for block in middle - 2...middle + 2 {
                timeline.forEachTick(ofBlock: block) { placed in
                    if !placed.isContext && placed.isLabelled { worded.append(placed.tick.instant) }
                }
            }
            #expect(zip(worded, worded.dropFirst()).allSatisfy { $1 - $0 >= stride * 900 }, "\(at)")
        }
    }

    @Test func aCalendarsYearsAreNumberedOneAfterAnother() throws {
        let chinese = try #require(CalendarSystem.named("chinese"))
        // 2023 has a leap second month, which shares its place in its year with the month before.
        let months = (2022...2025).flatMap { chinese.months(beginningIn: $0) }
        let years = months.filter(\.opensYear).map(\.yearIndex)
        #expect(zip(years, years.dropFirst()).allSatisfy { $1 == $0 + 1 })
        let leap = months.contains { $0.sharesOrdinal }
        #expect(leap)
    }

    @Test func everySecondMonthIsWordedFromItsYearsFirstInEveryCalendar() throws {
        // Farvardin opens the Persian year; Tishrei the Hebrew, whose years have 12 or 13 months and skip a place;
        // a Chinese year has a leap month in 2023.
        for (locale, first) in [
            ("en", "Jan"), ("fa-IR", "فروردین"), ("he-IL-u-ca-hebrew", "תשרי"),
            ("zh-CN-u-ca-chinese", "正月"), ("ar-SA-u-ca-islamic-umalqura", "محرم"),
        ] {
            let timeline = try Timeline(scale: .month, language: try Language.named(locale))
            var worded: [(day: Int64, words: String)] = []
            for day in stride(from: Int64(18_000), to: 21_000, by: 1) {
                let tick = TimeTick(instant: day * 86_400, offset: 0, showsOffset: false)
                let starts = timeline.calendar.map { $0.month(containing: day).month.day == day }
                guard starts ?? (CivilDate(daysSinceEpoch: day).day == 1) else { continue }
                if timeline.isLabelled(tick, unit: .months(1), stride: 2) {
                    let words = String(capacity: TimeLabels.longestContext) {
                        timeline.labels.writeMinor(tick, unit: .months(1), into: &$0)
                    }
                    worded.append((day, words))
                }
            }
            // Never two months running; the year's first always; at most 3 months apart.
            let gaps = zip(worded, worded.dropFirst()).map { $1.day - $0.day }
            #expect(gaps.allSatisfy { (55...95).contains($0) }, "\(locale): \(gaps)")
            #expect(worded.contains { $0.words.contains(first) }, "\(locale): \(worded.map(\.words))")
        }
    }

    @Test func aRulersLabelsKeepApartAtEverySpacingAndAcrossAWrap() throws {
        let dense = try Ruler(RulerConfiguration(tickSpacing: 2))
        let stride = dense.labelStride(size: 13, vertical: false)
        #expect(stride > 1 && Double(stride) * dense.blockLength >= TextWidth.of("999", size: 13))
        let roomy = try Ruler(RulerConfiguration())
        #expect(roomy.labelStride(size: 13, vertical: false) == 1)
        // A turn of 991 blocks: its last labelled block is at least a stride before block 0 of the next turn.
        let cycle = try #require(dense.cycleBlocks)
        let labelled = (0..<2 * cycle).filter { dense.isLabelled(block: $0, stride: stride) }
        #expect(zip(labelled, labelled.dropFirst()).allSatisfy { $1 - $0 >= stride })
    }

    @Test(arguments: [(21, 150.0), (21, 13), (21, 10), (100_000, 10), (100_000, 40), (7, 10), (1, 10)])
    func aLoopsNumbersKeepApartAcrossItsTurn(count: Int, spacing: Double) throws {
        let loop = try Loop(count: count, spacing: spacing, language: try Language.named("ar-EG"))
        let widest = TextWidth.of(loop.language!.numbers.localized(String(count - 1)), size: 8)
        let stride = loop.labelStride(size: 8, vertical: false)
        // The ladder's step before `stride` would let two numbers touch.
        let ladder = [1, 2, 5].flatMap { step in (0..<6).map { Int64(step) * Int64(pow(10, Double($0))) } }.sorted()
        let before = ladder.last { $0 < stride } ?? 0
        #expect(stride == 1 || Double(before) * spacing < TextWidth.clearance(widest))
        // Two turns: item 0 always, no two numbers nearer than a stride, none nearer than the clearance.
        let labelled = (0..<2 * count).filter { loop.isLabelled($0 % count, stride: stride) }
        #expect(labelled.contains(count))
        #expect(zip(labelled, labelled.dropFirst()).allSatisfy { $1 - $0 >= Int(min(stride, Int64(count))) })
        #expect(count == 1 || Double(stride) * spacing >= TextWidth.clearance(widest) || stride >= count)
        #expect(try Loop(spacing: 150).labelStride(size: 8, vertical: false) == 1)
    }

    @Test func aGridsLabelsFitTheirTilesThenTakeTheShortFormThenEverySoManyTiles() throws {
        let label = Grid.LabelWidths(x: TextWidth.of("(-999,", size: 1), y: TextWidth.of("-999)", size: 1))
        // The seed's 100-point tiles: every tile, on one line, at the common size.
        let standard = try #require(Grid.standard.labelShape(label, stride: 1, largest: 14))
        #expect(standard.lines == 1 && standard.size >= 10)
        #expect(Grid.standard.labelPlan(full: label, short: nil, largest: 14) == .init(stride: 1, short: false))
        // Ten-point tiles: `(-999, -999)` fits no tile at 4 points, so every other or third tile, whole.
        let small = try Grid(tileSize: 10)
        let plan = try #require(small.labelPlan(full: label, short: nil, largest: 4))
        #expect(plan.stride > 1 && !plan.short)
        let shape = try #require(small.labelShape(label, stride: plan.stride, largest: 4))
        let longest = shape.lines == 1 ? label.x + 0.318 + label.y : max(label.x, label.y)
        #expect(TextWidth.clearance(longest * shape.size) <= Double(plan.stride) * 10)
        #expect(Double(shape.lines) * 1.2 * shape.size <= 10)
        // Zoomed out 2^30: ranges too long for a 40-point tile take the first column and row.
        let zoomed = try Grid(tileSize: 40, level: 30)
        let ranges = Grid.LabelWidths(
            x: TextWidth.of("(20401094656…21474836479,", size: 1), y: TextWidth.of("-4294967296…-3221225473)", size: 1))
        let first = Grid.LabelWidths(
            x: TextWidth.of("(20401094656,", size: 1), y: TextWidth.of("-4294967296)", size: 1))
        #expect(zoomed.labelPlan(full: ranges, short: first, largest: 6) == .init(stride: 1, short: true))
        // Nothing fits a block: no labels rather than labels over each other.
        let huge = Grid.LabelWidths(x: 40, y: 40)
        #expect(small.labelPlan(full: huge, short: huge, largest: 4) == nil)
        #expect(Grid.labelStrides.allSatisfy { Grid.pageBlock % $0 == 0 })
    }
}
