import ArgumentParser

/// The options of `serve` and `serve-vapor`: where to listen.
public struct ServeOptions: ParsableArguments {
  /// The address to bind to.
  @Option(help: "The address to listen on.")
  public var host = "127.0.0.1"

  /// The port to bind to; 0 picks a free one.
  @Option(help: "The port to listen on (0 picks a free port).")
  public var port = 8080

  public init() {}

  public func validate() throws {
    guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
      throw ValidationError("--host must be an address or a host name, not '\(host)'.")
    }
    guard (0...65_535).contains(port) else {
      throw ValidationError("--port must be from 0 to 65535 (0 picks a free port), not \(port).")
    }
  }
}
