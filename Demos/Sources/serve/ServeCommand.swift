import ArgumentParser
import BrowserRenderer
import DemoServer
import Foundation

/// `serve`: the seed screens of swift-diffable in a browser.
///
/// Its first line on standard output is `Serving on http://HOST:PORT`, with
/// the port it is bound to. SIGINT and SIGTERM stop it: the server closes
/// its sockets and the command exits with status 0.
@main
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the seed screens to a browser.",
    discussion: "Open the printed address; SIGINT (Ctrl-C) or SIGTERM stops the server.")

  @OptionGroup var options: ServeOptions

  func run() async throws {
    let host = options.host
    let app = DemoServer.application(host: host, port: options.port) {
      port in
      print("Serving on http://\(host):\(port)")
      fflush(nil)  // every stream: standard output is a pipe in tests
    }
    try await app.runService()
  }
}
