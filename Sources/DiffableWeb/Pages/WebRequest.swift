/// What a page registry reads of an HTTP request: a page's `GET`, or the
/// upgrade request of its socket.
///
/// A server makes one from its own request type (the integration products
/// and the demo server do). Header names are kept lowercased; a header
/// that comes more than once is kept as its values joined, with `"; "` for
/// `cookie` and `", "` for the others (RFC 9110 §5.3, RFC 6265 §5.4).
public struct WebRequest: Sendable, Hashable {
  /// The request's path, without its query: `/demos/mountains`.
  public var path: String
  /// The query's parameters, by name (the first of each name).
  public var query: [String: String]
  /// The headers, by lowercased name.
  public private(set) var headers: [String: String]
  /// The address of the client that sent the request (the peer's IP
  /// address, or the one a trusted proxy reports), or `nil` when unknown.
  public var clientAddress: String?
  /// Whether the request came over TLS (directly or through a proxy that
  /// says so): the page's own origin is then `https:`.
  public var isSecure: Bool
  /// The user the server's own authentication found for the request (a
  /// framework's authenticator or middleware), or `nil` for an anonymous
  /// one. The page registry binds a page to it, unless its
  /// ``WebPageRegistry/Configuration/authorize`` hook says otherwise.
  public var identity: String?

  /// A request for `path`.
  ///
  /// - Parameters:
  ///   - path: The path, without its query.
  ///   - query: The query's parameters.
  ///   - headers: The headers as name and value pairs, names in any case,
  ///     in the order they came.
  ///   - clientAddress: The client's address, if known.
  ///   - isSecure: Whether the request came over TLS.
  ///   - identity: The user the server's authentication found, if any.
  public init(
    path: String, query: [String: String] = [:], headers: [(String, String)] = [],
    clientAddress: String? = nil, isSecure: Bool = false, identity: String? = nil
  ) {
    self.path = path
    self.identity = identity
    self.query = query
    self.headers = [:]
    self.clientAddress = clientAddress
    self.isSecure = isSecure
    for (name, value) in headers { addHeader(name, value) }
  }

  /// Adds a header's value, joined to a value of the same name already
  /// there.
  public mutating func addHeader(_ name: String, _ value: String) {
    let name = name.lowercased()
    if let existing = headers[name] {
      headers[name] = existing + (name == "cookie" ? "; " : ", ") + value
    } else {
      headers[name] = value
    }
  }

  /// The value of the header `name` (in any case), or `nil`.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  /// The value of the cookie `name`, or `nil`: the first with that name in
  /// the `cookie` header.
  ///
  /// - Complexity: O(*m*), where *m* is the length of the `cookie` header.
  public func cookie(named name: String) -> String? {
    guard let header = headers["cookie"] else { return nil }
    for pair in header.split(separator: ";") {
      let trimmed = pair.drop { $0 == " " }
      guard let equals = trimmed.firstIndex(of: "=") else { continue }
      if trimmed[..<equals] == name[...] {
        return String(trimmed[trimmed.index(after: equals)...])
      }
    }
    return nil
  }

  /// The origin the request was made to, from its `host` header:
  /// `http://HOST` (or `https://` when ``isSecure``), lowercased; `nil`
  /// without a `host` header.
  public var ownOrigin: String? {
    guard let host = headers["host"], !host.isEmpty else { return nil }
    return (isSecure ? "https://" : "http://") + host.lowercased()
  }
}
