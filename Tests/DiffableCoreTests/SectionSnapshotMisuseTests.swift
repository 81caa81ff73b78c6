import DiffableCore
import DiffableTestSupport
import Testing

// Every programmer error of the section snapshot stops the process, with a
// message that names the operation and the identifiers involved. Exit tests
// run each body in a child process, so each builds its own outline.

@Suite("Section snapshot: misuse stops the program")
struct SectionSnapshotMisuseTests {
  // MARK: append(_:to:)

  @Test("appending to an absent parent")
  func appendToAbsentParent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a"])
      outline.append(["b"], to: "missing")
    }
    expectMessage(result, #"append(_:to:): parent "missing" is not in the section snapshot"#)
  }

  @Test("appending identifiers that repeat within the argument")
  func appendRepeats() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a", "b", "a", "c", "b"])
    }
    expectMessage(result, #"append(_:to:): item identifiers are not unique: ["a", "b"]"#)
  }

  @Test("appending identifiers that are already present")
  func appendExisting() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a", "b"])
      outline.append(["c", "x"], to: "a")
      outline.append(["d", "x", "b"], to: "a")
    }
    expectMessage(
      result, #"append(_:to:): item identifiers are already in the section snapshot: ["x", "b"]"#)
  }

  @Test("appending an item to itself")
  func appendToItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a"])
      outline.append(["b", "a"], to: "a")
    }
    expectMessage(
      result, #"append(_:to:): cannot place items relative to "a", which is among them"#)
  }

  // MARK: insert(_:before:) and insert(_:after:)

  @Test("inserting before an absent item")
  func insertBeforeAbsent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a"])
      outline.insert(["b"], before: "missing")
    }
    expectMessage(result, #"insert(_:before:): item "missing" is not in the section snapshot"#)
  }

  @Test("inserting after an absent item")
  func insertAfterAbsent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.insert(["b"], after: "missing")
    }
    expectMessage(result, #"insert(_:after:): item "missing" is not in the section snapshot"#)
  }

  @Test("inserting items relative to one of them")
  func insertRelativeToItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a", "b"])
      outline.insert(["c", "b"], before: "b")
    }
    expectMessage(
      result, #"insert(_:before:): cannot place items relative to "b", which is among them"#)
  }

  @Test("inserting identifiers that repeat")
  func insertRepeats() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a"])
      outline.insert(["c", "c"], after: "a")
    }
    expectMessage(result, #"insert(_:after:): item identifiers are not unique: ["c"]"#)
  }

  @Test("inserting identifiers that are present elsewhere in the tree")
  func insertExisting() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a", "b"])
      outline.append(["child"], to: "b")
      outline.insert(["new", "child"], after: "a")
    }
    expectMessage(
      result, #"insert(_:after:): item identifiers are already in the section snapshot: ["child"]"#)
  }

  // MARK: insert(_ snapshot:before:) and insert(_ snapshot:after:)

  @Test("inserting a snapshot before an absent item")
  func insertSnapshotBeforeAbsent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var other = DiffableDataSourceSectionSnapshot<String>()
      other.append(["x"])
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a"])
      outline.insert(other, before: "missing")
    }
    expectMessage(result, #"insert(_:before:): item "missing" is not in the section snapshot"#)
  }

  @Test("inserting a snapshot whose items are already present")
  func insertSnapshotExisting() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var other = DiffableDataSourceSectionSnapshot<String>()
      other.append(["x", "y"])
      other.append(["a"], to: "y")
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a", "b"])
      outline.insert(other, after: "b")
    }
    expectMessage(
      result, #"insert(_:after:): item identifiers are already in the section snapshot: ["a"]"#)
  }

  @Test("inserting a snapshot relative to an item it contains")
  func insertSnapshotContainingDestination() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var other = DiffableDataSourceSectionSnapshot<String>()
      other.append(["x"])
      other.append(["b"], to: "x")
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a", "b"])
      outline.insert(other, before: "b")
    }
    expectMessage(
      result, #"insert(_:before:): cannot place items relative to "b", which is among them"#)
  }

  // MARK: replace(childrenOf:using:)

  @Test("replacing the children of an absent item")
  func replaceAbsentParent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.replace(childrenOf: "missing", using: DiffableDataSourceSectionSnapshot())
    }
    expectMessage(
      result, #"replace(childrenOf:using:): parent "missing" is not in the section snapshot"#)
  }

  @Test("replacing the children of an item with a snapshot that contains the item")
  func replaceWithParentInside() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var other = DiffableDataSourceSectionSnapshot<String>()
      other.append(["x"])
      other.append(["a"], to: "x")
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a"])
      outline.replace(childrenOf: "a", using: other)
    }
    expectMessage(
      result,
      #"replace(childrenOf:using:): cannot replace the children of "a" with a snapshot that contains it"#
    )
  }

  @Test("replacing children with items that are present outside the replaced subtree")
  func replaceWithItemsElsewhere() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["root", "sibling"])
      outline.append(["a"], to: "root")
      outline.append(["child"], to: "a")
      var other = DiffableDataSourceSectionSnapshot<String>()
      other.append(["child", "root"])  // "child" is below "a": allowed; "root" is above it
      outline.replace(childrenOf: "a", using: other)
    }
    expectMessage(
      result,
      #"replace(childrenOf:using:): item identifiers are already in the section snapshot outside the children of "a": ["root"]"#
    )
  }

  // MARK: expansion and queries

  @Test("expanding an absent item")
  func expandAbsent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.append(["a"])
      outline.expand(["a", "missing"])
    }
    expectMessage(
      result, #"expand(_:): item identifiers are not in the section snapshot: ["missing"]"#)
  }

  @Test("collapsing an absent item")
  func collapseAbsent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<String>()
      outline.collapse(["missing"])
    }
    expectMessage(
      result, #"collapse(_:): item identifiers are not in the section snapshot: ["missing"]"#)
  }

  @Test("asking the level of an absent item")
  func levelOfAbsent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let outline = DiffableDataSourceSectionSnapshot<String>()
      _ = outline.level(of: "missing")
    }
    expectMessage(result, #"level(of:): item "missing" is not in the section snapshot"#)
  }

  @Test("extracting the subtree of an absent item")
  func snapshotOfAbsent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let outline = DiffableDataSourceSectionSnapshot<String>()
      _ = outline.snapshot(of: "missing", includingParent: true)
    }
    expectMessage(
      result, #"snapshot(of:includingParent:): parent "missing" is not in the section snapshot"#)
  }

  @Test("long lists of offending identifiers are cut short")
  func longLists() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var outline = DiffableDataSourceSectionSnapshot<Int>()
      outline.append(Array(0..<100))
      outline.append(Array(50..<150))
    }
    expectMessage(
      result,
      "append(_:to:): item identifiers are already in the section snapshot: "
        + "[50, 51, 52, 53, 54, 55, 56, 57, … (42 more)]")
  }
}
