import DemoScreens
import Diffable
import Foundation
import TerminalRenderer
import Testing

@testable import DemoCommand

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
    let seed =
      ProcessInfo.processInfo.environment["DIFFABLE_SEED"].flatMap(UInt64.init)
      ?? UInt64.random(in: 1...UInt64.max)
    print("TerminalTests.randomChangeLists seed: \(seed)")
    var random = DemoRandom(seed: seed)
    for _ in 0..<300 {
      let old = Snapshot.random(using: &random)
      let new = old.randomlyEdited(using: &random)
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

// A few lines of test data, kept here: the root package's test kit is not a
// product, so this package cannot import it.
extension DiffableDataSourceSnapshot<String, String> {
  /// A snapshot written as a literal: `.make([("fruits", ["apple"])])`.
  static func make(
    _ sections: [(String, [String])], reloaded: [String] = [], reloadedSections: [String] = []
  ) -> Self {
    var snapshot = Self()
    snapshot.appendSections(sections.map(\.0))
    for (section, items) in sections { snapshot.appendItems(items, toSection: section) }
    snapshot.reloadItems(reloaded)
    snapshot.reloadSections(reloadedSections)
    return snapshot
  }

  /// Up to four sections of up to six items, named `s0`… and `i0`….
  static func random(using random: inout DemoRandom) -> Self {
    var snapshot = Self()
    var next = 0
    for section in 0..<Int.random(in: 0...4, using: &random) {
      snapshot.appendSections(["s\(section)"])
      let count = Int.random(in: 0...6, using: &random)
      snapshot.appendItems((next..<next + count).map { "i\($0)" }, toSection: "s\(section)")
      next += count
    }
    return snapshot
  }

  /// The snapshot with sections and items deleted, inserted, moved and
  /// marked for reloading at random.
  func randomlyEdited(using random: inout DemoRandom) -> Self {
    var edited = self
    for item in itemIdentifiers where Int.random(in: 0..<4, using: &random) == 0 {
      edited.deleteItems([item])
    }
    for section in sectionIdentifiers where Int.random(in: 0..<6, using: &random) == 0 {
      edited.deleteSections([section])
    }
    if Int.random(in: 0..<2, using: &random) == 0 { edited.appendSections(["new"]) }
    for number in 0..<Int.random(in: 0...3, using: &random) {
      guard let section = edited.sectionIdentifiers.randomElement(using: &random) else { break }
      edited.appendItems(["n\(number)"], toSection: section)
    }
    let items = edited.itemIdentifiers
    if items.count >= 2, let a = items.randomElement(using: &random),
      let b = items.randomElement(using: &random), a != b
    {
      edited.moveItem(a, beforeItem: b)
    }
    let sections = edited.sectionIdentifiers
    if sections.count >= 2 {
      edited.moveSection(sections[sections.count - 1], beforeSection: sections[0])
    }
    if let item = edited.itemIdentifiers.randomElement(using: &random), indexOfItem(item) != nil {
      edited.reloadItems([item])
    }
    return edited
  }
}
