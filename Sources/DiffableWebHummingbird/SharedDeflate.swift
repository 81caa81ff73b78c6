#if Hummingbird
  import CompressNIO
  import NIOConcurrencyHelpers
  import NIOCore
  import HummingbirdWebSocket
  import NIOWebSocket

  /// `permessage-deflate` (RFC 7692) with each message deflated on its own
  /// in both directions, so that sockets share a few zlib streams instead
  /// of holding two each.
  ///
  /// The answer to an offer always carries `server_no_context_takeover` and
  /// `client_no_context_takeover` (a server may add the latter to any
  /// offer, §7.1.1.2): no message refers to an earlier one, so a stream is
  /// taken from ``SharedDeflateStreams`` for one message and given back,
  /// reset, when its last frame is through. A socket holds a stream only
  /// between the frames of a fragmented message. A socket's deflate state
  /// was about 29 KiB with a window kept per socket (2 KiB windows, memory
  /// level 4); shared, it is none, and the streams can afford zlib's full
  /// window.
  ///
  /// An offer is declined (and the next one read) when it has a parameter
  /// this does not know, a value out of range, or `server_max_window_bits=8`,
  /// which zlib cannot honour for raw deflate. `server_max_window_bits` of
  /// 9 to 15 is answered with the same value and used; the client's window
  /// is left as it offers (the inflating streams take any).
  struct SharedDeflateExtensionBuilder: WebSocketExtensionBuilder {
    static let name = "permessage-deflate"

    /// The streams every socket of the server takes from.
    let streams: SharedDeflateStreams
    /// The most one received frame may inflate to.
    let maximumInflated: Int

    func clientRequestHeader() -> String {
      "permessage-deflate; server_no_context_takeover; client_no_context_takeover"
    }

    func serverReponseHeader(to request: WebSocketExtensionHTTPParameters) -> String? {
      guard let windowBits = Self.serverWindowBits(accepting: request) else { return nil }
      var answer = "permessage-deflate; server_no_context_takeover; client_no_context_takeover"
      if request.parameters["server_max_window_bits"] != nil {
        answer += "; server_max_window_bits=\(windowBits)"
      }
      return answer
    }

    func serverExtension(
      from request: WebSocketExtensionHTTPParameters
    ) throws -> (any WebSocketExtension)? {
      guard let windowBits = Self.serverWindowBits(accepting: request) else { return nil }
      return SharedDeflateExtension(
        streams: streams, windowBits: windowBits, maximumInflated: maximumInflated)
    }

    /// This side of the protocol is the server's only: no client is made
    /// with it.
    func clientExtension(
      from response: WebSocketExtensionHTTPParameters
    ) throws -> (any WebSocketExtension)? {
      nil
    }

    /// The window this side deflates with for `offer`, or nil when the
    /// offer is declined.
    static func serverWindowBits(accepting offer: WebSocketExtensionHTTPParameters) -> Int? {
      var windowBits = SharedDeflateStreams.windowBits
      for (name, value) in offer.parameters {
        switch (name, value) {
        case ("server_no_context_takeover", .null), ("client_no_context_takeover", .null),
          ("client_max_window_bits", .null):
          continue
        case ("client_max_window_bits", .value):
          guard let bits = value.integer, (8...15).contains(bits) else { return nil }
        case ("server_max_window_bits", .value):
          guard let bits = value.integer, (9...15).contains(bits) else { return nil }
          windowBits = min(windowBits, bits)
        default:
          return nil
        }
      }
      return windowBits
    }
  }

  /// The zlib streams the sockets of one server share: deflating ones by
  /// window, inflating ones with the widest window (they inflate any
  /// narrower one). A stream is made when none is idle; at most
  /// ``idleLimit`` of each kind are kept idle, the rest are freed.
  final class SharedDeflateStreams: @unchecked Sendable {
    /// The window the deflating streams use unless a page asks for less:
    /// zlib's widest, 32 KiB, as each message starts afresh.
    static let windowBits = 15
    /// zlib's memory level for deflating: 16 KiB of hash table to clear
    /// per message, and 16 KiB of buffer.
    static let memoryLevel = 6

    /// The most idle streams of each kind kept.
    let idleLimit: Int

    /// The streams of one kind: those idle, and how many were made.
    private struct Pool<Stream> {
      var idle: [Stream] = []
      var made = 0
    }
    /// Every pool, guarded by `lock`: deflaters by window, inflaters.
    private struct Pools {
      var deflaters: [Int: Pool<ZlibCompressor>] = [:]
      var inflaters = Pool<ZlibDecompressor>()

      /// The deflaters of a window of `windowBits`.
      subscript(deflaters windowBits: Int) -> Pool<ZlibCompressor> {
        get { deflaters[windowBits] ?? Pool() }
        set { deflaters[windowBits] = newValue }
      }
    }
    private let lock = NIOLock()
    private var pools = Pools()

    init(idleLimit: Int) {
      precondition(
        idleLimit >= 0, "SharedDeflateStreams.init(idleLimit:): negative limit \(idleLimit)")
      self.idleLimit = idleLimit
    }

    /// How many streams were made so far, and how many are idle.
    var counts: (madeDeflaters: Int, madeInflaters: Int, idleDeflaters: Int, idleInflaters: Int) {
      lock.withLock {
        (
          pools.deflaters.values.reduce(0) { $0 + $1.made }, pools.inflaters.made,
          pools.deflaters.values.reduce(0) { $0 + $1.idle.count }, pools.inflaters.idle.count
        )
      }
    }

    func takeDeflater(windowBits: Int) throws -> ZlibCompressor {
      try take(from: \.[deflaters: windowBits]) {
        try ZlibCompressor(
          algorithm: .deflate,
          configuration: ZlibConfiguration(
            windowSize: Int32(windowBits), memoryLevel: Int32(Self.memoryLevel)))
      }
    }

    func takeInflater() throws -> ZlibDecompressor {
      try take(from: \.inflaters) {
        try ZlibDecompressor(algorithm: .deflate, windowSize: Int32(Self.windowBits))
      }
    }

    /// Gives `deflater`, done with a message, back: reset, it waits for
    /// the next one, unless enough are idle.
    func giveBack(_ deflater: ZlibCompressor, windowBits: Int) {
      guard (try? deflater.reset()) != nil else { return }
      keep(deflater, in: \.[deflaters: windowBits])
    }

    func giveBack(_ inflater: ZlibDecompressor) {
      guard (try? inflater.reset()) != nil else { return }
      keep(inflater, in: \.inflaters)
    }

    /// An idle stream of `pool`, or one `make` makes.
    private func take<Stream>(
      from pool: WritableKeyPath<Pools, Pool<Stream>>, make: () throws -> Stream
    ) throws -> Stream {
      if let idle = lock.withLock({ pools[keyPath: pool].idle.popLast() }) { return idle }
      let stream = try make()
      lock.withLock { pools[keyPath: pool].made += 1 }
      return stream
    }

    /// Keeps `stream`, reset, idle in `pool`, unless enough are.
    private func keep<Stream>(_ stream: Stream, in pool: WritableKeyPath<Pools, Pool<Stream>>) {
      lock.withLock {
        guard pools[keyPath: pool].idle.count < idleLimit else { return }
        pools[keyPath: pool].idle.append(stream)
      }
    }
  }

  extension WebSocketFrame {
    /// Whether the frame carries a message's data (text, binary, or a
    /// continuation), which `permessage-deflate` compresses.
    fileprivate var isData: Bool {
      opcode == .text || opcode == .binary || opcode == .continuation
    }
  }

  /// One socket's side of ``SharedDeflateExtensionBuilder``: what it holds
  /// between the frames of a fragmented message, nothing otherwise.
  final class SharedDeflateExtension: WebSocketExtension, @unchecked Sendable {
    let name = "permessage-deflate"
    var reservedBits: WebSocketFrame.ReservedBits { .rsv1 }

    let streams: SharedDeflateStreams
    let windowBits: Int
    let maximumInflated: Int
    /// Messages shorter than this go out as they are: deflating them saves
    /// a few bytes at most.
    static let smallestDeflated = 256

    private enum Receiving {
      case betweenMessages
      case plain
      case inflating(ZlibDecompressor)
    }
    private enum Sending {
      case betweenMessages
      case deflating(ZlibCompressor)
    }
    private let lock = NIOLock()
    // Guarded by `lock`. The reader and the writer each touch their own.
    private var receiving = Receiving.betweenMessages
    private var sending = Sending.betweenMessages

    init(streams: SharedDeflateStreams, windowBits: Int, maximumInflated: Int) {
      self.streams = streams
      self.windowBits = windowBits
      self.maximumInflated = maximumInflated
    }

    func processReceivedFrame(
      _ frame: WebSocketFrame, context: WebSocketExtensionContext
    ) async throws -> WebSocketFrame {
      try received(frame)
    }

    func processFrameToSend(
      _ frame: WebSocketFrame, context: WebSocketExtensionContext
    ) async throws -> WebSocketFrame {
      try toSend(frame)
    }

    /// A frame of the page's, inflated when its message is compressed.
    func received(_ frame: WebSocketFrame) throws -> WebSocketFrame {
      guard frame.isData else { return frame }
      let state = lock.withLock { receiving }
      let inflater: ZlibDecompressor
      switch (state, frame.opcode) {
      case (.betweenMessages, .continuation):
        return frame
      case (.betweenMessages, _):
        guard frame.rsv1 else {
          if !frame.fin { lock.withLock { receiving = .plain } }
          return frame
        }
        inflater = try streams.takeInflater()
      case (.plain, _):
        if frame.fin { lock.withLock { receiving = .betweenMessages } }
        return frame
      case (.inflating(let held), _):
        inflater = held
      }
      var data = frame.unmaskedData
      if frame.fin {
        // RFC 7692 §7.2.2: the sender dropped the flush's last four bytes.
        data.writeBytes([0, 0, 0xFF, 0xFF])
      }
      // A stream that fails is in no known state: it is freed, not shared.
      let inflated: ByteBuffer
      do {
        inflated = try data.decompressStream(with: inflater, maxSize: maximumInflated)
      } catch {
        lock.withLock { receiving = .betweenMessages }
        throw error
      }
      lock.withLock { receiving = frame.fin ? .betweenMessages : .inflating(inflater) }
      if frame.fin { streams.giveBack(inflater) }
      var result = frame
      result.data = inflated
      result.maskKey = nil
      result.rsv1 = false
      return result
    }

    /// A frame to the page, deflated unless its message is short.
    func toSend(_ frame: WebSocketFrame) throws -> WebSocketFrame {
      guard frame.isData else { return frame }
      let state = lock.withLock { sending }
      let deflater: ZlibCompressor
      var first = false
      switch state {
      case .betweenMessages:
        if frame.fin, frame.data.readableBytes < Self.smallestDeflated { return frame }
        deflater = try streams.takeDeflater(windowBits: windowBits)
        first = true
      case .deflating(let held):
        deflater = held
      }
      var data = frame.data
      var deflated: ByteBuffer
      do {
        deflated = try data.compressStream(with: deflater, flush: .sync)
      } catch {
        lock.withLock { sending = .betweenMessages }
        throw error
      }
      var result = frame
      result.rsv1 = first
      lock.withLock { sending = frame.fin ? .betweenMessages : .deflating(deflater) }
      if frame.fin {
        // RFC 7692 §7.2.1: the flush's last four bytes, 0x00 0x00 0xff
        // 0xff, are left for the page's side to put back.
        deflated.moveWriterIndex(to: deflated.writerIndex - 4)
        streams.giveBack(deflater, windowBits: windowBits)
      }
      result.data = deflated
      return result
    }

    /// Gives back the streams of a message the socket did not finish.
    func shutdown() async {
      let (received, sent) = lock.withLock {
        defer { (receiving, sending) = (.betweenMessages, .betweenMessages) }
        return (receiving, sending)
      }
      if case .inflating(let inflater) = received { streams.giveBack(inflater) }
      if case .deflating(let deflater) = sent { streams.giveBack(deflater, windowBits: windowBits) }
    }
  }
#endif
