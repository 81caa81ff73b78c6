#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What a page's user does to a list: the delegate of a ``WebListView``,
/// as a `UICollectionViewDelegate` is a collection view's.
///
/// The session calls it on its owner's actor, which it passes as
/// `isolation`: a method may apply a snapshot at once, with the
/// synchronous `apply`, as a UIKit app does in its delegate. The delegate
/// is an object of no actor, confined, with the session and its data
/// sources, to their owner:
///
/// ```swift
/// final class Basket: WebListViewDelegate {
///   let fruits: DiffableDataSource<String, String>
///
///   init(fruits: DiffableDataSource<String, String>) { self.fruits = fruits }
///
///   func listView(
///     named name: String, didSelectItemAt indexPath: IndexPath,
///     isolation: isolated any Actor
///   ) {
///     guard let fruit = fruits.itemIdentifier(for: indexPath) else { return }
///     var snapshot = fruits.snapshot()
///     snapshot.deleteItems([fruit])
///     fruits.apply(snapshot)
///   }
/// }
/// ```
public protocol WebListViewDelegate: AnyObject {
  /// The page's user tapped the cell of an item the data source still
  /// has (or pressed Enter or Space on it), whose index path in the data
  /// source's current snapshot is `indexPath`, in the list `name`.
  func listView(
    named name: String, didSelectItemAt indexPath: IndexPath, isolation: isolated any Actor)

  /// The page's user tapped the control named `action` (a button or link
  /// of the cell's template with `data-action="ACTION"`, see
  /// ``WebCell/Template``) in the cell of an item the data source still
  /// has, whose index path is `indexPath`, in the list `name`. The cell
  /// itself is not selected. Does nothing by default.
  func listView(
    named name: String, didTapAction action: String, inItemAt indexPath: IndexPath,
    isolation: isolated any Actor)
}

extension WebListViewDelegate {
  /// Does nothing: a list whose cells have no controls needs no answer.
  public func listView(
    named name: String, didTapAction action: String, inItemAt indexPath: IndexPath,
    isolation: isolated any Actor
  ) {}
}

/// What a page tells its session besides its lists: the delegate of a
/// ``WebSession``.
///
/// The session calls it on its owner's actor, which it passes as
/// `isolation`, as it calls a ``WebListViewDelegate``.
public protocol WebSessionDelegate: AnyObject {
  /// A control of the page changed (`input`). The page sends the value of
  /// every control after each `ready`, so a page that reconnects restores
  /// what its controls say.
  func session(_ session: WebSession, didReceive input: WebInput, isolation: isolated any Actor)
}
