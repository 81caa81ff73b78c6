import DiffableCore

/// The identifiers on the wire of one section's items, by position.
///
/// Identifiers of the types that travel as they are, `Int` and `String`,
/// are kept as an array of that type, so that an identifier is made with no
/// generic call; those of other types are encoded when asked for.
///
/// The array is reinterpreted (`unsafeBitCast`) once its element type is
/// known to be `Int` or `String`. A checked cast (`items as? [Int]`) walks
/// the array: building and writing a batch message of 10,000 `Int` items,
/// 1% changed (ProfileWeb's `message` mode), took 3.45× the instructions
/// with it (6.36 M against 1.84 M per message, callgrind).
enum _SectionIdentifiers {
  case integers([Int])
  case strings([String])
  case encoding(count: Int, (Int) throws -> WebIdentifier)

  /// The identifiers of `items`.
  init<Item: Encodable>(_ items: [Item]) {
    if Item.self == Int.self {
      self = .integers(unsafeBitCast(items, to: [Int].self))
    } else if Item.self == String.self {
      self = .strings(unsafeBitCast(items, to: [String].self))
    } else {
      self = .encoding(count: items.count) { try WebIdentifier(encoding: items[$0]) }
    }
  }

  /// The number of items.
  var count: Int {
    switch self {
    case .integers(let integers): integers.count
    case .strings(let strings): strings.count
    case .encoding(let count, _): count
    }
  }

  /// The identifier of the item at `position`, or `nil` if there is none.
  ///
  /// - Throws: What `WebIdentifier(encoding:)` throws for the item.
  func identifier(at position: Int) throws -> WebIdentifier? {
    guard 0 <= position && position < count else { return nil }
    switch self {
    case .integers(let integers): return WebIdentifier(integers[position])
    case .strings(let strings): return WebIdentifier(strings[position])
    case .encoding(_, let encode): return try encode(position)
    }
  }
}

/// Reads the identifiers on the wire of a snapshot's items by position, a
/// run of positions in one section at a time: the section's items are read
/// once per run, rather than the snapshot once per position (which, in the
/// unspecialized generic code of the web list view and the message
/// builder, copies the section's record and looks up the metadata of
/// generic types each time). The window's cells and a batch's inserts come
/// section by section.
struct _IdentifierReader {
  private let read: (Int) -> _SectionIdentifiers
  private var section = -1
  private var identifiers = _SectionIdentifiers.integers([])

  /// A reader of `snapshot`'s identifiers.
  init<Section, Item: Encodable>(_ snapshot: DiffableDataSourceSnapshot<Section, Item>) {
    read = { section in
      guard 0 <= section && section < snapshot.numberOfSections else { return .integers([]) }
      return _SectionIdentifiers(snapshot._itemIdentifiers(atSection: section))
    }
  }

  /// The identifier of the item at `item` in the section at `section`, or
  /// `nil` if the snapshot has no such position.
  ///
  /// - Throws: What `WebIdentifier(encoding:)` throws for the item.
  /// - Complexity: O(1) for `Int` and `String` items, reading the section's
  ///   items when `section` is not the one of the last call; otherwise,
  ///   plus the cost of encoding the item.
  mutating func identifier(section: Int, item: Int) throws -> WebIdentifier? {
    if section != self.section {
      self.section = section
      identifiers = read(section)
    }
    return try identifiers.identifier(at: item)
  }
}
