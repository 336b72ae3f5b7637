import EndlessCore
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import EndlessServer

@Suite(.timeLimit(.minutes(1))) struct BadInputTests {
    /// Whatever a page, or anyone, sends the frame endpoints: an answer or a one-line 4xx, never a 5xx.
    @Test func framesAnswerRandomReportsWithoutA5xx() async throws {
        let numbers = [
            "0", "-0", "1", "-1", "0.5", "7", "1e15", "-1e15", "1e16", "1e308", "-1e308", "3999999", "4000001", "8192",
            "8193", "2000000", "-2000000", "99999999999", "nan", "inf", "", "abc", "0x10", "1e-320",
        ]
        let marks = ["1:2@3", "1:2,3:4@5", "0:0,0:0@0", "-1e15:100@1", "1e308:1e308@1e308", "a:b@c", "@", "1:2:3@4"]
        let ranges = ["1:2", "-5:5", "0:9999", "5:1", "1:2,3:4", "-100:100,-100:100", "x", "0:10000", "1:2,3:4,5:6"]
        let views = frameViews.map { ($0.name, $0.view.names) }
        let reportNames = ParameterTable.report.map(\.name)
        var rng = SeededGenerator(seed: 0x5EED)  // a fixed seed: the same 600 requests every run
        func next(_ count: Int) -> Int { Int.random(in: 0..<count, using: &rng) }
        var uris: [String] = []
        for _ in 0..<600 {
            let (view, names) = views[next(views.count)]
            var query: [String] = []
            // Each report name one time in three, each configuration name one time in sixteen: most frames draw.
            for name in names where next(reportNames.contains(name) ? 3 : 16) == 0 {
                let value: String
                switch name {
                case "mark": value = marks[next(marks.count)]
                case "have": value = ranges[next(ranges.count)]
                case "rtt": value = ["0", "5", "55.5", "60000", "60001", "-1", "slow"][next(7)]
                case "frame": value = ["0", "17", "33.3", "1000", "1001", "-1", "fast"][next(7)]
                case "key": value = ["ArrowUp", "Home", "End", "PageDown", "jump"][next(5)]
                case "presses":
                    // Only after a key (a lone `presses` is refused, as a test below shows): most frames still draw.
                    guard query.contains(where: { $0.hasPrefix("key=") }) else { continue }
                    value = ["1", "3", "64", "65"][next(4)]
                case "end", "resize": value = ["1", "0", "yes"][next(3)]
                case "ends": value = ["wrap", "clamp", "both"][next(3)]
                case "orientation": value = ["horizontal", "vertical", "diagonal"][next(3)]
                case "dir": value = ["ltr", "rtl", "up"][next(3)]
                case "theme": value = ["light", "dark", "auto", "blue"][next(3)]
                case "unit": value = ["kg", "", "a-unit-far-too-long-to-fit"][next(3)]
                case "format": value = ["decimal", "feet-inches", "fraction", "time", "roman"][next(5)]
                case "grouping": value = [",.", " ,", "ab"][next(3)]
                case "subdivisions": value = ["2,5", "2,2,2,2", "3", "0"][next(4)]
                case "zoom", "min-zoom", "max-zoom": value = ["0.1", "0.2", "1", "0.3", "-1"][next(5)]
                case "zoom-by": value = ["0.5", "2", "0", "x"][next(4)]
                case "zoom-at": value = ["0", "600", "-1"][next(3)]
                case "zoomable": value = ""
                case "origin", "scroll":
                    value = [numbers[next(numbers.count)], "\(numbers[next(numbers.count)]),0"][next(2)]
                default: value = numbers[next(numbers.count)]
                }
                query.append("\(name)=\(value)")
            }
            if next(6) > 0 { query.append("size=\([300, 1168, 8192][next(3)]),\([100, 500, 8192][next(3)])") }
            uris.append("/frame/\(view)?" + query.joined(separator: "&"))
        }
        try await withServer { [uris] client, _ in
            var answered = 0
            for uri in uris {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status.code < 500, "\(uri)")
                if response.status == .ok { answered += 1 }
                if response.status.code >= 400 {
                    let body = String(buffer: response.body)
                    #expect(
                        body.hasSuffix("\n") && body.dropLast().split(separator: "\n").count == 1, "\(uri): \(body)")
                }
            }
            #expect(
                answered >= 40,
                "frames were drawn too, not only refused: \(answered) of 600 (44 once `rtt` was a name to draw)"
            )
        }
    }

    @Test(arguments: [
        ("/svg/ruler?value=abc", HTTPResponse.Status.badRequest, "value"),
        ("/svg/grid?zoom=31", .badRequest, "zoom"),
        ("/svg/grid/tiles/1/2.svg?zoom=-1", .badRequest, "zoom"),
        ("/svg/ruler?value=NaN", .badRequest, "value"),
        ("/svg/ruler?offset=nan", .badRequest, "offset"),
        ("/svg/ruler?offset=inf", .badRequest, "offset"),
        ("/svg/ruler?offset=-Infinity", .badRequest, "offset"),
        ("/svg/grid?x=1e16", .badRequest, "x"),
        ("/svg/grid?y=-1000000000000001", .badRequest, "y"),
        ("/svg/ruler?value=1e3", .badRequest, "value"),
        ("/svg/ruler?value=1000", .badRequest, "value"),
        ("/svg/ruler?width=0", .badRequest, "width"),
        ("/svg/ruler?width=-5", .badRequest, "width"),
        ("/svg/loop?height=8193", .badRequest, "height"),
        ("/svg/grid?width=8192&height=8192", .badRequest, "width"),
        ("/svg/ruler?width=8192&spacing=2&ticks=1", .badRequest, "width"),
        ("/svg/tree", .notFound, "view"),
        ("/svg/ruler/tiles/abc.svg", .notFound, "block"),
        ("/svg/ruler/tiles/1e20.svg", .notFound, "block"),
        ("/svg/ruler/tiles/-9223372036854775808.svg", .notFound, "block"),  // abs() of it traps
        ("/svg/grid/tiles/-9223372036854775808/0.svg", .notFound, "x"),
        ("/svg/ruler/tiles/991.svg?ends=clamp", .notFound, "block"),
        ("/svg/grid/tiles/1/2.png", .notFound, "y"),
        ("/svg/grid/tiles/x/2.svg", .notFound, "x"),
        ("/svg/loop/tiles/99999999999999999999.svg", .notFound, "item"),
        ("/svg/ruler?value=70&value=71", .badRequest, "value"),
        ("/svg/grid?x=1&x=1", .badRequest, "x"),
        ("/svg/ruler?value=70&offset=3", .badRequest, "value"),
        ("/svg/ruler?vaule=70", .badRequest, "vaule"),
        ("/svg/ruler?value=70&&width=600", .badRequest, "query"),
        ("/svg/grid?=5", .badRequest, "query"),
        ("/frame/grid?&size=800,600", .badRequest, "query"),
        ("/svg/ruler?ends=bounce", .badRequest, "ends"),
        ("/svg/ruler?step=0", .badRequest, "step"),
        ("/svg/ruler?max=999.05", .badRequest, "max"),
        ("/svg/loop?count=0", .badRequest, "count"),
        ("/svg/ruler?" + String(repeating: "x", count: 5000), .uriTooLong, "url"),
        ("/../Package.swift", .notFound, "path"),
        ("/a/../../Package.swift", .notFound, "path"),
        ("/%2E%2E/Package.swift", .notFound, "path"),
        ("/nothing-here", .notFound, "path"),
        // `last - first` of these traps: found by scripts/fuzz.
        ("/frame/grid?size=800,300&have=-1:1,-9223372036854775807:1&key=ArrowDown", .badRequest, "have"),
        ("/frame/ruler?size=800,120&have=-9223372036854775808:9223372036854775807", .badRequest, "have"),
        // A staircase: runs far apart on one axis, more runs than a page holds, or not as many on each axis.
        ("/frame/ruler?size=800,120&origin=0&have=0:1;-9223372036854775807:-9223372036854775806", .badRequest, "have"),
        (
            "/frame/ruler?size=800,120&origin=0&have=" + Array(repeating: "0:1", count: 9).joined(separator: ";"),
            .badRequest, "have"
        ),
        ("/frame/grid?size=800,600&origin=0,0&have=1:2;3:4,1:2", .badRequest, "have"),
        // A key's presses: 1 to 64, and only with a key.
        ("/frame/ruler?size=800,120&key=ArrowRight&presses=0", .badRequest, "presses"),
        ("/frame/loop?size=800,120&key=ArrowRight&presses=65", .badRequest, "presses"),
        ("/frame/grid?size=800,600&presses=2", .badRequest, "presses"),
        // A round trip the page measured: milliseconds, not negative, not past a minute.
        ("/frame/ruler?size=800,120&rtt=-1", .badRequest, "rtt"),
        ("/frame/loop?size=800,120&rtt=60001", .badRequest, "rtt"),
        ("/frame/grid?size=800,600&rtt=slow", .badRequest, "rtt"),
        // How long the page says its frames take: milliseconds, not negative, not past a second.
        ("/frame/ruler?size=800,120&frame=-1", .badRequest, "frame"),
        ("/frame/loop?size=800,120&frame=1001", .badRequest, "frame"),
        ("/frame/grid?size=800,600&frame=fast", .badRequest, "frame"),
        ("/svg/grid?v=0", .notFound, "v"),
        ("/svg/grid?v=a%0Ab", .notFound, "v"),  // not echoed: a newline would make two lines (found by scripts/fuzz)
        ("/v/0/endless.js", .notFound, "v"),
        ("/svg/ruler?min=0%D2%89", .badRequest, "min"),  // a digit and a combining mark (found by scripts/fuzz)
        ("/frame/ruler?size=800,120&value=7%CC%81", .badRequest, "value"),
    ])
    func getsAOneLine4xxNamingTheParameter(uri: String, status: HTTPResponse.Status, parameter: String) async throws {
        try await withServer { client, _ in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == status, "\(uri)")
                let body = String(buffer: response.body)
                #expect(body.hasPrefix(parameter + ":"), "\(uri): \(body)")
                #expect(body.hasSuffix("\n") && body.dropLast().split(separator: "\n").count == 1)
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
            }
        }
    }

    /// A viewport of less than a point, which the limits accept (any size above 0), gets its frame: the grid's once
    /// stopped the server (found by scripts/fuzz: its sweep asked a strip for the tiles of an empty span).
    @Test(arguments: [
        "/frame/grid?size=200,60001e-320&origin=4,2&have=05:5,-5:5&end=0&tile=44",
        "/frame/grid?size=1e-320,5e-324", "/frame/grid?size=5e-324,300&origin=-7.5,1e14&scroll=0,0&end=1",
        "/frame/ruler?size=1e-320,120&origin=4&scroll=0,0", "/frame/ruler?size=1e-300,120&value=72.4",
        "/frame/loop?size=5e-324,120&origin=2", "/frame/loop?size=1e-320,120&origin=9e14&scroll=0,0&end=1",
    ])
    func aViewportOfLessThanAPointGetsItsFrame(uri: String) async throws {
        try await withServer { client, _ in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
            }
        }
    }

    @Test(arguments: [HTTPRequest.Method.post, .put, .delete, .patch, .options])
    func methodsOtherThanGetAndHeadAre405(method: HTTPRequest.Method) async throws {
        try await withServer { client, _ in
            for uri in ["/svg/ruler", "/", "/nothing-here"] {
                try await client.execute(uri: uri, method: method) {
                    #expect($0.status == .methodNotAllowed)
                    #expect($0.headers[.allow] == "GET, HEAD")
                    #expect(String(buffer: $0.body).hasPrefix("method:"))
                }
            }
        }
    }

    @Test func hugeURLsGet414OverTheWire() async throws {
        try await withServer(.live) { client, _ in
            let port = try #require(client.port)
            let uri = "/svg/ruler?unit=" + String(repeating: "x", count: 200_000)
            let response = try await rawExchange(
                port: port, request: "GET \(uri) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(response.head.hasPrefix("HTTP/1.1 414"))
        }
    }
}
