import EndlessCore
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import HummingbirdTesting
import Logging
import Testing

@testable import EndlessServer

/// Issue 52 through the server: a timeline window draws a named set's items under its axis; a name it lacks is a
/// 404 naming it; a replaced set (an app's, or a file read again) is what the next answer draws, never a cached
/// answer drawn before; a file that no longer reads changes nothing.
@Suite struct ItemsServerTests {
    static let titles = [
        "Launch <one> & \"two\"", "control \u{1}\u{7F} \u{FFFE}", "שלום עולם", "🚀 liftoff", "ok",
    ]

    static func set(_ count: Int = 40, title: (Int) -> String = { titles[$0 % titles.count] }) throws -> ItemSet {
        try ItemSet(
            (0..<count).map { index in
                TimelineItem(
                    id: "i\(index)", start: Instant(unchecked: 1_774_744_200 + Int64(index) * 600),
                    end: index % 2 == 0 ? nil : Instant(unchecked: 1_774_744_200 + Int64(index) * 600 + 1_800),
                    title: title(index), lane: ["", "Ops", "Launches"][index % 3],
                    itemClass: ItemClass.allCases[index % ItemClass.allCases.count],
                    url: index % 5 == 0 ? "https://example.com/\(index)" : nil)
            })
    }

    static func get(_ client: some TestClientProtocol, _ uri: String) async throws -> (Int, String, String?) {
        try await client.execute(uri: uri, method: .get) { response in
            (Int(response.status.code), String(buffer: response.body), response.headers[.eTag])
        }
    }

    @Test func aWindowDrawsItsSetsItemsUnderTheAxis() async throws {
        var options = testOptions()
        try options.endless.items.replace("launches", with: Self.set())
        try await withServer(options: options) { client, _ in
            let query = "items=launches&scale=5min&at=2026-03-29T01:00:00Z"
            let (status, body, etag) = try await Self.get(client, "/svg/timeline?" + query)
            #expect(status == 200)
            #expect(XMLParser(data: Data(body.utf8)).parse(), "well formed, whatever the titles hold")
            // The axis, then three lanes of two rows (a range ends as the next begins), each 22 points, 8 between, two
            // of them under their name's band of 18.
            #expect(body.contains(#"height="312""#), "\(body.prefix(300))")
            #expect(body.contains(">Ops</text>") && body.contains(">Launches</text>"))
            #expect(body.contains("Launch &lt;one&gt; &amp; &quot;two&quot;") || body.contains("Launch &lt;one&gt;"))
            #expect(!body.contains("\u{1}") && body.contains("\u{FFFD}"))
            #expect(body.contains(#"<a href="https://example.com/5">"#), "an item with a URL is a link")
            let (_, plain, plainTag) = try await Self.get(client, "/svg/timeline?scale=5min&at=2026-03-29T01:00:00Z")
            #expect(etag != plainTag && !plain.contains("Launches"))
        }
    }

    /// Down a vertical timeline the lanes stand side by side right of a band as wide as the axis's instant, drawn
    /// as across a horizontal one and turned a quarter: the first lane next to the axis.
    @Test func aVerticalWindowStandsItsLanesBesideTheAxis() async throws {
        var options = testOptions()
        try options.endless.items.replace("launches", with: Self.set())
        try await withServer(options: options) { client, _ in
            let query = "/svg/timeline?items=launches&scale=5min&at=2026-03-29T01:00:00Z&orientation=vertical"
            let (status, body, etag) = try await Self.get(client, query)
            #expect(status == 200 && XMLParser(data: Data(body.utf8)).parse())
            // The band (200) and three lanes of two rows, 52 points each and 18 for each of two names; 600 long.
            #expect(body.contains(#"width="392" height="600""#), "\(body.prefix(300))")
            #expect(body.contains(#"<g font-size="12" transform="matrix(0 1 -1 0 392 0)">"#))
            #expect(body.contains(">Ops</text>") && body.contains(#"<a href="https://example.com/5">"#))
            let (_, across, acrossTag) = try await Self.get(client, query.replacing("&orientation=vertical", with: ""))
            #expect(etag != acrossTag && !across.contains("matrix("))
        }
    }

    /// Items change with their data: their windows are revalidated each time, never pinned.
    @Test func aWindowWithItemsIsRevalidatedAndNeverPinned() async throws {
        try await withServer { client, _ in
            let live = try await client.execute(uri: "/svg/timeline?items=edges", method: .get) { $0.headers }
            #expect(live[.cacheControl] == "no-cache" && live[.eTag] != nil)
            let plain = try await client.execute(uri: "/svg/timeline", method: .get) { $0.headers }
            #expect(plain[.cacheControl] == "public, max-age=3600")
            let version = SVGResource.renderingVersion
            let (status, body, _) = try await Self.get(client, "/svg/timeline?items=edges&v=\(version)")
            #expect(status == 400 && body.hasPrefix("v: cannot pin a timeline with items"))
        }
    }

    /// Where a lane counts its items, the count is in the reader's digits and groups; English says "items".
    @Test func countsAreInTheReadersDigits() async throws {
        var options = testOptions()
        let burst = (0..<3_000).map {
            TimelineItem(id: "b\($0)", start: Instant(unchecked: 1_774_744_200 + Int64($0 % 3)), title: "b")
        }
        try options.endless.items.replace("burst", with: try ItemSet(burst))
        try await withServer(options: options) { client, _ in
            let query = "/svg/timeline?items=burst&scale=1min&at=2026-03-29T00:30:00Z"
            let (_, english, _) = try await Self.get(client, query)
            #expect(english.contains("<title>3000 items</title>"), "\(english.suffix(600))")
            let (_, german, _) = try await Self.get(client, query + "&locale=de-DE")
            #expect(german.contains("<title>3.000</title>") && !german.contains("items</title>"))
            let (_, arabic, _) = try await Self.get(client, query + "&locale=ar-EG")
            #expect(arabic.contains("<title>٣٬٠٠٠</title>"), "\(arabic.suffix(600))")
        }
    }

    /// Neighbouring counts drawn as high are one bar, and its title is how many items its whole span holds.
    @Test func neighboursDrawnAsHighAreOneBarWithTheirExactCount() async throws {
        var options = testOptions()
        // A minute's block from 00:30 is 50 buckets of 12 seconds: the first ten hold 100 or 101 points each, the
        // twenty-first 1,000.
        let block: Int64 = 1_774_744_200
        var items: [TimelineItem] = []
        for bucket in 0..<10 {
            for index in 0..<(100 + bucket % 2) {
                let start = Instant(unchecked: block + Int64(bucket) * 12 + Int64(index % 12))
                items.append(TimelineItem(id: "r\(bucket)-\(index)", start: start, title: "r"))
            }
        }
        items += (0..<1_000).map { TimelineItem(id: "p\($0)", start: Instant(unchecked: block + 240), title: "p") }
        try options.endless.items.replace("runs", with: try ItemSet(items))
        try await withServer(options: options) { client, _ in
            let (_, body, _) = try await Self.get(client, "/svg/timeline?items=runs&scale=1min&at=2026-03-29T00:35:00Z")
            let titles = body.matches(of: /<title>([0-9]+) items<\/title>/).map { Int($0.1)! }
            #expect(titles.sorted() == [1_000, 1_005], "\(titles)")
        }
    }

    @Test func aSetThatIsNotThereIsA404NamingIt() async throws {
        var options = testOptions()
        try options.endless.items.replace("launches", with: Self.set())
        try await withServer(options: options) { client, _ in
            let (status, body, _) = try await Self.get(client, "/svg/timeline?items=nope")
            #expect(status == 404 && body == "items: nope is not an item set here; it has edges, launches\n")
            // A name no set may have is not echoed: one line, whatever it holds.
            let (badStatus, bad, _) = try await Self.get(client, "/svg/timeline?items=a%0Ab")
            #expect(badStatus == 400 && bad == "items: must be a set's name: 1 to 32 of a-z, 0-9, - and _\n")
        }
    }

    @Test func aReplacedSetIsWhatTheNextAnswerDraws() async throws {
        var options = testOptions()
        let sets = options.endless.items
        try sets.replace("launches", with: Self.set(title: { "before \($0)" }))
        try await withServer(options: options) { client, _ in
            let uri = "/svg/timeline?items=launches&scale=1h"
            let (_, first, firstTag) = try await Self.get(client, uri)
            let (_, again, _) = try await Self.get(client, uri)  // kept in the response cache
            #expect(first == again && first.contains("before 1"))
            try sets.replace("launches", with: Self.set(title: { "after \($0)" }))
            let (_, second, secondTag) = try await Self.get(client, uri)
            #expect(second.contains("after 1") && !second.contains("before") && firstTag != secondTag)
            sets.remove("launches")
            #expect(try await Self.get(client, uri).0 == 404)
        }
    }

    @Test func namesAndCountsHaveLimits() throws {
        let sets = TimelineItemSets()
        #expect(throws: EndlessError.self) { try sets.replace("Bad Name", with: try Self.set(1)) }
        #expect(throws: EndlessError.self) {
            try sets.replace(String(repeating: "a", count: 33), with: try Self.set(1))
        }
        for index in 0..<Limits.maximumItemSets { try sets.replace("s\(index)", with: try Self.set(1)) }
        #expect(throws: EndlessError("items", "a mount serves at most \(Limits.maximumItemSets) item sets")) {
            try sets.replace("one-more", with: try Self.set(1))
        }
        try sets.replace("s0", with: try Self.set(2))  // a replacement is not one more
    }

    /// A file changed on disk is read again once it stayed as it was for one look (saved in place, it is first cut
    /// to nothing); one that no longer reads leaves the set as it was. Each look is asked for here (`readChanged`),
    /// as the server's loop asks eight times a second; then the loop itself, as it runs.
    @Test(.timeLimit(.minutes(1))) func aChangedFileIsReadAgainAndABrokenOneChangesNothing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("items-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("launches.jsonl")
        let line = { (id: String, title: String) in
            #"{"id":"\#(id)","start":"2026-03-29T00:30:00Z","title":"\#(title)"}"# + "\n"
        }
        try line("a", "first").write(to: file, atomically: true, encoding: .utf8)
        let sets = TimelineItemSets()
        var logger = Logger(label: "items-test")
        logger.logLevel = .critical
        let files = ItemFiles([("launches", file.path)], into: sets, logger: logger, interval: .milliseconds(50))
        try files.load()
        let first = try sets.named("launches")
        files.readChanged()
        #expect(try sets.named("launches") === first, "an unchanged file is not read again")
        try Data().write(to: file)  // saved in place: cut to nothing first
        files.readChanged()
        try (line("a", "first") + line("b", "second")).write(to: file, atomically: true, encoding: .utf8)
        files.readChanged()
        #expect(try sets.named("launches") === first, "a file that changed since the last look waits")
        files.readChanged()
        let second = try sets.named("launches")
        #expect(second.version != first.version && second.count == 2)
        try (line("a", "first") + #"{"id":"c","start":"later","title":"broken"}"#).write(
            to: file, atomically: true, encoding: .utf8)
        files.readChanged()
        files.readChanged()
        #expect(try sets.named("launches") === second, "a broken file changes nothing")
        // The loop: a third version is read without being asked.
        let watching = Task { try await files.run() }
        defer { watching.cancel() }
        try (line("d", "third")).write(to: file, atomically: true, encoding: .utf8)
        let written = ContinuousClock.now
        while try sets.named("launches") === second, ContinuousClock.now - written < .seconds(30) {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try sets.named("launches").withText(0, .title) { String(decoding: $0, as: UTF8.self) } == "third")
    }

    /// `endless serve --items` as a new user runs it: the file's set drawn, a bad file a one-line error at start.
    @Test func theServerReadsItsFilesAtStart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("items-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("ok.csv")
        try "id,start,title,lane\n1,2026-03-29T00:30:00Z,Standup,Team\n".write(
            to: good, atomically: true, encoding: .utf8)
        var options = testOptions()
        options.itemFiles = [("team", good.path)]
        try await withServer(.live, options: options) { client, _ in
            let (status, body, _) = try await Self.get(client, "/svg/timeline?items=team")
            #expect(status == 200 && body.contains(">Standup</text>") && body.contains(">Team</text>"))
        }
        let bad = folder.appendingPathComponent("bad.jsonl")
        try "{\"id\":\"1\"}\n".write(to: bad, atomically: true, encoding: .utf8)
        options.itemFiles = [("bad", bad.path)]
        await #expect(throws: ItemError("\(bad.path):1", "title", "is missing: every item has a title")) {
            try await withServer(options: options) { _, _ in }
        }
    }
}
