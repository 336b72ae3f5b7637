// swift-tools-version: 6.1
import PackageDescription

// Kept apart from the main package so that `endless` stays the one executable there.
let package = Package(
    name: "EndlessBenchmarks",
    platforms: [.macOS(.v15)],
    // `endless` is a link to the repository root, so the identity does not depend on the clone's folder name.
    dependencies: [.package(path: "endless")],
    targets: [
        .executableTarget(
            name: "RenderBenchmark",
            dependencies: [
                .product(name: "EndlessCore", package: "endless"),
                .product(name: "EndlessSVG", package: "endless"),
            ]
        )
    ]
)
