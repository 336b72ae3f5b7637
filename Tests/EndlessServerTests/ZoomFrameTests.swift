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
}
