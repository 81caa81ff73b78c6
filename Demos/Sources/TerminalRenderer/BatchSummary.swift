import Diffable

/// The lines a demo prints under a list it updated: `batch update:` in bold
/// and the batch's ``BatchUpdate/summary``, then its operation lines
/// (``BatchUpdate/operationLines(from:to:describeSection:describeItem:)``),
/// indented, at most `maximumOperations` of them and a dimmed count of the
/// rest.
public func batchSummaryLines<Section, Item>(
  for batch: BatchUpdate,
  from old: DiffableDataSourceSnapshot<Section, Item>,
  to new: DiffableDataSourceSnapshot<Section, Item>,
  describeSection: (Section) -> String, describeItem: (Item) -> String,
  maximumOperations: Int, styler: TextStyler
) -> [String] {
  var summary = [styler("batch update: ", .bold) + batch.summary]
  guard !batch.isEmpty else { return summary }
  let operations = batch.operationLines(
    from: old, to: new, describeSection: describeSection, describeItem: describeItem)
  summary += operations.prefix(maximumOperations).map { "  " + $0 }
  if operations.count > maximumOperations {
    summary.append(styler("  … \(operations.count - maximumOperations) more", .dim))
  }
  return summary
}
