// `import Diffable` brings in everything a list needs: snapshots, section
// snapshots and the batch-update diff (DiffableCore), and, as they land, the
// data source engine and its reference list view.
@_exported import DiffableCore
