import EndlessCore
import EndlessSVG

/// Renders windows on one thread for about `seconds` and reports tiles rendered per second.
func measure(_ name: String, seconds: Double = 3, _ renderOnce: (Int) -> (tiles: Int, bytes: Int)) {
    let clock = ContinuousClock()
    var tiles = 0, bytes = 0, iteration = 0
    let start = clock.now
    var elapsed = Duration.zero
    while elapsed < .seconds(seconds) {
        for _ in 0..<64 {
            let result = renderOnce(iteration)
            tiles += result.tiles
            bytes += result.bytes
            iteration += 1
        }
        elapsed = clock.now - start
    }
    let perSecond = Double(tiles) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    let mib = Double(bytes) / 1_048_576 / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    print("\(name): \(Int(perSecond)) per second (\(Int(mib)) MiB/s of SVG, \(iteration) windows)")
}

let ruler = try! Ruler(.weight)
let rulerRenderer = RulerRenderer(ruler: ruler, height: 120)
var rng = SystemRandomNumberGenerator()
let offsets = (0..<4096).map { _ in Double.random(in: -1e12...1e12, using: &rng).rounded() }

print("One core, release build. Each window is 1200 pt wide (ruler: 13 blocks; grid 1200x800: 117 tiles).")
measure("ruler blocks rendered") { i in
    let window = try! RulerWindow(ruler: ruler, offset: offsets[i & 4095], width: 1200, height: 120)
    let rendered = rulerRenderer.render(window)
    return (rendered.tiles.count, rendered.tiles.reduce(0) { $0 + $1.count })
}
let gridRenderer = GridRenderer(grid: .standard)
measure("grid tiles rendered") { i in
    let window = try! GridWindow(grid: .standard, centerX: offsets[i & 4095], centerY: -offsets[(i + 7) & 4095], width: 1200, height: 800)
    let rendered = gridRenderer.render(window)
    return (rendered.tiles.count, rendered.tiles.reduce(0) { $0 + $1.count })
}
let loopRenderer = LoopRenderer(loop: .standard, height: 120)
measure("loop items rendered") { i in
    let window = try! LoopWindow(loop: .standard, offset: offsets[i & 4095], width: 1200, height: 120)
    let rendered = loopRenderer.render(window)
    return (rendered.tiles.count, rendered.tiles.reduce(0) { $0 + $1.count })
}
