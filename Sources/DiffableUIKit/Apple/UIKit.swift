// Not compiled by this repository's CI, which runs on Linux: the
// conformances and forwarders below hold no logic, so that everything they
// call is compiled and tested there.
#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension UICollectionView: CollectionViewUpdating {}
  extension UITableView: TableViewUpdating {}
  extension UITableView.RowAnimation: TableViewRowAnimation {}
  extension UITableViewCell.EditingStyle: TableViewCellEditingStyle {}

  extension CollectionViewAdapter
  where
    View == UICollectionView, Cell == UICollectionViewCell,
    SupplementaryView == UICollectionReusableView
  {
    /// Creates an adapter for `collectionView` and, when a data source
    /// connects, sets the collection view's `dataSource` to a forwarder.
    public convenience init(_ collectionView: UICollectionView) {
      self.init(collectionView) { view, adapter in
        let forwarder = CollectionViewDataSourceForwarder(adapter)
        view.dataSource = forwarder
        return forwarder
      }
    }
  }

  extension TableViewAdapter where View == UITableView, Cell == UITableViewCell {
    /// Creates an adapter for `tableView` and, when a data source connects,
    /// sets the table view's `dataSource` to a forwarder.
    public convenience init(_ tableView: UITableView) {
      self.init(tableView) { view, adapter in
        let forwarder = TableViewDataSourceForwarder(adapter)
        view.dataSource = forwarder
        return forwarder
      }
    }
  }

  /// Forwards `UICollectionViewDataSource` to a ``CollectionViewAdapter``.
  @MainActor
  final class CollectionViewDataSourceForwarder: NSObject, UICollectionViewDataSource {
    unowned let adapter:
      CollectionViewAdapter<UICollectionView, UICollectionViewCell, UICollectionReusableView>

    init(
      _ adapter: CollectionViewAdapter<
        UICollectionView, UICollectionViewCell, UICollectionReusableView
      >
    ) { self.adapter = adapter }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
      adapter.numberOfSections(in: collectionView)
    }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
      -> Int
    { adapter.collectionView(collectionView, numberOfItemsInSection: section) }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
      -> UICollectionViewCell
    { adapter.collectionView(collectionView, cellForItemAt: indexPath) }
    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      adapter.collectionView(collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
      -> Bool
    { adapter.collectionView(collectionView, canMoveItemAt: indexPath) }
    func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      adapter.collectionView(collectionView, moveItemAt: sourceIndexPath, to: destinationIndexPath)
    }
  }

  /// Forwards `UITableViewDataSource` to a ``TableViewAdapter``.
  @MainActor
  final class TableViewDataSourceForwarder: NSObject, UITableViewDataSource {
    unowned let adapter: TableViewAdapter<UITableView, UITableViewCell>

    init(_ adapter: TableViewAdapter<UITableView, UITableViewCell>) { self.adapter = adapter }

    func numberOfSections(in tableView: UITableView) -> Int {
      adapter.numberOfSections(in: tableView)
    }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      adapter.tableView(tableView, numberOfRowsInSection: section)
    }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      adapter.tableView(tableView, cellForRowAt: indexPath)
    }
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      adapter.tableView(tableView, canEditRowAt: indexPath)
    }
    func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath
    ) { adapter.tableView(tableView, commit: editingStyle, forRowAt: indexPath) }
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      adapter.tableView(tableView, canMoveRowAt: indexPath)
    }
    func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) { adapter.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath) }
  }
#endif
