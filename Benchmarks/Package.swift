// swift-tools-version: 6.1
import PackageDescription

// Kept apart from the main package so that `endless` stays the one executable there. It compiles the core and the
// SVG writer from their sources, through the `endless` link to the repository root, so that the benchmark may count
// what their `package` declarations say (a grid window's tiles) as the server does.
let package = Package(
    name: "EndlessBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(url: "https://github.com/apple/swift-collections", from: "1.6.0")],
    targets: [
        .target(
            name: "EndlessCore", dependencies: [.product(name: "HeapModule", package: "swift-collections")],
            path: "endless/Sources/EndlessCore"),
        .target(name: "EndlessSVG", dependencies: ["EndlessCore"], path: "endless/Sources/EndlessSVG"),
        .executableTarget(name: "RenderBenchmark", dependencies: ["EndlessCore", "EndlessSVG"]),
    ]
)
