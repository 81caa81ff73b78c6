import Diffable
import Foundation

/// The mountain search of WWDC19: the mountains whose names contain a
/// query, in one section, sorted.
///
/// The search is a value: ``snapshot(matching:)`` is all a renderer needs to
/// diff one query against the next. ``MountainSearchScreen`` drives a data
/// source with it, for renderers that show a list view.
public struct MountainSearch: Sendable {
  /// The single section of the list.
  public static let section = "mountains"

  /// How results are sorted.
  public enum Order: String, CaseIterable, Sendable {
    /// By name, ignoring case and accents.
    case name
    /// Highest first.
    case height
    /// Names where the query appears earliest first, then by name: as the
    /// query grows, rows change places, and the batch update moves them.
    case match
  }

  /// Every mountain, in the data's order.
  public let mountains: [Mountain]
  /// How results are sorted.
  public let order: Order
  private let byName: [String: Mountain]
  /// Each mountain with its name folded for matching and sorting (no case,
  /// no accents).
  private let searchable: [(mountain: Mountain, key: String)]

  /// A search of `mountains`, sorted by `order`.
  ///
  /// - Precondition: Names are unique (``Mountain/parse(_:source:)`` checks).
  public init(mountains: [Mountain], order: Order) {
    self.mountains = mountains
    self.order = order
    byName = Dictionary(mountains.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    searchable = mountains.map { ($0, Self.fold($0.name)) }
  }

  /// `text` without case or accents, as names are matched and sorted.
  public static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// The mountain with a name, if there is one.
  public func mountain(named name: String) -> Mountain? { byName[name] }

  /// The names of the mountains whose names contain `query` (ignoring case
  /// and accents), in the search's order.
  public func names(matching query: String) -> [String] {
    let needle = Self.fold(query)
    var matches: [(name: String, key: String, height: Int, position: Int)] = []
    for (mountain, key) in searchable {
      if needle.isEmpty {
        matches.append((mountain.name, key, mountain.height, 0))
      } else if let range = key.range(of: needle) {
        let position = key.distance(from: key.startIndex, to: range.lowerBound)
        matches.append((mountain.name, key, mountain.height, position))
      }
    }
    switch order {
    case .name:
      matches.sort { ($0.key, $0.name) < ($1.key, $1.name) }
    case .height:
      matches.sort { (-$0.height, $0.key, $0.name) < (-$1.height, $1.key, $1.name) }
    case .match:
      matches.sort { ($0.position, $0.key, $0.name) < ($1.position, $1.key, $1.name) }
    }
    return matches.map(\.name)
  }

  /// A snapshot of one section holding the matching mountains, by name.
  public func snapshot(matching query: String) -> DiffableDataSourceSnapshot<String, String> {
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections([Self.section])
    snapshot.appendItems(names(matching: query), toSection: Self.section)
    return snapshot
  }

  /// The queries seen while typing `text`: its first letter, its first two,
  /// and so on.
  public static func typing(_ text: String) -> [String] {
    (1...text.count).map { String(text.prefix($0)) }
  }

  /// `8849` as `8,849`.
  public static func grouped(_ number: Int) -> String {
    var digits = String(number.magnitude)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return (number < 0 ? "-" : "") + digits
  }
}

/// The search screen driven through a data source: each query typed is one
/// apply of the matching mountains.
///
/// The terminal's unattended run prints the diff of each step itself; a
/// renderer with a list view (a browser page) gives the screen its view.
public final class MountainSearchScreen {
  /// The data and its order.
  public let search: MountainSearch
  /// The data source that drives the view; items are mountain names.
  public private(set) var dataSource: DiffableDataSource<String, String>!
  /// The query the view shows.
  public private(set) var query = ""
  private let captions: (any StepCaptioning)?
  private let announcements: (any StepAnnouncing)?

  /// A screen showing `search` in `view`.
  ///
  /// - Parameters:
  ///   - captions: Told what each change is about, before it is applied.
  ///   - announcements: Told the number of results of each query, in
  ///     words (``announcement(forResults:)``), before it is applied.
  ///   - cell: Makes a row's cell for a mountain.
  public init<View: DiffableListView>(
    search: MountainSearch, view: View, captions: (any StepCaptioning)? = nil,
    announcements: (any StepAnnouncing)? = nil, cell: @escaping (Mountain) -> View.Cell
  ) {
    self.search = search
    self.captions = captions
    self.announcements = announcements
    dataSource = DiffableDataSource(view: view) { [unowned self] _, _, name in
      cell(self.search.mountain(named: name) ?? Mountain(name: name, height: 0, location: ""))
    }
  }

  /// Shows every mountain: the empty query.
  public func open() async {
    await type("")
  }

  /// Shows the mountains matching `query`, as typing it into the search
  /// field does.
  public func type(_ query: String) async {
    self.query = query
    captions?.caption = "query \(BatchUpdate.quotedName(query))"
    let snapshot = search.snapshot(matching: query)
    announcements?.announcement = Self.announcement(forResults: snapshot.numberOfItems)
    await dataSource.apply(snapshot)
  }

  /// How many mountains a query found, in words: `No results`, `1 result`,
  /// `12 results`.
  public static func announcement(forResults count: Int) -> String {
    switch count {
    case 0: "No results"
    case 1: "1 result"
    default: "\(count) results"
    }
  }
}
