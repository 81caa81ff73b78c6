// swift-tools-version: 6.1
// A stand-alone check of the Linux main actor, using nothing of swift-diffable:
// see ../MainActorStall.md.
import PackageDescription

let package = Package(
  name: "MainActorStall",
  platforms: [.macOS(.v15)],
  targets: [.executableTarget(name: "MainActorStall")]
)
