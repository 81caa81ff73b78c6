// swift-tools-version: 6.1
import PackageDescription

// `DIFFABLE_INTERNAL_CHECKS=1 swift test` turns on `_checkInvariants()` in every
// core type. It is off by default: the checks are slow, and benchmarks refuse to
// run with them on.
let internalChecks: [SwiftSetting] =
  Context.environment["DIFFABLE_INTERNAL_CHECKS"] != nil
  ? [.define("DIFFABLE_INTERNAL_CHECKS")] : []

/// A dependency of the Hummingbird integration's, built only with its trait.
let hummingbird = TargetDependencyCondition.when(traits: ["Hummingbird"])
/// A dependency of the Vapor integration's, built only with its trait.
let vapor = TargetDependencyCondition.when(traits: ["Vapor"])

let package = Package(
  name: "swift-diffable",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Diffable", targets: ["Diffable"]),
    .library(name: "DiffableTesting", targets: ["DiffableTesting"]),
    .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
    .library(name: "DiffableWeb", targets: ["DiffableWeb"]),
    .library(name: "DiffableUIKit", targets: ["DiffableUIKit"]),
    .library(name: "DiffableWebTools", targets: ["DiffableWebTools"]),
    .library(name: "DiffableWebHummingbird", targets: ["DiffableWebHummingbird"]),
    .library(name: "DiffableWebVapor", targets: ["DiffableWebVapor"]),
    .executable(name: "diffable", targets: ["DiffableCommand"]),
  ],
  // One trait per server integration, off by default: a package that
  // depends on swift-diffable without naming one resolves none of the
  // servers' packages.
  traits: [
    .trait(
      name: "Hummingbird",
      description: "DiffableWebHummingbird: pages and sockets on Hummingbird 2."),
    .trait(name: "Vapor", description: "DiffableWebVapor: pages and sockets on Vapor 4."),
    .default(enabledTraits: []),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    // The Hummingbird trait's. No Hummingbird traits: the integration needs
    // neither swift-configuration nor the rest of Foundation.
    .package(
      url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    // zlib for the sockets' shared permessage-deflate streams: the library
    // hummingbird-websocket's own compression uses.
    .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.3.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    // The Vapor trait's.
    .package(url: "https://github.com/vapor/vapor", from: "4.115.0"),
  ],
  targets: [
    // JSON objects with a fixed set of keys, for the modules that read JSON
    // from outside. Not a product: its members have `package` access.
    .target(name: "InternalJSONCoding"),
    // Pure values: snapshots, section snapshots, the diff. Imports only the C
    // library, FoundationEssentials (Foundation without it), for `IndexPath`,
    // and InternalJSONCoding.
    .target(
      name: "DiffableCore", dependencies: ["InternalJSONCoding"], swiftSettings: internalChecks),
    // The data source engine. The module is not named after its main type,
    // `DiffableDataSource`: a module and a type of the same name make
    // `Module.Type` lookups ambiguous.
    .target(name: "DiffableEngine", dependencies: ["DiffableCore"]),
    // What users import.
    .target(name: "Diffable", dependencies: ["DiffableCore", "DiffableEngine"]),
    // For tests: the reference list view, a headless `UICollectionView`.
    .target(name: "DiffableTesting", dependencies: ["DiffableCore", "DiffableEngine"]),
    // Helpers shared by the test targets: seeded randomness, counting and
    // broken identifier types, slow reference models.
    .target(
      name: "DiffableTestSupport", dependencies: ["DiffableCore"],
      path: "Tests/DiffableTestSupport",
      swiftSettings: internalChecks),
    .testTarget(
      name: "DiffableCoreTests", dependencies: ["DiffableCore", "DiffableTestSupport"],
      swiftSettings: internalChecks),
    .testTarget(
      name: "DiffableEngineTests",
      dependencies: [
        "DiffableEngine", "DiffableCore", "DiffableTesting", "DiffableTestSupport",
      ]),
    // The UIKit and AppKit adapters: generic over protocols that mirror the
    // views, so that everything but the empty conformances and the data
    // source forwarders (Sources/DiffableUIKit/Apple) is compiled and tested
    // on Linux.
    .target(name: "DiffableUIKit", dependencies: ["DiffableCore", "DiffableEngine"]),
    .testTarget(
      name: "DiffableUIKitTests",
      dependencies: [
        "DiffableUIKit", "DiffableCore", "DiffableEngine", "DiffableTesting", "DiffableTestSupport",
      ]),
    // The browser renderer: cells, identifiers and wire messages
    // (Documentation/Web.md), the session that lays lists out with
    // CollectionLayout, and the browser client as resources.
    .target(
      name: "DiffableWeb",
      dependencies: ["DiffableCore", "DiffableEngine", "CollectionLayout", "InternalJSONCoding"],
      resources: [.copy("Resources")]),
    .testTarget(
      name: "DiffableWebTests",
      dependencies: [
        "DiffableWeb", "DiffableCore", "DiffableEngine", "CollectionLayout", "DiffableTestSupport",
      ]),
    // Tools served as pages of lists: the batch inspector.
    .target(
      name: "DiffableWebTools",
      dependencies: ["DiffableWeb", "DiffableCore", "DiffableEngine", "CollectionLayout"]),
    .testTarget(
      name: "DiffableWebToolsTests",
      dependencies: [
        "DiffableWebTools", "DiffableWeb", "DiffableCore", "DiffableEngine", "DiffableTestSupport",
      ]),
    // The page the server integrations' tests serve.
    .target(
      name: "DiffableWebTestSupport",
      dependencies: ["DiffableWeb", "DiffableCore", "DiffableEngine"],
      path: "Tests/DiffableWebTestSupport"),
    // The browser lists on Hummingbird 2: page and socket routes, the
    // client's files, and a guard in front of every connection. Built
    // empty unless the Hummingbird trait is on (its sources are under
    // `#if Hummingbird`).
    .target(
      name: "DiffableWebHummingbird",
      dependencies: [
        "DiffableWeb",
        .product(name: "Hummingbird", package: "hummingbird", condition: hummingbird),
        .product(name: "HummingbirdCore", package: "hummingbird", condition: hummingbird),
        .product(
          name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: hummingbird),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: hummingbird),
        .product(name: "Logging", package: "swift-log", condition: hummingbird),
        .product(name: "CoreMetrics", package: "swift-metrics", condition: hummingbird),
        .product(name: "NIOCore", package: "swift-nio", condition: hummingbird),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: hummingbird),
        .product(name: "NIOWebSocket", package: "swift-nio", condition: hummingbird),
        .product(name: "CompressNIO", package: "compress-nio", condition: hummingbird),
        .product(
          name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: hummingbird),
      ]),
    .testTarget(
      name: "DiffableWebHummingbirdTests",
      dependencies: [
        "DiffableWebHummingbird", "DiffableWeb", "DiffableWebTestSupport",
        .product(name: "Hummingbird", package: "hummingbird", condition: hummingbird),
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: hummingbird),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: hummingbird),
        .product(
          name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: hummingbird),
        .product(
          name: "HummingbirdWSTesting", package: "hummingbird-websocket", condition: hummingbird),
        .product(
          name: "HummingbirdWSCompression", package: "hummingbird-websocket",
          condition: hummingbird),
        .product(name: "Logging", package: "swift-log", condition: hummingbird),
        .product(name: "MetricsTestKit", package: "swift-metrics", condition: hummingbird),
        .product(name: "NIOCore", package: "swift-nio", condition: hummingbird),
        .product(name: "NIOWebSocket", package: "swift-nio", condition: hummingbird),
        .product(name: "CompressNIO", package: "compress-nio", condition: hummingbird),
      ]),
    // The browser lists on Vapor 4: page and socket routes, the client's
    // files. Built empty unless the Vapor trait is on.
    .target(
      name: "DiffableWebVapor",
      dependencies: [
        "DiffableWeb",
        .product(name: "Vapor", package: "vapor", condition: vapor),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: vapor),
        .product(name: "NIOWebSocket", package: "swift-nio", condition: vapor),
      ]),
    .testTarget(
      name: "DiffableWebVaporTests",
      dependencies: [
        "DiffableWebVapor", "DiffableWeb", "DiffableWebTestSupport",
        .product(name: "Vapor", package: "vapor", condition: vapor),
        .product(name: "VaporTesting", package: "vapor", condition: vapor),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: vapor),
        .product(name: "NIOWebSocket", package: "swift-nio", condition: vapor),
      ]),
    // The compositional layout engine: plain values in, frames out. No UIKit.
    .target(name: "CollectionLayout", dependencies: ["InternalJSONCoding"]),
    .testTarget(
      name: "CollectionLayoutTests", dependencies: ["CollectionLayout", "DiffableTestSupport"]),
    // The `diffable` command: `diff` and `layout`. The demos are a package
    // of their own, in `Demos/`.
    .executableTarget(
      name: "DiffableCommand",
      dependencies: [
        "Diffable",
        "CollectionLayout",
        "InternalJSONCoding",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/diffable"),
    // The Swift blocks of the README and the DocC articles, generated by
    // Scripts/extract-doc-examples.swift.
    .testTarget(
      name: "DocumentationExampleTests",
      dependencies: [
        "Diffable", "DiffableCore", "DiffableEngine", "DiffableTesting", "CollectionLayout",
        "DiffableWeb",
      ]),
    .testTarget(
      name: "DiffableCommandTests",
      dependencies: ["DiffableCommand", "CollectionLayout", "DiffableTestSupport"]),
  ]
)
