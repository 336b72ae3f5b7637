import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import EndlessServer

@Suite(.timeLimit(.minutes(1))) struct PageTests {
    func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    @Test func theFirstRulerFramePlacesTilesAndValues() async throws {
        try await withServer { client, _ in
            let response = try await client.execute(
                uri: "/frame/ruler?seq=3&scroll=0&width=1000&value=72.4", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            let frame = try json(response)
            #expect(frame["seq"] as? Int == 3)
            #expect(frame["value"] as? String == "72.4" && frame["text"] as? String == "72.4 kg")
            #expect(frame["linkedText"] as? String == "159.6 lb")
            let view = try #require(frame["view"] as? [String: Any])
            let scroll = try #require(view["scroll"] as? Double)
            let origin = try #require(view["origin"] as? Double)
            #expect(origin + scroll + 500 == 6340, "72.4 is tick 634, under the pointer")
            let added = try #require(view["add"] as? [[String: Any]])
            #expect(added.count == 31, "three viewports of 100 px blocks")
            #expect((added.first?["svg"] as? String)?.hasPrefix("<svg xmlns=") == true)
        }
    }

    @Test func aFollowingFrameSendsOnlyWhatChanged() async throws {
        try await withServer { client, _ in
            let first = try json(try await client.execute(uri: "/frame/ruler?scroll=0&width=1000", method: .get))
            let view = try #require(first["view"] as? [String: Any])
            let linked = try #require(first["linked"] as? [String: Any])
            let (scroll, origin) = (view["scroll"] as! Double, view["origin"] as! Double)
            let have = view["have"] as! String
            let query = "width=1000&origin=\(origin)&have=\(have)&lorigin=\(linked["origin"]!)&lhave=\(linked["have"]!)"
            let still = try json(try await client.execute(uri: "/frame/ruler?scroll=\(scroll)&\(query)", method: .get))
            let stillView = try #require(still["view"] as? [String: Any])
            #expect((stillView["add"] as? [Any])?.isEmpty == true && (stillView["remove"] as? [Any])?.isEmpty == true)
            #expect(stillView["scroll"] == nil, "a settled page keeps its own scroll position")
            // 253 px on, the window's margins reach 3 new blocks and leave 3 behind.
            let moved = try json(
                try await client.execute(uri: "/frame/ruler?scroll=\(scroll + 253)&\(query)", method: .get))
            let movedView = try #require(moved["view"] as? [String: Any])
            #expect((movedView["add"] as? [Any])?.count == 3 && (movedView["remove"] as? [Any])?.count == 3)
            let ended = try json(
                try await client.execute(uri: "/frame/ruler?scroll=\(scroll + 253)&end=1&\(query)", method: .get))
            let endedView = try #require(ended["view"] as? [String: Any])
            #expect(endedView["shift"] as? Double == -200, "recentered by whole blocks (2.53 of them: 2)")
            #expect(endedView["snap"] as? Double == scroll + 253 - 200 - 3, "the pointer settles back 3 px on a tick")
            #expect((endedView["move"] as? [Any])?.isEmpty == false, "kept tiles get their new places")
        }
    }

    @Test func settledFramesCarryTheAddressState() async throws {
        try await withServer { client, _ in
            let first = try json(
                try await client.execute(uri: "/frame/ruler?scroll=0&width=1000&value=123.4", method: .get))
            let view = first["view"] as! [String: Any]
            let settled = try json(
                try await client.execute(
                    uri: "/frame/ruler?scroll=\(view["scroll"]!)&origin=\(view["origin"]!)&width=1000&end=1",
                    method: .get))
            #expect(settled["state"] as? [String: String] == ["value": "123.4"])
            let grid = try json(
                try await client.execute(
                    uri: "/frame/grid?scroll=0&top=0&width=800&height=600&x=1000&y=-500", method: .get))
            #expect(grid["center"] as? String == "(1000, -500)")
        }
    }

    @Test func keysAndLoopAndGridFrames() async throws {
        try await withServer { client, _ in
            let first = try json(
                try await client.execute(uri: "/frame/ruler?scroll=0&width=1000&value=72.4", method: .get))
            let view = first["view"] as! [String: Any]
            let base = "/frame/ruler?scroll=\(view["scroll"]!)&origin=\(view["origin"]!)&width=1000"
            for (key, delta) in [("tickUp", 10.0), ("tickDown", -10), ("blockUp", 100), ("blockDown", -100)] {
                let frame = try json(try await client.execute(uri: base + "&key=\(key)", method: .get))
                #expect(
                    (frame["view"] as! [String: Any])["snap"] as? Double == (view["scroll"] as! Double) + delta,
                    "\(key)")
            }
            let loop = try json(try await client.execute(uri: "/frame/loop?scroll=0&width=1000", method: .get))
            #expect(((loop["view"] as! [String: Any])["add"] as! [Any]).count >= 20)
            let grid = try json(
                try await client.execute(uri: "/frame/grid?scroll=0&top=0&width=800&height=600", method: .get))
            let blocks = try #require(grid["add"] as? [[String: Any]])
            #expect(blocks.count == 7 * 6, "800 × 600 and a viewport of margin each side, in 400 px blocks")
            let origin = try #require(blocks.first { $0["k"] as? String == "0,0" }?["svg"] as? String)
            #expect(origin.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400""#))
            #expect(origin.components(separatedBy: "<text ").count - 1 == 16, "a block holds 4 × 4 tiles")
            #expect(origin.contains(">(0, 0)</text>") && origin.contains(">(3, 3)</text>"))
        }
    }

    @Test func gridRecentersByAShiftAndReplacesFarAwayContentWhole() async throws {
        try await withServer { client, _ in
            let first = try json(
                try await client.execute(uri: "/frame/grid?scroll=0&top=0&width=800&height=600", method: .get))
            let (x, y) = (first["x"] as! [String: Any], first["y"] as! [String: Any])
            let have = "\(x["have"]!),\(y["have"]!)"
            let (scroll, top) = (x["scroll"] as! Double, y["scroll"] as! Double)
            let query = "width=800&height=600&origin=\(x["origin"]!)&otop=\(y["origin"]!)&have=\(have)"
            let ended = try json(
                try await client.execute(
                    uri: "/frame/grid?scroll=\(scroll + 1234)&top=\(top - 567)&end=1&\(query)", method: .get))
            let (endedX, endedY) = (ended["x"] as! [String: Any], ended["y"] as! [String: Any])
            #expect(endedX["scroll"] == nil && endedY["scroll"] == nil, "a late frame must not undo scrolling")
            #expect(endedX["shift"] as? Double == -1200 && endedY["shift"] as? Double == 400, "by whole 400 px blocks")
            #expect((ended["move"] as? [Any])?.isEmpty == false)
            // Back to centre from a world point too far to scroll to: everything is placed anew.
            let far = "width=800&height=600&origin=1e12&otop=-1e12&have=\(have)"
            let centre = try json(
                try await client.execute(uri: "/frame/grid?scroll=\(scroll)&top=\(top)&centre=1&\(far)", method: .get))
            #expect((centre["x"] as! [String: Any])["scroll"] is Double)
            #expect((centre["remove"] as? [Any])?.count == 7 * 6, "every old block goes")
            #expect((centre["add"] as? [Any])?.count == 7 * 6 && (centre["move"] as? [Any])?.isEmpty == true)
            #expect(centre["center"] as? String == "(0, 0)")
        }
    }

    @Test func framesAndThePageAreGzippedForABrowserThatAcceptsIt() async throws {
        try await withServer { client, _ in
            let uri = "/frame/grid?scroll=0&top=0&width=1168&height=500"
            let plain = try await client.execute(uri: uri, method: .get)
            let packed = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip, br"])
            #expect(plain.headers[.contentEncoding] == nil && packed.headers[.contentEncoding] == "gzip")
            #expect(plain.headers[.vary] == "Accept-Encoding" && packed.headers[.vary] == "Accept-Encoding")
            #expect(packed.body.readableBytes * 10 < plain.body.readableBytes, "the SVG in a frame packs tightly")
            let unpacked = try JSONSerialization.jsonObject(with: Data(try packed.body.gunzipped())) as? NSDictionary
            let expected = try JSONSerialization.jsonObject(with: Data(buffer: plain.body)) as? NSDictionary
            #expect(unpacked != nil && unpacked == expected)
            // The page too.
            let page = try await client.execute(uri: "/?value=72.4", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(page.headers[.contentEncoding] == "gzip" && page.headers[.vary] == "Accept-Encoding")
            let html = String(decoding: try page.body.gunzipped(), as: UTF8.self)
            #expect(html.hasPrefix("<!doctype html>") && html.contains(#"aria-valuenow="72.4""#))
        }
    }

    @Test func aResizedRulerKeepsItsValueUnderThePointerAndAResizedLoopSettlesAgain() async throws {
        try await withServer { client, _ in
            let first = try json(
                try await client.execute(uri: "/frame/ruler?scroll=0&width=1000&value=72.4", method: .get))
            let view = first["view"] as! [String: Any]
            let held = (view["add"] as! [Any]).count
            let query = "scroll=\(view["scroll"]!)&origin=\(view["origin"]!)&have=\(view["have"]!)"
            // 700 px wide now: the pointer moved 150 px left; the ruler is placed anew with 72.4 under it.
            let resized = try json(
                try await client.execute(
                    uri: "/frame/ruler?\(query)&width=700&resize=1&value=72.4", method: .get))
            let placed = try #require(resized["view"] as? [String: Any])
            let scroll = try #require(placed["scroll"] as? Double)
            #expect((placed["origin"] as! Double) + scroll + 350 == 6340, "72.4 is tick 634, under the pointer")
            #expect(resized["value"] as? String == "72.4")
            #expect((placed["remove"] as? [Any])?.count == held, "the old placement goes whole")
            // The loop, 1000 px wide with an item centred, is 700 px wide now: it settles with an item centred again.
            let loop = try json(try await client.execute(uri: "/frame/loop?scroll=0&width=1000", method: .get))
            let strip = loop["view"] as! [String: Any]
            let base = "/frame/loop?scroll=\(strip["scroll"]!)&origin=\(strip["origin"]!)&width=700"
            let plain = try json(try await client.execute(uri: base, method: .get))
            #expect((plain["view"] as! [String: Any])["snap"] == nil)
            let settled = try json(try await client.execute(uri: base + "&resize=1", method: .get))
            let snap = try #require((settled["view"] as! [String: Any])["snap"] as? Double)
            let centre = (strip["origin"] as! Double) + snap + 350
            #expect((centre - 40).truncatingRemainder(dividingBy: 150) == 0, "an item's centre under the view's centre")
        }
    }

    /// What the page sends: its clock `t` and the last frame's `mark`, from which the server tells how fast it scrolls.
    @Test func aFastScrollGetsTilesAheadOfItAndNoneBehind() async throws {
        try await withServer { client, _ in
            let first = try json(
                try await client.execute(uri: "/frame/grid?scroll=0&top=0&width=800&height=600&t=1000", method: .get))
            let (x, y) = (first["x"] as! [String: Any], first["y"] as! [String: Any])
            let mark = try #require(first["mark"] as? String)
            #expect(mark == "-400.0:0.0,-300.0:0.0@1000.0", "the leading edges in the world, at rest, and when")
            let (scroll, top) = (x["scroll"] as! Double, y["scroll"] as! Double)
            let query =
                "width=800&height=600&origin=\(x["origin"]!)&otop=\(y["origin"]!)&have=\(x["have"]!),\(y["have"]!)"
            // 320 px right in 16 ms: 20 px/ms, so 100 ms ahead is 2,000 px; still vertically.
            let fast = try json(
                try await client.execute(
                    uri: "/frame/grid?scroll=\(scroll + 320)&top=\(top)&t=1016&mark=\(mark)&\(query)", method: .get))
            #expect((fast["x"] as! [String: Any])["have"] as? String == "-1:6", "world -80 … 2,720 px, nothing behind")
            #expect((fast["y"] as! [String: Any])["have"] as? String == "-3:2", "a viewport each side at rest")
            #expect(fast["mark"] as? String == "-80.0:20.0,-300.0:0.0@1016.0")
            // 3,000 px in 150 ms, from a server further away: two of those cycles ahead, 6,000 px.
            let far = try json(
                try await client.execute(
                    uri: "/frame/grid?scroll=\(scroll + 3000)&top=\(top)&t=1150&mark=\(mark)&\(query)", method: .get))
            #expect((far["x"] as! [String: Any])["have"] as? String == "6:23", "world 2,600 … 9,400 px")
            // The same report without the clock: a viewport each side.
            let plain = try json(
                try await client.execute(uri: "/frame/grid?scroll=\(scroll + 320)&top=\(top)&\(query)", method: .get))
            #expect((plain["x"] as! [String: Any])["have"] as? String == "-3:3")
            #expect(plain["mark"] == nil)
        }
    }

    @Test(arguments: [
        ("/frame/ruler?width=0", "width"), ("/frame/ruler?width=800&key=jump", "key"),
        ("/frame/ruler?width=800&origin=0&have=9:3", "have"), ("/frame/ruler?width=800&scroll=-1e9&origin=0", "scroll"),
        ("/frame/grid?width=800&height=600&have=1:2", "have"), ("/frame/loop?width=800&origin=nan", "origin"),
        ("/frame/ruler?width=800&value=5000", "value"), ("/frame/tree", "path"), ("/?value=abc", "value"),
        ("/?x=1e16", "x"), ("/frame/ruler?width=800&t=soon", "t"),
        ("/frame/grid?width=800&height=600&t=5&mark=1:2@3", "mark"), ("/frame/loop?width=800&t=5&mark=1@2", "mark"),
    ])
    func badFrameRequestsGetOneLine(uri: String, parameter: String) async throws {
        try await withServer { client, _ in
            let response = try await client.execute(uri: uri, method: .get)
            #expect((400..<500).contains(response.status.code), "\(uri)")
            #expect(
                String(buffer: response.body).hasPrefix(parameter + ":"), "\(uri): \(String(buffer: response.body))")
        }
    }

    @Test func theIndexPageOpensAtTheAskedValue() async throws {
        try await withServer { client, _ in
            let html = String(buffer: try await client.execute(uri: "/?value=72.4&x=1000&y=-500", method: .get).body)
            #expect(html.contains(#"aria-valuenow="72.4""#) && html.contains(#"aria-valuetext="72.4 kg""#))
            #expect(
                html.contains(#"role="slider""#) && html.contains(#"aria-valuemin="9""#)
                    && html.contains(#"aria-valuemax="999""#))
            #expect(html.contains("<title>Ruler at 72.4 kg</title>"), "the first window is drawn into the page")
            #expect(html.contains("159.6 lb") && html.contains("(1000, -500)"))
            #expect(html.contains(#"<script src="/endless.js" defer></script>"#))
        }
    }

    @Test func theScriptIsServedAndThin() async throws {
        try await withServer { client, _ in
            let response = try await client.execute(uri: "/endless.js", method: .get)
            #expect(response.status == .ok)
            let script = String(buffer: response.body)
            #expect(script.split(separator: "\n", omittingEmptySubsequences: false).count <= 150)
            #expect(!script.contains("import ") && !script.contains("require("), "no framework, no dependency")
        }
    }
}
