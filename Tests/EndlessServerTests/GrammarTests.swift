import EndlessCore
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import EndlessServer

/// The request grammar (`RequestGrammar`) run through the endpoint table, and the URLs that once stopped the server.
@Suite(.timeLimit(.minutes(5))) struct GrammarTests {
    /// Requests a run asks: `ENDLESS_GRAMMAR_REQUESTS`, or a hundred thousand. `scripts/fuzz grammar` asks millions.
    static let requests = ProcessInfo.processInfo.environment["ENDLESS_GRAMMAR_REQUESTS"].flatMap { Int($0) } ?? 100_000
    /// The seed: `ENDLESS_GRAMMAR_SEED`, or a fixed one, so that a failure repeats.
    static let seed = ProcessInfo.processInfo.environment["ENDLESS_GRAMMAR_SEED"].flatMap { UInt64($0) } ?? 50

    @Test func requestsFromTheGrammarGetAnAnswerOrAOneLine4xx() async throws {
        TrapWitness.install()
        let table = try eventLoopShared().table
        // Two workers, one a core, each its own seed.
        let runs = await GrammarRun.run(table: table, seed: Self.seed, count: Self.requests / 2, workers: 2)
        for violation in runs.violations { Issue.record(Comment(rawValue: violation)) }
        #expect(runs.violationCount == 0, "\(runs.violationCount) of \(runs.asked) answers broke a rule")
        #expect(runs.asked == Self.requests / 2 * 2)
        // Many answers are drawn, not refused: an edge is one or two parameters of a valid request.
        let answered = runs.statuses.filter { (200..<400).contains($0.key) }.values.reduce(0, +)
        #expect(answered * 5 > runs.asked, "only \(answered) of \(runs.asked) answered: \(runs.statuses)")
    }

    /// What the grammar draws reaches every row of the table, and every name each row reads, at an edge and not.
    @Test func theGrammarDrawsEveryEndpointAndEveryParameter() throws {
        let table = try eventLoopShared().table
        var grammar = RequestGrammar(table: table, seed: 1)
        var drawn: Set<String> = []
        for _ in 0..<50_000 {
            let target = grammar.next()
            let path = EndpointTable.path(of: target)
            guard let (endpoint, _) = table.match(path) else { continue }
            drawn.insert(endpoint.pattern)
            let query = target.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
            for pair in query.split(separator: "&") {
                drawn.insert(endpoint.pattern + "?" + (pair.split(separator: "=").first.map(String.init) ?? ""))
            }
        }
        for endpoint in table.endpoints {
            #expect(drawn.contains(endpoint.pattern), "\(endpoint.pattern) is never drawn")
            for name in endpoint.parameters {
                #expect(drawn.contains(endpoint.pattern + "?" + name), "\(endpoint.pattern) never gets \(name)")
            }
        }
    }

    /// Each stopped the whole process (an overflow in `Timeline.clock(ofBlock:)`, reached from a frame whose origin
    /// lay far past time's ends at the coarsest rungs): now an answer, or one line naming the parameter.
    @Test(arguments: [
        "/frame/timeline?size=800,120&seq=1&origin=315537897599&scale=1000y&value=1970-01-01T00:00:00Z",
        "/frame/timeline?size=800,120&origin=-62135596800&key=ArrowLeft&presses=64&scale=1000y",
        "/frame/timeline?size=800,120&origin=99999999999&scale=1000y&spacing=2",
        "/frame/timeline?size=800,120&origin=315537897599&scale=100y&spacing=2&dir=rtl",
    ])
    func originsFarPastTimesEndsAreRefusedNamingOrigin(target: String) async throws {
        let probe = try EdgeProbe()
        let answer = await probe.ask(target)
        var body = ByteBuffer()
        for var chunk in answer.chunks { body.writeBuffer(&chunk) }
        #expect(answer.status == .badRequest, "\(String(buffer: body))")
        #expect(String(buffer: body).hasPrefix("origin: "))
        #expect(AnswerCheck.violation(answer) == nil)
    }

    /// A page at time's ends at every rung and the finest and coarsest spacings, flung and keyed both ways as far as
    /// a frame goes: each an answer.
    @Test func framesAtTimesEndsAnswerAtEveryRung() async throws {
        let probe = try EdgeProbe()
        for scale in TimeScale.allCases {
            for spacing in [Limits.tickSpacingRange.lowerBound, 80, Limits.tickSpacingRange.upperBound] {
                let timeline = try Timeline(scale: scale, spacing: spacing)
                for end in [Instant.first, Instant.last] {
                    let offset = timeline.offset(of: end)
                    for (origin, key) in [(offset - 400, "ArrowLeft"), (offset - 400, "PageUp"), (offset, "End")] {
                        await probe.check(
                            "/frame/timeline?size=800,120&scroll=0,0&origin=\(origin)&scale=\(scale.rawValue)"
                                + "&spacing=\(spacing)&key=\(key)&presses=64", expecting: 200)
                    }
                }
            }
        }
        probe.report()
    }
}
