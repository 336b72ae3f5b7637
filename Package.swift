// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Endless",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "endless", targets: ["endless"]),
        .library(name: "EndlessCore", targets: ["EndlessCore"]),
        .library(name: "EndlessSVG", targets: ["EndlessSVG"]),
        // Endless in a Hummingbird app of your own: `router.addEndless(at: "/endless")`.
        .library(name: "EndlessServer", targets: ["EndlessServer"]),
    ],
    traits: [
        // Off by default, so that an app that mounts Endless needs only the toolchain and zlib1g-dev; the `endless`
        // release file and the tests turn it on (`--traits Libdeflate`): libdeflate gzips a whole answer in about
        // two thirds of zlib's time (docs/performance.md).
        .trait(name: "Libdeflate", description: "Gzip answers sent in one piece with libdeflate (libdeflate-dev).")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // 2.101.3 is the first that sends no chunked terminator after a HEAD response.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // Geometry only: no I/O, no server, no rendering.
        .target(name: "EndlessCore", dependencies: [.product(name: "HeapModule", package: "swift-collections")]),
        // Turns the core's tiles into SVG bytes.
        .target(name: "EndlessSVG", dependencies: ["EndlessCore"]),
        // Debian's libdeflate-dev: gzips answers sent in one piece, with the Libdeflate trait.
        .systemLibrary(name: "CLibdeflate"),
        // The HTTP server: validates requests, asks the core, streams, compresses, caches.
        .target(
            name: "EndlessServer",
            dependencies: [
                "EndlessCore", "EndlessSVG",
                .target(name: "CLibdeflate", condition: .when(traits: ["Libdeflate"])),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // Built into the binary, so that `endless` runs from any directory (links to the repository's folders).
            resources: [.embedInCode("Resources/public"), .embedInCode("Resources/templates")]
        ),
        .executableTarget(
            name: "endless",
            dependencies: [
                "EndlessCore", "EndlessSVG", "EndlessServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["BuildVersion"]
        ),
        // `endless --version`: the commit and the dependencies' versions, written before each build.
        .plugin(name: "BuildVersion", capability: .buildTool()),
        // What the test targets share: a seeded generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "EndlessCoreTests", dependencies: ["EndlessCore", "TestSupport"]),
        .testTarget(name: "EndlessSVGTests", dependencies: ["EndlessSVG", "TestSupport"]),
        .testTarget(name: "EndlessTests", dependencies: ["endless"]),
        .testTarget(
            name: "EndlessServerTests",
            dependencies: [
                "EndlessServer", "endless", "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ]
        ),
    ]
)
