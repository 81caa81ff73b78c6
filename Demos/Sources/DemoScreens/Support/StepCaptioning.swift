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

/// Where a screen puts the words a reader hears for its next change: a
/// browser list view (`WebListView`), whose page says them in its live
/// region.
///
/// A screen sets ``announcement`` just before it applies a snapshot, for
/// the changes worth saying in words (results found, a message that
/// arrives); the view sends it with the change, then forgets it. A change
/// with no announcement is left for the page to summarize.
public protocol StepAnnouncing: AnyObject {
  /// The words that go with the next change, or `nil`.
  var announcement: String? { get set }
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
