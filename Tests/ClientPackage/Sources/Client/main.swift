import Diffable

var snapshot = DiffableDataSourceSnapshot<String, String>()
snapshot.appendSections(["fruits"])
snapshot.appendItems(["apple", "pear"])
print(snapshot.numberOfItems)
