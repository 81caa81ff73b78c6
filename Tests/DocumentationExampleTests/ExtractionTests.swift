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
}
