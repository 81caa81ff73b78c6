#if Hummingbird
  /// The limits a connection's requests are held to before Hummingbird reads
  /// them (Documentation/Serving.md, "Limits and timeouts").
  public struct ConnectionLimits: Sendable, Hashable {
    /// How long a request's line and headers may take to arrive, counted
    /// from the connection's opening or from the first byte of the request:
    /// 10 seconds by default. A connection past it is answered 408 and
    /// closed.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a connection may sit idle between requests: 60 seconds by
    /// default (Hummingbird's idle timeout).
    public var idleTimeout: Duration = .seconds(60)
    /// The longest request line, in bytes: 8 KiB by default; a longer one
    /// gets 414.
    public var maximumRequestLine = 8 * 1024
    /// The most bytes of a request's line and headers: 16 KiB by default;
    /// more gets 431.
    public var maximumHead = 16 * 1024
    /// The largest WebSocket message, in bytes, whole or in fragments: 1 MiB
    /// by default; a larger one closes the socket with 1009.
    public var maximumMessage = 1 << 20

    /// The default limits.
    public init() {}
  }

  /// Reads a request's line and headers as their bytes arrive, before any
  /// parser allocates for them, and says whether they are acceptable.
  ///
  /// It checks what a hostile client uses against a server: a request line
  /// or headers too long (414, 431), a line that is not `METHOD TARGET
  /// HTTP/1.x` or a header line that is not `name: value` (400), both
  /// `content-length` and `transfer-encoding` (400: request smuggling), and
  /// a method no route answers (501). Everything else is Hummingbird's.
  struct RequestHeadScanner {
    /// What a complete head said of itself, for the checks that need it:
    /// its target, and the headers `host`, `origin` and `upgrade`.
    struct Summary: Equatable {
      var target = ""
      var host: String?
      var origin: String?
      var upgrade: String?
    }

    /// What the bytes so far make.
    enum Verdict: Equatable {
      /// The head is not complete; nothing is wrong yet.
      case incomplete
      /// The head ended `consumed` bytes into the last chunk: the rest
      /// belongs to the body or the next request.
      case complete(consumed: Int)
      /// The request is refused with `status` for `reason`.
      case refused(status: Int, reason: String)
    }

    /// The methods the server knows; any other gets 501.
    static let methods: Set<String> = [
      "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "CONNECT", "TRACE",
    ]

    let limits: ConnectionLimits
    /// The bytes of the line being read (at most the longest line allowed).
    private var line: [UInt8] = []
    /// How many bytes of the head were read.
    private var headBytes = 0
    /// Whether the request line was read.
    private var sawRequestLine = false
    private var hasContentLength = false
    private var hasTransferEncoding = false
    /// What the head says of itself, as it is read.
    private(set) var summary = Summary()

    init(limits: ConnectionLimits) {
      self.limits = limits
    }

    /// Whether a byte of the head was read.
    var hasStarted: Bool { headBytes > 0 }

    /// Reads `bytes`, the next of the connection's.
    mutating func scan(_ bytes: some Collection<UInt8>) -> Verdict {
      var offset = 0
      for byte in bytes {
        offset += 1
        headBytes += 1
        if byte != UInt8(ascii: "\n") {
          line.append(byte)
          if !sawRequestLine, line.count > limits.maximumRequestLine {
            return .refused(
              status: 414,
              reason: "the request line is longer than \(limits.maximumRequestLine) bytes")
          }
          if headBytes > limits.maximumHead || line.count > limits.maximumHead {
            return .refused(
              status: 431,
              reason: "the request's headers are larger than \(limits.maximumHead) bytes"
            )
          }
          continue
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        defer { line.removeAll(keepingCapacity: true) }
        if !sawRequestLine {
          // Empty lines before a request line are allowed (RFC 9112 §2.2).
          if line.isEmpty { continue }
          if let refusal = readRequestLine() { return refusal }
          sawRequestLine = true
        } else if line.isEmpty {
          if hasContentLength && hasTransferEncoding {
            return .refused(
              status: 400,
              reason: "a request may not have both content-length and transfer-encoding")
          }
          return .complete(consumed: offset)
        } else if let refusal = checkHeaderLine() {
          return refusal
        }
      }
      return .incomplete
    }

    /// Why the request line in `line` is refused, if it is; notes its
    /// target when it is not.
    private mutating func readRequestLine() -> Verdict? {
      let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
      guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenByte),
        !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 != 0x7F }),
        parts[2].elementsEqual("HTTP/1.1".utf8) || parts[2].elementsEqual("HTTP/1.0".utf8)
      else {
        return .refused(status: 400, reason: "the request line is not METHOD TARGET HTTP/1.x")
      }
      let method = String(decoding: parts[0], as: UTF8.self)
      guard Self.methods.contains(method) else {
        return .refused(status: 501, reason: "the method \(method.prefix(40)) is not known here")
      }
      summary.target = String(decoding: parts[1], as: UTF8.self)
      return nil
    }

    /// Why the header line in `line` is refused, if it is; notes the
    /// headers that frame a body.
    private mutating func checkHeaderLine() -> Verdict? {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
        line[..<colon].allSatisfy(Self.isTokenByte)
      else {
        return .refused(status: 400, reason: "a header line is not name: value")
      }
      let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
      let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmed
      switch name {
      case "content-length": hasContentLength = true
      case "transfer-encoding": hasTransferEncoding = true
      case "host": summary.host = value
      case "origin": summary.origin = value
      case "upgrade": summary.upgrade = value
      default: break
      }
      return nil
    }

    /// Whether `byte` may be in a method or a header name (RFC 9110 §5.6.2).
    static func isTokenByte(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        true
      default:
        Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
      }
    }
  }

  extension String {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmed: String {
      let isBlank = { (character: Character) in character == " " || character == "\t" }
      return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
  }
#endif
