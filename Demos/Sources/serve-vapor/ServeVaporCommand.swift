import ArgumentParser
import BrowserRenderer
import DemoOptions
import DiffableWeb
import DiffableWebVapor
import Foundation
import UnixSignals
import Vapor

/// `serve-vapor`: the seed screens in a browser, served by Vapor 4 through
/// `DiffableWebVapor`: the same pages, paths and output as `serve`.
///
/// Its first line on standard output is `Serving on http://HOST:PORT`.
/// SIGINT and SIGTERM stop it: every page's socket is closed with 1001,
/// the server stops, and the command exits with status 0.
@main
struct ServeVaporCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve-vapor",
    abstract: "Serve the seed screens to a browser, on Vapor.",
    discussion: "Open the printed address; SIGINT (Ctrl-C) or SIGTERM stops the server.")

  @OptionGroup var options: ServeOptions

  func run() async throws {
    let screens = try BrowserScreens()
    let registry = WebPageRegistry.demos(screens: screens)
    // Warnings and errors only, on standard error: standard output is the
    // command's, whose first line says where it listens.
    var logger = Logger(label: "serve-vapor") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = .warning
    let app = try await Application.make(.production)
    app.logger = logger
    app.http.server.configuration.serverName = "swift-diffable"
    // A connection idle for 60 s between requests is closed, as `serve`'s.
    app.http.server.configuration.idleTimeout = .seconds(60)
    app.middleware = Middlewares()
    app.middleware.use(DemoErrorPages())
    DemoRoutes.register(on: app, registry: registry)

    try await app.asyncBoot()
    try await app.server.start(address: .hostname(options.host, port: options.port))
    let port = app.http.server.shared.localAddress?.port ?? options.port
    print("Serving on http://\(options.host):\(port)")
    fflush(nil)  // every stream: standard output is a pipe in tests

    for await _ in await UnixSignalsSequence(trapping: .sigterm, .sigint) { break }
    await WebPagesShutdown(registry: registry).shutdownAsync(app)
    await app.server.shutdown()
    await registry.dropAll()
    try await app.asyncShutdown()
  }
}

/// The routes of `serve-vapor`: those of `serve`, on Vapor.
enum DemoRoutes {
  static func register(on app: Application, registry: WebPageRegistry) {
    app.get { _ in Response(.html(WebPages.index)) }
    for page in WebPages.pages {
      // Each page at its own path: `/demos/NAME`, or a tool's `/NAME`.
      let path = page.path.split(separator: "/").map { PathComponent(stringLiteral: String($0)) }
      app.grouped(Array(path.dropLast())).webPage(
        path[path.count - 1], document: page.document, registry: registry)
    }
    app.webClient(at: [PathComponent(stringLiteral: String(WebPages.clientPath.dropFirst()))])
    app.get("state", ":id") { request -> Response in
      let asked = WebRequest(request, identity: nil)
      guard
        let state = try await registry.stateResponse(
          id: request.parameters.get("id") ?? "", request: asked)
      else { throw Abort(.notFound) }
      return Response(state)
    }
  }
}

/// The 404 page for a path with no route (or a route that finds nothing),
/// and any other error's status with its reason as text.
struct DemoErrorPages: AsyncMiddleware {
  func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
    do {
      return try await next.respond(to: request)
    } catch let error as any AbortError {
      if error.status == .notFound { return Response(.html(WebPages.notFound, status: 404)) }
      return Response(
        status: error.status,
        headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"],
        body: .init(string: error.reason + "\n"))
    } catch {
      return Response(
        status: .internalServerError,
        headers: ["Content-Type": "text/plain; charset=utf-8"],
        body: .init(string: "the server failed\n"))
    }
  }
}
