import DiffableWeb
import Foundation

extension PageSessions {
  /// What the page `id` shows, as JSON: `{"lists": [...]}`, each list as
  /// `WebSession.listStates()` gives it; `nil` when the session is not
  /// kept.
  public func stateJSON(id: String) throws -> Data? {
    guard let session = session(id: id) else { return nil }
    struct State: Encodable { var lists: [WebListState] }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(State(lists: session.listStates()))
  }
}
