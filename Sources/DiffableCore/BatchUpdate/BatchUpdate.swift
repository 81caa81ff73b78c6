#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Everything a list view needs for one `performBatchUpdates` call that takes
/// it from one snapshot to another: one animation, always valid.
///
/// ```swift
/// let update = BatchUpdate(from: old, to: new)
/// collectionView.performBatchUpdates {
///   collectionView.deleteSections(IndexSet(update.sectionDeletes))
///   collectionView.insertSections(IndexSet(update.sectionInserts))
///   for move in update.sectionMoves { collectionView.moveSection(move.from, toSection: move.to) }
///   collectionView.reloadSections(IndexSet(update.sectionReloads))
///   collectionView.deleteItems(at: update.itemDeletes)
///   collectionView.insertItems(at: update.itemInserts)
///   for move in update.itemMoves { collectionView.moveItem(at: move.from, to: move.to) }
///   collectionView.reloadItems(at: update.itemReloads)
/// }
/// collectionView.reconfigureItems(at: update.itemReconfigures)
/// ```
///
/// ## Index spaces
///
/// | property | indices refer to |
/// |---|---|
/// | ``sectionDeletes``, ``sectionReloads``, ``itemDeletes``, ``itemReloads`` | the old snapshot |
/// | ``sectionInserts``, ``itemInserts`` | the new snapshot |
/// | ``sectionMoves``, ``itemMoves`` | from: old, to: new |
/// | ``itemReconfigures`` | the new snapshot, applied after the batch |
///
/// A reload is a delete of the old position plus an insert at the position the
/// item maps to: it does not change counts. Every list is sorted: deletes and
/// reloads by old index, inserts by new index, moves by destination.
///
/// ## Validity
///
/// UIKit raises "Invalid update" when a batch and the data disagree, and some
/// legal-looking combinations corrupt its state. ``init(from:to:)`` produces a
/// batch that is valid under all the strict rules ``validate(from:to:)``
/// checks, for any two snapshots. Where the rules forbid expressing a change
/// directly (an item crossing into a section that is also moved, a section
/// reload in a batch that moves sections, a reloaded item that also moves),
/// the change is expressed as a delete plus an insert, inside this one batch.
///
/// ## Quality
///
/// Moves are minimal: among the items that stay in their section, exactly
/// *n* − *L* move, where *L* is the length of a longest increasing subsequence
/// of their old positions; the same for sections. When moving a section would
/// force its changed items to be reloaded, the sections to keep in place are
/// chosen to avoid that (a weighted longest increasing subsequence).
public struct BatchUpdate: Sendable, Hashable {
  /// A move from a position in the old snapshot to one in the new snapshot.
  @frozen
  public struct Move<Index: Hashable & Sendable>: Sendable, Hashable {
    /// The position in the old snapshot.
    public var from: Index
    /// The position in the new snapshot.
    public var to: Index

    /// Creates a move.
    @inlinable
    public init(from: Index, to: Index) {
      self.from = from
      self.to = to
    }
  }

  /// Sections to delete, by index in the old snapshot, ascending.
  public var sectionDeletes: [Int]
  /// Sections to insert, by index in the new snapshot, ascending.
  public var sectionInserts: [Int]
  /// Sections to move, from their old index to their new index, by destination.
  public var sectionMoves: [Move<Int>]
  /// Sections to reload, by index in the old snapshot, ascending.
  public var sectionReloads: [Int]
  /// Items to delete, by index path in the old snapshot, ascending.
  public var itemDeletes: [IndexPath]
  /// Items to insert, by index path in the new snapshot, ascending.
  public var itemInserts: [IndexPath]
  /// Items to move, from their old index path to their new one.
  public var itemMoves: [Move<IndexPath>]
  /// Items to reload, by index path in the old snapshot, ascending.
  public var itemReloads: [IndexPath]
  /// Items to reconfigure in place after the batch, by index path in the new
  /// snapshot, ascending.
  public var itemReconfigures: [IndexPath]

  /// Creates a batch from its parts. Useful to describe a batch by hand, for
  /// example to check it with ``validate(from:to:)``.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(
    sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionMoves: [Move<Int>] = [],
    sectionReloads: [Int] = [], itemDeletes: [IndexPath] = [], itemInserts: [IndexPath] = [],
    itemMoves: [Move<IndexPath>] = [], itemReloads: [IndexPath] = [],
    itemReconfigures: [IndexPath] = []
  ) {
    self.sectionDeletes = sectionDeletes
    self.sectionInserts = sectionInserts
    self.sectionMoves = sectionMoves
    self.sectionReloads = sectionReloads
    self.itemDeletes = itemDeletes
    self.itemInserts = itemInserts
    self.itemMoves = itemMoves
    self.itemReloads = itemReloads
    self.itemReconfigures = itemReconfigures
  }

  /// Whether the batch changes nothing, reconfigures included.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var isEmpty: Bool {
    sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
      && sectionReloads.isEmpty && itemDeletes.isEmpty && itemInserts.isEmpty
      && itemMoves.isEmpty && itemReloads.isEmpty && itemReconfigures.isEmpty
  }

  /// The number of operations in the batch, reconfigures included.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var count: Int {
    sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionReloads.count
      + itemDeletes.count + itemInserts.count + itemMoves.count + itemReloads.count
      + itemReconfigures.count
  }
}

extension BatchUpdate: CustomStringConvertible {
  /// The non-empty lists, one per line, such as
  /// `itemMoves: [[0, 1] -> [1, 0]]`.
  public var description: String {
    func paths(_ list: [IndexPath]) -> String {
      "[" + list.map(\.bracketedDescription).joined(separator: ", ") + "]"
    }
    var lines: [String] = []
    if !sectionDeletes.isEmpty { lines.append("sectionDeletes: \(sectionDeletes)") }
    if !sectionInserts.isEmpty { lines.append("sectionInserts: \(sectionInserts)") }
    if !sectionMoves.isEmpty {
      lines.append(
        "sectionMoves: [" + sectionMoves.map { "\($0.from) -> \($0.to)" }.joined(separator: ", ")
          + "]")
    }
    if !sectionReloads.isEmpty { lines.append("sectionReloads: \(sectionReloads)") }
    if !itemDeletes.isEmpty { lines.append("itemDeletes: " + paths(itemDeletes)) }
    if !itemInserts.isEmpty { lines.append("itemInserts: " + paths(itemInserts)) }
    if !itemMoves.isEmpty {
      lines.append(
        "itemMoves: ["
          + itemMoves.map {
            $0.from.bracketedDescription + " -> " + $0.to.bracketedDescription
          }.joined(separator: ", ") + "]")
    }
    if !itemReloads.isEmpty { lines.append("itemReloads: " + paths(itemReloads)) }
    if !itemReconfigures.isEmpty { lines.append("itemReconfigures: " + paths(itemReconfigures)) }
    return lines.isEmpty ? "(no changes)" : lines.joined(separator: "\n")
  }
}
