import DiffableCore
import DiffableEngine
import DiffableUIKit
import Foundation

/// A `UICollectionView` stand-in: every member of
/// ``CollectionViewUpdating`` recorded and checked by ``FakeListView``.
@MainActor
final class FakeCollectionView: FakeListView, CollectionViewUpdating {
  typealias Adapter = CollectionViewAdapter<FakeCollectionView, String, String>

  /// An adapter for the view that installs the view's questions, as the
  /// Apple-only initializer sets `dataSource`.
  func makeAdapter() -> Adapter {
    Adapter(self) { view, adapter in
      let questions = Questions(
        view: view,
        sections: { [unowned adapter, unowned view] in adapter.numberOfSections(in: view) },
        items: { [unowned adapter, unowned view] in
          adapter.collectionView(view, numberOfItemsInSection: $0)
        },
        cell: { [unowned adapter, unowned view] in adapter.collectionView(view, cellForItemAt: $0)
        },
        canMove: { [unowned adapter, unowned view] in
          adapter.collectionView(view, canMoveItemAt: $0)
        },
        move: { [unowned adapter, unowned view] in
          adapter.collectionView(view, moveItemAt: $0, to: $1)
        })
      return view.install(questions)
    }
  }

  func insertItems(at indexPaths: [IndexPath]) {
    record("insertItems(at: \(describe(indexPaths)))") { $0.itemInserts += indexPaths }
  }
  func deleteItems(at indexPaths: [IndexPath]) {
    record("deleteItems(at: \(describe(indexPaths)))") { $0.itemDeletes += indexPaths }
  }
  func reloadItems(at indexPaths: [IndexPath]) {
    record("reloadItems(at: \(describe(indexPaths)))") { $0.itemReloads += indexPaths }
  }
  func reconfigureItems(at indexPaths: [IndexPath]) {
    reconfigure("reconfigureItems(at: \(describe(indexPaths)))", indexPaths)
  }
}

/// `UITableView.RowAnimation`'s stand-in.
enum FakeRowAnimation: TableViewRowAnimation, CaseIterable {
  case fade, right, left, top, bottom, none, middle, automatic
}

/// `UITableViewCell.EditingStyle`'s stand-in.
enum FakeEditingStyle: TableViewCellEditingStyle, CaseIterable {
  case none, delete, insert
}

/// A `UITableView` stand-in: every member of ``TableViewUpdating``
/// recorded, with its animation, and checked by ``FakeListView``.
@MainActor
final class FakeTableView: FakeListView, TableViewUpdating {
  typealias RowAnimation = FakeRowAnimation
  typealias Adapter = TableViewAdapter<FakeTableView, String>

  /// An adapter for the view that installs the view's questions.
  func makeAdapter() -> Adapter {
    Adapter(self) { view, adapter in
      let questions = Questions(
        view: view,
        sections: { [unowned adapter, unowned view] in adapter.numberOfSections(in: view) },
        items: { [unowned adapter, unowned view] in
          adapter.tableView(view, numberOfRowsInSection: $0)
        },
        cell: { [unowned adapter, unowned view] in adapter.tableView(view, cellForRowAt: $0) },
        canMove: { [unowned adapter, unowned view] in adapter.tableView(view, canMoveRowAt: $0) },
        move: { [unowned adapter, unowned view] in adapter.tableView(view, moveRowAt: $0, to: $1) })
      return view.install(questions)
    }
  }

  func insertSections(_ sections: IndexSet, with animation: FakeRowAnimation) {
    record("insertSections(\(describe(sections)), with: \(animation))") {
      $0.sectionInserts += sections
    }
  }
  func deleteSections(_ sections: IndexSet, with animation: FakeRowAnimation) {
    record("deleteSections(\(describe(sections)), with: \(animation))") {
      $0.sectionDeletes += sections
    }
  }
  func reloadSections(_ sections: IndexSet, with animation: FakeRowAnimation) {
    record("reloadSections(\(describe(sections)), with: \(animation))") {
      $0.sectionReloads += sections
    }
  }
  func insertRows(at indexPaths: [IndexPath], with animation: FakeRowAnimation) {
    record("insertRows(at: \(describe(indexPaths)), with: \(animation))") {
      $0.itemInserts += indexPaths
    }
  }
  func deleteRows(at indexPaths: [IndexPath], with animation: FakeRowAnimation) {
    record("deleteRows(at: \(describe(indexPaths)), with: \(animation))") {
      $0.itemDeletes += indexPaths
    }
  }
  func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    record(
      "moveRow(at: \(indexPath.bracketedDescription), to: \(newIndexPath.bracketedDescription))"
    ) {
      $0.itemMoves.append(.init(from: indexPath, to: newIndexPath))
    }
  }
  func reloadRows(at indexPaths: [IndexPath], with animation: FakeRowAnimation) {
    record("reloadRows(at: \(describe(indexPaths)), with: \(animation))") {
      $0.itemReloads += indexPaths
    }
  }
  func reconfigureRows(at indexPaths: [IndexPath]) {
    reconfigure("reconfigureRows(at: \(describe(indexPaths)))", indexPaths)
  }
}

/// An `NSCollectionView` stand-in: every member of
/// ``AppKitCollectionViewUpdating`` recorded (sets in index path order) and
/// checked by ``FakeListView``. Its animator proxy is the view itself, as
/// AppKit's proxy forwards to it, and `animator()` is recorded.
@MainActor
final class FakeAppKitCollectionView: FakeListView, AppKitCollectionViewUpdating {
  typealias Adapter = AppKitCollectionViewAdapter<FakeAppKitCollectionView, String, String>

  /// An adapter for the view that installs the view's questions.
  func makeAdapter() -> Adapter {
    Adapter(self) { view, adapter in
      let questions = Questions(
        view: view,
        sections: { [unowned adapter, unowned view] in adapter.numberOfSections(in: view) },
        items: { [unowned adapter, unowned view] in
          adapter.collectionView(view, numberOfItemsInSection: $0)
        },
        cell: { [unowned adapter, unowned view] in
          adapter.collectionView(view, itemForRepresentedObjectAt: $0)
        })
      return view.install(questions)
    }
  }

  func animator() -> Self {
    calls.append("animator()")
    return self
  }
  func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)?) {
    batch("performBatchUpdates", updates, completion: completionHandler)
  }
  func insertItems(at indexPaths: Set<IndexPath>) {
    record("insertItems(at: \(describe(indexPaths.sorted())))") {
      $0.itemInserts += indexPaths.sorted()
    }
  }
  func deleteItems(at indexPaths: Set<IndexPath>) {
    record("deleteItems(at: \(describe(indexPaths.sorted())))") {
      $0.itemDeletes += indexPaths.sorted()
    }
  }
  func reloadItems(at indexPaths: Set<IndexPath>) {
    record("reloadItems(at: \(describe(indexPaths.sorted())))") {
      $0.itemReloads += indexPaths.sorted()
    }
  }
}
