import ArgumentParser
import BrowserRenderer
import DemoOptions
import DemoServer
import DiffableWeb
import DiffableWebHummingbird
import Foundation
import Logging
import ServiceLifecycle

/// `serve`: the seed screens of swift-diffable in a browser.
///
/// Its first line on standard output is `Serving on http://HOST:PORT`, with
/// the port it is bound to. SIGINT and SIGTERM stop it: the server stops
/// listening, closes its WebSockets and waits for its connections to end,
/// for at most ``shutdownDeadline`` (a peer that never closes its side is
/// then cut off), and the command exits with status 0.
@main
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the seed screens to a browser.",
    discussion: "Open the printed address; SIGINT (Ctrl-C) or SIGTERM stops the server.")

  /// How long a graceful shutdown may wait for connections to close.
  static let shutdownDeadline: Duration = .seconds(3)

  @OptionGroup var options: ServeOptions

  func run() async throws {
    let screens = try BrowserScreens()
    var logger = Logger(label: "serve") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = .warning
    // Metrics go to the backend bootstrapped, none here: a server that
    // bootstraps one (Prometheus, OpenTelemetry) sees the pages.
    var configuration = WebPageRegistry.Configuration()
    configuration.onEvent = WebEventRecorder(logger: logger).record
    let registry = WebPageRegistry.demos(configuration: configuration, screens: screens)
    let host = options.host
    let app = DemoServer.application(host: host, port: options.port, registry: registry) {
      port in
      print("Serving on http://\(host):\(port)")
      fflush(nil)  // every stream: standard output is a pipe in tests
    }
    var serviceConfiguration = ServiceGroupConfiguration(
      services: [app, SocketsShutdown(registry: registry)],
      gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    serviceConfiguration.maximumGracefulShutdownDuration = Self.shutdownDeadline
    do {
      try await ServiceGroup(configuration: serviceConfiguration).run()
    } catch is CancellationError {
      // The shutdown's deadline passed and the server was cancelled: it
      // still stopped as asked.
    }
    await registry.dropAll()
  }
}
