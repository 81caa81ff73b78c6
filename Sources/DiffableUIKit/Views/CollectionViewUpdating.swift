// Foundation, not FoundationEssentials: `IndexSet`, which UIKit and AppKit
// take for sections, is in Foundation only on Linux.
public import Foundation

/// The part of `UICollectionView` that a ``CollectionViewAdapter`` uses.
///
/// Every requirement is spelled as UIKit declares it, so `UICollectionView`
/// adopts the protocol with an empty extension (in this library, under
/// `#if canImport(UIKit)`). A view of your own, or a test double, adopts it
/// by implementing the same members. Each declaration is quoted from Apple's
/// documentation, at the address given beside it.
@MainActor
public protocol CollectionViewUpdating: AnyObject {
  /// Runs `updates` as one batch, then `completion` when its animations end.
  // https://developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)
  // func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)

  /// Inserts sections, at indexes after the batch.
  // https://developer.apple.com/documentation/uikit/uicollectionview/insertsections(_:)
  // func insertSections(_ sections: IndexSet)
  func insertSections(_ sections: IndexSet)

  /// Deletes sections, at indexes before the batch.
  // https://developer.apple.com/documentation/uikit/uicollectionview/deletesections(_:)
  // func deleteSections(_ sections: IndexSet)
  func deleteSections(_ sections: IndexSet)

  /// Reloads sections, at indexes before the batch.
  // https://developer.apple.com/documentation/uikit/uicollectionview/reloadsections(_:)
  // func reloadSections(_ sections: IndexSet)
  func reloadSections(_ sections: IndexSet)

  /// Moves a section.
  // https://developer.apple.com/documentation/uikit/uicollectionview/movesection(_:tosection:)
  // func moveSection(_ section: Int, toSection newSection: Int)
  func moveSection(_ section: Int, toSection newSection: Int)

  /// Inserts items, at index paths after the batch.
  // https://developer.apple.com/documentation/uikit/uicollectionview/insertitems(at:)
  // func insertItems(at indexPaths: [IndexPath])
  func insertItems(at indexPaths: [IndexPath])

  /// Deletes items, at index paths before the batch.
  // https://developer.apple.com/documentation/uikit/uicollectionview/deleteitems(at:)
  // func deleteItems(at indexPaths: [IndexPath])
  func deleteItems(at indexPaths: [IndexPath])

  /// Moves an item.
  // https://developer.apple.com/documentation/uikit/uicollectionview/moveitem(at:to:)
  // func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)
  func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)

  /// Replaces the cells of items, at index paths before the batch.
  // https://developer.apple.com/documentation/uikit/uicollectionview/reloaditems(at:)
  // func reloadItems(at indexPaths: [IndexPath])
  func reloadItems(at indexPaths: [IndexPath])

  /// Updates the cells of items in place.
  // https://developer.apple.com/documentation/uikit/uicollectionview/reconfigureitems(at:)
  // func reconfigureItems(at indexPaths: [IndexPath])
  func reconfigureItems(at indexPaths: [IndexPath])

  /// Discards every cell and asks the data source again.
  // https://developer.apple.com/documentation/uikit/uicollectionview/reloaddata()
  // func reloadData()
  func reloadData()

  /// Runs `actionsWithoutAnimation` with animations off (a class method of
  /// `UIView`, which `UICollectionView` inherits).
  // https://developer.apple.com/documentation/uikit/uiview/performwithoutanimation(_:)
  // class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void)
  static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void)
}
