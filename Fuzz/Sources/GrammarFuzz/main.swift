// `scripts/fuzz grammar`: requests from the request grammar (`RequestGrammar`, shared with `GrammarTests`) through
// the endpoint table, in process and in a release build, on two workers. A trap names the URL that did it
// (`TrapWitness`); a 5xx, a 4xx of more than a line, or an SVG that does not parse is printed, and the run exits 1.
//
//   GrammarFuzz COUNT [SEED]        ask COUNT requests (two workers, seeds SEED and SEED + 1)
//   GrammarFuzz --seeds DIR COUNT   write COUNT requests as libFuzzer inputs (`FuzzRequest`'s form) into DIR
import EndlessCore
import Foundation
import Logging
import Prometheus

@testable import FuzzedServer

var logger = Logger(label: "grammar-fuzz")
logger.logLevel = .critical
let table = try door(options: ServerOptions(), registry: PrometheusCollectorRegistry(), logger: logger).1.table
let arguments = CommandLine.arguments.dropFirst()

if arguments.first == "--seeds" {
    let directory = URL(fileURLWithPath: arguments.dropFirst().first ?? ".")
    let count = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1000
    var grammar = RequestGrammar(table: table, seed: UInt64(Date().timeIntervalSince1970))
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for index in 0..<count {
        // `/` then a flag digit: the rest is the whole target after its first `/`, as `FuzzRequest` reads it.
        let input = "/0" + grammar.next().dropFirst()
        try Data(input.utf8).write(to: directory.appendingPathComponent("grammar-\(index)"))
    }
    print("grammar: \(count) seeds in \(directory.path)")
    exit(0)
}

let total = arguments.first.flatMap { Int($0) } ?? 10_000_000
let seed = arguments.dropFirst().first.flatMap { UInt64($0) } ?? UInt64(Date().timeIntervalSince1970)
TrapWitness.install()
print("grammar: \(total) requests, seeds \(seed) and \(seed + 1)")
let start = Date()
let batch = 500_000
var done = GrammarRun()
var round: UInt64 = 0
while done.asked < total {
    let size = min(batch, (total - done.asked + 1) / 2)
    let runs = await GrammarRun.run(table: table, seed: seed &+ 1_000_003 &* round, count: size, workers: 2)
    done.add(runs)
    round += 1
    let seconds = Date().timeIntervalSince(start)
    print(
        "grammar: \(done.asked) asked in \(Int(seconds)) s (\(Int(Double(done.asked) / seconds))/s), \(done.violationCount) broke a rule"
    )
    fflush(nil)
}
let statuses = done.statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
print("grammar: statuses \(statuses)")
for violation in done.violations { print("grammar: VIOLATION \(violation)") }
if done.violationCount > 0 { exit(1) }
print("grammar: no trap, no 5xx, every 4xx one line, every SVG parses")
