import Diffable

/// Where a screen says what its next change is about, for the renderer to
/// show with that change.
///
/// A screen sets ``caption`` just before it applies a snapshot; the view
/// that draws the change shows the caption with it, then forgets it. A
/// handler that runs during the apply may add to it.
public protocol StepCaptioning: AnyObject {
  /// The line that goes with the next change, or `nil`.
  var caption: String? { get set }
}

/// Waits between the steps of an unattended run; no wait for zero seconds.
public func pause(_ seconds: Double) async throws {
  if seconds > 0 { try await Task.sleep(for: .seconds(seconds)) }
}

/// An error in the data a screen was given: a file, a line. Its description
/// is one sentence, naming where.
public struct DemoDataError: Error, CustomStringConvertible, Equatable {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}

extension DiffableDataSource {
  /// Moves a highlight from one row to another: applies the data source's
  /// snapshot with both rows reconfigured, one to lose the highlight, one to
  /// gain it (the cell provider draws it from the screen's state).
  func moveSelection(
    from previous: ItemIdentifierType?, to item: ItemIdentifierType,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    var snapshot = snapshot()
    snapshot.reconfigureItems(previous == nil || previous == item ? [item] : [previous!, item])
    await apply(snapshot)
  }
}
