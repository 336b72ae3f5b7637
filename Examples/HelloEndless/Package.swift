// swift-tools-version: 6.1
// An app of its own routes that mounts Endless at /endless. In your own Package.swift, depend on
// .package(url: "https://github.com/OWNER/endless", from: "…") instead of the path.
import PackageDescription

let package = Package(
    name: "HelloEndless",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "endless"),  // a link to this repository, so that its name is `endless` wherever it is
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "HelloEndless",
            dependencies: [
                .product(name: "EndlessServer", package: "endless"),
                .product(name: "EndlessCore", package: "endless"),
                .product(name: "EndlessSVG", package: "endless"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        )
    ]
)
