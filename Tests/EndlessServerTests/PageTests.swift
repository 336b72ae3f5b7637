import EndlessCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import EndlessServer

/// A frame answer, read loosely: the JSON the page gets.
struct Frame {
    let json: [String: Any]

    init(_ response: TestResponse) throws {
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        json = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    var axes: [[String: Any]] { json["axes"] as? [[String: Any]] ?? [] }
    var axis: [String: Any] { axes.first ?? [:] }
    var readout: [String: String] { json["readout"] as? [String: String] ?? [:] }
    var added: [[String: Any]] { json["add"] as? [[String: Any]] ?? [] }
    var moved: [[String: Any]] { json["move"] as? [[String: Any]] ?? [] }
    var removed: [String] { json["remove"] as? [String] ?? [] }
    func number(_ name: String, axis index: Int = 0) -> Double? { axes[index][name] as? Double }

    /// What the page sends back next: its origins and tiles held, per axis.
    var held: String {
        "origin=" + axes.map { "\($0["origin"]!)" }.joined(separator: ",") + "&have="
            + axes.map { "\($0["have"]!)" }.joined(separator: ",")
    }
}

@Suite(.timeLimit(.minutes(1))) struct PageTests {
    @Test func theFirstRulerFramePlacesTilesAndValues() async throws {
        try await withServer { client, _ in
            let response = try await client.execute(
                uri: "/frame/ruler?seq=3&scroll=0,0&size=1000,120&value=72.4", method: .get)
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.headers[.accessControlAllowOrigin] == "*", "an element on any page may ask")
            let frame = try Frame(response)
            #expect(frame.json["seq"] as? Int == 3)
            #expect(frame.readout["value"] == "72.4" && frame.readout["text"] == "72.4 kg")
            #expect(frame.readout["minimum"] == "8.5" && frame.readout["maximum"] == "999.4")
            #expect(frame.readout["image"] == "/svg/ruler?value=72.4&width=1000&height=120")
            #expect(frame.axis["axis"] as? String == "x" && frame.axis["content"] as? Double == 4_000_000)
            let (scroll, origin) = (try #require(frame.number("scroll")), try #require(frame.number("origin")))
            #expect(origin + scroll + 500 == 6340, "72.4 is tick 634, under the pointer")
            #expect(frame.added.count == 6, "three viewports of tiles of six 100 px blocks")
            #expect((frame.added.first?["svg"] as? String)?.hasPrefix("<svg xmlns=") == true)
            #expect(frame.added.allSatisfy { $0["top"] as? Double == 0 })
            #expect(
                frame.json["style"] as? String == ":host{--endless-background:#fafafa;--endless-accent:#e53935}"
                    + "svg{font-family:DejaVu Sans, Verdana, sans-serif;font-size:17px;text-anchor:middle}"
                    + "path{stroke-width:1}.long{stroke-width:2}svg{fill:#333}path{stroke:#333}")
        }
    }

    @Test func aFollowingFrameSendsOnlyWhatChanged() async throws {
        try await withServer { client, _ in
            let first = try Frame(try await client.execute(uri: "/frame/ruler?size=1000,120", method: .get))
            let scroll = try #require(first.number("scroll"))
            let still = try Frame(
                try await client.execute(
                    uri: "/frame/ruler?size=1000,120&scroll=\(scroll),0&\(first.held)", method: .get))
            #expect(still.added.isEmpty && still.removed.isEmpty && still.moved.isEmpty)
            #expect(still.axis["scroll"] == nil, "a settled page keeps its own scroll position")
            #expect(still.json["style"] == nil, "the colours come once, with the placement")
            // 253 px on, the margins are still within the tiles held (600 px, of 6 blocks): nothing to send. 546 px on,
            // the margin ahead reaches a new tile and the one behind has left the first: one tile each way.
            let near = try Frame(
                try await client.execute(
                    uri: "/frame/ruler?size=1000,120&scroll=\(scroll + 253),0&\(first.held)", method: .get))
            #expect(near.added.isEmpty && near.removed.isEmpty, "\(near.added.count) \(near.removed.count)")
            let moved = try Frame(
                try await client.execute(
                    uri: "/frame/ruler?size=1000,120&scroll=\(scroll + 546),0&\(first.held)", method: .get))
            #expect(moved.added.count == 1 && moved.removed.count == 1, "\(moved.added.count) \(moved.removed.count)")
            #expect(moved.moved.isEmpty, "the tiles kept stay where they are")
            let ended = try Frame(
                try await client.execute(
                    uri: "/frame/ruler?size=1000,120&scroll=\(scroll + 253),0&end=1&\(first.held)", method: .get))
            #expect(ended.number("shift") == -200, "recentered by whole blocks (2.53 of them: 2)")
            #expect(ended.number("snap") == scroll + 253 - 200 - 3, "the pointer settles back 3 px on a tick")
            #expect(!ended.moved.isEmpty, "kept tiles get their new places")
            #expect(ended.json["settled"] as? Bool == false, "not at rest until the settle is done")
            let rest = try Frame(
                try await client.execute(
                    uri: "/frame/ruler?size=1000,120&scroll=\(scroll + 50),0&end=1&\(ended.held)", method: .get))
            #expect(rest.json["settled"] as? Bool == true && rest.readout["value"] == "62.5", "250 px on: 25 ticks")
        }
    }

    @Test func keysMoveEveryView() async throws {
        try await withServer { client, _ in
            let first = try Frame(
                try await client.execute(uri: "/frame/ruler?size=1000,120&value=72.4", method: .get))
            let scroll = try #require(first.number("scroll"))
            let base = "/frame/ruler?size=1000,120&scroll=\(scroll),0&\(first.held)"
            for (key, delta) in [("ArrowRight", 10.0), ("ArrowDown", -10), ("PageUp", 100), ("PageDown", -100)] {
                let frame = try Frame(try await client.execute(uri: base + "&key=\(key)", method: .get))
                #expect(frame.number("snap") == scroll + delta, "\(key)")
            }
            let loop = try Frame(try await client.execute(uri: "/frame/loop?size=1000,120&item=5", method: .get))
            #expect(loop.added.count >= 20 && loop.readout["item"] == "5", "opens with item 5 centred")
            let loopScroll = try #require(loop.number("scroll"))
            let next = try Frame(
                try await client.execute(
                    uri: "/frame/loop?size=1000,120&scroll=\(loopScroll),0&\(loop.held)&key=ArrowRight", method: .get))
            #expect(next.number("snap") == loopScroll + 150 && next.readout["item"] == "6")
            let home = try Frame(
                try await client.execute(
                    uri: "/frame/loop?size=1000,120&scroll=\(loopScroll),0&\(loop.held)&key=Home", method: .get))
            #expect(home.number("snap") == loopScroll - 750 && home.readout["item"] == "0")
            let grid = try Frame(try await client.execute(uri: "/frame/grid?size=800,600", method: .get))
            #expect(grid.added.count == 5 * 4, "800 × 600 and a viewport of margin each side, in 600 px blocks")
            let origin = try #require(grid.added.first { $0["key"] as? String == "0,0" }?["svg"] as? String)
            #expect(origin.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600""#))
            #expect(origin.components(separatedBy: "<tspan ").count - 1 == 36, "a block holds 6 × 6 tiles")
            #expect(origin.components(separatedBy: "<text>").count - 1 == 1, "their labels one text")
            #expect(origin.contains(">(0, 0)</tspan>") && origin.contains(">(5, 5)</tspan>"))
            let (left, top) = (try #require(grid.number("scroll")), try #require(grid.number("scroll", axis: 1)))
            let pan = try Frame(
                try await client.execute(
                    uri: "/frame/grid?size=800,600&scroll=\(left),\(top)&\(grid.held)&key=ArrowDown", method: .get))
            #expect(pan.number("snap", axis: 0) == left && pan.number("snap", axis: 1) == top + 100, "a tile down")
        }
    }

    @Test func gridRecentersByAShiftAndReplacesFarAwayContentWhole() async throws {
        try await withServer { client, _ in
            let first = try Frame(try await client.execute(uri: "/frame/grid?size=800,600", method: .get))
            #expect(first.axes.map { $0["axis"] as? String } == ["x", "y"])
            let (scroll, top) = (try #require(first.number("scroll")), try #require(first.number("scroll", axis: 1)))
            let ended = try Frame(
                try await client.execute(
                    uri: "/frame/grid?size=800,600&scroll=\(scroll + 1234),\(top - 567)&end=1&\(first.held)",
                    method: .get))
            #expect(ended.axes.allSatisfy { $0["scroll"] == nil }, "a late frame must not undo scrolling")
            #expect(ended.number("shift") == -600 && ended.number("shift", axis: 1) == 600, "by whole 600 px blocks")
            #expect(!ended.moved.isEmpty)
            #expect(ended.readout["x"] == "1234" && ended.readout["y"] == "-567")
            // Back to centre (Home) from a world point too far to scroll to: everything is placed anew.
            let have = first.axes.map { "\($0["have"]!)" }.joined(separator: ",")
            let centre = try Frame(
                try await client.execute(
                    uri: "/frame/grid?size=800,600&scroll=\(scroll),\(top)&origin=1e12,-1e12&have=\(have)&key=Home",
                    method: .get))
            #expect(centre.number("scroll") != nil)
            #expect(centre.removed.count == 5 * 4, "every old block goes")
            #expect(centre.added.count == 5 * 4 && centre.moved.isEmpty)
            #expect(centre.readout["text"] == "(0, 0)")
        }
    }

    @Test func framesAndThePageAreGzippedForABrowserThatAcceptsIt() async throws {
        try await withServer { client, _ in
            let uri = "/frame/grid?size=1168,500"
            let plain = try await client.execute(uri: uri, method: .get)
            let packed = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip, br"])
            #expect(plain.headers[.contentEncoding] == nil && packed.headers[.contentEncoding] == "gzip")
            #expect(plain.headers[.vary] == "Accept-Encoding" && packed.headers[.vary] == "Accept-Encoding")
            // About 10× here; 6× leaves room for zlib builds and the digits of `took`, while an unpacked answer is 1×.
            #expect(packed.body.readableBytes * 6 < plain.body.readableBytes, "the SVG in a frame packs tightly")
            // The same frame but for `took`, the server's time on each.
            let unpacked = try JSONSerialization.jsonObject(with: Data(try packed.body.gunzipped())) as? NSDictionary
            let expected = try JSONSerialization.jsonObject(with: Data(buffer: plain.body)) as? NSDictionary
            func untimed(_ frame: NSDictionary?) -> NSDictionary? {
                guard let copy = frame?.mutableCopy() as? NSMutableDictionary else { return nil }
                copy.removeObject(forKey: "took")
                return copy
            }
            #expect(unpacked?["took"] != nil && untimed(unpacked) == untimed(expected))
            // The page too.
            let page = try await client.execute(uri: "/?value=72.4", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(page.headers[.contentEncoding] == "gzip" && page.headers[.vary] == "Accept-Encoding")
            let html = String(decoding: try page.body.gunzipped(), as: UTF8.self)
            #expect(html.hasPrefix("<!doctype html>") && html.contains(#"value="72.4""#))
        }
    }

    @Test func aResizedRulerKeepsItsValueUnderThePointerAndAResizedLoopSettlesAgain() async throws {
        try await withServer { client, _ in
            let first = try Frame(try await client.execute(uri: "/frame/ruler?size=1000,120&value=72.4", method: .get))
            let query = "scroll=\(first.number("scroll")!),0&\(first.held)"
            // 700 px wide now: the pointer moved 150 px left; the ruler is placed anew with 72.4 under it.
            let resized = try Frame(
                try await client.execute(uri: "/frame/ruler?\(query)&size=700,120&resize=1&value=72.4", method: .get))
            let scroll = try #require(resized.number("scroll"))
            #expect(resized.number("origin")! + scroll + 350 == 6340, "72.4 is tick 634, under the pointer")
            #expect(resized.readout["value"] == "72.4")
            #expect(resized.removed.count == first.added.count, "the old placement goes whole")
            // The loop, 1000 px wide with an item centred, is 760 px wide now: it settles with an item centred again.
            let loop = try Frame(try await client.execute(uri: "/frame/loop?size=1000,120", method: .get))
            let base = "/frame/loop?scroll=\(loop.number("scroll")!),0&\(loop.held)&size=760,120"
            let plain = try Frame(try await client.execute(uri: base, method: .get))
            #expect(plain.number("snap") == nil)
            let settled = try Frame(try await client.execute(uri: base + "&resize=1", method: .get))
            let snap = try #require(settled.number("snap"))
            let centre = loop.number("origin")! + snap + 380
            #expect((centre - 40).truncatingRemainder(dividingBy: 150) == 0, "an item's centre under the view's centre")
        }
    }

    /// What the page sends: its clock `t` and the last frame's `mark`, from which the server tells how fast it scrolls.
    @Test func aFastScrollGetsTilesAheadOfItAndNoneBehind() async throws {
        try await withServer { client, _ in
            let first = try Frame(try await client.execute(uri: "/frame/grid?size=800,600&t=1000", method: .get))
            let mark = try #require(first.json["mark"] as? String)
            #expect(mark == "-400.0:0.0,-300.0:0.0@1000.0", "the leading edges in the world, at rest, and when")
            let (scroll, top) = (first.number("scroll")!, first.number("scroll", axis: 1)!)
            let query = "size=800,600&\(first.held)"
            // 320 px right in 16 ms: 20 px/ms, so 100 ms ahead is 2,000 px; still vertically.
            let fast = try Frame(
                try await client.execute(
                    uri: "/frame/grid?scroll=\(scroll + 320),\(top)&t=1016&mark=\(mark)&\(query)", method: .get))
            #expect(fast.axes[0]["have"] as? String == "-1:4", "world -80 … 2,720 px, nothing behind")
            #expect(fast.axes[1]["have"] as? String == "-2:1", "a viewport each side at rest")
            #expect(fast.json["mark"] as? String == "-80.0:20.0,-300.0:0.0@1016.0@bare", "too fast for labels")
            // 3,000 px in 150 ms, from a server further away: two of those cycles ahead, 6,000 px.
            let far = try Frame(
                try await client.execute(
                    uri: "/frame/grid?scroll=\(scroll + 3000),\(top)&t=1150&mark=\(mark)&\(query)", method: .get))
            #expect(far.axes[0]["have"] as? String == "4:15", "world 2,600 … 9,400 px")
            // The same report without the clock: a viewport each side.
            let plain = try Frame(
                try await client.execute(uri: "/frame/grid?scroll=\(scroll + 320),\(top)&\(query)", method: .get))
            #expect(plain.axes[0]["have"] as? String == "-2:2")
            #expect(plain.json["mark"] == nil)
            // The same 20 px/ms after a mark that said 10: speeding up by 0.625 px/ms², it leads by where it will be
            // 100 ms on, 2,000 + 3,125 px.
            let slower = "-400.0:10.0,-300.0:0.0@1000.0"
            let faster = try Frame(
                try await client.execute(
                    uri: "/frame/grid?scroll=\(scroll + 320),\(top)&t=1016&mark=\(slower)&\(query)", method: .get))
            #expect(faster.axes[0]["have"] as? String == "-1:9", "world -80 … 5,845 px")
        }
    }

    /// `pace`: in a fast fling a view reports every other frame; at a gesture's end, slower, or following, each frame.
    @Test func aFastFlingIsAskedToReportEveryOtherFrame() async throws {
        try await withServer { client, _ in
            for (view, size) in [("ruler", "1000,120"), ("loop", "1000,120"), ("grid", "800,600")] {
                let first = try Frame(
                    try await client.execute(uri: "/frame/\(view)?size=\(size)&t=1000", method: .get))
                #expect(first.json["pace"] == nil, "\(view): placed, it reports each frame")
                let mark = try #require(first.json["mark"] as? String)
                let (scroll, top) = (first.number("scroll")!, view == "grid" ? first.number("scroll", axis: 1)! : 0)
                func frame(_ px: Double, _ extra: String = "") async throws -> Frame {
                    try Frame(
                        try await client.execute(
                            uri: "/frame/\(view)?size=\(size)&scroll=\(scroll + px),\(top)&t=1016&mark=\(mark)"
                                + "&\(first.held)\(extra)", method: .get))
                }
                #expect(try await frame(320).json["pace"] as? Int == 2, "\(view): 20 px/ms, every other frame")
                #expect(try await frame(96).json["pace"] == nil, "\(view): 6 px/ms, each frame")
                #expect(try await frame(320, "&end=1").json["pace"] == nil, "\(view): a gesture's end settles")
            }
            // A follower reports when its leader's frame comes: never paced, however fast it moves.
            let pounds = "min=18&max=2204&ends=clamp&unit=lb&factor=2.20462262185&height=80"
            let first = try Frame(
                try await client.execute(uri: "/frame/ruler?\(pounds)&size=1000,80&lead=72.4&t=1000", method: .get))
            let next = try Frame(
                try await client.execute(
                    uri: "/frame/ruler?\(pounds)&size=1000,80&scroll=0,0&\(first.held)&lead=400&t=1016"
                        + "&mark=\(first.json["mark"] as? String ?? "")", method: .get))
            #expect(next.number("scroll") != nil && next.json["pace"] == nil)
        }
    }

    /// A page says how long its last request took (`rtt`): on a slow network a view at rest holds what a fast fling
    /// covers in two round trips, since the frame that knows the fling's speed comes a round trip after it starts.
    @Test func aPageOnASlowNetworkHoldsMoreAtRest() async throws {
        try await withServer { client, _ in
            let near = try Frame(try await client.execute(uri: "/frame/grid?size=800,600&rtt=5", method: .get))
            #expect(near.axes.map { $0["have"] as? String } == ["-2:2", "-2:1"], "a viewport each side")
            let far = try Frame(try await client.execute(uri: "/frame/grid?size=800,600&rtt=55&t=1000", method: .get))
            #expect(far.axes.map { $0["have"] as? String } == ["-5:4", "-5:4"], "2,200 px each side")
            // A fling sets off from there: 320 px right a second later. Its speed is not known (the mark is at rest
            // and old), so the frame leads as a fast fling's would until the next frame is in: 20 × (2 × 55 + 67) px.
            let mark = try #require(far.json["mark"] as? String)
            let (scroll, top) = (far.number("scroll")!, far.number("scroll", axis: 1)!)
            let setOff = try Frame(
                try await client.execute(
                    uri:
                        "/frame/grid?size=800,600&rtt=55&t=2000&mark=\(mark)&scroll=\(scroll + 320),\(top)&\(far.held)",
                    method: .get))
            #expect(setOff.axes.map { $0["have"] as? String } == ["-1:7", "-5:4"], "world -80 … 4,253 px; still")
            // The server's own time, which the page takes out of the round trip it measures.
            let took = try #require(far.json["took"] as? Double)
            #expect(took >= 0 && took < 10_000)
        }
    }

    /// 255 ms away, a diagonal fling's path spans a box of more blocks than a frame may hold, though the path itself
    /// holds far fewer: each frame leads all the way, and the page's `have`, sent back, is taken as it is.
    @Test func aDiagonalFlingFarAwayLeadsAllTheWayAndItsPathIsTakenBack() async throws {
        try await withServer { client, _ in
            var frame = try Frame(
                try await client.execute(uri: "/frame/grid?size=1168,500&rtt=255&t=1000", method: .get))
            var (scroll, top) = (frame.number("scroll")!, frame.number("scroll", axis: 1)!)
            var widestBox = 0
            let (blockLength, budget) = (
                Double(Grid.pageBlock) * 100, Limits.maximumTilesPerFrame / Int(Grid.pageBlock * Grid.pageBlock)
            )
            for step in 1...6 {
                // 14 px/ms each way (20,000 px/s at 45°), a report every 260 ms: the answers of a server 255 ms away.
                (scroll, top) = (scroll + 14 * 260, top + 14 * 260)
                let response = try await client.execute(
                    uri: "/frame/grid?size=1168,500&rtt=255&scroll=\(scroll),\(top)&t=\(1000 + 260 * step)"
                        + "&mark=\(frame.json["mark"] as! String)&\(frame.held)", method: .get)
                let next = try Frame(response)
                let runs = next.axes.map {
                    ($0["have"] as! String).split(separator: ";").map { run in
                        let ends = run.split(separator: ":").map { Int64($0)! }
                        return ends[0]...ends[1]
                    }
                }
                let held = TileSet(boxes: zip(runs[0], runs[1]).map { [$0, $1] })
                let box = runs.map { Int(TileSet.hull($0).count) }.reduce(1, *)
                widestBox = max(widestBox, box)
                #expect(held.count <= budget, "step \(step)")
                for (index, axis) in next.axes.enumerated() where axis["shift"] as? Double != 0 {
                    if index == 0 { scroll += axis["shift"] as! Double } else { top += axis["shift"] as! Double }
                }
                // Tiles reach past the view by the motion until the next frame is in: 14 × (2 × 255 + 4 × 16.7).
                let lead = 14 * (2 * 255 + 4_000.0 / 60)
                for (index, (position, length)) in [(scroll, 1_168.0), (top, 500)].enumerated() {
                    let last = next.axes[index]["have"] as! String
                    let lastBlock = Double(last.split(separator: ";").last!.split(separator: ":")[1])!
                    let origin = next.number("origin", axis: index)!
                    #expect(
                        (lastBlock + 1) * blockLength - 50 - origin >= position + length + lead,
                        "step \(step), axis \(index)")
                }
                frame = next
            }
            #expect(widestBox > budget, "the path's box holds more blocks than a frame may: \(widestBox)")
        }
    }

    /// A diagonal fling holds a staircase of blocks along its path (`have` runs joined by `;`), and each frame's
    /// tiles turn what the page holds into exactly what the next `have` says.
    @Test func aDiagonalFlingHoldsAStaircaseAndTheDiffKeepsItExact() async throws {
        @Sendable func blocks(_ frame: Frame) -> Set<String> {
            let runs = frame.axes.map {
                ($0["have"] as! String).split(separator: ";").map { run in
                    let ends = run.split(separator: ":").map { Int64($0)! }
                    return ends[0]...ends[1]
                }
            }
            return Set(
                zip(runs[0], runs[1]).flatMap { columns, rows in
                    columns.flatMap { column in rows.map { "\(column),\($0)" } }
                })
        }
        try await withServer { client, _ in
            var frame = try Frame(try await client.execute(uri: "/frame/grid?size=1269,400&t=1000", method: .get))
            var page = Set(frame.added.map { $0["key"] as! String })
            #expect(page == blocks(frame))
            var (scroll, top) = (frame.number("scroll")!, frame.number("scroll", axis: 1)!)
            for step in 1...12 {
                // 14 px/ms each way, a frame every 16 ms.
                (scroll, top) = (scroll + 224, top + 224)
                let next = try Frame(
                    try await client.execute(
                        uri: "/frame/grid?size=1269,400&scroll=\(scroll),\(top)&t=\(1000 + 16 * step)"
                            + "&mark=\(frame.json["mark"] as! String)&\(frame.held)", method: .get))
                let (added, removed) = (Set(next.added.map { $0["key"] as! String }), Set(next.removed))
                #expect(removed.isSubset(of: page) && added.isDisjoint(with: page))
                page = page.subtracting(removed).union(added)
                #expect(page == blocks(next), "step \(step)")
                for axis in next.axes where axis["shift"] as? Double != 0 {
                    if axis["axis"] as? String == "x" {
                        scroll += axis["shift"] as! Double
                    } else {
                        top += axis["shift"] as! Double
                    }
                }
                frame = next
            }
            let runs = frame.axes.map { ($0["have"] as! String).split(separator: ";").count }
            #expect(runs[0] > 1 && runs[0] == runs[1], "a staircase: \(frame.axes.map { $0["have"]! })")
        }
    }

    /// A grid flung fast gets its new blocks without labels; once it slows, every block it holds comes again with
    /// them, and an added block replaces the page's block of the same key.
    @Test func aFastGridDrawsBareAndRedrawsWhatItHoldsOnceSlow() async throws {
        try await withServer { client, _ in
            let first = try Frame(try await client.execute(uri: "/frame/grid?size=800,600&t=1000", method: .get))
            #expect(first.added.allSatisfy { ($0["svg"] as! String).contains("<text") }, "at rest: labels")
            let (scroll, top) = (first.number("scroll")!, first.number("scroll", axis: 1)!)
            let fast = try Frame(
                try await client.execute(
                    uri: "/frame/grid?size=800,600&scroll=\(scroll + 320),\(top)&t=1016&mark=\(first.json["mark"]!)"
                        + "&\(first.held)", method: .get))
            #expect(!fast.added.isEmpty && fast.added.allSatisfy { !($0["svg"] as! String).contains("<text") })
            let bare = try #require(fast.json["mark"] as? String)
            #expect(bare.hasSuffix("@bare"))
            // Still at the same place 200 ms later: at rest, so every block held and still needed comes again.
            let slow = try Frame(
                try await client.execute(
                    uri: "/frame/grid?size=800,600&scroll=\(scroll + 320),\(top)&t=1216&mark=\(bare)&\(fast.held)",
                    method: .get))
            let needed = slow.axes.map { ($0["have"] as! String).split(separator: ":").map { Int($0)! } }
            let blocks = Set(
                (needed[0][0]...needed[0][1]).flatMap { x in (needed[1][0]...needed[1][1]).map { "\(x),\($0)" } })
            #expect(Set(slow.added.map { $0["key"] as! String }) == blocks)
            #expect(slow.added.allSatisfy { ($0["svg"] as! String).contains("<text") })
            #expect((slow.json["mark"] as? String)?.hasSuffix("@1216.0") == true, "labels held: no @bare")
            // The same report with a plain mark (the page held labelled blocks): only what it lacks is sent.
            let plain = try Frame(
                try await client.execute(
                    uri: "/frame/grid?size=800,600&scroll=\(scroll + 320),\(top)&t=1216"
                        + "&mark=\(bare.dropLast("@bare".count))&\(fast.held)", method: .get))
            #expect(plain.added.count < blocks.count)
        }
    }

    @Test func anyRulerConfigurationVerticalAndExact() async throws {
        try await withServer { client, _ in
            let config = "min=100&max=250&step=0.5&unit=cm&ends=clamp&orientation=vertical"
            let frame = try Frame(
                try await client.execute(uri: "/frame/ruler?\(config)&size=120,400&value=172.5", method: .get))
            #expect(frame.axis["axis"] as? String == "y", "a vertical ruler scrolls scrollTop")
            #expect(frame.readout["value"] == "172.5" && frame.readout["text"] == "172.5 cm")
            #expect(frame.readout["orientation"] == "vertical" && frame.readout["maximum"] == "250.0")
            #expect(frame.added.allSatisfy { $0["left"] as? Double == 0 }, "tiles placed by top")
            let svg = try #require(frame.added.first?["svg"] as? String)
            #expect(svg.contains(#"width="120" height="600""#) && svg.contains("M0 "), "ticks reach in from the left")
            // Scrolled down 37 px and ended: it settles on the nearest tick, 4 ticks (2 cm) further.
            let scroll = frame.number("scroll")!
            let ended = try Frame(
                try await client.execute(
                    uri: "/frame/ruler?\(config)&size=120,400&scroll=0,\(scroll + 37)&end=1&\(frame.held)",
                    method: .get))
            #expect(ended.number("snap")! - (scroll + 37 + ended.number("shift")!) == 3)
            #expect(ended.readout["value"] == "174.5", "37 px is 3.7 ticks of 10 px: the nearest is 4, 2 cm on")
        }
    }

    @Test func aRightToLeftRulerGrowsToTheLeft() async throws {
        try await withServer { client, _ in
            let frame = try Frame(
                try await client.execute(uri: "/frame/ruler?dir=rtl&size=1000,120&value=72.4", method: .get))
            let scroll = frame.number("scroll")!
            // 100 px to the right is ten ticks lower.
            let right = try Frame(
                try await client.execute(
                    uri: "/frame/ruler?dir=rtl&size=1000,120&scroll=\(scroll + 100),0&\(frame.held)", method: .get))
            #expect(right.readout["value"] == "71.4")
            // Block 72 (71.5 … 72.4) is under the pointer, drawn mirrored: its label right of its middle.
            let centre = frame.number("origin")! + scroll + 500
            let under = try #require(
                frame.added.first { tile in
                    let left = tile["left"] as! Double + frame.number("origin")!
                    return left <= centre && centre < left + 400
                })
            // Four blocks a tile: block 72 is the one under the pointer, its label 45 px into it.
            let blockStart =
                ((centre - (under["left"] as! Double) - frame.number("origin")!) / 100).rounded(.down) * 100
            #expect((under["svg"] as! String).contains(#"<tspan x="\#(Int(blockStart) + 45)" y="77.25">72</tspan>"#))
        }
    }

    @Test func aFollowerIsPlacedFromItsLeadersValue() async throws {
        try await withServer { client, _ in
            let pounds = "min=18&max=2204&ends=clamp&unit=lb&factor=2.20462262185&height=80"
            let first = try Frame(
                try await client.execute(uri: "/frame/ruler?\(pounds)&size=1000,80&lead=72.4", method: .get))
            #expect(first.readout["text"] == "159.6 lb")
            let next = try Frame(
                try await client.execute(
                    uri: "/frame/ruler?\(pounds)&size=1000,80&scroll=0,0&\(first.held)&lead=100", method: .get))
            #expect(next.readout["text"] == "220.5 lb")
            #expect(next.number("scroll") != nil && next.number("shift") == 0, "the server places a follower: absolute")
            let bad = try await client.execute(uri: "/frame/ruler?size=1000,80&lead=1&factor=0", method: .get)
            #expect(String(buffer: bad.body) == "factor: must be \(Limits.Accepts.factor)\n")
        }
    }

    @Test func themesColourTheTilesAndTheElement() async throws {
        try await withServer { client, _ in
            let dark = try Frame(try await client.execute(uri: "/frame/ruler?size=600,120&theme=dark", method: .get))
            let darkStyle = try #require(dark.json["style"] as? String)
            #expect(darkStyle.hasPrefix(":host{--endless-background:#1e1e1e;--endless-accent:#ff6e6a}"))
            #expect(darkStyle.hasSuffix("svg{fill:#ddd}path{stroke:#ddd}"), "the tiles' ink is the element's style")
            let auto = try Frame(try await client.execute(uri: "/frame/grid?size=600,400&theme=auto", method: .get))
            let style = try #require(auto.json["style"] as? String)
            #expect(
                style.contains("@media (prefers-color-scheme: dark){")
                    && style.hasSuffix(
                        "@media (prefers-color-scheme: dark){svg{fill:#ddd}rect{fill:#2e2e2e}.centre{fill:#5c5c5c}"
                            + "path{stroke:#fff}}")
            )
        }
    }

    /// A page's tile carries its geometry only: a presentation attribute is read anew on every element that has
    /// one, so the ink, widths and font are said once, in the element's style, for every view and theme.
    @Test(arguments: [
        "/frame/ruler?size=600,120", "/frame/ruler?size=120,400&orientation=vertical&theme=dark",
        "/frame/ruler?size=600,120&dir=rtl&theme=auto", "/frame/loop?size=600,120&theme=auto",
        "/frame/loop?size=120,400&orientation=vertical", "/frame/grid?size=600,400&x=1e12&theme=dark",
    ])
    func pageTilesLeaveTheirPaintToTheElementsStyle(uri: String) async throws {
        try await withServer { client, _ in
            let frame = try Frame(try await client.execute(uri: uri, method: .get))
            #expect(!frame.added.isEmpty)
            for tile in frame.added {
                let svg = try #require(tile["svg"] as? String)
                // (A grid label too long for its tile still says its own, smaller, size.)
                for paint in ["fill=", "stroke", "font-family", "<text font-size", "text-anchor", "viewBox", "<g"] {
                    #expect(!svg.contains(paint), "\(uri): \(svg)")
                }
            }
            let style = try #require(frame.json["style"] as? String)
            #expect(style.contains("svg{font-family:DejaVu Sans, Verdana, sans-serif;font-size:"))
            #expect(style.contains("svg{fill:#") && style.contains("path{stroke:#"))
        }
    }

    /// The configuration is validated by the same code as `/svg`: the same message, word for word.
    @Test(arguments: [
        "max=abc", "ticks=0", "spacing=1", "ends=both", "unit=abcdefghijklmnopqrstuvwxyzABCDEFG", "orientation=up",
    ])
    func framesAndImagesRefuseAConfigurationAlike(_ query: String) async throws {
        try await withServer { client, _ in
            let frame = try await client.execute(uri: "/frame/ruler?size=600,120&\(query)", method: .get)
            let image = try await client.execute(uri: "/svg/ruler?\(query)", method: .get)
            #expect(frame.status == .badRequest && image.status == .badRequest)
            #expect(String(buffer: frame.body) == String(buffer: image.body))
            #expect(frame.headers[.accessControlAllowOrigin] == "*", "an element on another origin can read it")
        }
    }

    @Test(arguments: [
        ("/frame/ruler?size=0,120", "size"), ("/frame/ruler?size=800,120&key=jump", "key"),
        ("/frame/ruler?size=800,120&origin=0&have=9:3", "have"),
        ("/frame/ruler?size=800,120&scroll=-1e9,0&origin=0", "scroll"),
        ("/frame/grid?size=800,600&origin=0,0&have=1:2", "have"), ("/frame/loop?size=800,120&origin=nan", "origin"),
        ("/frame/ruler?size=800,120&value=5000", "value"), ("/frame/tree", "path"), ("/?value=abc", "value"),
        ("/?x=1e16", "x"), ("/frame/ruler?size=800,120&t=soon", "t"), ("/frame/ruler", "size"),
        ("/frame/grid?size=800,600&t=5&mark=1:2@3", "mark"),
        ("/frame/grid?size=800,600&t=5&mark=1:2,3:4@3@fuzzy", "mark"),
        ("/frame/loop?size=800,120&t=5&mark=1@2", "mark"),
        ("/frame/grid?size=800,9000", "size"), ("/frame/ruler?size=800,120&dir=rtl&orientation=vertical", "dir"),
        ("/frame/ruler?size=800,120&end=yes", "end"), ("/frame/loop?size=800,120&item=-9223372036854775808", "item"),
        ("/frame/loop?size=800,120&item=9223372036854775807", "item"),
        ("/frame/ruler?size=800,120&lead=1e300", "scroll"), ("/?height=300", "height"),
        ("/frame/grid?size=8192,8192&tile=10", "tile"),
    ])
    func badFrameRequestsGetOneLine(uri: String, parameter: String) async throws {
        try await withServer { client, _ in
            let response = try await client.execute(uri: uri, method: .get)
            #expect((400..<500).contains(response.status.code), "\(uri)")
            #expect(
                String(buffer: response.body).hasPrefix(parameter + ":"), "\(uri): \(String(buffer: response.body))")
        }
    }

    /// A grid opens anywhere the limits allow, its edges half a viewport past them at most; a point past them is
    /// named by the parameter that asked for it.
    @Test func aGridOpensAtTheLimitsOfTheWorld() async throws {
        try await withServer { client, _ in
            for position in ["x=-1e15&y=0", "x=1e15&y=-1e15", "x=0&y=1e15"] {
                let frame = try await client.execute(uri: "/frame/grid?size=1169,400&\(position)", method: .get)
                #expect(frame.status == .ok, "\(position): \(String(buffer: frame.body))")
            }
            let past = try await client.execute(uri: "/frame/grid?size=1169,400&x=-1.000000000001e15", method: .get)
            #expect(String(buffer: past.body).hasPrefix("x: "))
        }
    }

    @Test func theIndexPageOpensAtTheAskedValue() async throws {
        try await withServer { client, _ in
            let html = String(buffer: try await client.execute(uri: "/?value=72.4&x=1000&y=-500", method: .get).body)
            #expect(html.contains(#"<endless-ruler id="weight" value="72.4""#))
            #expect(html.contains(#"<endless-grid id="grid" x="1000" y="-500""#))
            #expect(html.contains("<title>Ruler at 72.4 kg</title>"), "the first window is drawn into the page")
            #expect(html.contains("159.6 lb") && html.contains("(1000, -500)"))
            #expect(html.contains(#"orientation="vertical" value="172.5""#) && html.contains("Ruler at 172.5 cm"))
            #expect(html.contains(#"<link rel="preload" href="/v/"#) && html.contains(#"/endless.js" as="script""#))
            #expect(html.contains(#"<script src="/v/"#) && html.contains(#"/page.js" defer></script>"#))
            #expect(!html.contains("Submitted"))
            let shared = try await client.execute(uri: "/?utm_source=newsletter&value=72.4&fbclid=abc", method: .get)
            #expect(shared.status == .ok, "what a link adds to the address is left alone")
            #expect(String(buffer: shared.body).contains(#"<endless-ruler id="weight" value="72.4""#))
            let submitted = String(buffer: try await client.execute(uri: "/?height=180.5", method: .get).body)
            #expect(submitted.contains("Submitted: <code>height=180.5</code>"))
            #expect(submitted.contains(#"orientation="vertical" value="180.5""#))
        }
    }

    /// Each ruler's first window is inlined into the page, so an id in one is an id of the whole page.
    @Test func theIndexPageNamesEachIdOnce() async throws {
        try await withServer { client, _ in
            let html = String(buffer: try await client.execute(uri: "/?value=72.4", method: .get).body)
            let ids = html.matches(of: #/ id="([^"]+)"/#).map { String($0.output.1) }
            #expect(ids.count > 10 && ids.contains { $0.hasPrefix("ticks-") })
            #expect(Set(ids).count == ids.count, "\(ids.sorted())")
        }
    }

    /// The script's budget: 16 KB as it travels, gzipped (the project's standard), whichever compressor is linked
    /// (libdeflate's best level writes 12,160 bytes, zlib's 12,683).
    @Test func theScriptIsServedAndSmall() async throws {
        try await withServer { client, _ in
            let response = try await client.execute(uri: "/endless.js", method: .get)
            #expect(response.status == .ok)
            let script = String(buffer: response.body)
            let gzipped = try await client.execute(
                uri: "/endless.js", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(gzipped.body.readableBytes <= 16 * 1024, "\(gzipped.body.readableBytes) bytes gzipped")
            #expect(try gzipped.body.gunzipped() == Array(script.utf8))
            #expect(!script.contains("import ") && !script.contains("require("), "no framework, no dependency")
            for view in ["ruler", "loop", "grid"] { #expect(script.contains("'endless-\(view)'")) }
        }
    }

    /// `/endless.js` is revalidated on every use, so an embedding page never runs a script older than its server;
    /// the page's own `/v/VERSION/endless.js` names the content and is kept for good; another version is gone.
    @Test func staticFilesHaveAContentETagAndAVersionedURL() async throws {
        try await withServer { client, _ in
            let html = String(buffer: try await client.execute(uri: "/", method: .get).body)
            let range = try #require(html.range(of: #"/v/[0-9a-z]+/endless\.js"#, options: .regularExpression))
            let versioned = String(html[range])
            let version = versioned.split(separator: "/")[1]
            let plain = try await client.execute(uri: "/endless.js", method: .get)
            #expect(plain.headers[.cacheControl] == "no-cache" && plain.headers[.eTag] == "\"\(version)\"")
            #expect(plain.headers[.contentType] == "text/javascript; charset=utf-8")
            let pinned = try await client.execute(uri: versioned, method: .get)
            #expect(pinned.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(pinned.body == plain.body)
            let onDisk = try Data(contentsOf: repositoryRoot.appendingPathComponent("public/endless.js"))
            #expect(Array(buffer: plain.body) == Array(onDisk))
            #expect(version == Substring(String(fnv1a64(onDisk), radix: 36)), "the version is the content's")
            let gzipped = try await client.execute(
                uri: "/endless.js", method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: "\"\(version)-gz\""])
            #expect(gzipped.status == .notModified)
            let old = try await client.execute(uri: "/v/0/endless.js", method: .get)
            #expect(old.status == .notFound)
            #expect(
                String(buffer: old.body)
                    == "v: this server's endless.js is \(versioned) (or /endless.js, revalidated)\n")
            for uri in ["/v/\(version)/nothing.js", "/.hidden", "/v/x/y/z.js"] {
                #expect(try await client.execute(uri: uri, method: .get).status == .notFound, "\(uri)")
            }
        }
    }

    @Test func anEditedFileGetsANewVersion() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-assets-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.js")
        try Data("one".utf8).write(to: file)
        let assets = StaticAssets(directory: folder.path, compressors: CompressorPool(capacity: 1))
        let first = try #require(assets.asset("a.js"))
        try Data("two!".utf8).write(to: file)
        let second = try #require(assets.asset("a.js"))
        #expect(first.version != second.version && String(buffer: second.bytes) == "two!")
        #expect(assets.versionedPath("a.js") == "v/\(second.version)/a.js")
        #expect(assets.asset("missing.js") == nil && assets.versionedPath("missing.js") == "missing.js")
    }
}
