import Diffable
import Foundation

/// `diffable diff --jsonl`: one `{"old": ..., "new": ...}` object a line in,
/// one line out for each line in, in order.
///
/// Each output line is the batch update in its JSON form, or
/// `{"error": "..."}` when the line is blank, is not JSON, or holds
/// something that is not a pair of valid snapshots. A bad line never stops
/// the stream. Each answer is written as soon as its line is read, so a
/// program can write a line and wait for the answer.
struct JSONLinesDiffer {
  private let decoder = JSONDecoder()

  /// The number of lines read so far, for error messages.
  private(set) var lineNumber = 0
  /// The number of lines answered with an error.
  private(set) var failures = 0

  /// The output line for one input line (without its newline).
  mutating func outputLine(for line: some StringProtocol) -> String {
    lineNumber += 1
    do {
      return try batchLine(for: line)
    } catch {
      failures += 1
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
  /// for each line read, as soon as it is read (one write a line: the answer
  /// never waits in a buffer for more input).
  ///
  /// - Throws: ``InputError`` after the last line if any line was answered
  ///   with an error, so that the command exits with a non-zero status.
  mutating func run() throws(InputError) {
    while let line = readLine(strippingNewline: true) {
      FileHandle.standardOutput.write(Data((outputLine(for: line) + "\n").utf8))
    }
    guard failures == 0 else {
      let lines = failures == 1 ? "1 line" : "\(failures) lines"
      throw InputError(
        "\(lines) of \(lineNumber) could not be diffed; "
          + #"each was answered with {"error": ...}"#)
    }
  }
}
