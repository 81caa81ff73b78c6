import DiffableWeb
import ServiceLifecycle

/// A service that, when the server begins to shut down, closes every page's
/// socket with 1001 ("going away") and a reason, so that each page knows to
/// reconnect (with backoff and jitter) rather than stop.
///
/// List it after the application in a `ServiceGroup`: the group shuts its
/// services down last first, so the sockets are closed with their code
/// before the server stops listening.
public struct SocketsShutdown: Service {
  let registry: WebPageRegistry

  /// The service for `registry`'s pages.
  public init(registry: WebPageRegistry) {
    self.registry = registry
  }

  public func run() async throws {
    try? await gracefulShutdown()
    await registry.closeSockets(code: .goingAway, reason: "the server is shutting down")
  }
}
