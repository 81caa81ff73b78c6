import CompressNIO
import NIOCore

/// Compresses a socket's messages as `permessage-deflate` does in
/// hummingbird-websocket, with the same library (compress-nio over zlib):
/// raw deflate, a 32 KiB window kept from message to message (context
/// takeover), each message flushed and its last four bytes dropped
/// (RFC 7692 §7.2.1).
public final class MessageDeflater {
  let compressor: ZlibCompressor

  /// A deflater with a fresh window, as a new socket has.
  public init() {
    do {
      compressor = try ZlibCompressor(algorithm: .deflate, configuration: ZlibConfiguration())
    } catch {
      fatalError("MessageDeflater: zlib refused its default configuration: \(error)")
    }
  }

  /// The bytes `text` takes on the wire, compressed after the messages
  /// this deflater compressed before.
  public func deflatedSize(_ text: String) -> Int {
    var buffer = ByteBuffer(string: text)
    do {
      let compressed = try buffer.compressStream(with: compressor, flush: .sync)
      return compressed.readableBytes - 4
    } catch {
      fatalError("MessageDeflater.deflatedSize(_:): zlib failed: \(error)")
    }
  }
}
