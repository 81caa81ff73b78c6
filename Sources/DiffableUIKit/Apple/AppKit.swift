// Not compiled by this repository's CI, which runs on Linux: the
// conformance and forwarder below hold no logic, so that everything they
// call is compiled and tested there.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  extension NSCollectionView: AppKitCollectionViewUpdating {}

  extension AppKitCollectionViewAdapter
  where View == NSCollectionView, Cell == NSCollectionViewItem, SupplementaryView == NSView {
    /// Creates an adapter for `collectionView` and, when a data source
    /// connects, sets the collection view's `dataSource` to a forwarder.
    public convenience init(_ collectionView: NSCollectionView) {
      self.init(collectionView) { view, adapter in
        let forwarder = AppKitCollectionViewDataSourceForwarder(adapter)
        view.dataSource = forwarder
        return forwarder
      }
    }
  }

  /// Forwards `NSCollectionViewDataSource` to an
  /// ``AppKitCollectionViewAdapter``.
  @MainActor
  final class AppKitCollectionViewDataSourceForwarder: NSObject, NSCollectionViewDataSource {
    unowned let adapter: AppKitCollectionViewAdapter<NSCollectionView, NSCollectionViewItem, NSView>

    init(_ adapter: AppKitCollectionViewAdapter<NSCollectionView, NSCollectionViewItem, NSView>) {
      self.adapter = adapter
    }

    func numberOfSections(in collectionView: NSCollectionView) -> Int {
      adapter.numberOfSections(in: collectionView)
    }
    func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int)
      -> Int
    { adapter.collectionView(collectionView, numberOfItemsInSection: section) }
    func collectionView(
      _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
    ) -> NSCollectionViewItem {
      adapter.collectionView(collectionView, itemForRepresentedObjectAt: indexPath)
    }
    func collectionView(
      _ collectionView: NSCollectionView,
      viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
      at indexPath: IndexPath
    ) -> NSView {
      adapter.collectionView(collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
    }
  }
#endif
