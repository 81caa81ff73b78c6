// `import Diffable` brings in everything a list needs: snapshots, section
// snapshots and the batch-update diff (DiffableCore), and the data source
// engine (DiffableEngine). The reference list view, a test double, is not
// here: tests import DiffableTesting.
@_exported import DiffableCore
@_exported import DiffableEngine
