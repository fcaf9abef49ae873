// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the main build and CI never compile the
// benchmark framework. Run with `make bench` (swift package --disable-sandbox benchmark).
let package = Package(
    name: "SpeakBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FoundationBenchmarks",
            dependencies: [
                .product(name: "SpeakKit", package: "main"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FoundationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
