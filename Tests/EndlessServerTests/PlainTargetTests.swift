import HummingbirdCore
import TestSupport
import Testing

@testable import EndlessServer

@Suite struct PlainTargetTests {
    /// Wherever it reads a target, `URI` reads the same path and pairs: 200,000 random targets over the characters
    /// that matter (`?`, `&`, `=`, `%`, `+`, `#`, a space, a byte beyond ASCII) and a few plain ones.
    @Test func readsWhatURIReads() {
        var rng = SeededGenerator(seed: 9)
        let alphabet: [String] = ["/", "?", "&", "=", "%", "+", "#", " ", "é", "a", "b", "1", ".", "-", "svg", "ruler"]
        var read = 0
        for _ in 0..<200_000 {
            let length = Int.random(in: 0...14, using: &rng)
            let target = "/" + (0..<length).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            guard let plain = PlainTarget.read(target) else { continue }
            read += 1
            let uri = URI(target)
            #expect(plain.path == uri.path[...], "\(target)")
            #expect(plain.query.map { [$0.0, $0.1] } == uri.queryPairs.map { [$0.0, $0.1] }, "\(target)")
        }
        #expect(read > 20_000, "reads a good share of them")
    }

    /// A path's parts, found byte by byte, are those `split` finds, empty ones kept (10,000 random paths).
    @Test func pathSegmentsAreWhatSplitFinds() {
        var rng = SeededGenerator(seed: 10)
        let alphabet: [String] = ["/", "/", "svg", "ruler", "tiles", "-12.svg", "é", "a", ""]
        for _ in 0..<10_000 {
            let path = (0..<Int.random(in: 0...8, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
                .joined()
            let expected = path[...].split(separator: "/", omittingEmptySubsequences: false)
            #expect(SVGResource.segments(of: path[...]) == expected, "\(path)")
        }
    }

    @Test func readsAWindowsURLAndDeclinesWhatNeedsDecoding() throws {
        let plain = try #require(PlainTarget.read("/svg/ruler?offset=-12&width=1200&height=120"))
        #expect(plain.path == "/svg/ruler")
        #expect(plain.query.map { [$0.0, $0.1] } == [["offset", "-12"], ["width", "1200"], ["height", "120"]])
        #expect(PlainTarget.read("/svg/ruler")?.query.isEmpty == true)
        for declined in [
            "/svg/ruler?unit=%C2%B0", "/svg/ruler?value=1e+2", "/svg/ruler?value=1#x", "/svg/ruler?value",
            "/svg/ruler?&value=1", "/svg/ruler?value=1&&width=3", "/svg/ruler?=1", "svg/ruler?value=1",
        ] {
            #expect(PlainTarget.read(declined) == nil, "\(declined)")
        }
    }
}
