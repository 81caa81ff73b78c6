import Foundation
import Testing

/// The other files of this folder are generated from the documents by
/// `Scripts/extract-doc-examples.swift`; this suite fails when a document
/// changed and they were not generated again.
@Suite("Documentation examples are extracted")
struct ExtractionTests {
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("the generated tests match the README and the DocC articles")
  func generatedTestsAreCurrent() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift",
      Self.repositoryRoot.appendingPathComponent("Scripts/extract-doc-examples.swift").path,
      "--check",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
  }

  @Test("every document adds the package with the same dependency line")
  func oneDependencyLine() throws {
    let documents = [
      "README.md",
      "Sources/Diffable/Diffable.docc/GettingStarted.md",
      "Sources/CollectionLayout/CollectionLayout.docc/GettingStarted.md",
    ]
    var lines: Set<String> = []
    for document in documents {
      let text = try String(
        contentsOf: Self.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
      let found = text.split(separator: "\n")
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { $0.hasPrefix(".package(url:") && $0.contains("/swift-diffable\"") }
      #expect(found.count == 1, "\(document) adds the package \(found.count) times")
      lines.formUnion(found)
    }
    #expect(lines.count == 1, "the documents add the package differently: \(lines.sorted())")
  }
}
