import Diffable
import DiffableTestSupport
import Foundation
import Testing

@testable import DiffableCommand

@Suite("Terminal utilities")
struct TerminalTests {
  // MARK: Colour

  @Test(
    "colour only on a terminal, without --no-color and without NO_COLOR",
    arguments: [
      (false, nil as String?, true, true),
      (true, nil, true, false),
      (false, "1", true, false),
      (false, "", true, true),
      (false, nil, false, false),
      (true, "1", false, false),
    ])
  func colourRule(flag: Bool, environment: String?, terminal: Bool, expected: Bool) {
    #expect(
      ColorChoice.isColorEnabled(
        noColorFlag: flag, noColorEnvironment: environment, outputIsTerminal: terminal) == expected)
  }

  @Test("a styler writes escape sequences only when enabled")
  func styler() {
    #expect(TextStyler(isEnabled: true)("go", .bold, .green) == "\u{1B}[1;32mgo\u{1B}[0m")
    #expect(TextStyler(isEnabled: false)("go", .bold, .green) == "go")
    #expect(TextStyler(isEnabled: true)("go") == "go")
    #expect(visibleWidth(TextStyler(isEnabled: true)("héllo", .red)) == 5)
    #expect(plainText(TextStyler(isEnabled: true)("héllo", .red) + " x") == "héllo x")
    #expect(padded(TextStyler(isEnabled: true)("ab", .red), to: 4).hasSuffix("  "))
  }

  // MARK: Keys

  @Test("raw key bytes decode into keys")
  func keys() {
    #expect(decodeKeys(Array("ki".utf8)) == [.character("k"), .character("i")])
    #expect(decodeKeys([0x7F, 0x08]) == [.backspace, .backspace])
    #expect(decodeKeys([0x0D]) == [.enter])
    #expect(decodeKeys([0x1B]) == [.escape])
    #expect(decodeKeys([0x03, 0x04, 0x15]) == [.interrupt, .endOfInput, .eraseLine])
    #expect(decodeKeys([0x1B, 0x5B, 0x41, 0x61]) == [.up, .character("a")])  // Up, then "a"
    #expect(decodeKeys([0x1B, 0x5B, 0x42]) == [.down])
    #expect(decodeKeys([0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44]) == [.right, .left])
    #expect(decodeKeys([0x1B, 0x4F, 0x44]) == [.left])  // SS3 form
    #expect(decodeKeys([0x1B, 0x5B, 0x48]) == [.other])  // Home
    #expect(decodeKeys([0x1B, 0x5B, 0x33, 0x7E]) == [.other])  // Delete: ESC [ 3 ~
    #expect(decodeKeys(Array("é".utf8)) == [.character("é")])
    #expect(decodeKeys([0xC3]) == [.other])  // a truncated UTF-8 sequence
  }

  // MARK: Change lists

  typealias Snapshot = DiffableDataSourceSnapshot<String, String>

  func entries(_ old: Snapshot, _ new: Snapshot) throws -> [ChangeList<String, String>.Entry] {
    let batch = BatchUpdate(from: old, to: new)
    try batch.validate(from: old, to: new)
    return ChangeList(from: old, to: new, batch: batch).entries
  }

  @Test("deleted items appear where they were, inserted and moved ones where they are")
  func itemsInOneSection() throws {
    let old = Snapshot.make([("s", ["a", "b", "c", "d"])])
    let new = Snapshot.make([("s", ["d", "a", "e", "c"])])
    #expect(
      try entries(old, new) == [
        .section("s", .unchanged),
        .item("d", .moved(from: IndexPath(item: 3, section: 0))),
        .item("a", .unchanged),
        .item("e", .inserted),
        .item("b", .deleted),
        .item("c", .unchanged),
      ])
  }

  @Test("sections: deleted ones with their items, inserted ones with fresh items, reloads marked")
  func sections() throws {
    let old = Snapshot.make([("gone", ["x"]), ("kept", ["a", "b"]), ("re", ["r"])])
    let new = Snapshot.make(
      [("kept", ["a", "b"]), ("new", ["n"]), ("re", ["r"])], reloaded: ["b"],
      reloadedSections: ["re"])
    #expect(
      try entries(old, new) == [
        .section("gone", .deleted), .item("x", .deleted),
        .section("kept", .unchanged), .item("a", .unchanged), .item("b", .reloaded),
        .section("new", .inserted), .item("n", .inserted),
        .section("re", .reloaded), .item("r", .reloaded),
      ])
  }

  @Test("a change list shows every item of the new snapshot once, in order, whatever the change")
  func randomChangeLists() throws {
    var random = SeededRandom.forTest("TerminalTests.randomChangeLists")
    for _ in 0..<300 {
      let oldInts = RandomSnapshots.snapshot(using: &random)
      let newInts = RandomSnapshots.edited(oldInts, using: &random)
      let old = oldInts.mapToStrings()
      let new = newInts.mapToStrings()
      let batch = BatchUpdate(from: old, to: new)
      let list = ChangeList(from: old, to: new, batch: batch)
      var shownItems: [String] = []
      var deletedItems: Set<String> = []
      var shownSections: [String] = []
      for entry in list.entries {
        switch entry {
        case .item(let item, .deleted): deletedItems.insert(item)
        case .item(let item, _): shownItems.append(item)
        case .section(let section, let change) where change != .deleted:
          shownSections.append(section)
        case .section: break
        }
      }
      #expect(shownItems == new.itemIdentifiers)
      #expect(shownSections == new.sectionIdentifiers)
      // Every old item that is gone is shown deleted.
      for item in old.itemIdentifiers where new.indexOfItem(item) == nil {
        #expect(deletedItems.contains(item), "\(old) -> \(new)\n\(batch)")
      }
    }
  }

  @Test("the renderer marks rows and shortens long runs of deletions")
  func renderer() throws {
    let old = Snapshot.make([("s", ["a", "b", "c", "d", "e", "f", "g"])])
    let new = Snapshot.make([("s", ["g", "z"])])
    var renderer = ChangeListRenderer<String, String>(styler: .plain)
    renderer.showsSections = false
    renderer.movesNameSections = false
    renderer.deletedRunLimit = 3
    let lines = renderer.lines(
      for: ChangeList(from: old, to: new, batch: BatchUpdate(from: old, to: new)))
    #expect(lines == ["-  a", "-  b", "-  c", "-  … 3 more deleted", "   g", "+  z"])

    renderer.deletedRunLimit = nil
    renderer.showsSections = true
    renderer.movesNameSections = true
    let moved = renderer.lines(
      for: ChangeList(
        from: Snapshot.make([("s", ["a", "b"])]), to: Snapshot.make([("s", ["b", "a"])]),
        batch: BatchUpdate(
          from: Snapshot.make([("s", ["a", "b"])]), to: Snapshot.make([("s", ["b", "a"])]))))
    #expect(moved.first == "  s")
    #expect(
      moved.contains {
        $0.hasPrefix(">    ") && $0.hasSuffix("(moved from [0, 0])")
          || $0.hasSuffix("(moved from [0, 1])")
      })
  }
}
