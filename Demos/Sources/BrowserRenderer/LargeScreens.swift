import CollectionLayout
import Diffable
import DiffableWeb
import Foundation

// MARK: - A million rows, a million cells

/// A list of 1,000,000 rows that size themselves (`/demos/large`), or a
/// grid of 1,000,000 fixed-size cells (`/demos/large-grid`), numbered from
/// 1, and a form that jumps to one: the page shows placeholders where
/// cells have not arrived (`WebLayout.patterns`), and the server sends the
/// window ahead of a scroll. The snapshot is built once, and every page
/// shares it.
public final class LargeBrowserScreen: BrowserScreen, WebSessionDelegate {
  /// How many rows or cells there are.
  public static let count = 1_000_000

  /// The two pages' shapes.
  public enum Shape: Sendable {
    /// Rows of estimated height, one in eight with a second line.
    case rows
    /// Cells of 64 points, side by side.
    case grid

    /// What one of its items is called, capitalized: "Row" or "Cell".
    var noun: String { self == .grid ? "Cell" : "Row" }
  }

  /// The one snapshot: the numbers 1 to ``count`` in section `items`, its
  /// index built, shared by every page.
  public static let snapshot: DiffableDataSourceSnapshot<String, Int> = {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["items"])
    snapshot.appendItems(Array(1...count))
    _ = snapshot.indexOfItem(1)
    return snapshot
  }()

  /// The page's shape.
  public let shape: Shape
  /// The data source of the page's list.
  public let dataSource: DiffableDataSource<String, Int>
  private let view: WebListView<String, Int>
  private let actions = ActionsInOrder()

  /// The list of `shape` in the list `listName` of `session`, on the
  /// session's actor.
  public init(
    session: WebSession, listName: String, shape: Shape,
    isolation: isolated any Actor = #isolation
  ) {
    self.shape = shape
    view = session.listView(named: listName, layout: Self.layout(shape))
    dataSource = DiffableDataSource(view: view) { _, _, number in Self.cell(number, shape) }
    session.delegate = self
    let dataSource = dataSource
    actions.perform { await dataSource.applySnapshotUsingReloadData(Self.snapshot) }
  }

  /// `number` grouped in thousands.
  static func grouped(_ number: Int) -> String {
    number.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
  }

  /// The cell of `number`: in the grid, the number; in the list, "Row"
  /// and the number, and one row in eight a second line that makes it
  /// taller.
  public static func cell(_ number: Int, _ shape: Shape) -> WebCell {
    switch shape {
    case .grid:
      return WebCell(grouped(number))
    case .rows:
      return WebCell(
        "Row \(grouped(number))",
        secondaryText: number % 8 == 0 ? "A row of two lines: it sizes itself" : nil)
    }
  }

  /// Columns of at least 96 points, three at least.
  public static func columns(forWidth width: Double) -> Int {
    max(3, Int(width / 96))
  }

  /// The grid: rows of 64-point cells, ``columns(forWidth:)`` of them,
  /// side by side with no space between: 1,000,000 cells are at most
  /// 333,334 rows, 21,333,376 points. The list: rows of the full width,
  /// their height estimated at 30 points and measured in the page (the
  /// page's style keeps them short: a million rows must average under
  /// 33.5 points to stay within what a browser lays out, 33,554,432 px).
  public static func layout(_ shape: Shape) -> CompositionalLayout {
    switch shape {
    case .grid:
      return CompositionalLayout { _, environment in
        let columns = columns(forWidth: Double(environment.container.effectiveContentSize.width))
        let item = LayoutItem(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(64)),
          subitem: .item(item), count: columns)
        return LayoutSection(group: group)
      }
    case .rows:
      let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(30))
      return CompositionalLayout(
        section: LayoutSection(
          group: .vertical(layoutSize: size, subitems: [.item(LayoutItem(layoutSize: size))])))
    }
  }

  /// The number a `jump` input asks for, or the words that say why it is
  /// none: a whole number from 1 to ``count``.
  public func jumpTarget(_ text: String) -> Result<Int, JumpRefusal> {
    let digits = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
    guard let number = Int(digits), (1...Self.count).contains(number) else {
      return .failure(JumpRefusal(text: "\(shape.noun)s are numbered 1 to 1,000,000."))
    }
    return .success(number)
  }

  /// Why a jump goes nowhere, in words for the page.
  public struct JumpRefusal: Error, Equatable {
    /// The words.
    public let text: String

    /// A refusal in `text`.
    public init(text: String) {
      self.text = text
    }
  }

  /// The page's `jump` form: the list scrolls to put the row or cell at
  /// the top, and the status line says where it went or why it did not.
  public func session(
    _ session: WebSession, didReceive input: WebInput, isolation: isolated any Actor
  ) {
    guard input.name == "jump" else { return }
    switch jumpTarget(input.value) {
    case .success(let number):
      actions.perform { [view] in
        view.scrollToItem(
          at: IndexPath(item: number - 1, section: 0), at: .top, animated: false)
      }
      session.setText("\(shape.noun) \(Self.grouped(number))", forElement: "jump-status")
    case .failure(let refusal):
      session.setText(refusal.text, forElement: "jump-status")
    }
  }

  public func connectionChanged(connected: Bool, isolation: isolated any Actor) {}

  public func opened() async {
    await actions.wait()
  }

  public func stop(isolation: isolated any Actor) {
    actions.cancel()
  }
}
