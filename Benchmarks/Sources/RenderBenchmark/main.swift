import EndlessCore
import EndlessSVG
import Foundation

/// This thread's CPU time in seconds: on a shared machine, time the thread was not running is not its cost.
func threadSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// With `WINDOWS=n`, each view renders exactly n windows: for `valgrind --tool=callgrind`, which counts instructions
/// repeatably where time on a shared machine swings by a third.
let fixedWindows = getenv("WINDOWS").flatMap { Int(String(cString: $0)) }
/// With `PASSES=2` as well, the same n windows are rendered twice: the second pass's count (the difference from one
/// pass's) is a window's cost once what a language keeps (a calendar's months, its words) is made.
let passes = getenv("PASSES").flatMap { Int(String(cString: $0)) } ?? 1

/// Renders windows on one thread for about `seconds` of its CPU time and reports tiles rendered per CPU second.
func measure(_ name: String, seconds: Double = 3, _ renderOnce: (Int) -> (tiles: Int, bytes: Int)) {
    var tiles = 0, bytes = 0, iteration = 0
    let start = threadSeconds()
    var elapsed = 0.0
    while fixedWindows.map({ iteration < $0 * passes }) ?? (elapsed < seconds) {
        for _ in 0..<(fixedWindows.map { min(64, $0 * passes - iteration) } ?? 64) {
            let result = renderOnce(fixedWindows.map { iteration % $0 } ?? iteration)
            tiles += result.tiles
            bytes += result.bytes
            iteration += 1
        }
        elapsed = threadSeconds() - start
    }
    let mib = Double(bytes) / 1_048_576 / elapsed
    print("\(name): \(Int(Double(tiles) / elapsed)) per CPU second (\(Int(mib)) MiB/s of SVG, \(iteration) windows)")
}

/// With `ITEMS=items.jsonl`, only timeline windows are drawn, at six rungs from a minute to a century, centred where
/// the items are and at their densest place, with the items (`DRAWN=1`, the default) or the same windows without.
if let path = ProcessInfo.processInfo.environment["ITEMS"] {
    let items = try! ItemSet(jsonLines: [UInt8](FileManager.default.contents(atPath: path)!), file: path)
    let drawn = ProcessInfo.processInfo.environment["DRAWN"] != "0"
    let scales: [TimeScale] = [.minute, .hour, .day, .month, .year, try! TimeScale("100y")]
    // The densest place: where 256 items of the set start closest together.
    let all = items.starts.sorted()
    let gaps = (0..<max(1, all.count - 256)).map { all[$0 + 256] - all[$0] }
    let densest = gaps.indices.min { gaps[$0] < gaps[$1] } ?? 0
    var rng = SplitMix()
    let span = (all.first ?? 0)...(all.last ?? 1)
    let centres = (0..<4096).map { index in
        Instant(
            unchecked: index % 8 == 0 ? all[min(densest + 128, all.count - 1)] : Int64.random(in: span, using: &rng))
    }
    let renderers = scales.map { scale in
        let timeline = try! Timeline(scale: scale, spacing: 80)
        let height = ItemLayout.axisThickness(.horizontal) + ItemLayout.thickness(of: items)
        return TimelineRenderer(timeline: timeline, thickness: height, items: drawn ? items : nil)
    }
    let height = ItemLayout.axisThickness(.horizontal) + ItemLayout.thickness(of: items)
    // Each block's items drawn once and kept, as the server's tile cache keeps them.
    var kept = Array(repeating: [Int64: [UInt8]](), count: scales.count)
    var keptTitles = kept  // the titles beginning in each block, as the server keeps them beside its bars
    measure("timeline windows with \(drawn ? items.count : 0) items") { i in
        let scale = i % scales.count
        let renderer = renderers[scale]
        let window = try! TimelineWindow(
            timeline: renderer.timeline, at: centres[i & 4095], width: 1200, height: height)
        let rendered = renderer.render(
            window,
            itemsOfBlock: { block in
                if let fragment = kept[scale][block] { return fragment }
                let fragment = renderer.itemsFragment(ofBlock: block, mirrored: false)
                kept[scale][block] = fragment
                return fragment
            },
            titlesOfBlock: { block in
                if let titles = keptTitles[scale][block] { return titles }
                let titles = renderer.itemTitles(beginningIn: block, mirrored: false)
                keptTitles[scale][block] = titles
                return titles
            })
        return (rendered.tileStarts.count, rendered.document.count)
    }
    exit(0)
}

/// With `RUNGS=1`, only timeline windows are drawn: at every rung, 1200 points wide at spacing 80 and 8192 wide at
/// spacing 2 (issue 61: a calendar's windows against English's), in `LOCALE`'s language and calendar, 1900 to 2100.
if getenv("RUNGS") != nil {
    let language = getenv("LOCALE").map { try! Language.named(String(cString: $0)) }
    let shapes: [(spacing: Double, width: Double)] = [(80, 1200), (2, 8192)]
    let renderers = TimeScale.allCases.flatMap { scale in
        shapes.map { shape in
            let timeline = try! Timeline(
                scale: scale, spacing: shape.spacing, hours: language?.hours ?? .twentyFour,
                weekStart: language?.weekStart ?? .monday, language: language)
            return (renderer: TimelineRenderer(timeline: timeline), width: shape.width)
        }
    }
    var rng = SplitMix()
    let instants = (0..<4096).map { _ in
        Instant(unchecked: Int64.random(in: -2_208_988_800...4_102_444_800, using: &rng))
    }
    measure("timeline windows at every rung") { i in
        let (renderer, width) = renderers[i % renderers.count]
        let window = try! TimelineWindow(timeline: renderer.timeline, at: instants[i & 4095], width: width, height: 120)
        let rendered = renderer.render(window)
        return (rendered.tileStarts.count, rendered.document.count)
    }
    exit(0)
}

/// With `LOCALE=de-DE`, every view writes its words in that language (looked up before anything is measured).
let language = getenv("LOCALE").map { try! Language.named(String(cString: $0)) }
var weight = RulerConfiguration.weight
weight.language = language
let ruler = try! Ruler(weight)
let rulerRenderer = RulerRenderer(ruler: ruler, height: 120)
/// SplitMix64 from a fixed seed: every run renders the same windows.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
var rng = SplitMix()
let offsets = (0..<4096).map { _ in Double.random(in: -1e12...1e12, using: &rng).rounded() }

print(
    "One thread, release build, per second of its CPU time. "
        + "Each window is 1200 pt wide (ruler: 13 blocks; grid 1200x800: 117 tiles).")
measure("ruler blocks rendered") { i in
    let window = try! RulerWindow(ruler: ruler, offset: offsets[i & 4095], width: 1200, height: 120)
    let rendered = rulerRenderer.render(window)
    return (rendered.tileStarts.count, rendered.document.count)
}
let grid = try! Grid(language: language)
let gridRenderer = GridRenderer(grid: grid)
measure("grid tiles rendered") { i in
    let window = try! GridWindow(
        grid: grid, centerX: offsets[i & 4095], centerY: -offsets[(i + 7) & 4095], width: 1200, height: 800)
    let rendered = gridRenderer.render(window)
    return (window.columns.count * window.rows.count, rendered.document.count)  // a fragment is a row of labels
}
let loop = try! Loop(language: language)
let loopRenderer = LoopRenderer(loop: loop, height: 120)
measure("loop items rendered") { i in
    let window = try! LoopWindow(loop: loop, offset: offsets[i & 4095], width: 1200, height: 120)
    let rendered = loopRenderer.render(window)
    return (rendered.tileStarts.count, rendered.document.count)
}
// Hours across London's clock changes, 1900 to 2100: the zone's rules are read once, its offsets per window.
let london = try! ZoneRules.named("Europe/London")
let timeline = try! Timeline(
    zone: london, scale: .hour, spacing: 80, hours: language?.hours ?? .twentyFour,
    weekStart: language?.weekStart ?? .monday, language: language)
let timelineRenderer = TimelineRenderer(timeline: timeline)
let instants = (0..<4096).map { _ in
    Instant(unchecked: Int64.random(in: -2_208_988_800...4_102_444_800, using: &rng))
}
measure("timeline blocks rendered") { i in
    let window = try! TimelineWindow(timeline: timeline, at: instants[i & 4095], width: 1200, height: 120)
    let rendered = timelineRenderer.render(window)
    return (rendered.tileStarts.count, rendered.document.count)
}
