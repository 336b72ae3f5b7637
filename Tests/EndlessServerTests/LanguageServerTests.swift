import EndlessCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import EndlessServer

/// `locale` over HTTP: every view's words in the reader's language, `Content-Language` naming the one used, the
/// value a program reads unchanged, and without it every answer the bytes it was before there were languages.
@Suite(.timeLimit(.minutes(1))) struct LanguageServerTests {
    /// URLs and the FNV-1a of their bodies and their ETags as ad2489b (the commit before `locale`) answered them, but
    /// for what issue 61 redrew (a timeline's crowded rows and its leading label): the two timeline windows' bodies
    /// and every ETag (which names the rendering version, `SVGResource.renderingVersion`: its calendars' and
    /// languages' words, a grid's measured labels, an upright timeline's readout) are as it draws them.
    static let before: [(uri: String, body: UInt64, etag: String)] = [
        ("/svg/ruler?value=72.4", 8_855_620_723_351_528_326, "\"3cbeb6d17174c9bb\""),
        ("/svg/ruler?value=1234.5&min=0&max=100000&grouping=,.", 17_765_550_208_384_868_870, "\"606ba2803ee853b1\""),
        ("/svg/ruler?format=feet-inches&value=68.5", 110_486_227_896_994_171, "\"632460a4d2e1a1cd\""),
        ("/svg/ruler/tiles/7.svg", 11_514_857_976_348_432_067, "\"74bfac6281939fba\""),
        ("/svg/grid?x=1234&y=-55", 769_820_066_110_946_928, "\"aae26a4574031fcb\""),
        ("/svg/grid/tiles/-3/7.svg?zoom=4", 6_756_830_391_071_195_318, "\"cf77734a89c16b97\""),
        ("/svg/loop?offset=500", 3_462_803_714_379_734_285, "\"3e3dfb4f2298df1f\""),
        ("/svg/loop/tiles/-1.svg", 9_176_807_385_238_304_133, "\"e7ce13c189e44259\""),
        ("/svg/timeline?scale=1d&at=2026-10-25T00:00:00Z", 6_950_229_676_863_883_333, "\"89f4d4d6f440375f\""),
        (
            "/svg/timeline?scale=1h&hours=12&tz=Europe/London&at=2026-10-25T01:30:00%2B01:00",
            1_807_409_196_480_408_612, "\"7e67bab1796f90d8\""
        ),
        ("/svg/timeline/tiles/2958.svg?scale=1w&week-start=sunday", 11_297_028_711_686_611_678, "\"b0bce585a25cbdbe\""),
    ]

    @Test func withoutALocaleEveryAnswerIsTheBytesItWas() async throws {
        try await withServer { client, _ in
            for (uri, body, etag) in Self.before {
                try await client.execute(uri: uri, method: .get) {
                    #expect($0.status == .ok && fnv1a64(Array(buffer: $0.body)) == body, "\(uri)")
                    #expect($0.headers[.eTag] == etag && $0.headers[.contentLanguage] == nil, "\(uri)")
                }
            }
        }
    }

    @Test func aWindowInGermanSaysSoAndKeepsItsValue() async throws {
        try await withServer { client, _ in
            let english = try await client.execute(uri: "/svg/ruler?value=72.4", method: .get)
            for _ in 0..<2 {  // drawn, then from the response cache
                try await client.execute(uri: "/svg/ruler?value=72.4&locale=de-DE", method: .get) {
                    #expect($0.status == .ok && $0.headers[.contentLanguage] == "de-DE")
                    #expect(String(buffer: $0.body).contains("<title>72,4 kg</title>"))
                    #expect($0.headers[.eTag] != english.headers[.eTag])
                }
            }
            let etag = try #require(
                try await client.execute(uri: "/svg/ruler?value=72.4&locale=de-DE", method: .get).headers[.eTag])
            try await client.execute(
                uri: "/svg/ruler?value=72.4&locale=de-DE", method: .get, headers: [.ifNoneMatch: etag]
            ) {
                #expect($0.status == .notModified && $0.headers[.contentLanguage] == "de-DE")
            }
            try await client.execute(uri: "/svg/ruler?value=72.4&locale=de-DE", method: .head) {
                #expect($0.status == .ok && $0.headers[.contentLanguage] == "de-DE")
            }
        }
    }

    @Test(arguments: [
        ("/svg/ruler/tiles/7.svg?locale=ar-EG", "ar-EG", ">١٦</text>"),
        ("/svg/loop?locale=fa-IR", "fa-IR", ">۳</text>"),
        ("/svg/grid?x=0&y=0&locale=ar-EG", "ar-EG", "(٠, ٠)"),
        ("/svg/timeline?scale=1d&at=2026-10-25T00:00:00Z&locale=ja-JP", "ja-JP", "25日(日)"),
        ("/svg/timeline/tiles/2958.svg?scale=1w&locale=de-XX", "de", "W"),
        ("/svg/timeline?scale=1mo&locale=fr-FR", "fr-FR", "janv."),
    ])
    func everyViewAndTileSpeaksTheLocale(uri: String, language: String, words: String) async throws {
        try await withServer { client, _ in
            try await client.execute(uri: uri, method: .get) {
                #expect($0.status == .ok && $0.headers[.contentLanguage] == language, "\(uri)")
                #expect(String(buffer: $0.body).contains(words), "\(uri): \(String(buffer: $0.body).prefix(3000))")
            }
        }
    }

    @Test func aFrameSubmitsTheValueAndShowsTheWords() async throws {
        try await withServer { client, _ in
            try await client.execute(uri: "/frame/ruler?size=600,120&value=72.4&locale=ar-EG", method: .get) {
                #expect($0.status == .ok && $0.headers[.contentLanguage] == "ar-EG")
                let frame = try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as! [String: Any]
                let readout = frame["readout"] as! [String: String]
                #expect(
                    readout["value"] == "72.4" && readout["text"] == "٧٢٫٤ kg"
                        && readout["minimum"]?.allSatisfy(\.isASCII) == true)
            }
            let timeline = "/frame/timeline?size=1200,120&value=2026-10-25T01:00:00%2B01:00&tz=Europe/London"
            try await client.execute(uri: timeline + "&locale=de-DE", method: .get) {
                #expect($0.status == .ok && $0.headers[.contentLanguage] == "de-DE")
                let frame = try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as! [String: Any]
                let readout = frame["readout"] as! [String: String]
                #expect(readout["value"] == "2026-10-25T01:00:00+01:00" && readout["number"] == "1792886400000")
                #expect(readout["text"] == "Sonntag, 25. Oktober 2026 um 01:00:00 +01:00")
                #expect(readout["image"]?.contains("locale=de-DE") == true)
            }
        }
    }

    @Test(arguments: ["de_DE", "deutschland", "de-", "x", "de-DE-u", String(repeating: "ab-", count: 22) + "c", "日本"])
    func aMalformedLocaleIsAOneLine400NamingIt(tag: String) async throws {
        let query = tag.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["-", "_"]))!
        try await withServer { client, _ in
            for path in ["/svg/ruler", "/svg/timeline", "/frame/grid?size=600,400&", "/svg/loop/tiles/3.svg"] {
                let uri = path + (path.hasSuffix("&") ? "" : "?") + "locale=" + query
                try await client.execute(uri: uri, method: .get) {
                    #expect($0.status == .badRequest, "\(uri)")
                    let text = String(buffer: $0.body)
                    #expect(text.hasPrefix("locale: must be a BCP 47 language tag") && !text.dropLast().contains("\n"))
                }
            }
        }
    }
}
