import EndlessCore
import Foundation
import HummingbirdTesting
import Testing

@testable import EndlessServer

/// Issue 52 in the live element's frames (`/frame/timeline?items=…`): tiles with the items under the axis, the lanes'
/// names kept in view, the element as high as its lanes; `]` and `[` stepping through the items in order and holding
/// the pointer on one; a click naming the item under it; a set changed since the tiles were drawn drawn again.
@Suite struct ItemFramesTests {
    typealias Frame = [String: Any]

    static func frame(_ client: some TestClientProtocol, _ query: String) async throws -> (Int, Frame, String) {
        try await client.execute(uri: "/frame/timeline?" + query, method: .get) { response in
            let body = String(buffer: response.body)
            let json = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? Frame ?? [:]
            return (Int(response.status.code), json, body)
        }
    }

    static let start = "items=launches&seq=1&size=1200,300&scroll=0,0&scale=5min&tz=UTC"

    /// The report a page sends after `frame`: where it is, what it holds, the set its tiles show.
    static func after(_ frame: Frame, _ more: String) -> String {
        let axis = (frame["axes"] as! [Frame])[0]
        let scroll = (axis["scroll"] as? Double) ?? 0
        let items = frame["items"] as! Frame
        return "items=launches&seq=2&size=1200,300&scale=5min&tz=UTC&scroll=\(scroll),0&origin=\(axis["origin"]!)"
            + "&have=\(axis["have"]!)&drawn=\(items["drawn"]!)" + more
    }

    static func item(_ frame: Frame) -> Frame? { (frame["items"] as? Frame)?["item"] as? Frame }
    static func readout(_ frame: Frame) -> Frame { frame["readout"] as! Frame }

    static func options() throws -> ServerOptions {
        var options = testOptions()
        try options.endless.items.replace("launches", with: ItemsServerTests.set())
        return options
    }

    @Test func aFrameDrawsTheItemsUnderTheAxisAndNamesTheLanes() async throws {
        try await withServer(options: try Self.options()) { client, _ in
            let (status, frame, body) = try await Self.frame(client, Self.start + "&value=2026-03-29T01:00:00Z")
            #expect(status == 200)
            let items = try #require(frame["items"] as? Frame)
            #expect(items["refresh"] as? Int == 1000 && (items["drawn"] as? String)?.isEmpty == false)
            let lanes = try #require(items["lanes"] as? String)
            #expect(lanes.contains(">Ops</text>") && lanes.contains(">Launches</text>"))
            // Only as wide as the widest name's backdrop, not the view: an overlay the compositor blends each frame.
            let lanesWidth = try #require(lanes.firstMatch(of: /<svg[^>]* width="([0-9.]+)"/).flatMap { Double($0.1) })
            #expect(lanesWidth > 40 && lanesWidth < 120)
            // As high as the axis and three lanes of two rows, two of them named (a band of 18 for the name), the lanes'
            // names under the axis band.
            let style = try #require(frame["style"] as? String)
            #expect(style.contains(":host{height:312.0px}") && style.contains(".lanes{top:120.0px}"))
            let tiles = (frame["add"] as! [Frame]).compactMap { $0["svg"] as? String }
            #expect(tiles.contains { $0.contains(#"<g class="items""#) && $0.contains(#"height="312""#) })
            #expect(body.contains("ok") && body.contains("🚀 liftoff"))
            #expect((Self.readout(frame)["image"] as? String)?.contains("items=launches") == true)
            // A page's own height wins, and no lanes without items.
            let (_, tall, _) = try await Self.frame(client, Self.start + "&height=400")
            #expect((tall["style"] as? String)?.contains(":host{height") == false)
            // Right to left, they stand at the right.
            let (_, rtl, _) = try await Self.frame(client, Self.start + "&dir=rtl")
            #expect((rtl["style"] as? String)?.contains(".lanes{top:120.0px;left:auto;right:0}") == true)
            let (_, plain, _) = try await Self.frame(client, "seq=1&size=1200,300&scroll=0,0&scale=5min")
            #expect(plain["items"] == nil)
        }
    }

    /// Down a vertical timeline: the lanes right of the axis band, their names at the top, the element as wide as
    /// both, and a click at a point across and along naming the item drawn there.
    @Test func aVerticalFrameStandsItsLanesBesideTheAxis() async throws {
        try await withServer(options: try Self.options()) { client, _ in
            let start = Self.start.replacing("size=1200,300", with: "size=300,1200") + "&orientation=vertical"
            let (status, frame, _) = try await Self.frame(client, start + "&value=2026-03-29T00:30:00Z")
            #expect(status == 200)
            let style = try #require(frame["style"] as? String)
            #expect(style.contains(":host{width:392.0px}") && style.contains(".lanes{top:0;left:200.0px}"))
            let tiles = (frame["add"] as! [Frame]).compactMap { $0["svg"] as? String }
            #expect(
                tiles.contains { $0.contains(#"<g class="items" font-size="12" transform="matrix(0 1 -1 0 192 0)">"#) })
            let lanes = try #require((frame["items"] as? Frame)?["lanes"] as? String)
            #expect(lanes.contains(">Ops</text>") && lanes.contains(#"width="192""#))
            // Item i0's point, in the first lane's first row (200 to 222 across), at the pointer (y = 600).
            let axis = (frame["axes"] as! [Frame])[0]
            let after =
                start.replacing("seq=1", with: "seq=2").replacing("scroll=0,0", with: "scroll=0,\(axis["scroll"]!)")
                + "&origin=\(axis["origin"]!)&have=\(axis["have"]!)&drawn=\((frame["items"] as! Frame)["drawn"]!)"
            let picked = try #require(Self.item(try await Self.frame(client, after + "&pick=211,602").1))
            #expect(picked["id"] as? String == "i0")
            #expect(Self.item(try await Self.frame(client, after + "&pick=211,640").1) == nil)
            #expect(Self.item(try await Self.frame(client, after + "&pick=60,600").1) == nil)
            let (tooFar, _, _) = try await Self.frame(client, after + "&pick=211,1201")
            #expect(tooFar == 400)
        }
    }

    @Test func bracketsStepThroughTheItemsInOrderAndHoldOne() async throws {
        try await withServer(options: try Self.options()) { client, _ in
            // Items every 10 minutes from 00:30; the pointer at 00:35.
            let (_, first, _) = try await Self.frame(client, Self.start + "&value=2026-03-29T00:35:00Z")
            let (_, next, _) = try await Self.frame(client, Self.after(first, "&item=next"))
            let one = try #require(Self.item(next))
            #expect(one["id"] as? String == "i1" && one["index"] != nil)
            #expect(Self.readout(next)["value"] as? String == "2026-03-29T00:40:00Z")
            #expect((one["text"] as? String)?.hasPrefix("control") == true)
            // From the item held: the next; the previous goes back; each keeps the pointer at its start.
            let (_, two, _) = try await Self.frame(client, Self.after(next, "&item=next&selected=\(one["index"]!)"))
            #expect(Self.item(two)?["id"] as? String == "i2")
            let (_, back, _) = try await Self.frame(
                client, Self.after(two, "&item=previous&selected=\(Self.item(two)!["index"]!)"))
            #expect(Self.item(back)?["id"] as? String == "i1")
            // Held, it settles on its start, not on the nearest tick; a set changed since lets it go.
            let index = Self.item(back)!["index"]!
            let (_, settled, _) = try await Self.frame(client, Self.after(back, "&end=1&selected=\(index)"))
            #expect(Self.item(settled)?["id"] as? String == "i1")
            #expect(Self.readout(settled)["value"] as? String == "2026-03-29T00:40:00Z")
            let stale = Self.after(back, "&end=1&selected=\(index)").replacing(/drawn=[0-9a-f]+/, with: "drawn=0")
            #expect(Self.item(try await Self.frame(client, stale).1) == nil)
            // Before the first there is none.
            let (_, early, _) = try await Self.frame(client, Self.start + "&value=2026-03-29T00:00:00Z")
            #expect(Self.item(try await Self.frame(client, Self.after(early, "&item=previous")).1) == nil)
        }
    }

    @Test func aClickNamesTheItemUnderIt() async throws {
        try await withServer(options: try Self.options()) { client, _ in
            // The pointer (the view's middle, x = 600) at 00:30, item i0's point, in the unnamed lane's first row.
            let (_, first, _) = try await Self.frame(client, Self.start + "&value=2026-03-29T00:30:00Z")
            let (_, picked, _) = try await Self.frame(client, Self.after(first, "&pick=602,131"))
            let item = try #require(Self.item(picked))
            #expect(item["id"] as? String == "i0" && item["start"] as? String == "2026-03-29T00:30:00Z")
            #expect(item["url"] as? String == "https://example.com/0" && item["end"] as? String == "")
            // A click moves nothing; on the axis or between items, none.
            #expect(Self.readout(picked)["value"] as? String == "2026-03-29T00:30:00Z")
            #expect(Self.item(try await Self.frame(client, Self.after(first, "&pick=600,60")).1) == nil)
            #expect(Self.item(try await Self.frame(client, Self.after(first, "&pick=640,131")).1) == nil)
        }
    }

    @Test func aSetChangedSinceTheTilesWereDrawnIsDrawnAgain() async throws {
        let options = try Self.options()
        try await withServer(options: options) { client, _ in
            let (_, first, _) = try await Self.frame(client, Self.start + "&value=2026-03-29T01:00:00Z")
            let (_, same, _) = try await Self.frame(client, Self.after(first, ""))
            #expect((same["add"] as! [Frame]).isEmpty && (same["items"] as! Frame)["lanes"] == nil)
            try options.endless.items.replace("launches", with: ItemsServerTests.set(title: { "after \($0)" }))
            let (_, again, body) = try await Self.frame(client, Self.after(first, ""))
            #expect((again["add"] as! [Frame]).count == (first["add"] as! [Frame]).count)
            #expect(body.contains("after 1") && (again["items"] as! Frame)["lanes"] != nil)
        }
    }

    @Test func reportsAboutItemsAreChecked() async throws {
        try await withServer(options: try Self.options()) { client, _ in
            for (query, line) in [
                ("item=sideways", "item: must be next or previous"),
                ("pick=1e9,1", "pick: must be a point in the view, as x,y from its top left"),
                ("pick=0x10,1", "pick: must be a point in the view, as x,y from its top left"),
                ("selected=x", "selected: must be an item's index, as the last frame gave it"),
            ] {
                let (status, _, body) = try await Self.frame(client, Self.start + "&" + query)
                #expect(status == 400 && body == line + "\n", "\(query)")
            }
            // Each of the table's item parameters, well formed, is a 400 without a set.
            let values = ["drawn": "1", "selected": "0", "item": "next", "pick": "1,1"]
            for name in ParameterTable.timelineItemsFrame.map(\.name) {
                let query = "seq=1&size=1200,300&scroll=0,0&\(name)=\(values[name] ?? "")"
                let (status, _, body) = try await Self.frame(client, query)
                #expect(status == 400 && body == "\(name): is about a timeline's items: give it with items\n")
            }
            let (missing, _, _) = try await Self.frame(client, "seq=1&size=1200,300&scroll=0,0&items=nope")
            #expect(missing == 404)
        }
    }
}
