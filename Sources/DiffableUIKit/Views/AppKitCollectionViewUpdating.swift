// Foundation, not FoundationEssentials: `IndexSet`, which UIKit and AppKit
// take for sections, is in Foundation only on Linux.
public import Foundation

/// The part of `NSCollectionView` that an ``AppKitCollectionViewAdapter``
/// uses.
///
/// Every requirement is spelled as AppKit declares it, so `NSCollectionView`
/// adopts the protocol with an empty extension (in this library, under
/// `#if canImport(AppKit)`). AppKit takes sets of index paths, and animates
/// the changes made through the view's animator proxy. Each declaration is
/// quoted from Apple's documentation, at the address given beside it.
@MainActor
public protocol AppKitCollectionViewUpdating: AnyObject {
  /// Runs `updates` as one batch, then `completionHandler` when its
  /// animations end.
  // https://developer.apple.com/documentation/appkit/nscollectionview/performbatchupdates(_:completionhandler:)
  // func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil)
  func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)?)

  /// Inserts sections, at indexes after the batch.
  // https://developer.apple.com/documentation/appkit/nscollectionview/insertsections(_:)
  // func insertSections(_ sections: IndexSet)
  func insertSections(_ sections: IndexSet)

  /// Deletes sections, at indexes before the batch.
  // https://developer.apple.com/documentation/appkit/nscollectionview/deletesections(_:)
  // func deleteSections(_ sections: IndexSet)
  func deleteSections(_ sections: IndexSet)

  /// Reloads sections, at indexes before the batch.
  // https://developer.apple.com/documentation/appkit/nscollectionview/reloadsections(_:)
  // func reloadSections(_ sections: IndexSet)
  func reloadSections(_ sections: IndexSet)

  /// Moves a section.
  // https://developer.apple.com/documentation/appkit/nscollectionview/movesection(_:tosection:)
  // func moveSection(_ section: Int, toSection newSection: Int)
  func moveSection(_ section: Int, toSection newSection: Int)

  /// Inserts items, at index paths after the batch.
  // https://developer.apple.com/documentation/appkit/nscollectionview/insertitems(at:)
  // func insertItems(at indexPaths: Set<IndexPath>)
  func insertItems(at indexPaths: Set<IndexPath>)

  /// Deletes items, at index paths before the batch.
  // https://developer.apple.com/documentation/appkit/nscollectionview/deleteitems(at:)
  // func deleteItems(at indexPaths: Set<IndexPath>)
  func deleteItems(at indexPaths: Set<IndexPath>)

  /// Moves an item.
  // https://developer.apple.com/documentation/appkit/nscollectionview/moveitem(at:to:)
  // func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)
  func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)

  /// Replaces the items' views, at index paths before the batch.
  // https://developer.apple.com/documentation/appkit/nscollectionview/reloaditems(at:)
  // func reloadItems(at indexPaths: Set<IndexPath>)
  func reloadItems(at indexPaths: Set<IndexPath>)

  /// Discards every item and asks the data source again.
  // https://developer.apple.com/documentation/appkit/nscollectionview/reloaddata()
  // func reloadData()
  func reloadData()

  /// The proxy that animates the changes made through it (from
  /// `NSAnimatablePropertyContainer`, which `NSView` adopts).
  // https://developer.apple.com/documentation/appkit/nsanimatablepropertycontainer/animator()
  // func animator() -> Self
  func animator() -> Self
}
