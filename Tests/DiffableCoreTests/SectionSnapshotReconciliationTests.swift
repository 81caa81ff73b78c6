import DiffableCore
import Testing

/// `_reconciled(toVisibleItems:in:)`, the pure-value rebuild of an outline
/// along a new flat list of its visible items, rule by rule.
@Suite("Reconciling an outline with new visible items")
struct SectionSnapshotReconciliationTests {
  /// A snapshot with one section, "s", holding `items`, and a section "t"
  /// holding `elsewhere`.
  static func snapshot(
    _ items: [String], elsewhere: [String] = []
  ) -> DiffableDataSourceSnapshot<String, String> {
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["s", "t"])
    snapshot.appendItems(items, toSection: "s")
    snapshot.appendItems(elsewhere, toSection: "t")
    return snapshot
  }

  /// The outline rebuilt along `items`, which must be its visible items.
  static func reconcile(
    _ outline: DiffableDataSourceSectionSnapshot<String>, to items: [String],
    elsewhere: [String] = []
  ) -> DiffableDataSourceSectionSnapshot<String> {
    let result = outline._reconciled(
      toVisibleItems: items, in: snapshot(items, elsewhere: elsewhere))
    #expect(result.visibleItems == items)
    return result
  }

  @Test("the same items give the same tree")
  func unchanged() {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["a", "e"])
    outline.append(["b", "c"], to: "a")
    outline.append(["d"], to: "c")
    outline.expand(["a"])
    #expect(Self.reconcile(outline, to: outline.visibleItems) == outline)
  }

  @Test("rule 1: a removed item leaves with its hidden descendants; shown children move up")
  func removedItems() {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["a", "g"])
    outline.append(["b", "e"], to: "a")
    outline.append(["c", "d"], to: "b")
    outline.append(["f"], to: "e")
    outline.expand(["a", "b"])
    // b is expanded: c and d take its place under a. e is collapsed: f goes.
    let result = Self.reconcile(outline, to: ["a", "c", "d", "g"])
    #expect(result.visualDescription() == "*+ a\n  *  c\n  *  d\n*  g\n")
    #expect(!result.contains("f"))
  }

  @Test("rule 2: a collapsed item keeps its hidden descendants, unless shown elsewhere")
  func keptItems() {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["a"])
    outline.append(["b", "c"], to: "a")
    let kept = Self.reconcile(outline, to: ["a"])
    #expect(kept == outline)
    // c is shown in section t now: it leaves a; b stays hidden.
    let shown = Self.reconcile(outline, to: ["a"], elsewhere: ["c"])
    #expect(shown.visualDescription() == "*- a\n     b\n")
  }

  @Test("rule 3: new items take the level of the next row that keeps its place")
  func newItems() {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["a", "d"])
    outline.append(["b", "c"], to: "a")
    outline.expand(["a"])
    let result = Self.reconcile(outline, to: ["n4", "a", "n2", "b", "n1", "c", "n3", "d", "n5"])
    #expect(result.rootItems == ["n4", "a", "n3", "d", "n5"])
    #expect(result.snapshot(of: "a").rootItems == ["n2", "b", "n1", "c"])
    #expect(!result.isExpanded("n1"))
  }

  @Test("rule 3: a kept item whose place the order breaks joins the level around it")
  func brokenOrder() {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["a", "e"])
    outline.append(["b", "c"], to: "a")
    outline.append(["d"], to: "c")
    outline.expand(["a", "c"])
    // d now comes after e, away from c: e's sibling, a root; c stays expanded.
    let result = Self.reconcile(outline, to: ["a", "b", "c", "e", "d"])
    #expect(result.visualDescription() == "*+ a\n  *  b\n  *+ c\n*  e\n*  d\n")
  }
}
