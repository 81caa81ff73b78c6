public import DiffableCore
import InternalJSONCoding

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The `reload` message: the whole list, which replaces what the browser
/// holds for it.
///
/// ```json
/// {"v": 1, "type": "reload", "list": "main", "seq": 1,
///  "sections": [{"id": "fruits", "items": ["apple", "pear"]}],
///  "cells": {"apple": {"text": "Apple"}, "pear": {"text": "Pear"}}}
/// ```
///
/// A reload may also carry ``announce``, the words the page's live region
/// says for it; without it, no `"announce"` key.
///
/// Build one from a snapshot with
/// ``init(list:seq:snapshot:cell:)``.
public struct WebReloadMessage: Sendable, Hashable {
  /// The value of the message's `"type"`.
  public static let type = "reload"

  /// The list the message is for, a name the server chooses.
  public var list: String
  /// The message's sequence number in its list.
  public var seq: Int
  /// The list's sections, in order, each with its items.
  public var sections: [WebSection]
  /// Cells keyed by the item's ``WebIdentifier/text``: one for every item
  /// without a ``layout``; with one, one for each item of its frames.
  public var cells: [String: WebCell]
  /// The list's layout, which a ``WebSession`` always sends: the frames of
  /// the items in the list's window. `nil` (no `"layout"` key) for a message
  /// built from a snapshot alone.
  public var layout: WebLayout?
  /// Whether the list's cells can be selected: a `WebSession` says so when
  /// its list view has a ``WebListView/delegate``. The page
  /// then makes each cell focusable from the keyboard, and Enter or Space
  /// on a focused cell sends a `tap`, as a click does. Written as
  /// `"selectable": true`; no key when `false`.
  public var selectable: Bool
  /// Whether the page's user may reorder the list's rows: a `WebSession`
  /// says so when its list's data source has a
  /// `reorderingHandlers.canReorderItem`. The page then lets each row be
  /// dragged, or moved with Alt+Up and Alt+Down, but those whose cells
  /// are fixed (the items the handler does not allow), and sends a
  /// `move`; the handler is asked again when it arrives, and a refused
  /// move springs back. Written as `"reorderable": true`; no key when
  /// `false`.
  public var reorderable: Bool
  /// Whether the page points out what each batch does: an arrow from
  /// each moved item's old place to its new one and a flash of each
  /// reconfigured cell (``WebListView/showsChanges``). Written as
  /// `"showsChanges": true`; no key when `false`.
  public var showsChanges: Bool
  /// The words the page's polite live region announces for the reload, as
  /// plain text (the page sets them with `textContent`): a
  /// ``WebSession`` sends its list view's ``WebListView/announcement``
  /// here. `nil` (no `"announce"` key) lets the page say what it says of
  /// a reload.
  public var announce: String?

  /// Creates a reload message.
  public init(
    list: String, seq: Int, sections: [WebSection], cells: [String: WebCell],
    layout: WebLayout? = nil, selectable: Bool = false, reorderable: Bool = false,
    showsChanges: Bool = false, announce: String? = nil
  ) {
    self.list = list
    self.seq = seq
    self.sections = sections
    self.cells = cells
    self.layout = layout
    self.selectable = selectable
    self.reorderable = reorderable
    self.showsChanges = showsChanges
    self.announce = announce
  }
}

extension WebReloadMessage {
  /// The reload message that shows `snapshot`.
  ///
  /// ```swift
  /// var snapshot = DiffableDataSourceSnapshot<String, String>()
  /// snapshot.appendSections(["fruits"])
  /// snapshot.appendItems(["apple", "pear"])
  /// let reload = try WebReloadMessage(list: "main", seq: 1, snapshot: snapshot) { item, _ in
  ///   WebCell(item.uppercased())
  /// }
  /// reload.cells["pear"]?.text  // "PEAR"
  /// ```
  ///
  /// - Parameters:
  ///   - list: The list the message is for.
  ///   - seq: The message's sequence number.
  ///   - snapshot: What the list shows.
  ///   - cell: The cell of an item, given the item and its index path in
  ///     `snapshot`; called once per item, in order.
  /// - Throws: `EncodingError` when an identifier cannot be encoded as JSON,
  ///   or what `cell` throws.
  /// - Complexity: O(*n*) calls of `cell` and identifier encodings, where *n*
  ///   is the number of items.
  public init<S, I>(
    list: String, seq: Int, snapshot: DiffableDataSourceSnapshot<S, I>,
    cell: (I, IndexPath) throws -> WebCell
  ) throws where S: Encodable, I: Encodable {
    try self.init(list: list, seq: seq, snapshot: snapshot, cellIfShown: cell)
  }

  /// The reload message that shows `snapshot`, with a cell for each item
  /// for which `cellIfShown` returns one.
  init<S, I>(
    list: String, seq: Int, snapshot: DiffableDataSourceSnapshot<S, I>,
    cellIfShown cell: (I, IndexPath) throws -> WebCell?
  ) throws where S: Encodable, I: Encodable {
    var sections: [WebSection] = []
    var cells: [String: WebCell] = [:]
    sections.reserveCapacity(snapshot.numberOfSections)
    for q in 0..<snapshot.numberOfSections {
      let items = snapshot._itemIdentifiers(atSection: q)
      var identifiers: [WebIdentifier] = []
      identifiers.reserveCapacity(items.count)
      for (k, item) in items.enumerated() {
        let identifier = try WebIdentifier(encoding: item)
        identifiers.append(identifier)
        if let made = try cell(item, IndexPath(item: k, section: q)) {
          cells[identifier.text] = made
        }
      }
      sections.append(
        WebSection(
          id: try WebIdentifier(encoding: snapshot._sectionIdentifier(at: q)), items: identifiers))
    }
    self.init(list: list, seq: seq, sections: sections, cells: cells)
  }

  /// The reload message that shows `snapshot`, with no cells: a long
  /// section of consecutive integers is written as its runs
  /// (``WebSection/runs``).
  ///
  /// - Complexity: O(*n*) for *n* items, with no identifier made for a
  ///   section written as runs.
  init<S, I>(list: String, seq: Int, sectionsOf snapshot: DiffableDataSourceSnapshot<S, I>)
    throws where S: Encodable, I: Encodable
  {
    var sections: [WebSection] = []
    sections.reserveCapacity(snapshot.numberOfSections)
    for q in 0..<snapshot.numberOfSections {
      sections.append(try WebSection._section(at: q, of: snapshot))
    }
    self.init(list: list, seq: seq, sections: sections, cells: [:])
  }
}

extension WebSection {
  /// The section of `snapshot` at `q`, its items written as runs when it
  /// is a long section of consecutive integers.
  ///
  /// - Throws: `EncodingError` when an identifier cannot be encoded.
  /// - Complexity: O(*n*) for the *n* items of the section.
  static func _section<S: Encodable, I: Encodable>(
    at q: Int, of snapshot: DiffableDataSourceSnapshot<S, I>
  ) throws -> WebSection {
    let id = try WebIdentifier(encoding: snapshot._sectionIdentifier(at: q))
    let identifiers = _SectionIdentifiers(snapshot._itemIdentifiers(atSection: q))
    if case .integers(let integers) = identifiers, let runs = _runs(of: integers) {
      return WebSection(id: id, runs: runs)
    }
    var items: [WebIdentifier] = []
    items.reserveCapacity(identifiers.count)
    for k in 0..<identifiers.count {
      if let identifier = try identifiers.identifier(at: k) { items.append(identifier) }
    }
    return WebSection(id: id, items: items)
  }
}

extension WebReloadMessage: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case v, type, list, seq, sections, cells, layout, selectable, reorderable, showsChanges
    case announce
  }

  /// Decodes a reload message.
  ///
  /// - Throws: `DecodingError` when the version or type is wrong, a key is
  ///   missing or unknown, `seq` is negative, or a section or cell is
  ///   malformed, or `announce` is not a string (`null` included).
  ///   `layout`, `selectable`, `reorderable`, `showsChanges` and
  ///   `announce` may be absent.
  public init(from decoder: any Decoder) throws {
    _ = try WebServerMessage._checkHeader(in: decoder, expecting: Self.type)
    let container = try decoder._object(_CodingKeys.self)
    self.init(
      list: try container.decode(String.self, forKey: .list),
      seq: try container._count(.seq),
      sections: try container.decode([WebSection].self, forKey: .sections),
      cells: try container._cells(.cells),
      layout: try container.decodeIfPresent(WebLayout.self, forKey: .layout),
      selectable: try container.decodeIfPresent(Bool.self, forKey: .selectable) ?? false,
      reorderable: try container.decodeIfPresent(Bool.self, forKey: .reorderable) ?? false,
      showsChanges: try container.decodeIfPresent(Bool.self, forKey: .showsChanges) ?? false,
      announce: try container._stringIfPresent(.announce))
  }
}
