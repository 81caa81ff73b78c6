import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@Suite("The browser client's batch fixture")
struct BatchFixtureTests {
  @Test(
    "the committed fixture is what the generator writes (DIFFABLE_WRITE_FIXTURES=1 rewrites it)")
  func committedFixtureIsCurrent() throws {
    let text = try BatchFixture.text()
    if try Fixtures.writeIfAsked(text, to: BatchFixture.url) { return }
    let committed = try String(contentsOf: BatchFixture.url, encoding: .utf8)
    let generated = text.split(separator: "\n", omittingEmptySubsequences: false)
    let written = committed.split(separator: "\n", omittingEmptySubsequences: false)
    for (number, (a, b)) in zip(generated, written).enumerated() where a != b {
      Issue.record(
        "line \(number + 1) differs; rewrite with DIFFABLE_WRITE_FIXTURES=1\ngenerated: \(a)\ncommitted: \(b)"
      )
      return
    }
    #expect(generated.count == written.count)
  }

  @Test("the fixture is deterministic, small, and covers every corruption and outcome")
  func fixtureShape() throws {
    let lines = try BatchFixture.lines()
    #expect(try BatchFixture.lines() == lines)
    #expect(lines.count == BatchFixture.validCount + BatchFixture.corruptedCount)
    let bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
    #expect(bytes < 2_000_000)

    var rules = Set<Int>()
    var corruptedSucceeding = 0
    var corruptions = Set<String>()
    var integerLines = 0
    var escapedLines = 0
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let name = try #require(object["name"] as? String)
      let batch = try JSONSerialization.data(withJSONObject: try #require(object["batch"]))
      guard case .batch = try WebServerMessage(jsonData: batch) else {
        Issue.record("\(name): not a batch message")
        continue
      }
      #expect((object["new"] == nil) != (object["error"] == nil), "\(name)")
      if name.hasPrefix("corrupted-") {
        corruptions.insert(String(name.split(separator: "-", maxSplits: 2)[2]))
        if let error = object["error"] as? [String: Any] {
          rules.insert(try #require(error["rule"] as? Int))
        } else {
          corruptedSucceeding += 1
        }
      } else {
        #expect(object["error"] == nil, "\(name)")
      }
      if line.contains(#"{"id":0,"#) || line.contains(#""items":[0"#) { integerLines += 1 }
      if line.contains(#"\""#) && line.contains(#"\\"#) && line.contains("é") { escapedLines += 1 }
    }
    #expect(corruptions == Set(Corruption.allCases.map(\.rawValue)))
    #expect(rules.isSuperset(of: [1, 2, 3, 4, 5, 6, 7, 8]), "\(rules.sorted())")
    #expect(corruptedSucceeding > 0)
    #expect(integerLines > 0)
    #expect(escapedLines > 0)
  }
}
