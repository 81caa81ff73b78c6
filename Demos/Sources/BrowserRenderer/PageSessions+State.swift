import DiffableWeb
import Foundation

extension PageSessions {
  /// What the page `id` shows, as JSON: `{"lists": [...], "connection":
  /// {...}}`, each list as `WebSession.listStates()` gives it, and the
  /// connection's `connected`, `unsentBytes`, `maximumUnsentBytes` and
  /// `catchUpReloads` as the session reports them; `nil` when the session
  /// is not kept.
  public func stateJSON(id: String) throws -> Data? {
    guard let session = session(id: id) else { return nil }
    struct Connection: Encodable {
      var connected: Bool
      var unsentBytes: Int
      var maximumUnsentBytes: Int
      var catchUpReloads: Int
    }
    struct State: Encodable {
      var lists: [WebListState]
      var connection: Connection
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(
      State(
        lists: session.listStates(),
        connection: Connection(
          connected: session.isConnected, unsentBytes: session.unsentBytes,
          maximumUnsentBytes: session.maximumUnsentBytes,
          catchUpReloads: session.catchUpReloads)))
  }
}
