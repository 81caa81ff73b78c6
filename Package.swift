// swift-tools-version: 6.1
import PackageDescription

// `DIFFABLE_INTERNAL_CHECKS=1 swift test` turns on `_checkInvariants()` in every
// core type. It is off by default: the checks are slow, and benchmarks refuse to
// run with them on.
let internalChecks: [SwiftSetting] =
  Context.environment["DIFFABLE_INTERNAL_CHECKS"] != nil
  ? [.define("DIFFABLE_INTERNAL_CHECKS")] : []

let package = Package(
  name: "swift-diffable",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Diffable", targets: ["Diffable"]),
    .library(name: "DiffableTesting", targets: ["DiffableTesting"]),
    .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
    .executable(name: "diffable", targets: ["DiffableCommand"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    // Pure values: snapshots, section snapshots, the diff. Imports only the C
    // library and FoundationEssentials (Foundation without it), for `IndexPath`.
    .target(name: "DiffableCore", swiftSettings: internalChecks),
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
    // The compositional layout engine: plain values in, frames out. No UIKit.
    .target(name: "CollectionLayout"),
    .testTarget(
      name: "CollectionLayoutTests", dependencies: ["CollectionLayout", "DiffableTestSupport"]),
    // The `diffable` command: `diff`, `layout` and the demos.
    .executableTarget(
      name: "DiffableCommand",
      dependencies: [
        "Diffable",
        "DiffableTesting",
        "CollectionLayout",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/diffable",
      resources: [.copy("Resources")]),
    .testTarget(
      name: "DiffableCommandTests",
      dependencies: ["DiffableCommand", "CollectionLayout", "DiffableTestSupport"]),
  ]
)
