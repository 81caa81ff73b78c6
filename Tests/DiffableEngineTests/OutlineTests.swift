import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import Foundation
import Testing

/// Outline sections in a data source, one suite per way of changing them.
@Suite("Outline sections")
struct OutlineTests {}

extension OutlineTests {
  @MainActor
  @Suite("Outline sections: applying section snapshots")
  struct SectionApply {
    static let food = outline(
      """
      Fruit+
        Apple
        Pear+
          Conference
      Vegetables
        Leek
      """)

    @Test("a section snapshot's visible items become the section's; snapshot(for:) returns it")
    func applyShowsVisibleItems() async {
      let list = TestList<String, String>()
      await list.dataSource.apply(Self.food, to: "food")
      #expect(list.view.events.map(\.kind) == [.reloadData], "the first apply reloads")
      #expect(list.shownItems == [["Fruit", "Apple", "Pear", "Conference", "Vegetables"]])
      #expect(list.dataSource.snapshot().sectionIdentifiers == ["food"])
      #expect(list.dataSource.snapshot(for: "food") == Self.food)
      #expect(
        list.dataSource.snapshot(for: "food").visualDescription() == Self.food.visualDescription())
    }

    @Test("a later section snapshot is one batch: the diff of the section's items")
    func laterApplyBatches() async {
      let list = TestList<String, String>()
      await list.apply(.make([("top", ["x"]), ("food", ["Fruit", "Vegetables"])]))
      let before = list.dataSource.snapshot()
      list.view.removeAllEvents()
      await list.dataSource.apply(Self.food, to: "food")
      var expected = before
      expected.insertItems(["Apple", "Pear", "Conference"], afterItem: "Fruit")
      #expect(list.batches == [BatchUpdate(from: before, to: expected)])
      #expect(list.batches.first?.itemInserts == [[1, 1], [1, 2], [1, 3]])
      #expect(list.shownItems == [["x"], ["Fruit", "Apple", "Pear", "Conference", "Vegetables"]])
      #expect(list.dataSource.snapshot() == expected)
    }

    @Test("a section the snapshot does not have is appended after the others")
    func missingSectionIsAppended() async {
      let list = TestList<String, String>()
      await list.apply(.make([("s", ["a"]), ("t", ["b"])]))
      list.view.removeAllEvents()
      await list.dataSource.apply(outline("c"), to: "u")
      #expect(list.dataSource.snapshot().sectionIdentifiers == ["s", "t", "u"])
      #expect(list.batches.map(\.sectionInserts) == [[2]])
      #expect(list.shownItems == [["a"], ["b"], ["c"]])
    }

    @Test("an empty section snapshot empties the section and is kept")
    func emptySectionSnapshot() async {
      let list = TestList<String, String>()
      await list.dataSource.apply(Self.food, to: "food")
      await list.dataSource.apply(Outline(), to: "food")
      #expect(list.shownItems == [[]])
      #expect(list.dataSource.snapshot(for: "food").items.isEmpty)
    }

    @Test(
      "snapshot(for:): the items as root items without a section snapshot; empty without the section"
    )
    func snapshotForFlatAndMissing() async {
      let list = TestList<String, String>()
      #expect(list.dataSource.snapshot(for: "s").items.isEmpty)
      await list.apply(.make([("s", ["a", "b"])]))
      let flat = list.dataSource.snapshot(for: "s")
      #expect(flat.rootItems == ["a", "b"])
      #expect(flat.visualDescription() == "*  a\n*  b\n")
      #expect(list.dataSource.snapshot(for: "none").items.isEmpty)
    }

    @Test("the async form returns when the view shows the section; the completion form runs once")
    func asyncAndCompletion() async {
      let list = TestList<String, String>()
      let done = Shared(0)
      list.dataSource.apply(Self.food, to: "food", animatingDifferences: false) {
        done.withLock { $0 += 1 }
      }
      await waitUntil("the completion ran") { done.current == 1 }
      #expect(list.shownItems == [["Fruit", "Apple", "Pear", "Conference", "Vegetables"]])
      var collapsed = Self.food
      collapsed.collapse(["Fruit"])
      await list.dataSource.apply(collapsed, to: "food", animatingDifferences: false)
      #expect(list.shownItems == [["Fruit", "Vegetables"]])
      guard case .batchUpdate(_, let animated, _) = list.view.events.last?.kind else {
        Issue.record("expected a batch, got \(list.view.events)")
        return
      }
      #expect(!animated)
      #expect(done.current == 1)
    }

    @Test("section and full applies queued together are performed in call order")
    func callOrderWithFullApplies() async {
      let list = TestList<String, String>()
      let order = Shared<[String]>([])
      func note(_ name: String) -> @MainActor @Sendable () -> Void {
        { order.withLock { $0.append(name) } }
      }
      let dataSource = list.dataSource!
      dataSource.apply(.make([("s", ["a"]), ("food", ["old"])]), completion: note("full 1"))
      dataSource.apply(Self.food, to: "food", completion: note("section food"))
      dataSource.apply(outline("b+\n  c"), to: "t", completion: note("section t"))
      // A full apply made after them keeps the trees of the sections it keeps.
      dataSource.apply(
        .make([
          ("t", ["b", "c"]), ("food", ["Fruit", "Apple", "Pear", "Conference", "Vegetables"]),
        ]),
        completion: note("full 2"))
      await waitUntil("every completion ran") { order.current.count == 4 }
      #expect(order.current == ["full 1", "section food", "section t", "full 2"])
      #expect(dataSource.snapshot().sectionIdentifiers == ["t", "food"])
      #expect(dataSource.snapshot(for: "food") == Self.food)
      #expect(dataSource.snapshot(for: "t") == outline("b+\n  c"))
      #expect(
        list.shownItems == [["b", "c"], ["Fruit", "Apple", "Pear", "Conference", "Vegetables"]])
    }

    @Test("a section snapshot applied after a full apply that removed its section brings it back")
    func sectionApplyAfterRemoval() async {
      let list = TestList<String, String>()
      await list.dataSource.apply(Self.food, to: "food")
      list.dataSource.apply(.make([("other", ["z"])]), completion: nil)
      await list.dataSource.apply(outline("Nuts"), to: "food")
      #expect(list.dataSource.snapshot().sectionIdentifiers == ["other", "food"])
      #expect(list.shownItems == [["z"], ["Nuts"]])
    }
  }
}

extension OutlineTests {
  @MainActor
  @Suite("Outline sections: a full apply keeps the tree")
  struct FullApply {
    /// A list whose section "s" shows `text` as a section snapshot, beside a
    /// flat section "t".
    func makeList(_ text: String) async -> TestList<String, String> {
      let list = TestList<String, String>()
      await list.apply(.make([("t", ["x", "y"])]))
      await list.dataSource.apply(outline(text), to: "s")
      return list
    }

    /// Applies the data source's snapshot with section "s" replaced by
    /// `items`, and returns the section snapshot the data source keeps.
    func applying(_ items: [String], to list: TestList<String, String>) async -> Outline {
      var snapshot = list.dataSource.snapshot()
      snapshot.deleteItems(snapshot.itemIdentifiers(inSection: "s"))
      snapshot.appendItems(items, toSection: "s")
      await list.apply(snapshot)
      #expect(list.shownItems[1] == items)
      return list.dataSource.snapshot(for: "s")
    }

    @Test("a full apply that does not change the section keeps its section snapshot as it is")
    func unchangedSection() async {
      let list = await makeList("a+\n  b\n  c\n    d")
      let kept = list.dataSource.snapshot(for: "s")
      var snapshot = list.dataSource.snapshot()
      snapshot.appendItems(["z"], toSection: "t")
      snapshot.reconfigureItems(["b"])
      await list.apply(snapshot)
      #expect(list.dataSource.snapshot(for: "s") == kept)
      #expect(kept.visualDescription() == "*+ a\n  *  b\n  *- c\n       d\n")
    }

    @Test("a removed item leaves with its hidden descendants; its shown children take its place")
    func removedItems() async {
      let list = await makeList(
        """
        a+
          b+
            c
            d
          e
            f
        g
        """)
      // Remove b (expanded: c and d move up under a) and e (collapsed: f goes).
      let kept = await applying(["a", "c", "d", "g"], to: list)
      #expect(kept.visualDescription() == "*+ a\n  *  c\n  *  d\n*  g\n")
    }

    @Test("new items take the level of the rows around them")
    func newItems() async {
      let list = await makeList(
        """
        a+
          b
          c
        d
        """)
      // A new item takes the level of the next row that keeps its place: n4,
      // before the root a, is a root; n2, just after a and before a's child
      // b, is a's first child; n1, between b and c, a child of a; n3, between
      // a's last child c and the root d, a root. With no row after it, n5
      // takes the level of the row before it, d: a root.
      let kept = await applying(["n4", "a", "n2", "b", "n1", "c", "n3", "d", "n5"], to: list)
      #expect(
        kept.visualDescription() == """
          *  n4
          *+ a
            *  n2
            *  b
            *  n1
            *  c
          *  n3
          *  d
          *  n5

          """)
      // Appended after a child, with nothing after it: the child's sibling.
      let appended = await applying(["n4", "a", "n2", "b", "n1", "c", "n6"], to: list)
      #expect(appended.parent(of: "n6") == "a")
    }

    @Test("a kept item whose place the new order breaks joins the level around it")
    func brokenOrder() async {
      let list = await makeList(
        """
        a+
          b
          c+
            d
        e
        """)
      // d now comes after e, away from c: it becomes e's sibling, a root; c
      // keeps its expansion, with no children left.
      let kept = await applying(["a", "b", "c", "e", "d"], to: list)
      #expect(kept.visualDescription() == "*+ a\n  *  b\n  *+ c\n*  e\n*  d\n")
    }

    @Test("a hidden item that the new snapshot shows leaves its collapsed parent")
    func hiddenItemShown() async {
      let list = await makeList(
        """
        a
          b
          c
        """)
      // c, hidden under the collapsed a, appears in section t; b stays hidden.
      var snapshot = list.dataSource.snapshot()
      snapshot.appendItems(["c"], toSection: "t")
      await list.apply(snapshot)
      #expect(list.dataSource.snapshot(for: "s").visualDescription() == "*- a\n     b\n")
      // b appears in section s itself, after a: a root now, no longer hidden.
      let kept = await applying(["a", "b"], to: list)
      #expect(kept.visualDescription() == "*  a\n*  b\n")
    }

    @Test("a full apply without the section forgets its section snapshot")
    func sectionRemoved() async {
      let list = await makeList("a+\n  b")
      await list.apply(.make([("t", ["x"])]))
      await list.apply(.make([("t", ["x"]), ("s", ["a", "b"])]))
      #expect(list.dataSource.snapshot(for: "s").visualDescription() == "*  a\n*  b\n")
    }

    @Test("an item moved to another section by a full apply leaves the tree")
    func itemMovedAway() async {
      let list = await makeList("a+\n  b\n  c")
      var snapshot = list.dataSource.snapshot()
      snapshot.moveItem("b", afterItem: "y")
      await list.apply(snapshot)
      #expect(list.dataSource.snapshot(for: "s").visualDescription() == "*+ a\n  *  c\n")
      #expect(list.shownItems == [["x", "y", "b"], ["a", "c"]])
    }

    @Test("applySnapshotUsingReloadData keeps the trees too")
    func reloadKeepsTrees() async {
      let list = await makeList("a+\n  b\n  c")
      var snapshot = list.dataSource.snapshot()
      snapshot.deleteItems(["b"])
      await list.dataSource.applySnapshotUsingReloadData(snapshot)
      #expect(list.dataSource.snapshot(for: "s").visualDescription() == "*+ a\n  *  c\n")
    }

    @Test("an interactive move in an outline section: the tree follows, the transaction carries it")
    func interactiveMove() async throws {
      let list = await makeList("a+\n  b\n  c\nd")
      let seen = Shared<[DiffableDataSourceTransaction<String, String>]>([])
      list.dataSource.reorderingHandlers = .init(
        canReorderItem: { _ in true },
        didReorder: { transaction in seen.withLock { $0.append(transaction) } })
      // Drag c after d: its parent a no longer comes before it.
      #expect(list.view.interactivelyMoveItem(at: [1, 2], to: [1, 3]))
      #expect(
        list.dataSource.snapshot(for: "s").visualDescription() == "*+ a\n  *  b\n*  d\n*  c\n")
      let transaction = try #require(seen.current.first)
      let section = try #require(transaction.sectionTransactions.first)
      #expect(section.initialSnapshot == outline("a+\n  b\n  c\nd"))
      #expect(section.finalSnapshot == list.dataSource.snapshot(for: "s"))
    }
  }
}

extension OutlineTests {
  @MainActor
  @Suite("Outline sections: expanding and collapsing as the user does")
  struct UserActions {
    static let tree = """
      a
        b+
          c
        d
      e
        f
      """

    func makeList(_ text: String = tree) async -> TestList<String, String> {
      let list = TestList<String, String>()
      await list.apply(.make([("t", ["x"])]))
      await list.dataSource.apply(outline(text), to: "s")
      list.view.removeAllEvents()
      return list
    }

    @Test("expanding reveals the children (and theirs, if expanded) and reconfigures the item")
    func expandReveals() async {
      let list = await makeList()
      let serialOfA = list.serials["a"]
      #expect(await list.dataSource.expandItem("a"))
      #expect(list.shownItems == [["x"], ["a", "b", "c", "d", "e"]])
      #expect(list.batches.count == 1)
      #expect(list.batches.first?.itemInserts == [[1, 1], [1, 2], [1, 3]])
      #expect(list.batches.first?.itemReconfigures == [[1, 0]])
      #expect(list.serials["a"] != serialOfA, "the reconfigured cell was made again")
      #expect(list.dataSource.snapshot(for: "s").isExpanded("a"))
    }

    @Test("collapsing hides the descendants, which keep their expansion for the next expand")
    func collapseHides() async {
      let list = await makeList()
      await list.dataSource.expandItem("a")
      list.view.removeAllEvents()
      #expect(await list.dataSource.collapseItem("a"))
      #expect(list.shownItems == [["x"], ["a", "e"]])
      #expect(list.batches.first?.itemDeletes == [[1, 1], [1, 2], [1, 3]])
      #expect(list.dataSource.snapshot(for: "s").isExpanded("b"))
      await list.dataSource.expandItem("a")
      #expect(list.shownItems == [["x"], ["a", "b", "c", "d", "e"]])
    }

    @Test("toggleExpansion expands a collapsed item and collapses an expanded one")
    func toggle() async {
      let list = await makeList()
      #expect(await list.dataSource.toggleExpansion(of: "e"))
      #expect(list.shownItems[1] == ["a", "e", "f"])
      #expect(await list.dataSource.toggleExpansion(of: "e"))
      #expect(list.shownItems[1] == ["a", "e"])
    }

    @Test("the handlers are asked in order: should, will, then the children to load")
    func handlerOrder() async {
      let list = await makeList()
      let log = HandlerLog(list.dataSource, loading: { _ in Outline() })
      await list.dataSource.expandItem("a")
      await list.dataSource.collapseItem("a")
      await list.dataSource.toggleExpansion(of: "e")
      #expect(
        log.calls == [
          #"shouldExpand a"#, #"willExpand a"#, #"load a ["b", "c", "d"]"#,
          #"shouldCollapse a"#, #"willCollapse a"#,
          #"shouldExpand e"#, #"willExpand e"#, #"load e ["f"]"#,
        ])
    }

    @Test("a should-handler that refuses stops the action: no will-handler, no load, no change")
    func refusals() async {
      let list = await makeList()
      let log = HandlerLog(list.dataSource, refusing: ["a", "e"], loading: { _ in Outline() })
      let kept = list.dataSource.snapshot(for: "s")
      #expect(await list.dataSource.expandItem("a") == false)
      #expect(log.calls == ["shouldExpand a"])
      log.calls = []
      await list.dataSource.expandItem("b")  // b is hidden, and already expanded
      await list.dataSource.collapseItem("b")
      #expect(log.calls == ["shouldCollapse b", "willCollapse b"])
      await list.dataSource.expandItem("e")
      #expect(list.view.events.isEmpty, "nothing the view shows changed")
      #expect(list.dataSource.snapshot(for: "s").isExpanded("b") == false)
      #expect(list.dataSource.snapshot(for: "s").isExpanded("e") == false)
      #expect(kept.isExpanded("b"))
    }

    @Test("an action that changes nothing calls no handler, returns false, and still completes")
    func nothingToDo() async {
      let list = await makeList()
      let log = HandlerLog(list.dataSource)
      #expect(await list.dataSource.collapseItem("a") == false)
      let done = Shared(false)
      #expect(list.dataSource.collapseItem("e") { done.withLock { $0 = true } } == false)
      await waitUntil("the completion ran") { done.current }
      #expect(log.calls.isEmpty)
      #expect(list.view.events.isEmpty)
    }

    @Test(
      "snapshotForExpandingParent loads children lazily, in a section that had no section snapshot")
    func lazyChildren() async {
      let list = TestList<String, String>()
      await list.apply(.make([("files", ["docs", "src"])]))
      let log = HandlerLog(list.dataSource) { parent in
        var loaded = Outline()
        loaded.append(["\(parent)/1", "\(parent)/2"])
        if parent == "src" { loaded.append(["src/1/x"], to: "src/1") }
        return loaded
      }
      #expect(await list.dataSource.expandItem("src"))
      #expect(list.shownItems == [["docs", "src", "src/1", "src/2"]])
      await list.dataSource.expandItem("src/1")
      #expect(list.shownItems == [["docs", "src", "src/1", "src/1/x", "src/2"]])
      // The second time, the handler receives the children it gave.
      await list.dataSource.collapseItem("src")
      await list.dataSource.expandItem("src")
      #expect(log.calls.last == #"load src ["src/1", "src/1/x", "src/2"]"#)
      #expect(list.shownItems == [["docs", "src", "src/1", "src/1/x", "src/2"]])
      #expect(
        list.dataSource.snapshot(for: "files").visualDescription()
          == "*  docs\n*+ src\n  *+ src/1\n    *  src/1/x\n  *  src/2\n")
    }

    @Test("expanding or collapsing a hidden item changes its state and nothing on screen")
    func hiddenItem() async {
      let list = await makeList()
      #expect(await list.dataSource.collapseItem("b"))
      #expect(list.view.events.isEmpty)
      #expect(list.dataSource.snapshot(for: "s").isExpanded("b") == false)
      await list.dataSource.expandItem("a")
      #expect(list.shownItems[1] == ["a", "b", "d", "e"])
    }

    @Test("an action queued behind an apply that removes its item does nothing")
    func itemRemovedMeanwhile() async {
      let list = await makeList()
      var without = list.dataSource.snapshot()
      without.deleteItems(["a"])
      whileTheDataSourceIsBusy(list.dataSource) { [dataSource = list.dataSource!, without] in
        dataSource.apply(without)
      }
      #expect(await list.dataSource.expandItem("a"), "the item was there when the user acted")
      #expect(list.shownItems == [["x"], ["e"]])
      #expect(list.dataSource.snapshot(for: "s").contains("a") == false)
    }

    @Test("user actions and applies from several tasks interleave in call order")
    func actionsAmidApplies() async {
      let list = await makeList()
      let dataSource = list.dataSource!
      list.dataSource.expandItem("a", completion: nil)
      await Task {
        await dataSource.apply(outline("a+\n  b\n  d\ne+\n  f"), to: "s")
      }.value
      await list.dataSource.collapseItem("e")
      #expect(list.shownItems == [["x"], ["a", "b", "d", "e"]])
      #expect(
        dataSource.snapshot(for: "s").visualDescription() == "*+ a\n  *  b\n  *  d\n*- e\n     f\n")
    }
  }
}
