import ArgumentParser
import Diffable
import DiffableTestSupport
import Foundation
import Testing

@testable import DiffableCommand

@Suite("diffable diff")
struct DiffCommandTests {
  static let old =
    #"{"sections": [{"id": "fruits", "items": ["apple", "pear", "fig"]}, {"id": "veg", "items": ["leek"]}]}"#
  static let new =
    #"{"sections": [{"id": "veg", "items": ["pear", "leek"]}, {"id": "nuts", "items": ["pecan"]}], "reconfiguredItems": ["leek"]}"#

  func snapshot(_ json: String) throws -> JSONSnapshot {
    try JSONDecoder().decode(JSONSnapshot.self, from: Data(json.utf8))
  }

  // MARK: JSON

  @Test("prints the batch update as one line of JSON, every key present, in the spec's order")
  func json() throws {
    let run = try withFiles(["old.json": Self.old, "new.json": Self.new]) { directory in
      try runDiffable([
        "diff", directory.appendingPathComponent("old.json").path,
        directory.appendingPathComponent("new.json").path,
      ])
    }
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(run.outputLines.count == 1)
    let keys = [
      "sectionDeletes", "sectionInserts", "sectionMoves", "sectionReloads", "itemDeletes",
      "itemInserts", "itemMoves", "itemReloads", "itemReconfigures",
    ]
    var position = run.standardOutput.startIndex
    for key in keys {
      let range = try #require(
        run.standardOutput.range(of: "\"\(key)\":", range: position..<run.standardOutput.endIndex),
        "\(key) missing or out of order")
      position = range.upperBound
    }
    let printed = try JSONDecoder().decode(BatchUpdate.self, from: Data(run.standardOutput.utf8))
    let expected = BatchUpdate(from: try snapshot(Self.old), to: try snapshot(Self.new))
    #expect(printed == expected)
    try printed.validate(from: try snapshot(Self.old), to: try snapshot(Self.new))
  }

  @Test("the hand-written JSON decodes to the batch it was written from", arguments: 0..<3)
  func handWrittenJSONMatchesCodable(round: Int) throws {
    var random = SeededRandom.forTest(
      "DiffCommandTests.handWrittenJSONMatchesCodable round \(round)")
    for _ in 0..<200 {
      let old = RandomSnapshots.snapshot(using: &random)
      let new = RandomSnapshots.edited(old, using: &random)
      let batch = BatchUpdate(from: old, to: new)
      let text = BatchUpdateJSON.text(for: batch)
      #expect(try JSONDecoder().decode(BatchUpdate.self, from: Data(text.utf8)) == batch)
    }
  }

  @Test("an empty batch still lists every key")
  func emptyBatch() {
    #expect(
      BatchUpdateJSON.text(for: BatchUpdate())
        == #"{"sectionDeletes":[],"sectionInserts":[],"sectionMoves":[],"sectionReloads":[],"#
        + #""itemDeletes":[],"itemInserts":[],"itemMoves":[],"itemReloads":[],"itemReconfigures":[]}"#
    )
  }

  @Test("the spec's example prints with moves as [from, to] and paths as [section, item]")
  func specShape() {
    let batch = BatchUpdate(
      sectionDeletes: [1], sectionInserts: [0], sectionMoves: [.init(from: 2, to: 1)],
      itemDeletes: [IndexPath(item: 3, section: 0)], itemInserts: [IndexPath(item: 0, section: 1)],
      itemMoves: [.init(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 0))],
      itemReloads: [IndexPath(item: 2, section: 0)],
      itemReconfigures: [IndexPath(item: 4, section: 1)])
    #expect(
      BatchUpdateJSON.text(for: batch)
        == #"{"sectionDeletes":[1],"sectionInserts":[0],"sectionMoves":[[2,1]],"sectionReloads":[],"#
        + #""itemDeletes":[[0,3]],"itemInserts":[[1,0]],"itemMoves":[[[0,1],[0,0]]],"itemReloads":[[0,2]],"#
        + #""itemReconfigures":[[1,4]]}"#)
  }

  // MARK: Text

  @Test("--format text names every operation with its identifier")
  func text() throws {
    let old = try snapshot(
      #"{"sections": [{"id": "fruits", "items": ["apple", "pear"]}, {"id": "veg", "items": []}]}"#)
    let new = try snapshot(
      #"{"sections": [{"id": "fruits", "items": ["apple"]}, {"id": "veg", "items": ["pear"]}]}"#)
    #expect(
      DiffCommand.render(from: old, to: new, format: .text)
        == #"move item "pear" from [0, 1] to [1, 0]"#)
  }

  @Test("--format text covers sections, deletes, inserts, reloads and reconfigures")
  func textAllKinds() throws {
    let old = try snapshot(Self.old)
    let new = try snapshot(Self.new)
    let lines = DiffCommand.render(from: old, to: new, format: .text).split(separator: "\n").map(
      String.init)
    #expect(lines.contains(#"delete section "fruits" at 0"#))
    #expect(lines.contains(#"insert section "nuts" at 1"#))
    // "pear" leaves a deleted section, so it is inserted, not moved.
    #expect(lines.contains(#"insert item "pear" at [0, 0]"#))
    #expect(lines.contains(#"reconfigure item "leek" at [0, 1]"#))
    #expect(lines.count == BatchUpdate(from: old, to: new).count)

    let reloaded = try snapshot(
      #"{"sections": [{"id": "fruits", "items": ["apple", "pear", "fig"]}, {"id": "veg", "items": ["leek", "kale"]}], "reloadedItems": ["fig"], "reloadedSections": ["fruits"]}"#
    )
    let reloadLines = DiffCommand.render(from: try snapshot(Self.old), to: reloaded, format: .text)
    #expect(reloadLines.contains(#"reload section "fruits" at 0"#))
    #expect(reloadLines.contains(#"insert item "kale" at [1, 1]"#))
  }

  @Test("--format text of identical snapshots says so")
  func textNoChanges() throws {
    let run = try withFiles(["a.json": Self.old]) { directory in
      let path = directory.appendingPathComponent("a.json").path
      return try runDiffable(["diff", "--format", "text", path, path])
    }
    #expect(run.status == 0)
    #expect(run.standardOutput == "no changes\n")
  }

  @Test("quotes in identifiers are escaped in text and in errors")
  func quoting() throws {
    let old = try snapshot(#"{"sections": [{"id": "s", "items": []}]}"#)
    let new = try snapshot(#"{"sections": [{"id": "s", "items": ["say \"hi\""]}]}"#)
    #expect(
      DiffCommand.render(from: old, to: new, format: .text)
        == #"insert item "say \"hi\"" at [0, 0]"#)
  }

  @Test("- reads one of the snapshots from standard input")
  func standardInput() throws {
    let run = try withFiles(["new.json": Self.new]) { directory in
      try runDiffable(
        ["diff", "-", directory.appendingPathComponent("new.json").path], input: Self.old)
    }
    #expect(run.status == 0)
    let printed = try JSONDecoder().decode(BatchUpdate.self, from: Data(run.standardOutput.utf8))
    #expect(printed == BatchUpdate(from: try snapshot(Self.old), to: try snapshot(Self.new)))
  }

  // MARK: Errors from files

  @Test("a missing file is a clear error and a failing exit, without a trace")
  func missingFile() throws {
    let run = try withFiles(["old.json": Self.old]) { directory in
      try runDiffable([
        "diff", directory.appendingPathComponent("old.json").path, "/no/such/file.json",
      ])
    }
    #expect(run.status == 1)
    #expect(run.standardOutput == "")
    #expect(run.standardError == "Error: /no/such/file.json: does not exist\n")
  }

  @Test("a directory is not a snapshot")
  func directory() throws {
    let run = try withFiles(["old.json": Self.old]) { directory in
      try runDiffable(["diff", directory.appendingPathComponent("old.json").path, directory.path])
    }
    #expect(run.status == 1)
    #expect(run.standardError.hasSuffix(": is a directory\n"))
  }

  @Test(
    "unreadable JSON is a clear error naming the file and the problem",
    arguments: [
      ("", "not valid JSON: there is no JSON value, only blank space"),
      (
        #"{"sections": ["#,
        "not valid JSON at line 1, column 15: the text ends before the JSON value does"
      ),
      (
        "{\"sections\": [\n  {\"id\": \"a\", \"items\": [}\n]}",
        "not valid JSON at line 2, column 25: invalid value"
      ),
      ("[1, 2]", "expected an object"),
      (#"{"sections": [{"id": "a"}]}"#, #"missing key "items" at sections[0]"#),
      (#"{"sections": [{"id": 7, "items": []}]}"#, "expected a string at sections[0].id"),
      (
        #"{"section": []}"#,
        "unknown key 'section'; expected one of sections, reloadedItems, reconfiguredItems, "
          + "reloadedSections at section"
      ),
      (
        #"{"sections": [{"id": "a", "items": ["x"]}], "reloadItems": ["x"]}"#,
        "unknown key 'reloadItems'; expected one of sections, reloadedItems, "
          + "reconfiguredItems, reloadedSections at reloadItems"
      ),
      (
        #"{"sections": [{"id": "a", "items": [], "item": []}]}"#,
        "unknown key 'item'; expected one of id, items at sections[0].item"
      ),
    ])
  func unreadable(contents: String, message: String) throws {
    let run = try withFiles(["old.json": Self.old, "bad.json": contents]) { directory in
      try runDiffable([
        "diff", directory.appendingPathComponent("old.json").path,
        directory.appendingPathComponent("bad.json").path,
      ])
    }
    #expect(run.status == 1)
    #expect(run.standardOutput == "")
    #expect(run.standardError.hasPrefix("Error: "))
    #expect(
      run.standardError.contains("bad.json: not a valid snapshot: \(message)"),
      "\(run.standardError)")
    #expect(!run.standardError.contains("Fatal error"))
  }

  @Test(
    "duplicate identifiers are an error naming them",
    arguments: [
      (
        #"{"sections": [{"id": "a", "items": []}, {"id": "a", "items": []}]}"#,
        #"section identifiers are not unique: ["a"]"#
      ),
      (
        #"{"sections": [{"id": "a", "items": ["x", "y"]}, {"id": "b", "items": ["y"]}]}"#,
        #"item identifiers are not unique across the snapshot: ["y"]"#
      ),
      (
        #"{"sections": [{"id": "a", "items": ["x"]}], "reloadedItems": ["ghost"]}"#,
        #"reloadedItems names items that are not in the snapshot: ["ghost"]"#
      ),
    ])
  func duplicates(contents: String, message: String) throws {
    let run = try withFiles(["old.json": Self.old, "dup.json": contents]) { directory in
      try runDiffable([
        "diff", directory.appendingPathComponent("dup.json").path,
        directory.appendingPathComponent("old.json").path,
      ])
    }
    #expect(run.status == 1)
    #expect(run.standardError.contains(message), "\(run.standardError)")
  }

  // MARK: Errors from arguments

  @Test(
    "bad arguments are usage errors",
    arguments: [
      ["diff"],
      ["diff", "only-one.json"],
      ["diff", "a.json", "b.json", "c.json"],
      ["diff", "--jsonl", "a.json"],
      ["diff", "--jsonl", "--format", "text"],
      ["diff", "--format", "yaml", "a.json", "b.json"],
      ["diff", "-", "-"],
      ["diff", "--colour"],
      ["frobnicate"],
    ])
  func badArguments(arguments: [String]) throws {
    #expect(throws: (any Error).self) { try DiffableCommand.parseAsRoot(arguments) }
    let run = try runDiffable(arguments)
    #expect(run.status == 64, "\(arguments): \(run.standardError)")
    #expect(run.standardError.contains("Error:"))
    #expect(run.standardOutput == "")
  }

  @Test("--help describes the snapshot and batch shapes")
  func help() throws {
    let run = try runDiffable(["diff", "--help"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("--jsonl"))
    #expect(run.standardOutput.contains(#""sections""#))
  }
}
