// swift-tools-version: 6.1
import PackageDescription

// The fuzz target, kept apart from the main package (like `Benchmarks/`) so that the main package's build is
// unaffected. `scripts/fuzz` builds it with `-sanitize=fuzzer`, which instruments every module and links libFuzzer.
// `EventLoopInstructions`, which `scripts/bench-server instructions` counts, reaches the server's internals the same way.
//
// This package compiles the main package's sources itself, through the `endless` link to the repository root: the
// core, the SVG writer and libdeflate's module as they are named there, and the server as the module `FuzzedServer`,
// with `-enable-testing` so that the fuzzer may reach its internals as the tests do. Compiled here, the server sees the
// core's `package` declarations, which another package's products would hide. Its dependencies are the main package's
// `EndlessServer` dependencies; keep them in step.
let package = Package(
    name: "EndlessFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "EndlessCore", dependencies: [.product(name: "HeapModule", package: "swift-collections")],
            path: "endless/Sources/EndlessCore"),
        .target(name: "EndlessSVG", dependencies: ["EndlessCore"], path: "endless/Sources/EndlessSVG"),
        .systemLibrary(name: "CLibdeflate", path: "endless/Sources/CLibdeflate"),
        .target(
            name: "FuzzedServer",
            dependencies: [
                "CLibdeflate", "EndlessCore", "EndlessSVG",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "endless/Sources/EndlessServer",
            resources: [.embedInCode("Resources/public"), .embedInCode("Resources/templates")],
            swiftSettings: [.unsafeFlags(["-enable-testing"]), .define("Libdeflate")]
        ),
        // `LLVMFuzzerTestOneInput`; libFuzzer brings `main`. `FuzzCorpusTests.swift` is a link to the main package's
        // test of the committed corpus, whose request mapping and checks this target shares (its tests are left out
        // by `ENDLESS_FUZZ`).
        .executableTarget(
            name: "EndlessFuzz",
            dependencies: [
                "FuzzedServer", "LibFuzzer",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ],
            swiftSettings: [.define("ENDLESS_FUZZ"), .unsafeFlags(["-parse-as-library"])]
        ),
        // New windows answered on the event loop, counted by `scripts/bench-server instructions` (built without the
        // fuzzer).
        .executableTarget(
            name: "EventLoopInstructions",
            dependencies: [
                "EndlessCore", "FuzzedServer",
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // Requests from the grammar (`scripts/fuzz grammar`), built without the fuzzer: `RequestGrammar.swift` is a
        // link to the main package's, which `GrammarTests` runs in CI.
        .executableTarget(
            name: "GrammarFuzz",
            dependencies: [
                "EndlessCore", "FuzzedServer", "TestSupport",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: [.define("ENDLESS_FUZZ")]
        ),
        // The item files' readers under libFuzzer (`scripts/fuzz items`).
        .executableTarget(
            name: "ItemsFuzz", dependencies: ["EndlessCore", "EndlessSVG", "LibFuzzer"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .target(name: "TestSupport", path: "endless/Tests/TestSupport"),
        // The declaration of `LLVMFuzzerRunDriver`.
        .target(name: "LibFuzzer"),
    ]
)
