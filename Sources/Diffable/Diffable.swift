// `import Diffable` brings in everything a list needs: snapshots, section
// snapshots and the batch-update diff (DiffableCore), and the data source
// engine with its reference list view (DiffableEngine).
@_exported import DiffableCore
@_exported import DiffableEngine
