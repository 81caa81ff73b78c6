import Foundation
import Testing

/// The README's Swift blocks, pasted as the top-level code of a program
/// (Sources/readme-examples, generated from the README), must compile (the
/// package builds them) and give the results they show. Top-level code is
/// where Swift picks the completion form of `apply` even after `await`.
@Suite("README Swift blocks as a program's top-level code")
struct ReadmeExamplesTests {
  @Test("the program runs and every result the README shows holds")
  func programPasses() throws {
    let run = try runDemo([], executable: "ReadmeExamples")
    #expect(run.status == 0, "\(run.standardError)")
    let summary = try #require(run.outputLines.last)
    #expect(summary.hasPrefix("README examples: all "), "\(summary)")
    #expect(summary.hasSuffix(" checks passed"), "\(summary)")
    let count = Int(summary.dropFirst("README examples: all ".count).prefix { $0.isNumber })
    #expect((count ?? 0) > 10, "the README's checks ran: \(summary)")
  }
}
