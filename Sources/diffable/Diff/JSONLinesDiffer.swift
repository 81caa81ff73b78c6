import Diffable
import Foundation

/// `diffable diff --jsonl`: one `{"old": ..., "new": ...}` object a line in,
/// one line out for each line in, in order.
///
/// Each output line is the batch update in its JSON form, or
/// `{"error": "..."}` when the line is blank, is not JSON, or holds
/// something that is not a pair of valid snapshots. A bad line never stops
/// the stream.
struct JSONLinesDiffer {
  private let decoder = JSONDecoder()

  /// The number of lines read so far, for error messages.
  private(set) var lineNumber = 0

  /// The output line for one input line (without its newline).
  mutating func outputLine(for line: some StringProtocol) -> String {
    lineNumber += 1
    do {
      return try batchLine(for: line)
    } catch {
      return Self.errorLine("line \(lineNumber): \(error.description)")
    }
  }

  private func batchLine(for line: some StringProtocol) throws(InputError) -> String {
    guard line.contains(where: { !$0.isWhitespace }) else {
      throw InputError(#"blank line; expected {"old": <snapshot>, "new": <snapshot>}"#)
    }
    let data = Data(line.utf8)
    let pair: DiffInput.Pair
    do {
      pair = try decoder.decode(DiffInput.Pair.self, from: data)
    } catch let error as DecodingError {
      throw InputError(DiffInput.describe(error, in: data))
    } catch {
      throw InputError(String(describing: error))
    }
    return BatchUpdateJSON.text(for: BatchUpdate(from: pair.old, to: pair.new))
  }

  /// `{"error": message}`, as one line of JSON.
  static func errorLine(_ message: String) -> String {
    #"{"error":"# + jsonQuoted(message) + "}"
  }

  /// Reads standard input to its end and writes one line to standard output
  /// for each line read. Output is buffered and written in large blocks.
  mutating func run() {
    var output = OutputBuffer()
    while let line = readLine(strippingNewline: true) {
      output.append(outputLine(for: line))
      output.append("\n")
    }
    output.flush()
  }
}

/// Collects output and writes it to standard output in blocks of about
/// 64 KiB, so that a long stream neither builds one giant string nor makes
/// a system call per line.
struct OutputBuffer: ~Copyable {
  private var buffer: [UInt8] = []
  private let limit = 1 << 16

  init() {
    buffer.reserveCapacity(limit + 1024)
  }

  mutating func append(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= limit { flush() }
  }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    FileHandle.standardOutput.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }

  deinit {
    if !buffer.isEmpty { FileHandle.standardOutput.write(Data(buffer)) }
  }
}
