import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import Foundation
import Testing

/// An outline as nested nodes, each knowing its parent and children, with
/// every query written recursively: slow, and plainly right.
struct TreeModel {
  struct Node {
    var parent: String?
    var children: [String] = []
    var isExpanded = false
  }

  var roots: [String] = []
  var nodes: [String: Node] = [:]

  var items: [String] { preorder(roots, expandedOnly: false) }
  var visibleItems: [String] { preorder(roots, expandedOnly: true) }

  func preorder(_ list: [String], expandedOnly: Bool) -> [String] {
    list.flatMap { item -> [String] in
      let node = nodes[item]!
      let below =
        expandedOnly && !node.isExpanded ? [] : preorder(node.children, expandedOnly: expandedOnly)
      return [item] + below
    }
  }

  /// The drawing `visualDescription()` makes of the same outline.
  var visualDescription: String {
    func draw(_ list: [String], level: Int, visible: Bool) -> String {
      list.map { item in
        let node = nodes[item]!
        let mark = node.isExpanded ? "+" : node.children.isEmpty ? " " : "-"
        return String(repeating: "  ", count: level) + (visible ? "*" : " ") + mark + " " + item
          + "\n" + draw(node.children, level: level + 1, visible: visible && node.isExpanded)
      }.joined()
    }
    return draw(roots, level: 0, visible: true)
  }

  /// Appends `items` under `parent` (root items for `nil`).
  mutating func append(_ items: [String], to parent: String?) {
    for item in items { nodes[item] = Node(parent: parent) }
    if let parent { nodes[parent]!.children += items } else { roots += items }
  }

  /// Replaces the descendants of `parent` with `outline`'s items.
  mutating func replaceChildren(of parent: String, with outline: Outline) {
    for item in preorder(nodes[parent]!.children, expandedOnly: false) { nodes[item] = nil }
    nodes[parent]!.children = []
    for item in outline.items {
      append([item], to: outline.parent(of: item) ?? parent)
      nodes[item]!.isExpanded = outline.isExpanded(item)
    }
  }

  /// Removes a shown item as a full apply without it does: an expanded item
  /// leaves its children in its place; a collapsed one takes its hidden
  /// descendants with it.
  mutating func removeShown(_ item: String) {
    let node = nodes[item]!
    let lifted = node.isExpanded ? node.children : []
    if !node.isExpanded {
      for gone in preorder(node.children, expandedOnly: false) { nodes[gone] = nil }
    }
    for child in lifted { nodes[child]!.parent = node.parent }
    func splice(_ list: inout [String]) {
      let index = list.firstIndex(of: item)!
      list.replaceSubrange(index...index, with: lifted)
    }
    if let parent = node.parent { splice(&nodes[parent]!.children) } else { splice(&roots) }
    nodes[item] = nil
  }

  /// The section snapshot of the same outline.
  var outline: Outline {
    var result = Outline()
    for item in items {
      result.append([item], to: nodes[item]!.parent)
      if nodes[item]!.isExpanded { result.expand([item]) }
    }
    return result
  }
}

@MainActor
@Suite("Outline sections: random user actions against a tree model")
struct OutlinePropertyTests {
  /// A random forest of `count` new items, some expanded.
  static func randomTree(
    count: Int, next: inout Int, using random: inout SeededRandom
  ) -> TreeModel {
    var model = TreeModel()
    var placed: [String] = []
    for _ in 0..<count {
      let item = "n\(next)"
      next += 1
      let parent =
        placed.isEmpty || Int.random(in: 0..<4, using: &random) == 0
        ? nil : placed.randomElement(using: &random)
      model.append([item], to: parent)
      model.nodes[item]!.isExpanded = Bool.random(using: &random)
      placed.append(item)
    }
    return model
  }

  @Test("expand, collapse and toggle through the handlers, with deletions and applies between")
  func randomActions() async throws {
    var random = SeededRandom.forTest("OutlinePropertyTests.randomActions")
    let seed = random.seed
    let list = TestList<String, String>()
    await list.apply(.make([("t", ["x", "y"])]))
    var next = 0
    var model = Self.randomTree(count: 30, next: &next, using: &random)
    await list.dataSource.apply(model.outline, to: "s")

    // Children that `snapshotForExpandingParent` loads for some items the
    // first time they expand without children; some items refuse.
    var lazy: [String: Outline] = [:]
    for index in 0..<30 where Int.random(in: 0..<3, using: &random) == 0 {
      lazy["n\(index)"] =
        Self.randomTree(
          count: Int.random(in: 1...4, using: &random), next: &next, using: &random
        ).outline
    }
    let refusing = Set(
      (0..<next).filter { _ in Int.random(in: 0..<8, using: &random) == 0 }
        .map { "n\($0)" })
    let loads = lazy
    let log = HandlerLog(list.dataSource, refusing: refusing) { loads[$0] ?? Outline() }

    for step in 0..<300 {
      let context = "seed \(seed) step \(step)"
      log.calls = []
      let roll = Int.random(in: 0..<20, using: &random)
      let all = model.items
      if roll < 15, let item = all.randomElement(using: &random) {
        // A user action.
        let isExpanded = model.nodes[item]!.isExpanded
        let kind = Int.random(in: 0..<3, using: &random)
        let expands = kind == 0 ? true : kind == 1 ? false : !isExpanded
        var expectedCalls: [String] = []
        var changes = false
        if expands != isExpanded {
          expectedCalls.append("\(expands ? "shouldExpand" : "shouldCollapse") \(item)")
          if !refusing.contains(item) {
            changes = true
            expectedCalls.append("\(expands ? "willExpand" : "willCollapse") \(item)")
            if expands {
              let children = model.outline.snapshot(of: item)
              expectedCalls.append("load \(item) \(children.items)")
              if children.items.isEmpty, let loaded = lazy[item] {
                model.replaceChildren(of: item, with: loaded)
              }
            }
            model.nodes[item]!.isExpanded = expands
          }
        }
        let accepted: Bool
        switch kind {
        case 0: accepted = await list.dataSource.expandItem(item)
        case 1: accepted = await list.dataSource.collapseItem(item)
        default: accepted = await list.dataSource.toggleExpansion(of: item)
        }
        #expect(accepted == changes, "\(context): \(item)")
        #expect(log.calls == expectedCalls, "\(context)")
      } else if roll < 18, let item = model.visibleItems.randomElement(using: &random) {
        // A full apply without one of the section's items.
        var snapshot = list.dataSource.snapshot()
        snapshot.deleteItems([item])
        model.removeShown(item)
        await list.apply(snapshot)
      } else if roll < 19 {
        // A full apply that changes another section only.
        var snapshot = list.dataSource.snapshot()
        snapshot.appendItems(["t\(step)"], toSection: "t")
        await list.apply(snapshot)
      } else {
        // A section snapshot with some expansions changed.
        for item in all where Int.random(in: 0..<5, using: &random) == 0 {
          model.nodes[item]!.isExpanded.toggle()
        }
        await list.dataSource.apply(model.outline, to: "s")
      }

      let kept = list.dataSource.snapshot(for: "s")
      #expect(kept.visualDescription() == model.visualDescription, "\(context)")
      #expect(list.shownItems[1] == model.visibleItems, "\(context)")
      #expect(list.dataSource.snapshot().itemIdentifiers(inSection: "s") == model.visibleItems)
      if kept.visualDescription() != model.visualDescription { return }
      if model.items.count < 5 {
        // Grow the tree again when deletions have worn it down.
        let more = Self.randomTree(count: 10, next: &next, using: &random)
        for item in more.items {
          model.append([item], to: more.nodes[item]!.parent)
          model.nodes[item]!.isExpanded = more.nodes[item]!.isExpanded
        }
        await list.dataSource.apply(model.outline, to: "s")
      }
    }
    withExtendedLifetime(log) {}
  }
}
