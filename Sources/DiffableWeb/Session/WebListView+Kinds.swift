import DiffableCore

/// The kind of an identifier on the wire: a string, a number, or another
/// JSON value.
///
/// A page keys identifiers by their text: a string's text is itself,
/// another value's is its JSON text. So the string `"1"` and the number `1`,
/// or the string `{"a":1}` and the object `{"a":1}`, would be one
/// identifier to the page; it refuses a list whose sections, or whose
/// items, are of more than one kind.
enum _IdentifierKind: Sendable, Equatable {
  case string
  case number
  case json

  init(_ identifier: WebIdentifier) {
    switch identifier._value {
    case .string: self = .string
    case .integer, .number: self = .number
    default: self = .json
    }
  }

  /// The kind as a message names it.
  var phrase: String {
    switch self {
    case .string: "a string"
    case .number: "a number"
    case .json: "a JSON value other than a string or a number"
    }
  }
}

/// The kind of a list's identifiers of one role (sections, or items), with
/// the first identifier seen of it, for messages.
struct _RoleKind: Sendable {
  var kind: _IdentifierKind
  var example: String
}

extension WebListView {
  /// Whether `type`'s identifiers are always of one kind, so that they need
  /// no check: strings and integers.
  static func _hasOneKind<T>(_ type: T.Type) -> Bool {
    type == String.self || type == Int.self
  }

  /// Checks that the identifiers a reload sends are of one kind for each
  /// role, and makes those kinds the list's. Stops the program, naming two
  /// identifiers of different kinds, if they are not: the page would
  /// refuse the reload and ask for it again, for ever.
  func _checkKindsOfReload(_ sections: [WebSection], _ operation: StaticString) {
    _sectionKind = nil
    _itemKind = nil
    _checkKinds(of: sections, operation)
  }

  /// Checks that the sections and items a batch brings in are of the
  /// kinds of the list's identifiers of their role (or of one kind, when
  /// the list has none yet), as ``_checkKindsOfReload(_:_:)`` does.
  func _checkKindsOfBatch(_ message: WebBatchMessage, _ operation: StaticString) {
    _checkKinds(of: message.insertedSections.compactMap { $0 }, operation)
    _checkKinds(of: message.reloadedSections.compactMap { $0 }, operation)
    if !Self._hasOneKind(Item.self) {
      for identifier in message.insertedItems.compactMap({ $0 }) {
        _check(identifier, role: "item", in: &_itemKind, operation)
      }
    }
  }

  /// Checks `sections`' identifiers, and their items', against the list's
  /// kinds.
  func _checkKinds(of sections: [WebSection], _ operation: StaticString) {
    let sectionsChecked = !Self._hasOneKind(Section.self)
    let itemsChecked = !Self._hasOneKind(Item.self)
    guard sectionsChecked || itemsChecked else { return }
    for section in sections {
      if sectionsChecked { _check(section.id, role: "section", in: &_sectionKind, operation) }
      if itemsChecked {
        for item in section.items { _check(item, role: "item", in: &_itemKind, operation) }
      }
    }
  }

  /// Checks one identifier of `role` against `known`, which it sets when
  /// it is the first.
  func _check(
    _ identifier: WebIdentifier, role: String, in known: inout _RoleKind?,
    _ operation: StaticString
  ) {
    let kind = _IdentifierKind(identifier)
    // A string is quoted in messages, other values are their JSON text.
    let shown = kind == .string ? String(reflecting: identifier.text) : identifier.text
    guard let first = known else {
      known = _RoleKind(kind: kind, example: shown)
      return
    }
    guard kind != first.kind else { return }
    _diffableFailure(
      operation,
      "list \(String(reflecting: name)) has \(role) \(shown), \(kind.phrase), and "
        + "\(role) \(first.example), \(first.kind.phrase): a page keys identifiers by their "
        + "text, so a list's \(role)s must encode to one kind of JSON value")
  }
}
