import Foundation

/// An HTTP response for a server to send as it is: a page's HTML, a
/// refusal, or a file of the browser client.
///
/// The integration products turn it into their framework's response; a
/// server of another framework does the same with its three fields.
public struct WebHTTPResponse: Sendable {
  /// The status code.
  public var status: Int
  /// The headers, as names and values, in the order to send them.
  public var headers: [(name: String, value: String)]
  /// The body.
  public var body: Data

  /// A response of `status` with `headers` and `body`.
  public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The value of the header `name` (in any case), or `nil`.
  public func header(_ name: String) -> String? {
    let name = name.lowercased()
    return headers.first { $0.name.lowercased() == name }?.value
  }

  /// The pages' content security policy: scripts only from the server's
  /// own files (no inline script, no event handler attribute), no plugins,
  /// no framing. A second line of defence: the client shows every string
  /// as text.
  public static let contentSecurityPolicy =
    "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

  /// An HTML page: `200 OK` unless `status` says otherwise, with the
  /// ``contentSecurityPolicy``, `nosniff`, and `Cache-Control` of
  /// `cacheControl`.
  public static func html(
    _ text: String, status: Int = 200, cacheControl: String = "no-cache"
  ) -> WebHTTPResponse {
    WebHTTPResponse(
      status: status,
      headers: [
        ("content-type", "text/html; charset=utf-8"), ("cache-control", cacheControl),
        ("content-security-policy", contentSecurityPolicy), ("x-content-type-options", "nosniff"),
      ],
      body: Data(text.utf8))
  }

  /// A refused request: the refusal's status, its reason as text, never
  /// cached; `Retry-After` for 429 and 503.
  public static func refusal(_ refusal: WebRefusal) -> WebHTTPResponse {
    var response = WebHTTPResponse(
      status: refusal.status,
      headers: [
        ("content-type", "text/plain; charset=utf-8"), ("cache-control", "no-store"),
        ("x-content-type-options", "nosniff"),
      ],
      body: Data((refusal.reason + "\n").utf8))
    if refusal.status == 429 || refusal.status == 503 {
      response.headers.append(("retry-after", "10"))
    }
    return response
  }

  /// `file` with its content type, `ETag` and `Cache-Control: no-cache`,
  /// or `304 Not Modified` (no body) when `ifNoneMatch` names its tag.
  public static func clientFile(_ file: WebClientFile, ifNoneMatch: String?) -> WebHTTPResponse {
    let headers = [
      (name: "etag", value: file.etag), ("cache-control", "no-cache"),
      ("x-content-type-options", "nosniff"),
    ]
    if let ifNoneMatch, file.matches(ifNoneMatch: ifNoneMatch) {
      return WebHTTPResponse(status: 304, headers: headers)
    }
    return WebHTTPResponse(
      status: 200, headers: headers + [("content-type", file.contentType)], body: file.contents)
  }
}
