import CollectionLayout
import Diffable
import DiffableTesting
import Foundation

/// A list view whose cells sit at the frames of a compositional layout: the
/// view a ``DiffableDataSource`` drives in `demo reststop`.
///
/// It keeps its cells in a ``ReferenceListView``, so every batch is checked
/// as UIKit would check it, and its layout solved for the number of items in
/// each section. A reload solves the whole layout; a batch update lays out
/// again only the sections whose item counts changed, as a collection view
/// invalidates its layout (after a layout that failed, the whole layout).
@MainActor
public final class LayoutListView: @MainActor DiffableListView {
  public typealias Cell = String
  public typealias SupplementaryView = String

  /// The cells, by section: the cell provider's text for each item.
  public let cells = ReferenceListView<String>()
  public let layout: CompositionalLayout
  public let context: LayoutContext
  /// The layout solved for the current item counts, or why it could not be
  /// solved (a view cannot throw from a reload, so the error waits here for
  /// its owner); `nil` before the first reload.
  public private(set) var solved: Result<SolvedLayout, LayoutError>?
  /// The last batch the view performed.
  public private(set) var lastBatch: BatchUpdate?
  /// The sections laid out again by the last batch.
  public private(set) var sectionsLaidOutAgain: [Int] = []

  public init(layout: CompositionalLayout, context: LayoutContext) {
    self.layout = layout
    self.context = context
    cells.recordsEvents = false
  }

  /// The label of a cell at an index path of the layout.
  public func cellText(at indexPath: IndexPath) -> String {
    cells.cells[indexPath.section][indexPath.item]
  }

  // MARK: DiffableListView

  public func connect(to dataSource: any DiffableListViewDataSource<String, String>) {
    cells.connect(to: dataSource)
  }

  public func reloadData() {
    cells.reloadData()
    lastBatch = nil
    sectionsLaidOutAgain = Array(cells.cells.indices)
    solveAll(cells.cells.map(\.count))
  }

  public func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void,
    completion: @escaping (Bool) -> Void
  ) {
    let oldCounts = cells.cells.map(\.count)
    cells.performBatchUpdates(
      update, animatingDifferences: animatingDifferences, rowAnimation: rowAnimation,
      updatingData: updatingData, completion: completion)
    let counts = cells.cells.map(\.count)
    lastBatch = update
    sectionsLaidOutAgain = counts.indices.filter {
      $0 >= oldCounts.count || counts[$0] != oldCounts[$0]
    }
    // After a failure there is nothing to update: solve it all again.
    guard case .success(var layout)? = solved else { return solveAll(counts) }
    solved = Result { () throws(LayoutError) in
      try layout.updateItemCounts(counts)
      return layout
    }
  }

  public func reconfigureItems(at indexPaths: [IndexPath]) {
    cells.reconfigureItems(at: indexPaths)
  }

  /// Solves the whole layout for `counts`, or keeps the error.
  private func solveAll(_ counts: [Int]) {
    solved = Result { () throws(LayoutError) in try layout.solve(context, itemCounts: counts) }
  }
}
