// Requests from the grammar run through the endpoint table (`GrammarRun`), what an answer may not do (`AnswerCheck`),
// and the URL a trap stopped the process on (`TrapWitness`).
//
// `Fuzz/Sources/GrammarFuzz/GrammarRun.swift` is a link to this file, as `RequestGrammar.swift` is to its own.
import CompressNIO
import Foundation
import HTTPTypes
import NIOCore

#if canImport(FoundationXML)
    import FoundationXML
#endif
#if ENDLESS_FUZZ
    @testable import FuzzedServer
#else
    @testable import EndlessServer
#endif

/// What an answer of the table broke: a 5xx, a 4xx of more than one line, an SVG or a frame's tile that does not
/// parse as XML, a frame that is not JSON.
enum AnswerCheck {
    static func violation(_ answer: HTTPAnswer) -> String? {
        var body = ByteBuffer()
        for var chunk in answer.chunks { body.writeBuffer(&chunk) }
        let code = Int(answer.status.code)
        guard (200..<500).contains(code) else { return "status \(code): \(String(buffer: body))" }
        if code >= 400 {
            let text = String(buffer: body)
            return text.hasSuffix("\n") && text.dropLast().contains("\n") == false ? nil : "a 4xx of more than a line"
        }
        guard code == 200 else { return nil }
        if answer.headers[.contentEncoding] == "gzip" {
            guard let plain = try? body.decompress(with: .gzip) else { return "its gzip does not decode" }
            body = plain
        }
        let type = answer.headers[.contentType] ?? ""
        if type.hasPrefix("image/svg+xml") {
            return parsesAsXML(Data(body.readableBytesView)) ? nil : "its SVG does not parse as XML"
        }
        if type.hasPrefix("application/json") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
            else { return "its frame is not JSON" }
            for tile in object["add"] as? [[String: Any]] ?? [] {
                guard let svg = tile["svg"] as? String else { continue }
                if !parsesAsXML(Data(svg.utf8)) { return "a tile's SVG does not parse as XML" }
            }
        }
        return nil
    }

    static func parsesAsXML(_ data: Data) -> Bool { XMLParser(data: data).parse() }
}

/// Runs requests from the grammar through the table, as the router and the event loop ask it, and keeps what broke.
struct GrammarRun {
    var asked = 0
    /// Answers by status code.
    var statuses: [Int: Int] = [:]
    /// The first violations, with their targets.
    var violations: [String] = []
    var violationCount = 0

    /// `workers` runs of `count` requests each, on threads of their own: a run never suspends, and on Swift's
    /// concurrency pool it would hold a core's thread from every other task for its whole length. Worker `w` draws
    /// from seed `seed + w`.
    static func run(table: EndpointTable, seed: UInt64, count: Int, workers: Int) async -> GrammarRun {
        await withTaskGroup(of: GrammarRun.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    await withCheckedContinuation { done in
                        let thread = Thread {
                            done.resume(
                                returning: run(table: table, seed: seed &+ UInt64(worker), count: count, worker: worker)
                            )
                        }
                        thread.stackSize = 8 << 20
                        thread.start()
                    }
                }
            }
            return await group.reduce(into: GrammarRun()) { $0.add($1) }
        }
    }

    /// `count` requests of the grammar seeded with `seed`, through `table`, on this thread; `worker` names its slot in
    /// `TrapWitness`.
    static func run(table: EndpointTable, seed: UInt64, count: Int, worker: Int = 0) -> GrammarRun {
        var grammar = RequestGrammar(table: table, seed: seed)
        var run = GrammarRun()
        for _ in 0..<count {
            let target = grammar.next()
            TrapWitness.note(target, worker: worker)
            let head = HTTPRequest(method: .get, scheme: "http", authority: "x", path: target)
            let answer =
                switch table.outcome(for: head, target: target).outcome {
                case .now(let answer): answer
                case .later(let work): wait(for: work)
                }
            run.asked += 1
            run.statuses[Int(answer.status.code), default: 0] += 1
            if let violation = AnswerCheck.violation(answer) {
                run.violationCount += 1
                if run.violations.count < 20 { run.violations.append("\(target.prefix(300)): \(violation)") }
            }
        }
        return run
    }

    /// The answer that waits its turn (a large window, a heavy frame), waited for on this thread.
    private static func wait(for work: @escaping @Sendable () async -> HTTPAnswer) -> HTTPAnswer {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer: HTTPAnswer?
        Task {
            answer = await work()
            done.signal()
        }
        done.wait()
        return answer!
    }

    mutating func add(_ other: GrammarRun) {
        asked += other.asked
        statuses.merge(other.statuses, uniquingKeysWith: +)
        violations += other.violations.prefix(20 - min(20, violations.count))
        violationCount += other.violationCount
    }
}

/// The request each worker is answering, kept where a trap's signal handler can write it out: a trap ends the
/// process, and this names the URL that did it.
enum TrapWitness {
    static let slot = 4608
    nonisolated(unsafe) static let targets = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * slot)
    nonisolated(unsafe) static let lengths = UnsafeMutablePointer<Int>.allocate(capacity: 2)

    /// Writes each worker's request to standard error when Swift traps (`SIGILL`, `SIGTRAP`), then lets it end.
    static func install() {
        lengths.initialize(repeating: 0, count: 2)
        for signal in [SIGILL, SIGTRAP] {
            _ = Foundation.signal(signal) { number in
                let label = "grammar: the process trapped while answering:\n"
                _ = label.withCString { write(2, $0, strlen($0)) }
                for worker in 0..<2 where TrapWitness.lengths[worker] > 0 {
                    _ = write(2, TrapWitness.targets + worker * TrapWitness.slot, TrapWitness.lengths[worker])
                    _ = "\n".withCString { write(2, $0, 1) }
                }
                _ = Foundation.signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    static func note(_ target: String, worker: Int) {
        let bytes = target.utf8.prefix(slot)
        let start = targets + (worker % 2) * slot
        lengths[worker % 2] = 0
        _ = UnsafeMutableBufferPointer(start: start, count: slot).initialize(from: bytes)
        lengths[worker % 2] = bytes.count
    }
}
