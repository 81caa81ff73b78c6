// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that users of the library never
// resolve what the benchmarks need. Run them in release mode:
//
//     swift run -c release --package-path Benchmarks CoreBenchmarks
//     swift run -c release --package-path Benchmarks LayoutBenchmarks
//     swift run -c release --package-path Benchmarks EngineBenchmarks
//     swift run -c release --package-path Benchmarks WebBenchmarks
//     swift run -c release --package-path Benchmarks SessionScaling
let package = Package(
  name: "swift-diffable-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "swift-diffable", path: ".."),
    // The compressor of hummingbird-websocket's permessage-deflate, for the
    // bytes a compressed socket carries.
    .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.3.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
  ],
  targets: [
    // Timing, interleaving, medians, ratios, memory readings and the seeded
    // generator every benchmark draws its data from.
    .target(name: "BenchmarkSupport"),
    .executableTarget(
      name: "CoreBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "Diffable", package: "swift-diffable"),
      ]),
    // Rect queries, enumeration and self-sizing of compositional layouts.
    .executableTarget(
      name: "LayoutBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "CollectionLayout", package: "swift-diffable"),
      ]),
    // The data source engine: applies through the pipeline to the reference
    // list view, against the bare diff.
    .executableTarget(
      name: "EngineBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "DiffableTesting", package: "swift-diffable"),
      ]),
    // What the web benchmarks share: a 1% change, an in-memory connection,
    // a page that acknowledges every batch, the socket's compression.
    .target(
      name: "WebBenchmarkSupport",
      dependencies: [
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "DiffableWeb", package: "swift-diffable"),
        .product(name: "CompressNIO", package: "compress-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]),
    // The browser renderer's server side: applies to a list a page shows,
    // against the bare diff, and the bytes sent against a reload.
    .executableTarget(
      name: "WebBenchmarks",
      dependencies: [
        "BenchmarkSupport", "WebBenchmarkSupport",
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "CollectionLayout", package: "swift-diffable"),
        .product(name: "DiffableWeb", package: "swift-diffable"),
      ]),
    // Many pages applying at once: each on its own actor, against all on
    // the main actor, on as many cores as the process may use.
    .executableTarget(
      name: "SessionScaling",
      dependencies: [
        "BenchmarkSupport", "WebBenchmarkSupport",
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "CollectionLayout", package: "swift-diffable"),
        .product(name: "DiffableWeb", package: "swift-diffable"),
      ]),
    // One diff in a loop, for profilers.
    .executableTarget(
      name: "ProfileDiff",
      dependencies: [
        "BenchmarkSupport", .product(name: "Diffable", package: "swift-diffable"),
      ]),
    // Applies to a list a page shows, in a loop, for profilers.
    .executableTarget(
      name: "ProfileWeb",
      dependencies: [
        "BenchmarkSupport", "WebBenchmarkSupport",
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "CollectionLayout", package: "swift-diffable"),
        .product(name: "DiffableWeb", package: "swift-diffable"),
      ]),
  ]
)
