import Testing

@testable import EndlessCore

/// The grid zoomed out, as map tiles are: at level z a tile covers 2^z × 2^z of the world's, and a window's centre is
/// the same world point at every level, exactly, out to 1e12.
@Suite struct GridLevelTests {
    @Test func aTileCoversTwoToTheLevelTilesEachWay() throws {
        #expect(Grid.covered(0, level: 3) == 0...7 && Grid.covered(-1, level: 3) == -8 ... -1)
        #expect(Grid.covered(5, level: 3) == 40...47)
        #expect(Grid.covered(-4, level: 0) == -4 ... -4)
        #expect(Grid.covered(1, level: 30) == Int64(1 << 30)...Int64((1 << 31) - 1))
        #expect(throws: EndlessError("zoom", "must be \(Limits.Accepts.gridLevel)")) { try Grid(level: 31) }
        #expect(throws: EndlessError("zoom", "must be \(Limits.Accepts.gridLevel)")) { try Grid(level: -1) }
    }

    /// The tile under a window's centre covers the world's tile under it, at every level, at ±1e12 and between.
    @Test(arguments: [0.0, 49.99, 50, -50.01, 123_456_789.5, 1e12, -1e12, 1e12 + 49, -1e12 - 51])
    func theCentreIsTheSameWorldPointAtEveryLevel(world: Double) throws {
        let worldTile = Int64((world / 100 + 0.5).rounded(.down))  // tile 0 spans [−50, 50)
        for level in Limits.gridLevelRange {
            let grid = try Grid(level: level)
            let window = try GridWindow(grid: grid, centerX: world, centerY: -world, width: 600, height: 400)
            let column = window.columns.first + Int64((300 - window.columns.position(of: window.columns.first)) / 100)
            let row = window.rows.first + Int64((200 - window.rows.position(of: window.rows.first)) / 100)
            #expect(Grid.covered(column, level: grid.level).contains(worldTile), "level \(level): column \(column)")
            let worldRow = Int64((-world / 100 + 0.5).rounded(.down))
            #expect(Grid.covered(row, level: grid.level).contains(worldRow), "level \(level): row \(row)")
        }
    }

    @Test func zoomIsAGridParameter() throws {
        let parameters = try Parameters([("zoom", "4"), ("tile", "50")], accepted: Parameters.gridNames)
        #expect(try parameters.grid() == Grid(tileSize: 50, level: 4))
        #expect(throws: EndlessError("zoom", "must be \(Limits.Accepts.gridLevel)")) {
            try Parameters([("zoom", "1.5")], accepted: Parameters.gridNames).grid()
        }
    }
}
