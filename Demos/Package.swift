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
// the library and the argument parser, so `demo` stays quick to build. The
// browser renderer needs only the library too; the servers are the
// products that build Hummingbird (`serve`) and Vapor (`serve-vapor`):
//
//     swift run --package-path Demos serve --port 8080
//     swift run --package-path Demos serve-vapor --port 8080
let package = Package(
  name: "swift-diffable-demos",
  // Hummingbird 2 needs macOS 14, iOS 17 and tvOS 17.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .executable(name: "demo", targets: ["DemoCommand"]),
    .executable(name: "serve", targets: ["ServeCommand"]),
    .executable(name: "serve-vapor", targets: ["ServeVaporCommand"]),
  ],
  dependencies: [
    // With both server traits: `serve` is built on DiffableWebHummingbird,
    // the README's Vapor server on DiffableWebVapor.
    .package(name: "swift-diffable", path: "..", traits: ["Hummingbird", "Vapor"]),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // Only the server's targets use these. No traits: the server needs
    // neither swift-configuration nor the rest of Foundation.
    .package(
      url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    .package(url: "https://github.com/vapor/vapor", from: "4.115.0"),
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
      resources: [.copy("Resources")],
      // A screen lives on the actor that makes it (the main actor in a
      // terminal, a page's own in a browser): its async methods run there.
      swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
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
    // The screens in a browser: a `WebSession` per page, each screen's data
    // source over a `WebListView`, and the pages' HTML. No server here: any
    // server can host the sessions.
    .target(
      name: "BrowserRenderer",
      dependencies: [
        "DemoScreens",
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "CollectionLayout", package: "swift-diffable"),
        .product(name: "DiffableWeb", package: "swift-diffable"),
        .product(name: "DiffableWebTools", package: "swift-diffable"),
      ],
      swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
    // The servers' options: where to listen.
    .target(
      name: "DemoOptions",
      dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
    // The Hummingbird server of the browser pages: the seed screens' pages
    // and the index, on DiffableWebHummingbird.
    .target(
      name: "DemoServer",
      dependencies: [
        "BrowserRenderer", "DemoOptions",
        .product(name: "DiffableWeb", package: "swift-diffable"),
        .product(name: "DiffableWebHummingbird", package: "swift-diffable"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]),
    // `serve`: the seed screens in a browser.
    .executableTarget(
      name: "ServeCommand",
      dependencies: [
        "DemoServer", "DemoOptions", "BrowserRenderer",
        .product(name: "DiffableWebHummingbird", package: "swift-diffable"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Sources/serve"),
    // `serve-vapor`: the same pages, served by Vapor through DiffableWebVapor.
    .executableTarget(
      name: "ServeVaporCommand",
      dependencies: [
        "DemoOptions", "BrowserRenderer",
        .product(name: "DiffableWeb", package: "swift-diffable"),
        .product(name: "DiffableWebVapor", package: "swift-diffable"),
        .product(name: "Vapor", package: "vapor"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ],
      path: "Sources/serve-vapor"),
    // The README's Swift blocks as the top-level code of a program, as a user
    // pastes them into a new package's main.swift: generated by
    // Scripts/extract-doc-examples.swift, run by DemoCommandTests.
    .executableTarget(
      name: "ReadmeExamples",
      dependencies: [
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "DiffableTesting", package: "swift-diffable"),
        .product(name: "CollectionLayout", package: "swift-diffable"),
        .product(name: "DiffableWeb", package: "swift-diffable"),
      ],
      path: "Sources/readme-examples"),
    // The README's Hummingbird server, as written there (generated by
    // Scripts/extract-doc-examples.swift): built, so that the block compiles.
    .executableTarget(
      name: "ReadmeHummingbirdServer",
      dependencies: [
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "DiffableWeb", package: "swift-diffable"),
        .product(name: "DiffableWebHummingbird", package: "swift-diffable"),
        .product(name: "Hummingbird", package: "hummingbird"),
      ],
      path: "Sources/readme-hummingbird-server"),
    // The README's Vapor server, as written there.
    .executableTarget(
      name: "ReadmeVaporServer",
      dependencies: [
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "DiffableWeb", package: "swift-diffable"),
        .product(name: "DiffableWebVapor", package: "swift-diffable"),
        .product(name: "Vapor", package: "vapor"),
      ],
      path: "Sources/readme-vapor-server"),
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
        "DemoCommand", "ReadmeExamples", "DemoScreens", "TerminalRenderer",
        .product(name: "Diffable", package: "swift-diffable"),
        .product(name: "CollectionLayout", package: "swift-diffable"),
      ]),
    .testTarget(
      name: "ServeTests",
      dependencies: [
        "BrowserRenderer", "DemoServer", "DemoOptions", "ServeCommand", "DemoScreens",
        .product(name: "DiffableWeb", package: "swift-diffable"),
        .product(name: "DiffableWebTools", package: "swift-diffable"),
        .product(name: "DiffableWebHummingbird", package: "swift-diffable"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]),
  ]
)
