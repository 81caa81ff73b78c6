// swift-tools-version: 6.1
import PackageDescription

// A package of a user of swift-diffable who adds `Diffable` and nothing
// else: Scripts/check-client-package.sh resolves it and checks that none of
// the server integrations' packages comes with it. DIFFABLE_CLIENT_TRAITS
// (comma-separated) turns traits on, for the script's check that the count
// can fail.
let traits =
  Context.environment["DIFFABLE_CLIENT_TRAITS"].map {
    Set(
      $0.split(separator: ",").map { PackageDescription.Package.Dependency.Trait(name: String($0)) }
    )
  } ?? []

let package = Package(
  name: "client",
  dependencies: [.package(name: "swift-diffable", path: "../..", traits: traits)],
  targets: [
    .executableTarget(
      name: "Client", dependencies: [.product(name: "Diffable", package: "swift-diffable")])
  ]
)
