import DiffableCore

/// Reads a snapshot's items by position, a run of positions in one section
/// at a time: the section's array is read once per run, rather than the
/// snapshot once per position (which, in the unspecialized generic code of
/// the web list view and the message builder, copies the section's record
/// each time). The window's cells and a batch's inserts come section by
/// section.
struct _SectionItemsReader<Section: Hashable & Sendable, Item: Hashable & Sendable> {
  let snapshot: DiffableDataSourceSnapshot<Section, Item>
  private var section = -1
  private var items: [Item] = []

  init(_ snapshot: DiffableDataSourceSnapshot<Section, Item>) {
    self.snapshot = snapshot
  }

  /// The item at `item` in the section at `section`, or `nil` if the
  /// snapshot has no such position.
  ///
  /// - Complexity: O(1), reading the section's items when `section` is not
  ///   the one of the last call.
  mutating func item(section: Int, item: Int) -> Item? {
    if section != self.section {
      self.section = section
      items =
        0 <= section && section < snapshot.numberOfSections
        ? snapshot._itemIdentifiers(atSection: section) : []
    }
    return 0 <= item && item < items.count ? items[item] : nil
  }
}
