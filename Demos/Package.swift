// swift-tools-version: 6.1
import PackageDescription

// The demos live in their own package so that users of the library never
// resolve or build them. Run them from the repository's root:
//
//     swift run --package-path Demos demo
//     swift run --package-path Demos demo wifi --steps 12
//
// The seed screens are written once, in `DemoScreens`; each renderer draws
// them. The terminal renderer and the `demo` executable need nothing beyond
// the library and the argument parser, so `demo` stays quick to build; a
// browser renderer and its server belong in targets of their own.
let package = Package(
  name: "swift-diffable-demos",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .executable(name: "demo", targets: ["DemoCommand"])
  ],
  dependencies: [
    .package(name: "swift-diffable", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    // The seed screens: their data, controllers, snapshots and handlers,
    // with no rendering. Each renderer gives a screen its own list view.
    .target(
      name: "DemoScreens",
      dependencies: [
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "CollectionLayout", package: "swift-diffable"),
      ],
      resources: [.copy("Resources")]),
    // The screens in a terminal: list views that print themselves, box
    // drawing, raw mode and keys, ANSI styling.
    .target(
      name: "TerminalRenderer",
      dependencies: [
        "DemoScreens",
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "DiffableTesting", package: "swift-diffable"),
        .product(name: "CollectionLayout", package: "swift-diffable"),
      ]),
    // `demo`: the seed screens in a terminal.
    .executableTarget(
      name: "DemoCommand",
      dependencies: [
        "DemoScreens", "TerminalRenderer",
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "CollectionLayout", package: "swift-diffable"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/demo"),
    .testTarget(
      name: "DemoScreensTests",
      dependencies: [
        "DemoScreens",
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "DiffableTesting", package: "swift-diffable"),
        .product(name: "CollectionLayout", package: "swift-diffable"),
      ]),
    .testTarget(
      name: "DemoCommandTests",
      dependencies: [
        "DemoCommand", "DemoScreens", "TerminalRenderer",
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "CollectionLayout", package: "swift-diffable"),
      ]),
  ]
)
