import BrowserRenderer
import DemoScreens
import DemoServer
import DiffableWeb
import DiffableWebHummingbird
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A response the tests read.
struct HTTPAnswer: Sendable {
  var status: Int
  var headers: [String: String]
  var body: Data
  var text: String { String(decoding: body, as: UTF8.self) }

  func header(_ name: String) -> String? {
    headers.first { $0.key.lowercased() == name.lowercased() }?.value
  }
}

/// GETs `path` from `127.0.0.1:port`, with no cache between requests.
func get(
  _ path: String, port: Int, method: String = "GET", headers: [String: String] = [:]
) async throws -> HTTPAnswer {
  let configuration = URLSessionConfiguration.ephemeral
  configuration.urlCache = nil
  configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
  let session = URLSession(configuration: configuration)
  defer { session.finishTasksAndInvalidate() }
  var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
  request.timeoutInterval = 20
  request.httpMethod = method
  request.httpShouldHandleCookies = false
  for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
  let (data, response) = try await session.data(for: request)
  let http = response as! HTTPURLResponse
  var fields: [String: String] = [:]
  for (name, value) in http.allHeaderFields {
    if let name = name as? String, let value = value as? String { fields[name] = value }
  }
  return HTTPAnswer(status: http.statusCode, headers: fields, body: data)
}

/// Runs the demo server in this process on a free port for the time of
/// `body`, with the seed screens in its sessions, then shuts it down
/// gracefully, as a signal does. The screens have short pauses, unless
/// `configure` sets others.
func withServer(
  limits: ConnectionLimits = ConnectionLimits(),
  screens configure: @escaping @MainActor @Sendable (inout BrowserScreens) -> Void = { _ in },
  _ body: (_ port: Int, _ registry: WebPageRegistry) async throws -> Void
) async throws {
  let screens = await MainActor.run {
    var screens = BrowserScreens(mountains: testMountains)
    screens.sortInterval = .milliseconds(10)
    screens.lunchDelay = .milliseconds(10)
    configure(&screens)
    return screens
  }
  let registry = WebPageRegistry.demos(screens: screens)
  let (ports, continuation) = AsyncStream<Int>.makeStream()
  let app = DemoServer.application(
    host: "127.0.0.1", port: 0, registry: registry, limits: limits
  ) {
    continuation.yield($0)
  }
  var logger = Logger(label: "test-server")
  logger.logLevel = .warning
  let services = ServiceGroup(
    configuration: .init(
      services: [app, SocketsShutdown(registry: registry)], gracefulShutdownSignals: [],
      logger: logger))
  try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { try await services.run() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { return }
    do {
      try await body(port, registry)
    } catch {
      await services.triggerGracefulShutdown()
      throw error
    }
    await services.triggerGracefulShutdown()
    try await group.waitForAll()
  }
}

/// A few mountains, so that the tests' lists are short.
let testMountains = [
  ("Everest", 8849), ("K2", 8611), ("Kangchenjunga", 8586), ("Lhotse", 8516),
  ("Makalu", 8485), ("Denali", 6190), ("Elbrus", 5642), ("Kilimanjaro", 5895),
].map { Mountain(name: $0.0, height: $0.1, location: "") }
