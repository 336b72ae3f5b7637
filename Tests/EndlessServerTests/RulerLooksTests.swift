import EndlessCore
import EndlessSVG
import Testing

@testable import EndlessServer

@Suite struct RulerLooksTests {
    /// Windows of eleven looks, asked in turn through one cache (each look drawn again after others), draw the same
    /// bytes and the same ETag as a renderer made for each: a look's key leaving out anything that draws would fail.
    @Test func aKeptLookDrawsWhatAFreshRendererDraws() throws {
        let custom = try Parameters(
            [("min", "0"), ("max", "5"), ("step", "0.01"), ("ticks", "5"), ("spacing", "7"), ("unit", "m")],
            accepted: Parameters.rulerConfigurationNames
        ).ruler()
        var looks: [(RulerWindow, Theme)] = []
        for (ruler, height) in [(try Ruler(.weight), 120.0), (try Ruler(.weight), 90), (custom, 120)] {
            for (orientation, mirrored) in [(Orientation.horizontal, false), (.horizontal, true), (.vertical, false)] {
                let (width, tall) = orientation.isVertical ? (height, 600.0) : (1200.0, height)
                let window = try RulerWindow(
                    ruler: ruler, offset: 4321, width: width, height: tall, orientation: orientation,
                    mirrored: mirrored)
                looks.append((window, .light))
            }
        }
        let weight = looks[0].0
        looks += [(weight, .dark), (weight, .auto)]
        let cache = TileCache(capacity: 100)
        for round in 0..<3 {
            for (window, theme) in looks {
                let kept = SVGResource.rulerWindow(window, cache.rulerLooks.drawing(of: window, theme: theme))
                let fresh = SVGResource.rulerWindow(window, RulerLooks.drawing(of: window, theme: theme))
                let drawnAlike = kept.render(cache: cache).document == fresh.render(cache: nil).document
                #expect(drawnAlike, "round \(round): \(window.orientation), \(theme), \(window.thickness)")
                #expect(kept.contentHash() == fresh.contentHash(), "\(round)")
            }
        }
        #expect(cache.rulerLooks.count == looks.count)
    }

    @Test func keepsAtMostItsCapacityOfLooks() throws {
        let cache = TileCache(capacity: 100)
        for height in 0..<(RulerLooks.capacity * 2) {
            let window = try RulerWindow(ruler: try Ruler(.weight), offset: 0, width: 600, height: 20 + Double(height))
            _ = cache.rulerLooks.drawing(of: window, theme: .light)
        }
        #expect(cache.rulerLooks.count == RulerLooks.capacity)
    }
}
