import InternalJSONCoding

// MARK: - Coding keys

/// The keys of a snapshot's coded form, in the order an error lists them.
@usableFromInline
internal enum _SnapshotCodingKeys: String, CodingKey, CaseIterable {
  case sections
  case reloadedItems
  case reconfiguredItems
  case reloadedSections
}

/// The keys of one section in a snapshot's coded form.
@usableFromInline
internal enum _SnapshotSectionCodingKeys: String, CodingKey, CaseIterable {
  case id
  case items
}

// MARK: - Encoding

extension DiffableDataSourceSnapshot: Encodable
where SectionIdentifierType: Encodable, ItemIdentifierType: Encodable {
  /// Encodes the snapshot's sections, in order, each with its items, followed
  /// by its reload and reconfigure marks.
  ///
  /// With `JSONEncoder` and `String` identifiers the result reads:
  ///
  /// ```json
  /// {"sections": [{"id": "fruits", "items": ["apple", "pear"]},
  ///               {"id": "veg", "items": []}],
  ///  "reloadedItems": ["pear"], "reconfiguredItems": [], "reloadedSections": []}
  /// ```
  ///
  /// All three mark lists are always written, possibly empty, in the order
  /// they were first marked.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Complexity: O(*n* + *s* + *r*), where *n* is the number of items, *s*
  ///   the number of sections and *r* the number of marks, plus what the
  ///   encoder spends on each identifier.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _SnapshotCodingKeys.self)
    var sections = container.nestedUnkeyedContainer(forKey: .sections)
    for section in sectionIdentifiers {
      var entry = sections.nestedContainer(keyedBy: _SnapshotSectionCodingKeys.self)
      try entry.encode(section, forKey: .id)
      try entry.encode(itemIdentifiers(inSection: section), forKey: .items)
    }
    try container.encode(reloadedItemIdentifiers, forKey: .reloadedItems)
    try container.encode(reconfiguredItemIdentifiers, forKey: .reconfiguredItems)
    try container.encode(reloadedSectionIdentifiers, forKey: .reloadedSections)
  }
}

// MARK: - Decoding

extension DiffableDataSourceSnapshot: Decodable
where SectionIdentifierType: Decodable, ItemIdentifierType: Decodable {
  /// Decodes a snapshot written by ``encode(to:)``, refusing any input that
  /// is not a valid snapshot.
  ///
  /// The `sections` key is required, and so is each section's `id` and
  /// `items`. The mark lists `reloadedItems`, `reconfiguredItems` and
  /// `reloadedSections` may be missing, which means no marks. Any other key
  /// is refused, naming the keys expected, so that a misspelt mark list
  /// (`reloadItems`) is an error rather than no marks.
  ///
  /// Coded data comes from outside the program, so where building the
  /// snapshot with its mutating methods would stop the program, decoding
  /// throws `DecodingError.dataCorrupted` instead, with a description that
  /// names the offending identifiers:
  ///
  /// - a section identifier that appears twice;
  /// - an item identifier that appears twice anywhere in the snapshot (items
  ///   are unique across sections, not per section);
  /// - a mark list that repeats an identifier, or names a section or item
  ///   that is not in the snapshot;
  /// - a key the snapshot or one of its sections does not have.
  ///
  /// Every check runs before the snapshot is built.
  ///
  /// ```swift
  /// let json = #"{"sections": [{"id": "a", "items": ["x"]}, {"id": "b", "items": ["x"]}]}"#
  /// try JSONDecoder().decode(DiffableDataSourceSnapshot<String, String>.self, from: Data(json.utf8))
  /// // throws: item identifiers are not unique across the snapshot: ["x"]
  /// ```
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the data is malformed or describes an
  ///   invalid snapshot.
  /// - Complexity: O(*n* + *s* + *r*) expected, where *n* is the number of
  ///   items, *s* the number of sections and *r* the number of marks, plus
  ///   what the decoder spends on each identifier.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_SnapshotCodingKeys.self)

    // Pass 1: read every section and its items, and collect the identifiers
    // that repeat, without touching a snapshot yet.
    var sections = try container.nestedUnkeyedContainer(forKey: .sections)
    var sectionIdentifiers: [SectionIdentifierType] = []
    var itemsBySection: [[ItemIdentifierType]] = []
    var seenSections: Set<SectionIdentifierType> = []
    var seenItems: Set<ItemIdentifierType> = []
    var repeatedSections = _RepeatCollector<SectionIdentifierType>()
    var repeatedItems = _RepeatCollector<ItemIdentifierType>()
    if let count = sections.count {
      sectionIdentifiers.reserveCapacity(count)
      itemsBySection.reserveCapacity(count)
    }
    while !sections.isAtEnd {
      let entry = try sections.superDecoder()._object(_SnapshotSectionCodingKeys.self)
      let section = try entry.decode(SectionIdentifierType.self, forKey: .id)
      let items = try entry.decode([ItemIdentifierType].self, forKey: .items)
      if !seenSections.insert(section).inserted { repeatedSections.add(section) }
      for item in items where !seenItems.insert(item).inserted { repeatedItems.add(item) }
      sectionIdentifiers.append(section)
      itemsBySection.append(items)
    }
    if !repeatedSections.isEmpty {
      throw Self._corrupted(
        container, .sections,
        "section identifiers are not unique: \(_describe(repeatedSections.elements))")
    }
    if !repeatedItems.isEmpty {
      throw Self._corrupted(
        container, .sections,
        "item identifiers are not unique across the snapshot: "
          + _describe(repeatedItems.elements))
    }

    // Pass 2: read the marks and check that each names something present,
    // once.
    let reloadedItems = try Self._marks(
      ItemIdentifierType.self, .reloadedItems, in: container, present: seenItems, "items")
    let reconfiguredItems = try Self._marks(
      ItemIdentifierType.self, .reconfiguredItems, in: container, present: seenItems, "items")
    let reloadedSections = try Self._marks(
      SectionIdentifierType.self, .reloadedSections, in: container, present: seenSections,
      "sections")

    // Pass 3: everything is known to be valid; build the snapshot with its
    // own mutations, which cannot fail now.
    self.init()
    appendSections(sectionIdentifiers)
    for (section, items) in zip(sectionIdentifiers, itemsBySection) where !items.isEmpty {
      appendItems(items, toSection: section)
    }
    if !reloadedItems.isEmpty { self.reloadItems(reloadedItems) }
    if !reconfiguredItems.isEmpty { self.reconfigureItems(reconfiguredItems) }
    if !reloadedSections.isEmpty { self.reloadSections(reloadedSections) }
  }

  /// Reads an optional mark list and checks it against the identifiers that
  /// are present.
  private static func _marks<Identifier: Hashable & Decodable>(
    _ type: Identifier.Type,
    _ key: _SnapshotCodingKeys,
    in container: KeyedDecodingContainer<_SnapshotCodingKeys>,
    present: Set<Identifier>,
    _ kind: String
  ) throws -> [Identifier] {
    guard let marks = try container.decodeIfPresent([Identifier].self, forKey: key) else {
      return []
    }
    var seen: Set<Identifier> = []
    var repeated = _RepeatCollector<Identifier>()
    var absent = _RepeatCollector<Identifier>()
    for mark in marks {
      if !seen.insert(mark).inserted { repeated.add(mark) }
      if !present.contains(mark) { absent.add(mark) }
    }
    if !repeated.isEmpty {
      throw _corrupted(
        container, key, "\(key.stringValue) repeats \(kind): \(_describe(repeated.elements))")
    }
    if !absent.isEmpty {
      throw _corrupted(
        container, key,
        "\(key.stringValue) names \(kind) that are not in the snapshot: "
          + _describe(absent.elements))
    }
    return marks
  }

  private static func _corrupted(
    _ container: KeyedDecodingContainer<_SnapshotCodingKeys>,
    _ key: _SnapshotCodingKeys,
    _ description: String
  ) -> DecodingError {
    .dataCorruptedError(forKey: key, in: container, debugDescription: description)
  }
}

/// Collects identifiers that break a rule, each once, in the order first
/// seen, so that an error message names every culprit exactly once.
internal struct _RepeatCollector<Element: Hashable> {
  private(set) var elements: [Element] = []
  private var seen: Set<Element> = []

  var isEmpty: Bool { elements.isEmpty }

  mutating func add(_ element: Element) {
    if seen.insert(element).inserted { elements.append(element) }
  }
}
