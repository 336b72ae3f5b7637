import Foundation
import HummingbirdTesting
import Testing

@testable import EndlessServer

/// A zoomable ruler's frames: the server picks the rung, places the ruler so the value under the gesture stays, and
/// draws every tile anew at the new scale.
@Suite(.timeLimit(.minutes(1))) struct ZoomFrameTests {
    static let place =
        "/frame/ruler?size=1200,120&seq=1&zoomable=&min=0&max=1000&step=0.5&ends=clamp&unit=cm&value=172.5"

    func frame(_ client: any TestClientProtocol, _ uri: String) async throws -> [String: Any] {
        let response = try await client.execute(uri: uri, method: .get)
        #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
    }

    /// The value under point `x` of a 1200-point view, ticks 10 points apart.
    func value(at x: Double, _ frame: [String: Any]) throws -> Double {
        let readout = try #require(frame["readout"] as? [String: String])
        return Double(readout["position"]!)! + (x - 600) / 10 * Double(readout["zoom"]!)!
    }

    /// The report a page sends after applying `frame`: its origin, scroll and tiles held.
    func report(after frame: [String: Any], scroll: Double? = nil) throws -> String {
        let axis = try #require((frame["axes"] as? [[String: Any]])?.first)
        let origin = try #require(axis["origin"] as? Double)
        let at = scroll ?? (axis["scroll"] as? Double ?? 0)
        return "&origin=\(origin)&scroll=\(at),0&have=\(axis["have"] as! String)"
    }

    @Test(arguments: [0.0, 300, 1100])
    func theValueUnderTheGestureStaysAndEveryTileIsDrawnAnew(x: Double) async throws {
        try await withServer { client, _ in
            let placed = try await frame(client, Self.place)
            #expect((placed["readout"] as? [String: String])?["zoom"] == "0.5")
            let under = try value(at: x, placed)
            let zoomed = try await frame(client, Self.place + (try report(after: placed)) + "&zoom-by=0.4&zoom-at=\(x)")
            let readout = try #require(zoomed["readout"] as? [String: String])
            #expect(readout["zoom"] == "1" && readout["image"]?.contains("zoom=1&") == true)
            #expect(abs(try value(at: x, zoomed) - under) < 1e-9)
            let held = try #require((placed["add"] as? [[String: Any]])?.count)
            let added = try #require(zoomed["add"] as? [[String: Any]])
            let removed = try #require(zoomed["remove"] as? [String])
            #expect(added.allSatisfy { $0["svg"] != nil } && added.count + removed.count >= held, "all drawn anew")
            let axis = try #require((zoomed["axes"] as? [[String: Any]])?.first)
            #expect(axis["scroll"] != nil, "placed anew")
        }
    }

    @Test func aSmallStepStaysAtItsRungAndAFollowerOrAnUnplacedViewDoesNotZoom() async throws {
        try await withServer { client, _ in
            let placed = try await frame(client, Self.place)
            let small = try await frame(client, Self.place + (try report(after: placed)) + "&zoom-by=0.8")
            #expect((small["readout"] as? [String: String])?["zoom"] == "0.5")
            let unplaced = try await frame(client, Self.place + "&zoom-by=0.4")
            #expect((unplaced["readout"] as? [String: String])?["zoom"] == "0.5")
            let bad = try await client.execute(uri: Self.place + "&zoom-by=0", method: .get)
            #expect(bad.status == .badRequest && String(buffer: bad.body).hasPrefix("zoom-by: must be a zoom factor"))
            let outside = try await client.execute(uri: Self.place + "&zoom-at=5000&zoom-by=2", method: .get)
            #expect(outside.status == .badRequest && String(buffer: outside.body).hasPrefix("zoom-at:"))
        }
    }

    /// `/svg` draws the zoomed ruler the frame's image names, and `endless render` the same bytes.
    @Test func theImageOfAZoomedRulerIsTheRenderCommandsOutput() async throws {
        let expected = try renderCommand([
            "ruler", "--zoom", "5", "--min", "0", "--max", "1000", "--step", "0.5",
            "--ends", "clamp", "--unit", "cm", "--value", "172.5",
        ])
        try await withServer { client, _ in
            let svg = try await client.execute(
                uri: "/svg/ruler?zoom=5&min=0&max=1000&step=0.5&ends=clamp&unit=cm&value=172.5", method: .get)
            #expect(Array(buffer: svg.body) == expected)
            #expect(String(buffer: svg.body).contains(">150<"))
        }
    }

    static let grid = "/frame/grid?size=1200,500&seq=1&x=1000000000000&y=-1000000000000"

    /// The report after a grid's frame: its origins, scrolls and tiles held on both axes.
    func gridReport(after frame: [String: Any]) throws -> String {
        let axes = try #require(frame["axes"] as? [[String: Any]])
        let (x, y) = (axes[0], axes[1])
        return "&origin=\(x["origin"]!),\(y["origin"]!)&scroll=\(x["scroll"] ?? 0),\(y["scroll"] ?? 0)"
            + "&have=\(x["have"]!),\(y["have"]!)"
    }

    /// The world point at `(px, py)` of a 1200 × 500 grid view after `frame`, at its level.
    func world(at px: Double, _ py: Double, _ frame: [String: Any]) throws -> (Double, Double) {
        let readout = try #require(frame["readout"] as? [String: String])
        let scale = Double(1 << Int(readout["zoom"]!)!)
        return (Double(readout["x"]!)! + (px - 600) * scale, Double(readout["y"]!)! + (py - 250) * scale)
    }

    @Test func aGridZoomKeepsTheWorldPointUnderTheGestureExactlyAndScalesTheOldTilesUnder() async throws {
        try await withServer { client, _ in
            let placed = try await frame(client, Self.grid)
            #expect((placed["readout"] as? [String: String])?["zoom"] == "0")
            let under = try world(at: 900, 100, placed)
            let out = try await frame(
                client, Self.grid + (try gridReport(after: placed)) + "&zoom-by=0.25&zoom-at=900,100&t=500")
            let readout = try #require(out["readout"] as? [String: String])
            #expect(readout["zoom"] == "2" && readout["image"]?.contains("zoom=2&") == true)
            let now = try world(at: 900, 100, out)
            #expect(now == under, "exact at 1e12: \(now) against \(under)")
            // Old content point q is world (q + origin) at level 0: at level 2, a quarter, less the new origin.
            let oldAxes = try #require(placed["axes"] as? [[String: Any]]),
                newAxes = try #require(out["axes"] as? [[String: Any]])
            let tx = (oldAxes[0]["origin"] as! Double) / 4 - (newAxes[0]["origin"] as! Double)
            let ty = (oldAxes[1]["origin"] as! Double) / 4 - (newAxes[1]["origin"] as! Double)
            #expect(out["underlay"] as? String == "translate(\(readoutNumber(tx)) \(readoutNumber(ty))) scale(0.25)")
            // The new level comes bare, and is labelled with its ranges once at rest.
            let added = try #require(out["add"] as? [[String: Any]])
            #expect(!added.isEmpty && added.allSatisfy { ($0["svg"] as? String)?.contains("<text") == false })
            let mark = try #require(out["mark"] as? String)
            let rest = try await frame(
                client, Self.grid + "&zoom=2" + (try gridReport(after: out)) + "&end=1&t=1000&mark=\(mark)")
            let labelled = try #require(rest["add"] as? [[String: Any]])
            #expect(!labelled.isEmpty && labelled.allSatisfy { ($0["svg"] as? String)?.contains("…") == true })
            // Home: back to level 0 and (0, 0).
            let home = try await frame(client, Self.grid + "&zoom=2" + (try gridReport(after: out)) + "&key=Home")
            let back = try #require(home["readout"] as? [String: String])
            #expect(back["zoom"] == "0" && back["x"] == "0" && back["y"] == "0")
            let unplaced = try await client.execute(uri: Self.grid + "&zoom-at=100,10&zoom-by=2", method: .get)
            #expect(unplaced.status == .ok, "an unplaced view ignores a zoom")
            // A zoom-at outside the view is a 400 whether or not the view zooms now.
            let outside = try await client.execute(uri: Self.grid + "&zoom-at=1300,10&zoom-by=2", method: .get)
            #expect(outside.status == .badRequest)
            // A point is two numbers as every number is read: not `nan`, `inf` or hexadecimal.
            for at in ["1300,10", "nan,10", "10,inf", "0x10,10", "10", "10,10,10"] {
                let outside = try await client.execute(
                    uri: Self.grid + (try gridReport(after: placed)) + "&zoom-at=\(at)&zoom-by=2", method: .get)
                #expect(
                    outside.status == .badRequest
                        && String(buffer: outside.body)
                            == "zoom-at: must be a point in the view, as x,y from its top left\n",
                    "\(at)")
            }
        }
    }
}
