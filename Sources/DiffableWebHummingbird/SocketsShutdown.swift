#if Hummingbird
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

    /// How long the closes may take to be written: a page that does not
    /// read is cut off after it.
    public static let deadline: Duration = .seconds(1)

    public func run() async throws {
      try? await gracefulShutdown()
      // The closes are written before the application's shutdown, whose
      // WebSocket library would close the sockets with 1000 and no reason.
      await registry.closeSockets(
        code: .goingAway, reason: "the server is shutting down", within: Self.deadline)
    }
  }
#endif
