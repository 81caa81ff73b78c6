internal import DiffableEngine
// Foundation, not FoundationEssentials: `IndexSet`, which UIKit and AppKit
// take for sections, is in Foundation only on Linux.
public import Foundation

/// The part of `UITableView` that a ``TableViewAdapter`` uses.
///
/// Every requirement is spelled as UIKit declares it, so `UITableView`
/// adopts the protocol with an empty extension (in this library, under
/// `#if canImport(UIKit)`); its ``RowAnimation`` is then
/// `UITableView.RowAnimation`. Each declaration is quoted from Apple's
/// documentation, at the address given beside it.
@MainActor
public protocol TableViewUpdating: AnyObject {
  /// How the table animates rows: `UITableView.RowAnimation` for
  /// `UITableView`.
  associatedtype RowAnimation: TableViewRowAnimation

  /// Runs `updates` as one batch, then `completion` when its animations end.
  // https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
  // func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)

  /// Inserts sections, at indexes after the batch.
  // https://developer.apple.com/documentation/uikit/uitableview/insertsections(_:with:)
  // func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation)
  func insertSections(_ sections: IndexSet, with animation: RowAnimation)

  /// Deletes sections, at indexes before the batch.
  // https://developer.apple.com/documentation/uikit/uitableview/deletesections(_:with:)
  // func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation)
  func deleteSections(_ sections: IndexSet, with animation: RowAnimation)

  /// Reloads sections, at indexes before the batch.
  // https://developer.apple.com/documentation/uikit/uitableview/reloadsections(_:with:)
  // func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation)
  func reloadSections(_ sections: IndexSet, with animation: RowAnimation)

  /// Moves a section.
  // https://developer.apple.com/documentation/uikit/uitableview/movesection(_:tosection:)
  // func moveSection(_ section: Int, toSection newSection: Int)
  func moveSection(_ section: Int, toSection newSection: Int)

  /// Inserts rows, at index paths after the batch.
  // https://developer.apple.com/documentation/uikit/uitableview/insertrows(at:with:)
  // func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation)
  func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation)

  /// Deletes rows, at index paths before the batch.
  // https://developer.apple.com/documentation/uikit/uitableview/deleterows(at:with:)
  // func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation)
  func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation)

  /// Moves a row.
  // https://developer.apple.com/documentation/uikit/uitableview/moverow(at:to:)
  // func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath)
  func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath)

  /// Replaces the cells of rows, at index paths before the batch.
  // https://developer.apple.com/documentation/uikit/uitableview/reloadrows(at:with:)
  // func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation)
  func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation)

  /// Updates the cells of rows in place.
  // https://developer.apple.com/documentation/uikit/uitableview/reconfigurerows(at:)
  // func reconfigureRows(at indexPaths: [IndexPath])
  func reconfigureRows(at indexPaths: [IndexPath])

  /// Discards every cell and asks the data source again.
  // https://developer.apple.com/documentation/uikit/uitableview/reloaddata()
  // func reloadData()
  func reloadData()

  /// Runs `actionsWithoutAnimation` with animations off (a class method of
  /// `UIView`, which `UITableView` inherits).
  // https://developer.apple.com/documentation/uikit/uiview/performwithoutanimation(_:)
  // class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void)
  static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void)
}

/// The row animations of a table view, named as the cases of
/// `UITableView.RowAnimation`, which adopts the protocol with an empty
/// extension: its cases are the requirements.
// https://developer.apple.com/documentation/uikit/uitableview/rowanimation
// (cases fade, right, left, top, bottom, none, middle, automatic)
public protocol TableViewRowAnimation: Equatable, Sendable {
  /// The rows fade in or out.
  static var fade: Self { get }
  /// The rows slide in from or out to the right.
  static var right: Self { get }
  /// The rows slide in from or out to the left.
  static var left: Self { get }
  /// The rows slide in from or out to the top.
  static var top: Self { get }
  /// The rows slide in from or out to the bottom.
  static var bottom: Self { get }
  /// The rows use the default animation.
  static var none: Self { get }
  /// The table tries to keep the old and new cells centered.
  static var middle: Self { get }
  /// The table picks an animation for each row.
  static var automatic: Self { get }
}

/// The edits a table commits on a row, named as the cases of
/// `UITableViewCell.EditingStyle`, which adopts the protocol with an empty
/// extension: its cases are the requirements.
// https://developer.apple.com/documentation/uikit/uitableviewcell/editingstyle-swift.enum
// (cases none, delete, insert)
public protocol TableViewCellEditingStyle: Equatable, Sendable {
  /// No edit.
  static var none: Self { get }
  /// The row is deleted.
  static var delete: Self { get }
  /// A row is inserted.
  static var insert: Self { get }
}

extension TableViewRowAnimation {
  /// The animation `animation` names.
  ///
  /// - Complexity: O(1).
  init(_ animation: DiffableRowAnimation) {
    switch animation {
    case .fade: self = .fade
    case .right: self = .right
    case .left: self = .left
    case .top: self = .top
    case .bottom: self = .bottom
    case .none: self = .none
    case .middle: self = .middle
    case .automatic: self = .automatic
    }
  }
}

extension TableViewCellEditingStyle {
  /// The style as the data source names it.
  ///
  /// - Complexity: O(1).
  var diffableStyle: DiffableEditingStyle {
    if self == .delete { return .delete }
    if self == .insert { return .insert }
    return .none
  }
}
