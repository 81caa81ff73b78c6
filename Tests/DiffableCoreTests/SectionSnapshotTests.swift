import DiffableCore
import Testing

/// The grocery outline used by most examples:
///
///     Fruit
///       Apple
///         Cox
///         Gala
///       Pear
///     Vegetables
///       Leek
///     Nuts
private func groceries() -> DiffableDataSourceSectionSnapshot<String> {
  var outline = DiffableDataSourceSectionSnapshot<String>()
  outline.append(["Fruit", "Vegetables", "Nuts"])
  outline.append(["Apple", "Pear"], to: "Fruit")
  outline.append(["Cox", "Gala"], to: "Apple")
  outline.append(["Leek"], to: "Vegetables")
  return outline
}

/// The section snapshot, one suite per part of its API.
@Suite("Section snapshot")
struct SectionSnapshotTests {}

extension SectionSnapshotTests {
  @Suite("Section snapshot: building")
  struct Building {
    @Test("an empty section snapshot has no items of any kind")
    func empty() {
      let outline = DiffableDataSourceSectionSnapshot<String>()
      #expect(outline.items.isEmpty)
      #expect(outline.rootItems.isEmpty)
      #expect(outline.visibleItems.isEmpty)
      #expect(!outline.contains("a"))
      #expect(outline.index(of: "a") == nil)
      #expect(outline.parent(of: "a") == nil)
      #expect(!outline.isExpanded("a"))
      #expect(!outline.isVisible("a"))
      #expect(outline.visualDescription() == "")
      #expect(outline.description == "[]")
      #expect(outline == DiffableDataSourceSectionSnapshot())
    }

    @Test("append with no parent adds root items; with a parent, its last children")
    func append() {
      let outline = groceries()
      #expect(
        outline.items == ["Fruit", "Apple", "Cox", "Gala", "Pear", "Vegetables", "Leek", "Nuts"])
      #expect(outline.rootItems == ["Fruit", "Vegetables", "Nuts"])
      #expect(outline.visibleItems == ["Fruit", "Vegetables", "Nuts"])
      var more = outline
      more.append(["Quince"], to: "Fruit")
      #expect(more.snapshot(of: "Fruit").rootItems == ["Apple", "Pear", "Quince"])
      more.append(["Grains"])
      #expect(more.rootItems == ["Fruit", "Vegetables", "Nuts", "Grains"])
      more.append([])
      more.append([], to: "Leek")
      #expect(more.items.count == 10)
      more._checkInvariants()
    }

    @Test("insert before places items at the destination's level, just before it")
    func insertBefore() {
      var outline = groceries()
      outline.insert(["Fig", "Date"], before: "Pear")
      #expect(outline.snapshot(of: "Fruit").rootItems == ["Apple", "Fig", "Date", "Pear"])
      #expect(outline.level(of: "Fig") == 1)
      #expect(outline.parent(of: "Date") == "Fruit")
      outline.insert(["Bread"], before: "Fruit")
      #expect(outline.rootItems == ["Bread", "Fruit", "Vegetables", "Nuts"])
      #expect(outline.index(of: "Bread") == 0)
    }

    @Test("insert after places items after the destination's whole subtree, at its level")
    func insertAfter() {
      var outline = groceries()
      outline.insert(["Berries"], after: "Apple")
      #expect(
        outline.items == [
          "Fruit", "Apple", "Cox", "Gala", "Berries", "Pear", "Vegetables", "Leek", "Nuts",
        ])
      #expect(outline.level(of: "Berries") == 1)
      outline.insert(["Spices"], after: "Nuts")
      #expect(outline.rootItems.last == "Spices")
      outline.insert(["Fuji"], after: "Gala")
      #expect(outline.snapshot(of: "Apple").items == ["Cox", "Gala", "Fuji"])
    }

    @Test("insert a snapshot before or after an item brings its subtrees and expansion")
    func insertSnapshot() {
      var nuts = DiffableDataSourceSectionSnapshot<String>()
      nuts.append(["Seeds", "Pulses"])
      nuts.append(["Sesame"], to: "Seeds")
      nuts.expand(["Seeds"])

      var before = groceries()
      before.insert(nuts, before: "Pear")
      #expect(
        before.snapshot(of: "Fruit").items == [
          "Apple", "Cox", "Gala", "Seeds", "Sesame", "Pulses", "Pear",
        ])
      #expect(before.level(of: "Sesame") == 2)
      #expect(before.parent(of: "Seeds") == "Fruit")
      #expect(before.isExpanded("Seeds"))

      var after = groceries()
      after.insert(nuts, after: "Apple")
      #expect(
        after.snapshot(of: "Fruit").items == [
          "Apple", "Cox", "Gala", "Seeds", "Sesame", "Pulses", "Pear",
        ])
      after.expand(["Fruit"])
      #expect(
        after.visibleItems == [
          "Fruit", "Apple", "Seeds", "Sesame", "Pulses", "Pear", "Vegetables", "Nuts",
        ])

      var empty = groceries()
      empty.insert(DiffableDataSourceSectionSnapshot(), after: "Leek")
      #expect(empty == groceries())
    }

    @Test("replace children swaps the whole subtree below an item, keeping its expansion")
    func replaceChildren() {
      var outline = groceries()
      outline.expand(["Fruit", "Apple"])
      var fruit = DiffableDataSourceSectionSnapshot<String>()
      fruit.append(["Plum", "Apple"])
      fruit.append(["Bramley"], to: "Apple")
      outline.replace(childrenOf: "Fruit", using: fruit)
      #expect(outline.items == ["Fruit", "Plum", "Apple", "Bramley", "Vegetables", "Leek", "Nuts"])
      #expect(outline.isExpanded("Fruit"))
      #expect(!outline.isExpanded("Apple"), "Apple comes from the new snapshot, collapsed")
      #expect(!outline.contains("Cox"))
      #expect(outline.level(of: "Bramley") == 2)

      outline.replace(childrenOf: "Fruit", using: outline.snapshot(of: "Apple"))
      #expect(outline.items == ["Fruit", "Bramley", "Vegetables", "Leek", "Nuts"])
      #expect(outline.level(of: "Bramley") == 1)
      outline.replace(childrenOf: "Fruit", using: DiffableDataSourceSectionSnapshot())
      #expect(outline.items == ["Fruit", "Vegetables", "Leek", "Nuts"])
    }
  }
}

extension SectionSnapshotTests {
  @Suite("Section snapshot: removing")
  struct Removing {
    @Test("delete removes descendants and ignores absent, repeated and already-removed items")
    func delete() {
      var outline = groceries()
      outline.delete(["Cox", "Apple", "Missing", "Cox", "Leek"])
      #expect(outline.items == ["Fruit", "Pear", "Vegetables", "Nuts"])
      outline.delete(["Vegetables", "Fruit"])
      #expect(outline.items == ["Nuts"])
      outline.delete([])
      #expect(outline.items == ["Nuts"])
    }

    @Test("regression: deleting an item, then its ancestor, in one call frees each slot once")
    func deleteDescendantThenAncestor() {
      var outline = groceries()
      outline.delete(["Cox", "Fruit"])
      outline._checkInvariants()
      // Reusing the freed slots must not hand one slot to two items.
      outline.append(["A", "B", "C", "D", "E", "F"], to: "Nuts")
      outline._checkInvariants()
      #expect(outline.items == ["Vegetables", "Leek", "Nuts", "A", "B", "C", "D", "E", "F"])
    }

    @Test("deleted identifiers can be inserted again, anywhere")
    func deleteAndReinsert() {
      var outline = groceries()
      outline.delete(["Apple"])
      outline.append(["Apple", "Cox"], to: "Leek")
      #expect(outline.parent(of: "Cox") == "Leek")
      #expect(outline.level(of: "Apple") == 2)
      #expect(!outline.isExpanded("Apple"))
    }

    @Test("deleteAll leaves an empty section snapshot")
    func deleteAll() {
      var outline = groceries()
      outline.deleteAll()
      #expect(outline == DiffableDataSourceSectionSnapshot())
      #expect(outline.items.isEmpty)
      outline.append(["Fruit"])
      #expect(outline.items == ["Fruit"])
    }
  }
}

extension SectionSnapshotTests {
  @Suite("Section snapshot: expansion")
  struct Expansion {
    @Test("visible items are those whose ancestors are all expanded")
    func visibility() {
      var outline = groceries()
      outline.expand(["Apple"])
      #expect(outline.visibleItems == ["Fruit", "Vegetables", "Nuts"])
      #expect(!outline.isVisible("Cox"), "Apple is expanded but Fruit is not")
      outline.expand(["Fruit"])
      #expect(
        outline.visibleItems == ["Fruit", "Apple", "Cox", "Gala", "Pear", "Vegetables", "Nuts"])
      #expect(outline.isVisible("Cox"))
      outline.collapse(["Fruit"])
      #expect(outline.visibleItems == ["Fruit", "Vegetables", "Nuts"])
      #expect(outline.isExpanded("Apple"), "collapsing keeps the descendants' expansion")
      outline.expand(["Fruit"])
      #expect(outline.isVisible("Gala"))
    }

    @Test("expansion persists on an item without children, and shows children added later")
    func expansionWithoutChildren() {
      var outline = groceries()
      outline.expand(["Nuts", "Nuts"])
      #expect(outline.isExpanded("Nuts"))
      outline.append(["Almond"], to: "Nuts")
      #expect(outline.isVisible("Almond"))
      outline.delete(["Almond"])
      #expect(outline.isExpanded("Nuts"))
      outline.collapse(["Nuts", "Leek"])
      #expect(!outline.isExpanded("Nuts"))
      #expect(!outline.isExpanded("Leek"))
    }

    @Test("root items are always visible, absent items never are")
    func rootsAndAbsentees() {
      let outline = groceries()
      #expect(outline.rootItems.allSatisfy(outline.isVisible))
      #expect(!outline.isVisible("Missing"))
      #expect(!outline.isExpanded("Missing"))
    }
  }
}

extension SectionSnapshotTests {
  @Suite("Section snapshot: queries")
  struct Queries {
    @Test("index(of:) counts hidden items in depth-first pre-order")
    func index() {
      let outline = groceries()
      for (position, item) in outline.items.enumerated() {
        #expect(outline.index(of: item) == position)
      }
      #expect(outline.index(of: "Missing") == nil)
    }

    @Test("level(of:) and parent(of:) follow the tree")
    func levelsAndParents() {
      let outline = groceries()
      #expect(outline.level(of: "Fruit") == 0)
      #expect(outline.level(of: "Pear") == 1)
      #expect(outline.level(of: "Gala") == 2)
      #expect(outline.parent(of: "Fruit") == nil)
      #expect(outline.parent(of: "Gala") == "Apple")
      #expect(outline.parent(of: "Leek") == "Vegetables")
      #expect(outline.parent(of: "Missing") == nil)
      #expect(outline.contains("Gala"))
      #expect(!outline.contains("Missing"))
    }

    @Test("snapshot(of:) restarts levels at 0 and copies expansion state")
    func subtree() {
      var outline = groceries()
      outline.expand(["Apple"])
      let fruit = outline.snapshot(of: "Fruit")
      #expect(fruit.items == ["Apple", "Cox", "Gala", "Pear"])
      #expect(fruit.rootItems == ["Apple", "Pear"])
      #expect(fruit.level(of: "Cox") == 1)
      #expect(fruit.isExpanded("Apple"))
      #expect(fruit.visibleItems == ["Apple", "Cox", "Gala", "Pear"])

      let withParent = outline.snapshot(of: "Fruit", includingParent: true)
      #expect(withParent.rootItems == ["Fruit"])
      #expect(withParent.level(of: "Cox") == 2)
      #expect(withParent.visibleItems == ["Fruit"])

      #expect(outline.snapshot(of: "Nuts").items.isEmpty)
      #expect(outline.snapshot(of: "Nuts", includingParent: true).items == ["Nuts"])
    }

    @Test("equality compares trees and expansion, not the history that built them")
    func equality() {
      var built = DiffableDataSourceSectionSnapshot<String>()
      built.append(["Nuts"])
      built.insert(["Vegetables"], before: "Nuts")
      built.insert(["Fruit"], before: "Vegetables")
      built.append(["Leek"], to: "Vegetables")
      built.append(["Pear"], to: "Fruit")
      built.insert(["Apple"], before: "Pear")
      built.append(["Gala", "Cox"], to: "Apple")
      built.delete(["Gala"])
      built.append(["Gala"], to: "Apple")
      #expect(built == groceries())
      var expanded = built
      expanded.expand(["Nuts"])
      #expect(expanded != built)
      var reordered = DiffableDataSourceSectionSnapshot<String>()
      reordered.append(["Vegetables", "Fruit", "Nuts"])
      #expect(reordered != groceries())
      var flat = DiffableDataSourceSectionSnapshot<String>()
      flat.append(["Fruit", "Apple", "Cox", "Gala", "Pear", "Vegetables", "Leek", "Nuts"])
      #expect(flat != groceries())
      #expect(flat.items == groceries().items)
    }

    @Test("copies are independent values")
    func valueSemantics() {
      let original = groceries()
      var copy = original
      copy.expand(["Fruit"])
      copy.delete(["Leek"])
      copy.append(["Walnut"], to: "Nuts")
      #expect(original == groceries())
      #expect(!original.isExpanded("Fruit"))
      #expect(original.contains("Leek"))
      #expect(!original.contains("Walnut"))
    }

    @Test("description shows the tree with brackets")
    func description() {
      var outline = groceries()
      outline.expand(["Apple"])
      #expect(
        outline.description
          == #"["Fruit": ["Apple" (expanded): ["Cox", "Gala"], "Pear"], "Vegetables": ["Leek"], "Nuts"]"#
      )
    }
  }
}

extension SectionSnapshotTests {
  @Suite("Section snapshot: visual description")
  struct VisualDescription {
    @Test("collapsed outline: only roots are visible, parents are marked collapsed")
    func collapsed() {
      let expected = [
        "*- Fruit",
        "   - Apple",
        "       Cox",
        "       Gala",
        "     Pear",
        "*- Vegetables",
        "     Leek",
        "*  Nuts",
      ]
      #expect(groceries().visualDescription() == expected.joined(separator: "\n") + "\n")
    }

    @Test("expanded items are marked +, visible items *, at two spaces per level")
    func expanded() {
      var outline = groceries()
      outline.expand(["Fruit", "Nuts"])
      let expected = [
        "*+ Fruit",
        "  *- Apple",
        "       Cox",
        "       Gala",
        "  *  Pear",
        "*- Vegetables",
        "     Leek",
        "*+ Nuts",
      ]
      #expect(outline.visualDescription() == expected.joined(separator: "\n") + "\n")
    }

    @Test("an expanded item below a collapsed one is marked expanded but not visible")
    func hiddenExpanded() {
      var outline = groceries()
      outline.expand(["Apple"])
      let lines = outline.visualDescription().split(separator: "\n")
      #expect(lines[1] == "   + Apple")
      #expect(lines[2] == "       Cox")
    }
  }
}
