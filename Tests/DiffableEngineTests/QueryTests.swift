import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite("Lookups answer from the snapshot the view shows")
struct QueryTests {
  @Test("before the first apply, the data source is empty")
  func empty() {
    let list = TestList<String, String>()
    let dataSource = list.dataSource!
    #expect(dataSource.numberOfSections == 0)
    #expect(dataSource.snapshot() == StringSnapshot())
    #expect(dataSource.itemIdentifier(for: [0, 0]) == nil)
    #expect(dataSource.sectionIdentifier(for: 0) == nil)
    #expect(dataSource.indexPath(for: "a") == nil)
    #expect(dataSource.index(for: "s") == nil)
    #expect(list.view.events.isEmpty, "the view is not touched before the first apply")
  }

  @Test("every lookup after an apply")
  func lookups() async {
    let list = TestList<String, String>()
    await list.apply(.make([("fruits", ["apple", "pear"]), ("empty", []), ("veg", ["leek"])]))
    let dataSource = list.dataSource!
    #expect(dataSource.numberOfSections == 3)
    #expect(dataSource.numberOfItems(inSection: 0) == 2)
    #expect(dataSource.numberOfItems(inSection: 1) == 0)
    #expect(dataSource.numberOfItems(inSection: 2) == 1)
    #expect(dataSource.itemIdentifier(for: [0, 1]) == "pear")
    #expect(dataSource.itemIdentifier(for: [2, 0]) == "leek")
    #expect(dataSource.itemIdentifier(for: [0, 2]) == nil)
    #expect(dataSource.itemIdentifier(for: [1, 0]) == nil)
    #expect(dataSource.itemIdentifier(for: [3, 0]) == nil)
    #expect(dataSource.itemIdentifier(for: [-1, 0]) == nil)
    #expect(dataSource.indexPath(for: "leek") == [2, 0])
    #expect(dataSource.indexPath(for: "pear") == [0, 1])
    #expect(dataSource.indexPath(for: "kiwi") == nil)
    #expect(dataSource.sectionIdentifier(for: 1) == "empty")
    #expect(dataSource.sectionIdentifier(for: 3) == nil)
    #expect(dataSource.sectionIdentifier(for: -1) == nil)
    #expect(dataSource.index(for: "veg") == 2)
    #expect(dataSource.index(for: "meat") == nil)
  }

  @Test("the view's data source answers the same counts")
  func viewDataSource() async throws {
    let list = TestList<String, String>()
    await list.apply(.make([("fruits", ["apple", "pear"]), ("veg", ["leek"])]))
    let viewDataSource = try #require(list.view.dataSource)
    #expect(viewDataSource.numberOfSections == 2)
    #expect(viewDataSource.numberOfItems(inSection: 0) == 2)
    #expect(viewDataSource.cell(at: [1, 0]).item == "leek")
  }

  @Test("supplementary views come from the provider, typed by the view")
  func supplementaryViews() async {
    let list = TestList<String, String>()
    list.dataSource.supplementaryViewProvider = .init {
      (view: ReferenceListView<TestCell<String>>, kind, indexPath) in
      TestCell(item: "\(kind) \(indexPath.section)", serial: -1)
    }
    await list.apply(.make([("fruits", ["apple"]), ("veg", [])]))
    #expect(list.view.supplementaryView(ofKind: "header", at: [1, 0]).item == "header 1")
    #expect(list.view.events.last?.kind == .supplementaryView(kind: "header", at: [1, 0]))
  }

  @Test("the data source keeps its view alive; the view holds the data source weakly")
  func ownership() async {
    weak var weakView: ReferenceListView<String>?
    var dataSource: DiffableDataSource<String, String>?
    do {
      let view = ReferenceListView<String>()
      weakView = view
      dataSource = DiffableDataSource(view: view) { _, _, item in item }
    }
    #expect(weakView != nil)
    await dataSource?.apply(.make([("s", ["a"])]))
    #expect(weakView?.cells == [["a"]])
    dataSource = nil
    // The worker that ran the apply may still be finishing its round.
    await waitUntil("the view is released with its data source") { weakView == nil }
  }
}
