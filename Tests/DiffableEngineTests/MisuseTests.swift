import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

/// What a misuse test does, on the main actor, with a list's view and data
/// source.
typealias ListMisuse =
  @MainActor @Sendable (ReferenceListView<String>, StringDataSource) async
  -> Void

/// Runs `body` on the main actor with a data source of strings over a
/// reference view whose cells are the items (made by `cellProvider`),
/// showing sections "s": [a, b] and "t": [c]. The data source lives until
/// `body` returns (the view holds it weakly).
func withShowingList(
  _ body: @escaping ListMisuse = { _, _ in },
  cellProvider: @escaping @Sendable (ReferenceListView<String>, IndexPath, String) -> String? = {
    _, _, item in item
  }
) async {
  await onMainActor {
    let view = ReferenceListView<String>()
    let dataSource = StringDataSource(view: view, cellProvider: cellProvider)
    await dataSource.apply(.make([("s", ["a", "b"]), ("t", ["c"])]))
    await body(view, dataSource)
    withExtendedLifetime(dataSource) {}
  }
}

/// A view that breaks the protocol's contract in one way.
@MainActor
final class BrokenView: @MainActor DiffableListView {
  enum Fault { case skipsUpdatingData, updatesDataTwice, completesTwice }
  typealias Cell = String
  let fault: Fault
  init(_ fault: Fault) { self.fault = fault }
  func connect(to dataSource: any DiffableListViewDataSource<String, Never>) {}
  func reloadData() {}
  func reconfigureItems(at indexPaths: [IndexPath]) {}
  func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void, completion: @escaping (Bool) -> Void
  ) {
    switch fault {
    case .skipsUpdatingData:
      completion(true)
    case .updatesDataTwice:
      updatingData()
      updatingData()
    case .completesTwice:
      updatingData()
      completion(true)
      completion(true)
    }
  }
}

@MainActor
func breakView(_ fault: BrokenView.Fault) async {
  let dataSource = DiffableDataSource<String, String>(view: BrokenView(fault)) { _, _, item in item
  }
  await dataSource.apply(.make([("s", ["a"])]))
  await dataSource.apply(.make([("s", ["a", "b"])]))
}

/// Runs `body` on the main actor: exit tests run their bodies without
/// isolation, and capture nothing.
func onMainActor(_ body: @escaping @MainActor @Sendable () async -> Void) async {
  await Task { @MainActor in await body() }.value
}

@Suite(
  "Misuse stops with a message naming the operation, index path and identifier"
)
struct MisuseTests {
  // MARK: Cells and supplementary views

  @Test("a cell provider that returns nil")
  func cellProviderReturnsNil() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList(cellProvider: { _, _, item in item == "c" ? nil : item })
    }
    expectMessage(
      result,
      #"cell(at:): the cell provider returned nil for item identifier ["c"] at index path [1, 0]"#)
  }

  @Test("a supplementary view asked for with no provider")
  func noSupplementaryProvider() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, _ in
        _ = view.supplementaryView(ofKind: "header", at: [1, 0])
      }
    }
    expectMessage(
      result,
      #"supplementaryView(ofKind:at:): the view asked for a supplementary view of kind ["header"] "#
        + #"at index path [1, 0] in section ["t"], item ["c"], but supplementaryViewProvider is nil"#
    )
  }

  @Test("a supplementary view provider that returns nil")
  func supplementaryProviderReturnsNil() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, dataSource in
        dataSource.supplementaryViewProvider = .init { (_: ReferenceListView<String>, _, _) in nil }
        _ = view.supplementaryView(ofKind: "footer", at: [0, 0])
      }
    }
    expectMessage(
      result,
      #"supplementaryView(ofKind:at:): supplementaryViewProvider returned nil for kind ["footer"] "#
        + #"at index path [0, 0] in section ["s"], item ["a"]"#)
  }

  @Test("a supplementary view provider made for another type of view")
  func supplementaryProviderForAnotherView() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, dataSource in
        dataSource.supplementaryViewProvider = .init { (_: ReferenceListView<Int>, _, _) in 1 }
        _ = view.supplementaryView(ofKind: "header", at: [0, 0])
      }
    }
    expectMessage(
      result,
      "supplementaryView(ofKind:at:): supplementaryViewProvider was made for views of type "
        + "ReferenceListView<Int>, but the data source drives a ReferenceListView<String>")
  }

  @Test("a view asking for a cell out of range")
  func cellOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, _ in
        _ = view.dataSource?.cell(at: [0, 2])
      }
    }
    expectMessage(
      result, #"cell(at:): index path [0, 2] is out of range: section 0 ["s"] has 2 items"#)
  }

  @Test("a view asking for a cell of a section out of range")
  func cellSectionOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, _ in
        _ = view.dataSource?.cell(at: [2, 0])
      }
    }
    expectMessage(
      result, "cell(at:): index path [2, 0] is out of range: the data source has 2 sections")
  }

  @Test("numberOfItems(inSection:) out of range")
  func numberOfItemsOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { _, dataSource in
        _ = dataSource.numberOfItems(inSection: 5)
      }
    }
    expectMessage(
      result,
      "numberOfItems(inSection:): section 5 is out of range: the data source has 2 sections")
  }

  @Test("itemIdentifier(for:) with an index path that is not [section, item]")
  func malformedIndexPath() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { _, dataSource in
        _ = dataSource.itemIdentifier(for: [0, 1, 2])
      }
    }
    expectMessage(
      result,
      "itemIdentifier(for:): index path [0, 1, 2] does not have exactly two indices "
        + "(section and item)")
  }

  // MARK: Reordering and editing

  @Test("a move reported while reordering is off")
  func moveWhileReorderingOff() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, _ in
        view.dataSource?.moveItem(at: [0, 0], to: [1, 0])
      }
    }
    expectMessage(
      result,
      #"moveItem(at:to:): item identifier ["a"] at [0, 0] cannot be moved: "#
        + "reorderingHandlers.canReorderItem is nil, so reordering is off")
  }

  @Test("a move of an item canReorderItem refuses")
  func moveRefused() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, dataSource in
        dataSource.reorderingHandlers.canReorderItem = { $0 != "b" }
        view.dataSource?.moveItem(at: [0, 1], to: [0, 0])
      }
    }
    expectMessage(
      result,
      #"moveItem(at:to:): item identifier ["b"] at [0, 1] cannot be moved: "#
        + "reorderingHandlers.canReorderItem returned false for it")
  }

  @Test("a move to a destination out of range")
  func moveOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, dataSource in
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        view.dataSource?.moveItem(at: [0, 0], to: [0, 2])
      }
    }
    expectMessage(
      result,
      #"moveItem(at:to:): cannot move item identifier ["a"] to [0, 2]: without it, section 0 ["s"] "#
        + "has 1 items")
  }

  @Test("a move reported while the view performs a batch")
  func moveDuringBatch() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await onMainActor {
        let view = ReferenceListView<String>()
        let dataSource = DiffableDataSource<String, String>(view: view) { view, _, item in
          if item == "x" { view.dataSource?.moveItem(at: [0, 0], to: [0, 1]) }
          return item
        }
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        await dataSource.apply(.make([("s", ["a", "b"])]))
        await dataSource.apply(.make([("s", ["a", "b", "x"])]))
      }
    }
    expectMessage(
      result,
      "moveItem(at:to:): the view reported a move from [0, 0] to [0, 1] while it was performing "
        + "an update")
  }

  @Test("an edit committed on an item canEditItem does not allow")
  func editNotAllowed() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, _ in
        view.dataSource?.commit(.delete, forItemAt: [1, 0])
      }
    }
    expectMessage(
      result,
      #"commit(_:forItemAt:): the view committed delete of item identifier ["c"] at [1, 0], "#
        + "which editingHandlers.canEditItem does not allow")
  }

  @Test("an edit committed with no commit handler")
  func editWithoutHandler() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, dataSource in
        dataSource.editingHandlers.canEditItem = { _ in true }
        view.commitEditing(.insert, forItemAt: [0, 1])
      }
    }
    expectMessage(
      result,
      #"commit(_:forItemAt:): the view committed insert of item identifier ["b"] at [0, 1], "#
        + "but editingHandlers.commit is nil")
  }

  // MARK: Views that break the protocol

  @Test("a view that does not call updatingData")
  func viewSkipsUpdatingData() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await onMainActor {
        await breakView(.skipsUpdatingData)
      }
    }
    expectMessage(
      result,
      "performBatchUpdates(_:animatingDifferences:rowAnimation:updatingData:completion:): the "
        + "view returned without calling updatingData")
  }

  @Test("a view that calls updatingData twice")
  func viewUpdatesDataTwice() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await onMainActor {
        await breakView(.updatesDataTwice)
      }
    }
    expectMessage(result, "the view called updatingData twice; call it exactly once")
  }

  @Test("a view that calls the completion twice")
  func viewCompletesTwice() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await onMainActor {
        await breakView(.completesTwice)
      }
    }
    expectMessage(result, "the view called the completion twice; call it exactly once")
  }

  // MARK: The reference view

  @Test("the reference view stops on an invalid batch, with UIKit's message")
  func referenceViewInvalidBatch() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = ReferenceListView<String>()
        let dataSource = ArrayDataSource([["a"]])
        view.connect(to: dataSource)
        view.reloadData()
        view.performBatchUpdates(
          BatchUpdate(itemDeletes: [[0, 0]]), animatingDifferences: true,
          rowAnimation: .automatic, updatingData: { dataSource.sections = [["a"]] },
          completion: { _ in })
      }
    }
    expectMessage(
      result,
      "performBatchUpdates(_:animatingDifferences:rowAnimation:updatingData:completion:): "
        + "Invalid batch update (rule 4): invalid number of items in section 0. The number of "
        + "items contained in an existing section after the update (1) must be equal to the "
        + "number of items contained in that section before the update (1), plus or minus the "
        + "number of items inserted or deleted from that section (0 inserted, 1 deleted)")
  }

  @Test("the reference view's queries out of range")
  func referenceViewQueries() async {
    let cell = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, _ in
        _ = view.cell(at: [1, 1])
      }
    }
    expectMessage(cell, "cell(at:): index path [1, 1] is out of range: section 1 shows 1 items")
    let count = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, _ in
        _ = view.numberOfItems(inSection: 2)
      }
    }
    expectMessage(
      count, "numberOfItems(inSection:): section 2 is out of range: the view shows 2 sections")
    let reconfigure = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      await withShowingList { view, _ in
        view.reconfigureItems(at: [[0, 0], [3, 0]])
      }
    }
    expectMessage(
      reconfigure,
      "reconfigureItems(at:): index path [3, 0] is out of range: the view shows 2 sections")
  }

  @Test("an interactive move to a destination out of range")
  func referenceViewMoveOutOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withShowingList { view, dataSource in
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        view.interactivelyMoveItem(at: [0, 0], to: [1, 2])
      }
    }
    expectMessage(
      result,
      "interactivelyMoveItem(at:to:): destination [1, 2] is out of range of the list without "
        + "the moved item")
  }
}
