import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small blocking WebSocket client for the tests (RFC 6455: the upgrade,
/// masked frames from the client, unmasked from the server). Every read
/// gives up after a timeout, so a test never hangs. Use it off the
/// cooperative thread pool, through ``onThread(_:)``.
final class TestWebSocket: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// A frame from the server.
  struct Frame {
    var opcode: UInt8
    var payload: [UInt8]
    var text: String { String(decoding: payload, as: UTF8.self) }
  }

  /// A page the server issued: its identifier and its browser's cookie.
  struct Page: Sendable {
    var id: String
    /// The `cookie` header that carries the page's browser token.
    var cookie: String
    /// The path of the page's socket, with its query.
    var socketPath: String
  }

  private let socket: Int32
  private var buffered: [UInt8] = []
  /// The status line and headers of the server's answer to the upgrade.
  private(set) var responseHead = ""
  /// The page this socket belongs to, when it was opened for one.
  private(set) var page: Page?

  /// Loads the demo page `name` as a browser would (`GET /demos/NAME`,
  /// with `cookie` when given) and reads the identifier the server issued
  /// and the browser cookie it set.
  static func load(_ name: String, port: Int, cookie: String? = nil) throws -> Page {
    let connection = try TestWebSocket(port: port)
    let request =
      "GET /demos/\(name) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
      + (cookie.map { "Cookie: \($0)\r\n" } ?? "") + "\r\n"
    try connection.write(Array(request.utf8))
    var bytes: [UInt8] = []
    while let byte = try? connection.readByte() { bytes.append(byte) }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let id = text.firstMatch(of: /data-page="([0-9a-f]{32})"/)?.1,
      let socketPath = text.firstMatch(of: /data-socket="([^"]+)"/)?.1
    else { throw Failure(description: "no page id in the page: \(text.prefix(400))") }
    let token = text.firstMatch(of: /(?i)set-cookie: (diffable-browser=[0-9a-f]{32})/)?.1
    guard let browser = token.map(String.init) ?? cookie else {
      throw Failure(description: "no browser cookie: \(text.prefix(400))")
    }
    return Page(id: String(id), cookie: browser, socketPath: "\(socketPath)?page=\(id)&v=1")
  }

  /// Loads the demo page `name` and opens its socket, as the page's
  /// browser.
  convenience init(port: Int, demo name: String) throws {
    try self.init(port: port, page: try Self.load(name, port: port))
  }

  /// Opens the socket of `page`, as the page's browser (with its cookie).
  convenience init(port: Int, page: Page) throws {
    try self.init(port: port, path: page.socketPath, headers: ["Cookie": page.cookie])
    self.page = page
  }

  /// Connects to `127.0.0.1:port` and asks to upgrade `path`, with
  /// `headers`. Check ``upgraded`` before sending.
  convenience init(
    port: Int, path: String, headers: [String: String] = [:], timeout seconds: Int = 10
  ) throws {
    try self.init(port: port, timeout: seconds)
    let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    let extra = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
    let request =
      "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
      + "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
      + extra + "\r\n"
    try write(Array(request.utf8))
    var head: [UInt8] = []
    while !head.ends(with: [13, 10, 13, 10]) {
      head.append(try readByte())
    }
    responseHead = String(decoding: head, as: UTF8.self)
  }

  /// Connects to `127.0.0.1:port`, sending nothing.
  init(port: Int, timeout seconds: Int = 10) throws {
    #if canImport(Glibc)
      socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { throw Failure(description: "socket() failed") }
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(
      socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      #if canImport(Glibc)
        _ = Glibc.close(socket)
      #else
        _ = Darwin.close(socket)
      #endif
      throw Failure(description: "cannot connect to port \(port)")
    }
  }

  private var isClosed = false

  deinit { close() }

  /// Sends a close frame and closes the socket, as a browser answers the
  /// server's close.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    try? sendFrame(opcode: 8, payload: [0x03, 0xE8])
    _ = shutdown(socket, Int32(SHUT_RDWR))
    #if canImport(Glibc)
      _ = Glibc.close(socket)
    #else
      _ = Darwin.close(socket)
    #endif
  }

  /// Whether the server switched protocols.
  var upgraded: Bool { responseHead.hasPrefix("HTTP/1.1 101") }

  /// Sends one text frame.
  func send(_ text: String) throws {
    try sendFrame(opcode: 1, payload: Array(text.utf8))
  }

  /// Sends one frame, masked as a client must.
  func sendFrame(opcode: UInt8, payload: [UInt8]) throws {
    var frame: [UInt8] = [0x80 | opcode]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else if payload.count <= 0xFFFF {
      frame.append(0x80 | 126)
      frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    } else {
      frame.append(0x80 | 127)
      frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
    }
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    try write(frame)
  }

  /// The next data or close frame; answers pings on the way.
  func receive() throws -> Frame {
    while true {
      let first = try readByte()
      let second = try readByte()
      var length = Int(second & 0x7F)
      if length == 126 {
        length = Int(try readByte()) << 8 | Int(try readByte())
      } else if length == 127 {
        length = 0
        for _ in 0..<8 { length = length << 8 | Int(try readByte()) }
      }
      var payload: [UInt8] = []
      payload.reserveCapacity(length)
      for _ in 0..<length { payload.append(try readByte()) }
      let opcode = first & 0x0F
      if opcode == 9 {
        try sendFrame(opcode: 10, payload: payload)
        continue
      }
      guard first & 0x80 != 0 || opcode == 8 else {
        throw Failure(description: "a fragmented frame: the server sends whole messages")
      }
      return Frame(opcode: opcode, payload: payload)
    }
  }

  /// The next text message, as a JSON object.
  func receiveJSON() throws -> JSONMessage {
    let frame = try receive()
    guard frame.opcode == 1 else {
      throw Failure(description: "expected a text frame, got opcode \(frame.opcode)")
    }
    guard let object = try JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any]
    else { throw Failure(description: "not a JSON object: \(frame.text)") }
    return JSONMessage(object: object)
  }

  /// The code and reason of the server's close frame, once it comes
  /// (answering pings and skipping data frames on the way).
  func closeFrame() throws -> (code: Int, reason: String) {
    for _ in 0..<200 {
      let frame = try receive()
      guard frame.opcode == 8 else { continue }
      guard frame.payload.count >= 2 else { return (1005, "") }
      return (
        Int(frame.payload[0]) << 8 | Int(frame.payload[1]),
        String(decoding: frame.payload.dropFirst(2), as: UTF8.self)
      )
    }
    throw Failure(description: "no close frame in 200 frames")
  }

  func write(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.send(socket, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
        #else
          Darwin.send(socket, buffer.baseAddress, buffer.count, 0)
        #endif
      }
      guard sent > 0 else { throw Failure(description: "send failed") }
      offset += sent
    }
  }

  func readByte() throws -> UInt8 {
    if buffered.isEmpty {
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else {
        throw Failure(description: count == 0 ? "the server closed the socket" : "read timed out")
      }
      buffered = Array(chunk[0..<count].reversed())
    }
    return buffered.removeLast()
  }
}

/// A JSON object the server sent, passed between threads once read.
struct JSONMessage: @unchecked Sendable {
  let object: [String: Any]

  subscript(key: String) -> Any? { object[key] }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}

/// Runs blocking work on a thread of its own, so that the cooperative pool
/// (and the server in the same process) keeps running.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}
