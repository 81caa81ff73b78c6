import CompressNIO
import NIOCore

/// Compresses a socket's messages as `permessage-deflate` does, with the
/// library `DiffableWebHummingbird` uses (compress-nio over zlib): raw
/// deflate, each message flushed and its last four bytes dropped (RFC 7692
/// §7.2.1), the window kept from message to message (context takeover) or
/// not. By default as `DiffableWebHummingbird`'s sockets deflate: each
/// message on its own, a window of 15 bits, memory level 6.
public final class MessageDeflater {
  let compressor: ZlibCompressor
  /// Whether the window is kept from message to message; without, both
  /// sides start each message afresh (`server_no_context_takeover`), as
  /// `DiffableWebHummingbird`'s shared streams do.
  let contextTakeover: Bool
  /// The page's side, to check that what was measured inflates back.
  let decompressor: ZlibDecompressor

  /// The memory zlib's deflate state takes for `windowBits` and
  /// `memoryLevel`, as zlib documents it: a window of twice 2^`windowBits`
  /// bytes, its chain of as many 2-byte entries, a hash table and a buffer
  /// of 2^(`memoryLevel` + 9) bytes together.
  public static func stateBytes(windowBits: Int, memoryLevel: Int) -> Int {
    (1 << (windowBits + 2)) + (1 << (memoryLevel + 9))
  }

  /// A deflater with a fresh window, as a new socket has: a window of
  /// 2^`windowBits` bytes (9 to 15; zlib's default is 15, 32 KiB) and
  /// zlib's `memoryLevel` (1 to 9; zlib's default is 8).
  public init(windowBits: Int = 15, memoryLevel: Int = 6, contextTakeover: Bool = false) {
    self.contextTakeover = contextTakeover
    do {
      compressor = try ZlibCompressor(
        algorithm: .deflate,
        configuration: ZlibConfiguration(
          windowSize: Int32(windowBits), memoryLevel: Int32(memoryLevel)))
      decompressor = try ZlibDecompressor(algorithm: .deflate, windowSize: Int32(windowBits))
    } catch {
      fatalError(
        "MessageDeflater: zlib refused window \(windowBits), memory level \(memoryLevel): \(error)")
    }
  }

  /// The bytes `text` takes on the wire, compressed after the messages
  /// this deflater compressed before.
  public func deflatedSize(_ text: String) -> Int {
    deflated(text, "deflatedSize(_:)").readableBytes - 4
  }

  /// ``deflatedSize(_:)``, after checking that the page's side inflates
  /// the bytes back to `text`, after the messages checked before.
  public func checkedDeflatedSize(_ text: String) -> Int {
    var compressed = deflated(text, "checkedDeflatedSize(_:)")
    let size = compressed.readableBytes - 4
    do {
      var inflated = try compressed.decompressStream(with: decompressor)
      if !contextTakeover { try decompressor.reset() }
      precondition(
        inflated.readString(length: inflated.readableBytes) == text,
        "MessageDeflater: a message did not inflate back to its text")
    } catch {
      fatalError("MessageDeflater.checkedDeflatedSize(_:): zlib failed to inflate: \(error)")
    }
    return size
  }

  /// `text` compressed after the messages compressed before, flushed, as
  /// the socket sends it (with the four bytes the wire drops).
  private func deflated(_ text: String, _ operation: String) -> ByteBuffer {
    var buffer = ByteBuffer(string: text)
    do {
      let compressed = try buffer.compressStream(with: compressor, flush: .sync)
      if !contextTakeover { try compressor.reset() }
      return compressed
    } catch {
      fatalError("MessageDeflater.\(operation): zlib failed: \(error)")
    }
  }
}
