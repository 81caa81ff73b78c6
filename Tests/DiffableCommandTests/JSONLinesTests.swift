import Diffable
import DiffableTestSupport
import Foundation
import Testing

@testable import DiffableCommand

@Suite("diffable diff --jsonl")
struct JSONLinesTests {
  static let pair =
    #"{"old": {"sections": [{"id": "a", "items": ["x", "y"]}]}, "new": {"sections": [{"id": "a", "items": ["y", "x", "z"]}]}}"#

  /// The error message of an output line, or `nil` if it is a batch.
  func error(in line: some StringProtocol) throws -> String? {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    return object?["error"] as? String
  }

  @Test("one valid pair gives its batch update")
  func validPair() throws {
    var differ = JSONLinesDiffer()
    let line = differ.outputLine(for: Self.pair)
    let batch = try JSONDecoder().decode(BatchUpdate.self, from: Data(line.utf8))
    #expect(batch.itemInserts == [IndexPath(item: 2, section: 0)])
    #expect(batch.itemMoves.count == 1)
  }

  @Test(
    "bad lines give an error line naming the line and the problem",
    arguments: [
      ("", "line 1: blank line"),
      ("   \t", "line 1: blank line"),
      (#"{"old": garbage"#, "line 1: not valid JSON at line 1, column 9: invalid value"),
      (#"{"old": {"sections": []}, "new": {"sections": []}} trailing"#, "line 1: not valid JSON"),
      (#"{"old": {"sections": []}}"#, #"line 1: missing key "new""#),
      (
        #"{"old": {"sections": []}, "new": {"sections": []}, "older": {}}"#,
        "line 1: unknown key 'older'; expected one of old, new at older"
      ),
      (
        #"{"old": {"sections": []}, "new": {"sections": [], "reloadItems": []}}"#,
        "line 1: unknown key 'reloadItems'; expected one of sections, reloadedItems, "
          + "reconfiguredItems, reloadedSections at new.reloadItems"
      ),
      (#"[1, 2, 3]"#, "line 1: expected an object"),
      (
        #"{"old": {"sections": [{"id": "a", "items": ["x", "x"]}]}, "new": {"sections": []}}"#,
        #"line 1: item identifiers are not unique across the snapshot: ["x"] at old.sections"#
      ),
      (
        #"{"old": {"sections": []}, "new": {"sections": [{"id": "s", "items": []}, {"id": "s", "items": []}]}}"#,
        #"line 1: section identifiers are not unique: ["s"] at new.sections"#
      ),
      (
        #"{"old": {"sections": []}, "new": {"sections": [], "reloadedItems": ["q"]}}"#,
        #"line 1: reloadedItems names items that are not in the snapshot: ["q"] at new.reloadedItems"#
      ),
    ])
  func badLine(line: String, message: String) throws {
    var differ = JSONLinesDiffer()
    let output = differ.outputLine(for: line)
    #expect(!output.contains("\n"))
    let error = try #require(try self.error(in: output), "not an error line: \(output)")
    #expect(error.hasPrefix(message), "\(error)")
  }

  @Test("the executable writes exactly one line per input line, in order, and carries on")
  func stream() throws {
    let input =
      [
        Self.pair,
        "",
        #"{"old": {"sections": [{"id": "a", "items": []}]}, "new": {"sections": []}}"#,
        #"{"old": {"sect"#,
        #"{"old": {"sections": [{"id": "a", "items": ["x"]}, {"id": "b", "items": ["x"]}]}, "new": {"sections": []}}"#,
        "   ",
        Self.pair,
      ].joined(separator: "\n") + "\n"
    let run = try runDiffable(["diff", "--jsonl"], input: input)
    #expect(run.status == 1)
    #expect(
      run.standardError
        == #"Error: 4 lines of 7 could not be diffed; each was answered with {"error": ...}"# + "\n"
    )
    let lines = run.outputLines
    try #require(lines.count == 7)
    #expect(try error(in: lines[0]) == nil)
    #expect(try error(in: lines[1])?.hasPrefix("line 2: blank line") == true)
    #expect(try error(in: lines[2]) == nil)
    #expect(
      try JSONDecoder().decode(BatchUpdate.self, from: Data(lines[2].utf8)).sectionDeletes == [0])
    #expect(try error(in: lines[3])?.hasPrefix("line 4: not valid JSON") == true)
    #expect(try error(in: lines[4])?.contains(#"["x"]"#) == true)
    #expect(try error(in: lines[5])?.hasPrefix("line 6: blank line") == true)
    #expect(lines[6] == lines[0])
  }

  @Test(
    "each line is answered as soon as it is read, while standard input stays open",
    .timeLimit(.minutes(1)))
  func answersEachLineAtOnce() async throws {
    let executable = try #require(diffableExecutable(), "the diffable executable was not built")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["diff", "--jsonl"]
    let (input, output, errors) = (Pipe(), Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let answers = LineReader(output.fileHandleForReading, stoppingOnCancel: process)

    // Each answer is read while standard input is still open: a tool that
    // held its output until the input ends never answers, and the time
    // limit stops the test.
    input.fileHandleForWriting.write(Data((Self.pair + "\n").utf8))
    let first = try #require(await answers.next(), "no answer to the first line")
    #expect(try error(in: first) == nil)
    let batch = try JSONDecoder().decode(BatchUpdate.self, from: Data(first.utf8))
    #expect(batch.itemInserts == [IndexPath(item: 2, section: 0)])
    input.fileHandleForWriting.write(Data("not json\n".utf8))
    let second = try #require(await answers.next(), "no answer to the second line")
    #expect(try error(in: second)?.hasPrefix("line 2: not valid JSON") == true)

    try input.fileHandleForWriting.close()
    #expect(await answers.next() == nil)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(message.contains("1 line of 2 could not be diffed"), "\(message)")
  }

  @Test("a stream without a bad line exits with status 0")
  func cleanStream() throws {
    let run = try runDiffable(["diff", "--jsonl"], input: Self.pair + "\n" + Self.pair + "\n")
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(run.outputLines.count == 2)
  }

  @Test("a last line without a newline and Windows line endings are read too")
  func lineEndings() throws {
    let run = try runDiffable(["diff", "--jsonl"], input: Self.pair + "\r\n" + Self.pair)
    #expect(run.outputLines.count == 2)
    #expect(try run.outputLines.allSatisfy { try error(in: $0) == nil })
  }

  @Test("empty input gives empty output")
  func emptyInput() throws {
    let run = try runDiffable(["diff", "--jsonl"], input: "")
    #expect(run.status == 0)
    #expect(run.standardOutput == "")
  }

  @Test("10,000 random pairs, some broken, give 10,000 lines that match the library")
  func manyPairs() throws {
    var random = SeededRandom.forTest("JSONLinesTests.manyPairs")
    var input = ""
    var expected: [String?] = []  // a batch line, or nil for an error
    let encoder = JSONEncoder()
    for index in 0..<10_000 {
      if index % 997 == 3 {
        input += #"{"old": [oops"# + "\n"
        expected.append(nil)
        continue
      }
      let old = RandomSnapshots.snapshot(maxSections: 3, itemPool: 12, using: &random)
      let new = RandomSnapshots.edited(old, edits: 3, itemPool: 12, using: &random)
      let pair =
        #"{"old": "# + String(decoding: try encoder.encode(old.mapToStrings()), as: UTF8.self)
        + #", "new": "# + String(decoding: try encoder.encode(new.mapToStrings()), as: UTF8.self)
        + "}"
      input += pair + "\n"
      expected.append(
        BatchUpdateJSON.text(for: BatchUpdate(from: old.mapToStrings(), to: new.mapToStrings())))
    }
    let run = try runDiffable(["diff", "--jsonl"], input: input)
    #expect(run.status == 1, "some lines were broken")
    let lines = run.outputLines
    try #require(lines.count == 10_000)
    for (line, want) in zip(lines, expected) {
      if let want {
        #expect(line == want)
      } else {
        #expect(try error(in: line) != nil)
      }
    }
  }
}

extension DiffableDataSourceSnapshot where SectionIdentifierType == Int, ItemIdentifierType == Int {
  /// The same snapshot with identifiers written as strings (`7` becomes
  /// `"s7"` or `"i7"`), marks included.
  func mapToStrings() -> DiffableDataSourceSnapshot<String, String> {
    var result = DiffableDataSourceSnapshot<String, String>()
    result.appendSections(sectionIdentifiers.map { "s\($0)" })
    for section in sectionIdentifiers {
      result.appendItems(
        itemIdentifiers(inSection: section).map { "i\($0)" }, toSection: "s\(section)")
    }
    result.reloadItems(reloadedItemIdentifiers.map { "i\($0)" })
    result.reconfigureItems(reconfiguredItemIdentifiers.map { "i\($0)" })
    result.reloadSections(reloadedSectionIdentifiers.map { "s\($0)" })
    return result
  }
}
