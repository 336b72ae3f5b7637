// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Endless",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "endless", targets: ["endless"]),
        .library(name: "EndlessCore", targets: ["EndlessCore"]),
        .library(name: "EndlessSVG", targets: ["EndlessSVG"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // Geometry only: no I/O, no server, no rendering.
        .target(name: "EndlessCore"),
        // Turns the core's tiles into SVG bytes.
        .target(name: "EndlessSVG", dependencies: ["EndlessCore"]),
        .executableTarget(
            name: "endless",
            dependencies: [
                "EndlessCore", "EndlessSVG",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "EndlessCoreTests", dependencies: ["EndlessCore"]),
        .testTarget(name: "EndlessSVGTests", dependencies: ["EndlessSVG"]),
        .testTarget(name: "EndlessTests", dependencies: ["endless"]),
    ]
)
