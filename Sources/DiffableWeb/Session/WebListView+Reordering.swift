import DiffableCore
import DiffableEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// MARK: Interactive moves

// A page's user drags a row, or moves it with Alt+Up and Alt+Down, and the
// page sends a `move` naming the item, the section it lands in and the item
// it lands before. The message comes from the network: everything the data
// source would stop the program for (`moveItem(at:to:)` is a programmer's
// contract) is checked here first, and a move that fails a check is answered
// with a `refused`, which puts the row back. An accepted move goes through
// the data source's connection, as UIKit's `collectionView(_:moveItemAt:to:)`
// does, so `reorderingHandlers.willReorder` and `didReorder` get the
// transaction; the view then sends the batch from what the page showed to
// the data source's moved snapshot, which the page animates from where the
// row was dropped, and acknowledges like any batch.

extension WebListView {
  /// Whether the page may offer to move the list's rows: the data source
  /// has a `reorderingHandlers.canReorderItem`. Sent as the reload's
  /// `reorderable`.
  var _isReorderable: Bool { _dataSource?.reorderingHandlers.canReorderItem != nil }

  /// The cell of the item at `path` of the data source's snapshot, marked
  /// fixed (`"fixed": true`) when the list is `reorderable` and
  /// `canReorderItem` does not allow the item: the page then offers no
  /// drag for its row. Asked for the cells sent alone, so the handler runs
  /// once per cell entering the page, not for the whole list.
  func _cell(
    at path: IndexPath, of source: any DiffableListViewDataSource<WebCell, WebCell>,
    _ reorderable: Bool
  ) -> WebCell {
    var cell = source.cell(at: path)
    if reorderable, !source.canMoveItem(at: path) { cell._fixed = true }
    return cell
  }

  func _move(_ item: String, toSection section: String, before: String?) {
    guard let reason = _performMove(item, toSection: section, before: before) else { return }
    _ = _session?._send(.refused(list: name, item: item, reason: reason))
  }

  /// Makes the move the page asked for and sends the batch that shows it;
  /// returns why it was refused instead, changing nothing.
  ///
  /// The checks, in order: the page shows the list and no batch is in
  /// flight or waiting for it (the page's order may then be stale: a move
  /// made against it is refused, and the batch shows the page the order
  /// that won); the item is one of the last two windows sent and the data
  /// source still has it; `reorderingHandlers.canReorderItem` allows it;
  /// the section is one the page shows; `before` is an item of that section
  /// other than the moved one (one of the windows sent, or else found by
  /// its text among the section's items); the item is not already there.
  ///
  /// - Complexity: O(*n*) for the batch's diff, where *n* is the number of
  ///   items of the list, plus the data source's move and the handlers
  ///   (and the encoding of the section's items when `before` is not in
  ///   the windows sent).
  func _performMove(_ text: String, toSection sectionText: String, before beforeText: String?)
    -> String?
  {
    let quoted = "item \(String(reflecting: text)) of list \(String(reflecting: name))"
    guard let shown = _page.shown, let dataSource = _dataSource, let source = _source else {
      return "cannot move \(quoted): the list shows nothing"
    }
    guard !_flow.isBusy, !_flow.hasWaiting else {
      return "cannot move \(quoted): the list is changing (a batch is in flight)"
    }
    guard let item = _page.windowItem(text), let from = dataSource.indexPath(for: item) else {
      return "cannot move \(quoted): the list does not show it"
    }
    guard source.canMoveItem(at: from) else {
      return "cannot move \(quoted): reorderingHandlers.canReorderItem does not allow it"
    }
    let current = dataSource.snapshot()
    guard
      let q = (0..<current.numberOfSections).first(where: {
        _text(section: current._sectionIdentifier(at: $0)) == sectionText
      })
    else {
      return "cannot move \(quoted) to unknown section \(String(reflecting: sectionText))"
    }
    var remaining = current._itemIdentifiers(atSection: q)
    if from.section == q { remaining.remove(at: from.item) }
    let index: Int
    if let beforeText {
      // The item after the window's last row may lie beyond the window: it
      // is then looked for by its text among the section's items.
      let k =
        _page.windowItem(beforeText).flatMap { remaining.firstIndex(of: $0) }
        ?? remaining.firstIndex { _text($0) == beforeText }
      guard let k else {
        return "cannot move \(quoted) before \(String(reflecting: beforeText)), which is not "
          + "another item of section \(String(reflecting: sectionText))"
      }
      index = k
    } else {
      index = remaining.count
    }
    let to = IndexPath(item: index, section: q)
    guard to != from else { return "cannot move \(quoted): it is already there" }
    source.moveItem(at: from, to: to)
    _sendMoveBatch(of: item, from: shown, to: dataSource.snapshot())
    return nil
  }

  /// Sends the batch from `shown` to the data source's `moved` snapshot,
  /// reconfiguring the moved item, whose cell may depend on its place (an
  /// outline row's level), and announcing the move ("Apple moved to
  /// position 3 of 5") unless the handlers set an ``announcement``.
  private func _sendMoveBatch(of item: Item, from shown: Snapshot, to moved: Snapshot) {
    var update = BatchUpdate(from: shown, to: moved)
    if let path = moved._indexPath(of: item), !update.itemReconfigures.contains(path) {
      update.itemReconfigures = (update.itemReconfigures + [path]).sorted {
        ($0.section, $0.item) < ($1.section, $1.item)
      }
    }
    if announcement == nil, let path = moved._indexPath(of: item), let source = _source {
      let count = moved._numberOfItems(atSection: path.section)
      announcement = "\(source.cell(at: path).text) moved to position \(path.item + 1) of \(count)"
    }
    _sendBatch(update, from: shown, to: moved, completions: [])
  }
}
