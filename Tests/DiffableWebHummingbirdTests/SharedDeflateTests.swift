#if Hummingbird
  import CompressNIO
  import HTTPTypes
  import HummingbirdWebSocket
  import NIOCore
  import NIOWebSocket
  import Testing

  @testable import DiffableWebHummingbird

  /// `permessage-deflate` with streams the sockets share: what is agreed to,
  /// what goes out and comes in, and what a socket holds.
  @Suite struct SharedDeflateTests {
    static func offer(_ header: String) -> WebSocketExtensionHTTPParameters {
      WebSocketExtensionHTTPParameters.parseHeaders([.secWebSocketExtensions: header])[0]
    }

    static let builder = SharedDeflateExtensionBuilder(
      streams: SharedDeflateStreams(idleLimit: 2), maximumInflated: 65_536)

    @Test func offersAreAnsweredWithoutContextTakeoverOrDeclined() {
      let answer = "permessage-deflate; server_no_context_takeover; client_no_context_takeover"
      // A browser's offer.
      #expect(
        Self.builder.serverReponseHeader(
          to: Self.offer("permessage-deflate; client_max_window_bits")) == answer)
      #expect(Self.builder.serverReponseHeader(to: Self.offer("permessage-deflate")) == answer)
      #expect(
        Self.builder.serverReponseHeader(
          to: Self.offer("permessage-deflate; server_max_window_bits=10; client_max_window_bits=9"))
          == answer + "; server_max_window_bits=10")
      #expect(
        SharedDeflateExtensionBuilder.serverWindowBits(
          accepting: Self.offer("permessage-deflate; server_max_window_bits=10")) == 10)
      #expect(
        SharedDeflateExtensionBuilder.serverWindowBits(
          accepting: Self.offer("permessage-deflate; server_no_context_takeover")) == 15)
      // Declined: zlib cannot keep to 8 bits, values out of range, unknown
      // parameters, a window without its value.
      for declined in [
        "permessage-deflate; server_max_window_bits=8",
        "permessage-deflate; server_max_window_bits=16",
        "permessage-deflate; client_max_window_bits=7",
        "permessage-deflate; server_max_window_bits",
        "permessage-deflate; server_max_window_bits=ten",
        "permessage-deflate; dictionary=1",
      ] {
        #expect(Self.builder.serverReponseHeader(to: Self.offer(declined)) == nil, "\(declined)")
        #expect((try? Self.builder.serverExtension(from: Self.offer(declined))) == nil)
      }
      // Of several offers (a header each), the first it can take.
      var fields = HTTPFields()
      fields.append(
        HTTPField(
          name: .secWebSocketExtensions, value: "permessage-deflate; server_max_window_bits=8"))
      fields.append(
        HTTPField(
          name: .secWebSocketExtensions, value: "permessage-deflate; client_max_window_bits"))
      let offers = WebSocketExtensionHTTPParameters.parseHeaders(fields)
      #expect(offers.count == 2)
      #expect(Self.builder.serverResponseHeader(to: offers) == answer)
      #expect((try? Self.builder.serverExtension(from: offers)) != nil)
    }

    static func text(_ string: String, fin: Bool = true, rsv1: Bool = false) -> WebSocketFrame {
      WebSocketFrame(
        fin: fin, rsv1: rsv1, opcode: .text, data: ByteBuffer(string: string))
    }

    static func continuation(_ string: String, fin: Bool) -> WebSocketFrame {
      WebSocketFrame(fin: fin, opcode: .continuation, data: ByteBuffer(string: string))
    }

    /// `string` deflated as a page deflates a message: raw, flushed, its
    /// last four bytes dropped; with `deflater`'s window from before.
    static func pageDeflated(_ string: String, with deflater: ZlibCompressor) throws -> ByteBuffer {
      var buffer = ByteBuffer(string: string)
      var deflated = try buffer.compressStream(with: deflater, flush: .sync)
      deflated.moveWriterIndex(to: deflated.writerIndex - 4)
      return deflated
    }

    static func inflated(_ frame: WebSocketFrame) throws -> String {
      let inflater = try ZlibDecompressor(algorithm: .deflate, windowSize: 15)
      var data = frame.data
      data.writeBytes([0, 0, 0xFF, 0xFF])
      var inflated = try data.decompressStream(with: inflater)
      return inflated.readString(length: inflated.readableBytes) ?? ""
    }

    static let batch = String(
      repeating: #"{"type":"batch","seq":12,"items":["Mont Blanc","Matterhorn"]}"#, count: 20)

    @Test func eachMessageGoesOutOnItsOwnAndTheStreamIsShared() throws {
      let streams = SharedDeflateStreams(idleLimit: 2)
      let first = SharedDeflateExtension(streams: streams, windowBits: 15, maximumInflated: 65_536)
      let second = SharedDeflateExtension(streams: streams, windowBits: 15, maximumInflated: 65_536)
      for socket in [first, second, first] {
        let sent = try socket.toSend(Self.text(Self.batch))
        #expect(sent.rsv1)
        #expect(sent.data.readableBytes < Self.batch.utf8.count / 4)
        // A fresh inflater reads it: no message leans on another.
        #expect(try Self.inflated(sent) == Self.batch)
      }
      // One stream served the three messages, and waits.
      #expect(streams.counts.madeDeflaters == 1)
      #expect(streams.counts.idleDeflaters == 1)
      // A short message goes out as it is.
      let short = try first.toSend(Self.text("{\"type\":\"ack\"}"))
      #expect(!short.rsv1)
      #expect(short.data == ByteBuffer(string: "{\"type\":\"ack\"}"))
    }

    @Test func aFragmentedMessageHoldsItsStreamUntilItsLastFrame() throws {
      let streams = SharedDeflateStreams(idleLimit: 2)
      let socket = SharedDeflateExtension(streams: streams, windowBits: 15, maximumInflated: 65_536)
      let head = try socket.toSend(Self.text(Self.batch, fin: false))
      #expect(head.rsv1)
      #expect(streams.counts.idleDeflaters == 0)
      // Another socket's message meanwhile takes a stream of its own.
      let other = SharedDeflateExtension(streams: streams, windowBits: 15, maximumInflated: 65_536)
      #expect(try Self.inflated(other.toSend(Self.text(Self.batch))) == Self.batch)
      let tail = try socket.toSend(
        WebSocketFrame(fin: true, opcode: .continuation, data: ByteBuffer(string: Self.batch)))
      #expect(!tail.rsv1)
      var whole = head.data
      whole.writeImmutableBuffer(tail.data)
      #expect(
        try Self.inflated(WebSocketFrame(fin: true, opcode: .text, data: whole))
          == Self.batch + Self.batch)
      #expect(streams.counts.madeDeflaters == 2)
      #expect(streams.counts.idleDeflaters == 2)

      // Received: a page's message in two frames.
      let page = try ZlibCompressor(algorithm: .deflate)
      var deflated = try Self.pageDeflated(Self.batch, with: page)
      let split = deflated.readSlice(length: deflated.readableBytes / 2)!
      let one = try socket.received(
        WebSocketFrame(fin: false, rsv1: true, opcode: .text, data: split))
      #expect(streams.counts.idleInflaters == 0)
      let two = try socket.received(
        WebSocketFrame(fin: true, opcode: .continuation, data: deflated))
      var text = one.data
      text.writeImmutableBuffer(two.data)
      #expect(text.readString(length: text.readableBytes) == Self.batch)
      #expect(!one.rsv1)
      #expect(streams.counts.idleInflaters == 1)
    }

    @Test func aPageKeepingItsWindowOrInflatingTooFarIsRefusedAndOthersCarryOn() throws {
      let streams = SharedDeflateStreams(idleLimit: 2)
      let socket = SharedDeflateExtension(streams: streams, windowBits: 15, maximumInflated: 4_096)
      let page = try ZlibCompressor(algorithm: .deflate)
      let plain = try socket.received(Self.text("{\"type\":\"ack\"}"))
      #expect(plain.data == ByteBuffer(string: "{\"type\":\"ack\"}"))
      let first = try socket.received(
        WebSocketFrame(
          fin: true, rsv1: true, opcode: .text, data: Self.pageDeflated(Self.batch, with: page)))
      #expect(first.data == ByteBuffer(string: Self.batch))
      // The page deflates its next message against the first, though it
      // was told not to: the shared stream cannot read it.
      #expect(throws: (any Error).self) {
        try socket.received(
          WebSocketFrame(
            fin: true, rsv1: true, opcode: .text, data: Self.pageDeflated(Self.batch, with: page)))
      }
      // A message that inflates past the limit.
      let bomb = String(repeating: "a", count: 100_000)
      let fresh = try ZlibCompressor(algorithm: .deflate)
      #expect(throws: (any Error).self) {
        try socket.received(
          WebSocketFrame(
            fin: true, rsv1: true, opcode: .text, data: Self.pageDeflated(bomb, with: fresh)))
      }
      // The streams that failed were dropped, not shared; the next message
      // reads well.
      let good = try ZlibCompressor(algorithm: .deflate)
      let next = try socket.received(
        WebSocketFrame(
          fin: true, rsv1: true, opcode: .text, data: Self.pageDeflated(Self.batch, with: good)))
      #expect(next.data == ByteBuffer(string: Self.batch))
      #expect(streams.counts.madeInflaters == 3)
      #expect(streams.counts.idleInflaters == 1)
    }

    @Test func aSocketEndingMidMessageGivesItsStreamsBackAndIdleOnesAreBounded() async throws {
      let streams = SharedDeflateStreams(idleLimit: 1)
      let sockets = (0..<3).map { _ in
        SharedDeflateExtension(streams: streams, windowBits: 15, maximumInflated: 65_536)
      }
      for socket in sockets { _ = try socket.toSend(Self.text(Self.batch, fin: false)) }
      #expect(streams.counts.madeDeflaters == 3)
      for socket in sockets { await socket.shutdown() }
      // One kept idle, two freed.
      #expect(streams.counts.idleDeflaters == 1)
      // The idle one starts the next message afresh.
      let next = try sockets[0].toSend(Self.text(Self.batch))
      #expect(next.rsv1)
      #expect(try Self.inflated(next) == Self.batch)
      #expect(streams.counts.madeDeflaters == 3)
    }
  }
#endif
