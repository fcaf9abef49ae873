// swift-tools-version:6.2
// The libFuzzer driver for speak's parsers. A package of its own because everything in it is
// built with -sanitize=fuzzer (libFuzzer brings its own main). Built and run by `make fuzz`
// (scripts/fuzz), which links .build-fuzz/speak to the repository, so the dependency below is
// called "speak" whatever the checkout's directory is called.
import PackageDescription

let package = Package(
    name: "speak-fuzz",
    dependencies: [.package(path: "../.build-fuzz/speak")],
    targets: [
        .executableTarget(name: "speak-fuzz", dependencies: [.product(name: "SpeakFuzzing", package: "speak")]),
    ]
)
