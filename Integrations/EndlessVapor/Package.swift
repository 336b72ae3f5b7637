// swift-tools-version: 6.1
// Endless in a Vapor 4 app: `try app.endless(at: "/endless")`. A package of its own, so that Endless itself does not
// depend on Vapor; it holds the adapter, an example app (HelloVapor) and the adapter's tests.
import PackageDescription

let package = Package(
    name: "EndlessVapor",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "EndlessVapor", targets: ["EndlessVapor"])
    ],
    dependencies: [
        .package(path: "endless"),  // a link to this repository, so that its name is `endless` wherever it is
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    ],
    targets: [
        // The adapter: converts Vapor's requests and responses, and holds no logic of its own.
        .target(
            name: "EndlessVapor",
            dependencies: [
                .product(name: "EndlessServer", package: "endless"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        // An order form with a weight picker, as Examples/HelloEndless is for Hummingbird.
        .executableTarget(
            name: "HelloVapor",
            dependencies: [
                "EndlessVapor", .product(name: "EndlessServer", package: "endless"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .testTarget(
            name: "EndlessVaporTests",
            dependencies: [
                "EndlessVapor",
                .product(name: "EndlessCore", package: "endless"),
                .product(name: "EndlessServer", package: "endless"),
                .product(name: "VaporTesting", package: "vapor"),
            ]
        ),
    ]
)
