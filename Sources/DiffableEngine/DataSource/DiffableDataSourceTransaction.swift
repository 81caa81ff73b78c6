public import DiffableCore

/// What a reorder did to a data source's snapshot: handed to
/// ``DiffableDataSource/ReorderingHandlers/willReorder`` and
/// ``DiffableDataSource/ReorderingHandlers/didReorder`` (UIKit's
/// `NSDiffableDataSourceTransaction`).
///
/// Use it to update your model after the user drags an item:
///
/// ```swift
/// dataSource.reorderingHandlers.didReorder = { transaction in
///   // One section: apply the difference to the backing array.
///   if let updated = backingStore.applying(transaction.difference) {
///     backingStore = updated
///   }
/// }
/// ```
public struct DiffableDataSourceTransaction<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The snapshot before the reorder.
  public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The snapshot after the reorder: what the data source holds from now on.
  public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The change over the flattened items (`DiffableDataSourceSnapshot/itemIdentifiers`
  /// of each snapshot): applying it to the initial items gives the final
  /// ones. A moved item is a removal and an insertion associated with each
  /// other.
  public let difference: CollectionDifference<ItemIdentifierType>
  /// One transaction for each section whose items changed, in the order of
  /// the final snapshot.
  public let sectionTransactions:
    [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]

  /// Creates a transaction.
  public init(
    initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    difference: CollectionDifference<ItemIdentifierType>,
    sectionTransactions: [DiffableDataSourceSectionTransaction<
      SectionIdentifierType, ItemIdentifierType
    >]
  ) {
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    self.difference = difference
    self.sectionTransactions = sectionTransactions
  }
}

/// What a reorder did to one section (UIKit's
/// `NSDiffableDataSourceSectionTransaction`).
public struct DiffableDataSourceSectionTransaction<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The section.
  public let sectionIdentifier: SectionIdentifierType
  /// The section's items before the reorder.
  public let initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The section's items after the reorder.
  public let finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The change over the section's items: an item moved inside the section
  /// is a removal and an insertion associated with each other; an item that
  /// left is a removal, one that arrived an insertion.
  public let difference: CollectionDifference<ItemIdentifierType>

  /// Creates a section transaction.
  public init(
    sectionIdentifier: SectionIdentifierType,
    initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    difference: CollectionDifference<ItemIdentifierType>
  ) {
    self.sectionIdentifier = sectionIdentifier
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    self.difference = difference
  }
}
