import CollectionLayout
import Diffable
import DiffableWeb
import Foundation

// MARK: - A million cells

/// A grid of 1,000,000 fixed-size cells, numbered from 1, and a form that
/// jumps to one: the page shows placeholders where cells have not arrived
/// (`WebLayout.patterns`), and the server sends the window ahead of a
/// scroll. The snapshot is built once, and every page shares it.
public final class LargeGridBrowserScreen: BrowserScreen, WebSessionDelegate {
  /// How many cells the grid has.
  public static let count = 1_000_000

  /// The grid's one snapshot: the numbers 1 to ``count`` in section
  /// `cells`, its index built, shared by every page.
  public static let snapshot: DiffableDataSourceSnapshot<String, Int> = {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["cells"])
    snapshot.appendItems(Array(1...count))
    _ = snapshot.indexOfItem(1)
    return snapshot
  }()

  /// The data source of the page's grid.
  public let dataSource: DiffableDataSource<String, Int>
  private let view: WebListView<String, Int>
  private let session: WebSession
  private let actions = ActionsInOrder()

  /// The grid in the list `listName` of `session`, on the session's actor.
  public init(
    session: WebSession, listName: String, isolation: isolated any Actor = #isolation
  ) {
    self.session = session
    view = session.listView(named: listName, layout: Self.layout)
    dataSource = DiffableDataSource(view: view) { _, _, number in Self.cell(number) }
    session.delegate = self
    let dataSource = dataSource
    actions.perform { await dataSource.applySnapshotUsingReloadData(Self.snapshot) }
  }

  /// The cell of `number`: the number, grouped in thousands.
  public static func cell(_ number: Int) -> WebCell {
    WebCell(number.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))))
  }

  /// Columns of at least 96 points, three at least.
  public static func columns(forWidth width: Double) -> Int {
    max(3, Int(width / 96))
  }

  /// Rows of 64-point cells, ``columns(forWidth:)`` of them, side by side
  /// with no space between: 1,000,000 cells are at most 333,334 rows,
  /// 21,333,376 points, within what a browser lays out (33,554,432 px).
  public static let layout = CompositionalLayout { _, environment in
    let columns = columns(forWidth: Double(environment.container.effectiveContentSize.width))
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(64)),
      subitem: .item(item), count: columns)
    return LayoutSection(group: group)
  }

  /// The number a `jump` input asks for, or the words that say why it is
  /// none: a whole number from 1 to ``count``.
  public static func jumpTarget(_ text: String) -> Result<Int, JumpRefusal> {
    let digits = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
    guard let number = Int(digits), (1...count).contains(number) else {
      return .failure(JumpRefusal(text: "Cells are numbered 1 to 1,000,000."))
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

  /// The page's `jump` form: the grid scrolls to put the cell at the top,
  /// and the status line says where it went or why it did not.
  public func session(
    _ session: WebSession, didReceive input: WebInput, isolation: isolated any Actor
  ) {
    guard input.name == "jump" else { return }
    switch Self.jumpTarget(input.value) {
    case .success(let number):
      actions.perform { [view] in
        view.scrollToItem(
          at: IndexPath(item: number - 1, section: 0), at: .top, animated: false)
      }
      session.setText("Cell \(Self.cell(number).text)", forElement: "jump-status")
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
