// What the web benchmarks share: a 1% change of a list, a connection held
// in memory, and a page that acknowledges every batch.
import DiffableCore
import DiffableWeb

/// `old` with 1% of its items changed (at least one of each kind), spread
/// over the list: 0.3% deleted, 0.3% inserted, 0.2% moved, 0.2% reloaded.
public func changedByOnePercent(
  _ old: DiffableDataSourceSnapshot<Int, Int>, using random: inout some RandomNumberGenerator
) -> DiffableDataSourceSnapshot<Int, Int> {
  var new = old
  let count = old.numberOfItems
  func share(_ perMille: Int) -> Int { max(1, count * perMille / 1_000) }
  var items = old.itemIdentifiers.shuffled(using: &random)
  let deleted = Array(items.prefix(share(3)))
  items.removeFirst(deleted.count)
  new.deleteItems(deleted)
  var fresh = count * 10
  for anchor in items.prefix(share(3)) {
    new.insertItems([fresh], beforeItem: anchor)
    fresh += 1
  }
  items.removeFirst(min(items.count, share(3)))
  for item in items.prefix(share(2)) {
    let anchor = new.itemIdentifiers[Int.random(in: 0..<new.numberOfItems, using: &random)]
    if anchor != item { new.moveItem(item, beforeItem: anchor) }
  }
  items.removeFirst(min(items.count, share(2)))
  new.reloadItems(Array(items.prefix(share(2))))
  return new
}

/// A connection held in memory.
public struct MemoryTransport: WebTransport {
  public let incoming: AsyncStream<String>
  let outgoing: AsyncStream<String>.Continuation

  /// A connection reading `incoming` and writing to `outgoing`.
  public init(incoming: AsyncStream<String>, outgoing: AsyncStream<String>.Continuation) {
    self.incoming = incoming
    self.outgoing = outgoing
  }

  public func send(_ text: String) async throws { outgoing.yield(text) }
  public func close() async { outgoing.finish() }
}

/// What the page received: the size in bytes of each reload and batch,
/// and the text of every message from the first reload on, up to
/// ``sampleLimit`` messages, for measuring their compression afterwards.
@MainActor
public final class Received {
  public var reloads: [Int] = []
  public var batches: [Int] = []
  /// The messages kept: the first reload, and what followed it.
  public var sample: [String] = []
  /// How many messages ``sample`` keeps.
  public static let sampleLimit = 200

  /// Nothing received yet.
  public init() {}
}

/// The offset of the first occurrence of `needle` in `frame`'s UTF-8, if
/// any: a plain byte search, so that the page's reading stays cheap next to
/// the server's work.
func offset(of needle: StaticString, in frame: String) -> Int? {
  var frame = frame
  return frame.withUTF8 { bytes in
    needle.withUTF8Buffer { needle in
      guard bytes.count >= needle.count else { return nil }
      for start in 0...(bytes.count - needle.count)
      where bytes[start] == needle[0]
        && bytes[start..<start + needle.count].elementsEqual(needle)
      {
        return start + needle.count
      }
      return nil
    }
  }
}

/// A page that says `ready` with a list element of 390 × 844, and
/// acknowledges every batch as soon as it arrives, recording the sizes of
/// what it receives. It reads only the type and `seq` of each message, with
/// a plain byte search: the page's own cost stays out of the server's
/// figures.
@MainActor
public func page(
  frames: AsyncStream<String>, replies: AsyncStream<String>.Continuation, into received: Received
) -> Task<Void, Never> {
  replies.yield(
    #"{"v": 1, "type": "ready", "viewport": {"width": 390, "height": 844}, "#
      + #""lists": {"main": {"width": 390, "height": 844, "x": 0, "y": 0}}}"#)
  return Task {
    for await frame in frames {
      let bytes = frame.utf8.count
      let isReload = offset(of: #""type":"reload""#, in: frame) != nil
      if (isReload || !received.sample.isEmpty) && received.sample.count < Received.sampleLimit {
        received.sample.append(frame)
      }
      if isReload {
        received.reloads.append(bytes)
      } else if offset(of: #""type":"batch""#, in: frame) != nil {
        received.batches.append(bytes)
        guard let key = offset(of: #""seq":"#, in: frame) else { continue }
        let seq = frame.utf8.dropFirst(key).prefix { $0 >= 0x30 && $0 <= 0x39 }
        replies.yield(#"{"v": 1, "type": "ack", "list": "main", "seq": \#(Substring(seq))}"#)
      }
    }
  }
}
