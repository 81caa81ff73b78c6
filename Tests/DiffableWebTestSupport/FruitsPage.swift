import DiffableCore
import DiffableEngine
import DiffableWeb

extension WebPageRegistry {
  /// A registry whose pages show one list, `fruits`, of apple, pear and
  /// plum: the page the integrations' tests serve.
  public static func fruits(configuration: Configuration = .init()) -> WebPageRegistry {
    WebPageRegistry(configuration: configuration) { page in
      let fruits = page.session.list(named: "fruits") {
        (_: WebListView<String, String>, _, fruit: String) in WebCell(fruit)
      }
      var snapshot = DiffableDataSourceSnapshot<String, String>()
      snapshot.appendSections(["fruits"])
      snapshot.appendItems(["apple", "pear", "plum"])
      fruits.apply(snapshot, animatingDifferences: false)
    }
  }
}
