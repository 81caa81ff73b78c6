import CollectionLayout
import DiffableCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Where ``WebListView/scrollToItem(at:at:animated:)`` puts an item in the
/// page's list, as UIKit's `UICollectionView.ScrollPosition`: at most one
/// vertical and one horizontal position.
public struct WebScrollPosition: OptionSet, Sendable, Hashable {
  /// The positions as bits, one a position.
  public let rawValue: UInt

  /// A position of the raw value `rawValue`.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// The item's top edge at the list's top edge.
  public static let top = WebScrollPosition(rawValue: 1 << 0)
  /// The item's centre at the list's centre, vertically.
  public static let centeredVertically = WebScrollPosition(rawValue: 1 << 1)
  /// The item's bottom edge at the list's bottom edge.
  public static let bottom = WebScrollPosition(rawValue: 1 << 2)
  /// The item's left edge at the list's left edge.
  public static let left = WebScrollPosition(rawValue: 1 << 3)
  /// The item's centre at the list's centre, horizontally.
  public static let centeredHorizontally = WebScrollPosition(rawValue: 1 << 4)
  /// The item's right edge at the list's right edge.
  public static let right = WebScrollPosition(rawValue: 1 << 5)
}

extension WebListView {
  /// Scrolls the page's list so that the item at `indexPath` is at
  /// `position`, smoothly when `animated`, as a collection view's
  /// `scrollToItem(at:at:animated:)` does.
  ///
  /// ```swift
  /// view.scrollToItem(at: IndexPath(item: 765_431, section: 0), at: .top, animated: false)
  /// ```
  ///
  /// The offset is the layout's: the item's frame placed as `position`
  /// says, then kept within the content (an item near the end cannot come
  /// to the top). Along an axis that `position` does not name, the list
  /// moves only as far as it must for the item to be seen whole (UIKit
  /// leaves that axis alone). The view sends the page the cells of the
  /// window at the new offset first, then a `scroll` message, so the page
  /// shows them as it arrives. `indexPath` is one of the snapshot the
  /// page shows (the last one the view was given; the data source's,
  /// before a page connects). Does nothing while no page shows the list.
  ///
  /// - Precondition: `position` names at most one vertical and one
  ///   horizontal position, and `indexPath` is an item of that snapshot.
  /// - Complexity: O(log *G*) to find the item (*G* the groups of its
  ///   section), plus laying out and sending the new window, which is
  ///   independent of the length of the list.
  public func scrollToItem(
    at indexPath: IndexPath, at position: WebScrollPosition, animated: Bool
  ) {
    let operation: StaticString = "WebListView.scrollToItem(at:at:animated:)"
    let vertical = position.intersection([.top, .centeredVertically, .bottom])
    let horizontal = position.intersection([.left, .centeredHorizontally, .right])
    guard vertical.rawValue.nonzeroBitCount <= 1, horizontal.rawValue.nonzeroBitCount <= 1 else {
      _diffableFailure(
        operation,
        "position \(position.rawValue) of list \(String(reflecting: name)) names two "
          + "positions along one axis")
    }
    // The snapshot the page shows; before a page connects, the data
    // source's, which the page will show.
    guard let snapshot = _page.shown ?? _dataSource?.snapshot() else { return }
    guard indexPath.count == 2, (0..<snapshot.numberOfSections).contains(indexPath.section),
      (0..<snapshot._numberOfItems(atSection: indexPath.section)).contains(indexPath.item)
    else {
      _diffableFailure(
        operation,
        "index path \(indexPath.bracketedDescription) is not an item of list "
          + "\(String(reflecting: name)), whose snapshot has \(snapshot.numberOfSections) sections")
    }
    guard let shown = _page.shown else { return }
    guard let viewport = _page.viewport, let solved = _page.solved,
      let frame = solved.layoutAttributesForItem(at: indexPath)?.frame
    else { return }
    let content = solved.contentSize
    func offset(
      current: Double, length: Double, start: Double, end: Double, extent: Double,
      leading: Bool, centered: Bool, trailing: Bool
    ) -> Double {
      let wanted: Double
      if leading {
        wanted = start
      } else if centered {
        wanted = (start + end - length) / 2
      } else if trailing {
        wanted = end - length
      } else if start < current {
        wanted = start
      } else if end > current + length {
        wanted = min(start, end - length)
      } else {
        wanted = current
      }
      return max(0, min(wanted, extent - length))
    }
    let y = offset(
      current: viewport.y, length: viewport.height, start: Double(frame.minY),
      end: Double(frame.maxY), extent: Double(content.height), leading: vertical == .top,
      centered: vertical == .centeredVertically, trailing: vertical == .bottom)
    let x = offset(
      current: viewport.x, length: viewport.width, start: Double(frame.minX),
      end: Double(frame.maxX), extent: Double(content.width), leading: horizontal == .left,
      centered: horizontal == .centeredHorizontally, trailing: horizontal == .right)
    _page.viewport = WebListViewport(width: viewport.width, height: viewport.height, x: x, y: y)
    _sendLayoutIfChanged(shown)
    _ = _session?._send(.scroll(list: name, x: x, y: y, animated: animated))
  }
}
