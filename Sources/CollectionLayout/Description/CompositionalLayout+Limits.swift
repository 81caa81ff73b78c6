public import Foundation

// The limits a description, item counts and container sizes must keep, so
// that solving ends, fits in memory and writes only finite numbers.

extension CompositionalLayout {
  /// The most items a solved layout holds, all sections together:
  /// 1,000,000.
  ///
  /// A fixed-size section costs nothing per item, but a self-sizing one
  /// keeps a solved group per instance, and whoever lists every element
  /// (``SolvedLayout/allElements``, the `diffable layout` command) keeps
  /// one per item. ``solve(_:itemCounts:preferredSize:)`` and
  /// ``SolvedLayout/updateItemCounts(_:preferredSize:)`` throw a
  /// ``LayoutError`` with the path `itemCounts[i]` of the first section
  /// that takes the total beyond this number.
  public static let maximumItemCount = 1_000_000

  /// The most items one instance of a section's root group holds, nested
  /// groups included, and the largest `count` of a group: 100,000.
  ///
  /// A group placing more throws a ``LayoutError`` naming the group, before
  /// it lays out its children; so does a `count` or `repeatingCount` above
  /// this number.
  public static let maximumItemsPerGroup = 100_000

  /// The largest length, in points: 1,000,000,000.
  ///
  /// Every number of a description (dimensions and fractions, insets,
  /// spacing, offsets, custom frames), every size a dimension resolves to,
  /// and each side of a container must be at most this large (spacing,
  /// insets and offsets at least its negative). With at most
  /// ``maximumItemCount`` items, every frame a solved layout reports is
  /// then finite. Larger numbers in JSON fail to decode; in a description
  /// built in Swift, larger or non-finite numbers, and larger resolved
  /// sizes, fail to solve; each with a ``LayoutError`` naming where they
  /// are, by the same path.
  public static let maximumLength: CGFloat = 1_000_000_000
}

/// A ``LayoutError`` with the path `itemCounts[i]` for the first section
/// whose count takes the total beyond ``CompositionalLayout/maximumItemCount``,
/// checked before anything is solved.
func _checkItemCounts(_ itemCounts: [Int]) throws(LayoutError) {
  let maximum = CompositionalLayout.maximumItemCount
  var total = 0
  for (i, count) in itemCounts.enumerated() {
    // Compared before adding, so that no sum overflows.
    guard count <= maximum - total else {
      throw LayoutError(
        path: "itemCounts[\(i)]",
        message:
          "section \(i) has \(count) items, \(total) before it; a layout holds at most \(maximum) items"
      )
    }
    total += count
  }
}
