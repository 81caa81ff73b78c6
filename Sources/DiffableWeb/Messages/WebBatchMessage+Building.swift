public import DiffableCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension WebBatchMessage {
  /// The batch message that takes a browser list showing `old` to `new` by
  /// `update`.
  ///
  /// `update` is normally `BatchUpdate(from: old, to: new)`, or the batch a
  /// data source hands its list view. The message's fields follow it:
  ///
  /// - ``counts`` are the item counts of `new`.
  /// - ``insertedSections`` and ``insertedItems`` are what `new` holds at
  ///   the update's insert positions.
  /// - ``reloadedSections`` are the sections of `old` at the update's reload
  ///   positions, with the items `new` holds where they land: surviving
  ///   sections (neither deleted nor moved) keep their order and fill the
  ///   positions that inserts and move destinations leave free, as in
  ///   `BatchUpdate.replay(on:insertingFrom:)`.
  /// - ``cells`` has the cell of every item those sections and inserts
  ///   hold, and of every item of `old` at an item reload position;
  ///   ``reconfigured`` has the cell of every item of `new` at a reconfigure
  ///   position.
  ///
  /// ```swift
  /// // old: fruits: [apple, pear]     new: fruits: [pear, apple, kiwi]
  /// let update = BatchUpdate(from: old, to: new)
  /// let batch = try WebBatchMessage(
  ///   list: "main", seq: 2, update: update, from: old, to: new
  /// ) { item, _ in WebCell(item) }
  /// batch.counts  // [3]
  /// batch.insertedItems  // ["kiwi"]
  /// ```
  ///
  /// The builder does not check the update: for a batch that is not valid
  /// for the two snapshots, a position that `old` or `new` does not have,
  /// or a reloaded section that is also deleted or moved, gives `nil` (no
  /// identifier, no cell), so that a browser can be shown the batch and
  /// refuse it as the validator would. Such a batch breaks rule 1, 2 or 3
  /// of `BatchUpdate.ValidationError`.
  ///
  /// - Parameters:
  ///   - list: The list the message is for.
  ///   - seq: The message's sequence number.
  ///   - update: The batch.
  ///   - old: What the list showed before the batch.
  ///   - new: What it shows after.
  ///   - cell: The cell of an item, given the item and its index path in
  ///     `new`; called once per item the batch brings in or reconfigures.
  /// - Throws: `EncodingError` when an identifier cannot be encoded as JSON,
  ///   or what `cell` throws.
  /// - Complexity: O(*s* + *b* + *k*) plus one call of `cell` per cell,
  ///   where *s* is the number of sections of both snapshots, *b* the size
  ///   of the batch and *k* the number of items of inserted and reloaded
  ///   sections; an item reload also looks the item up in `new` (expected
  ///   O(1), if the identifier type hashes well).
  public init<S, I>(
    list: String, seq: Int, update: BatchUpdate,
    from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>,
    cell: (I, IndexPath) throws -> WebCell
  ) throws where S: Encodable, I: Encodable {
    try self.init(
      list: list, seq: seq, update: update, from: old, to: new,
      cellCapacity: update.itemInserts.count + update.itemReloads.count,
      cellIfShown: { _, path in
        // Every path the builder asks about is one `new` has.
        guard let item = new._itemIdentifierIfPresent(section: path.section, item: path.item)
        else { return nil }
        return try cell(item, path)
      })
  }

  /// The batch message that takes a list showing `old` to `new` by `update`,
  /// with a cell (or reconfigured cell) for each item the batch brings in
  /// (or reconfigures) whose text on the wire `isShown` accepts and for
  /// which `cellIfShown` returns one, given the item's text and its index
  /// path in `new`; the cells' map is made with room for `cellCapacity` of
  /// them. An item reload is looked up in `new` only when its item is
  /// shown.
  init<S, I>(
    list: String, seq: Int, update: BatchUpdate,
    from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>,
    cellCapacity: Int = 0, isShown: (String) -> Bool = { _ in true },
    cellIfShown cell: (String, IndexPath) throws -> WebCell?
  ) throws where S: Encodable, I: Encodable {
    let newSectionCount = new.numberOfSections
    let oldSectionCount = old.numberOfSections
    var cells: [String: WebCell] = [:]
    cells.reserveCapacity(cellCapacity)

    /// The section of `new` at `q`, with a cell for each of its items.
    func section(_ id: S, at q: Int) throws -> WebSection {
      let items = _SectionIdentifiers(new._itemIdentifiers(atSection: q))
      var identifiers: [WebIdentifier] = []
      identifiers.reserveCapacity(items.count)
      for k in 0..<items.count {
        guard let identifier = try items.identifier(at: k) else { break }
        identifiers.append(identifier)
        if isShown(identifier.text),
          let made = try cell(identifier.text, IndexPath(item: k, section: q))
        {
          cells[identifier.text] = made
        }
      }
      return WebSection(id: try WebIdentifier(encoding: id), items: identifiers)
    }

    var counts: [Int] = []
    counts.reserveCapacity(newSectionCount)
    for q in 0..<newSectionCount { counts.append(new._numberOfItems(atSection: q)) }

    var insertedSections: [WebSection?] = []
    insertedSections.reserveCapacity(update.sectionInserts.count)
    for q in update.sectionInserts {
      insertedSections.append(
        0 <= q && q < newSectionCount ? try section(new._sectionIdentifier(at: q), at: q) : nil)
    }

    var reloadedSections: [WebSection?] = []
    if !update.sectionReloads.isEmpty {
      let landing = Self._survivorLanding(
        update, oldCount: oldSectionCount, newCount: newSectionCount)
      reloadedSections.reserveCapacity(update.sectionReloads.count)
      for p in update.sectionReloads {
        if 0 <= p && p < oldSectionCount, let q = landing[p] {
          reloadedSections.append(try section(old._sectionIdentifier(at: p), at: q))
        } else {
          reloadedSections.append(nil)
        }
      }
    }

    var insertedItems: [WebIdentifier?] = []
    insertedItems.reserveCapacity(update.itemInserts.count)
    var reader = _IdentifierReader(new)
    for path in update.itemInserts {
      let identifier = try reader.identifier(section: path.section, item: path.item)
      insertedItems.append(identifier)
      if let identifier, isShown(identifier.text), let made = try cell(identifier.text, path) {
        cells[identifier.text] = made
      }
    }

    var oldReader = _IdentifierReader(old)
    for path in update.itemReloads {
      guard let text = try oldReader.identifier(section: path.section, item: path.item)?.text,
        isShown(text),
        let item = old._itemIdentifierIfPresent(section: path.section, item: path.item),
        let newPath = new._indexPath(of: item)
      else { continue }
      if let made = try cell(text, newPath) { cells[text] = made }
    }

    var reconfigured: [String: WebCell] = [:]
    for path in update.itemReconfigures {
      guard let text = try reader.identifier(section: path.section, item: path.item)?.text,
        isShown(text)
      else { continue }
      if let made = try cell(text, path) { reconfigured[text] = made }
    }

    self.init(
      list: list, seq: seq, update: update, counts: counts, insertedSections: insertedSections,
      reloadedSections: reloadedSections, insertedItems: insertedItems, cells: cells,
      reconfigured: reconfigured)
  }

  /// Where each surviving old section lands: the sections that are neither
  /// deleted nor moved, in order, take the new positions that are neither
  /// inserted nor move destinations, in order. Indices out of range are
  /// ignored; a survivor without a free position lands nowhere.
  static func _survivorLanding(_ update: BatchUpdate, oldCount: Int, newCount: Int) -> [Int: Int] {
    var gone = Set(update.sectionDeletes)
    var taken = Set(update.sectionInserts)
    for move in update.sectionMoves {
      gone.insert(move.from)
      taken.insert(move.to)
    }
    var landing: [Int: Int] = [:]
    var free = (0..<newCount).lazy.filter { !taken.contains($0) }.makeIterator()
    for p in 0..<oldCount where !gone.contains(p) {
      guard let q = free.next() else { break }
      landing[p] = q
    }
    return landing
  }
}
