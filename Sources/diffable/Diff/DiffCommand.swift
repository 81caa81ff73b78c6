import ArgumentParser
import Diffable
import Foundation

/// `diffable diff`: the batch update between two snapshots.
struct DiffCommand: ParsableCommand {
  /// The subcommand's name, abstract and help, which describes the JSON it reads.
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Print the batch update that turns one snapshot into another.",
    discussion: """
      A snapshot is a JSON object:

        {"sections": [{"id": "fruits", "items": ["apple", "pear"]}],
         "reloadedItems": ["pear"], "reconfiguredItems": [], "reloadedSections": []}

      Identifiers are strings and must be unique (sections among sections, items \
      across the whole snapshot); the three mark lists are optional.

      The batch update is printed as JSON, every key present, an item path as \
      [section, item] and a move as [from, to]; or, with --format text, one \
      operation a line.

      With --jsonl, standard input holds one {"old": ..., "new": ...} object a \
      line, and standard output gets exactly one line for each, written as soon as \
      the line is read: the batch update, or {"error": "..."} for a line that is \
      not a valid pair of snapshots. A bad line does not stop the stream, but the \
      exit status is 1 if any line was answered with an error, 0 otherwise.
      """)

  /// How the batch update is printed.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    /// The batch update's JSON form, on one line.
    case json
    /// One operation a line, as `BatchUpdate.operationLines(from:to:)` writes them.
    case text
  }

  /// The path of the old snapshot, `-` for standard input; `nil` with `--jsonl`.
  @Argument(help: "The old snapshot: a JSON file, or - for standard input.")
  var old: String?

  /// The path of the new snapshot, `-` for standard input; `nil` with `--jsonl`.
  @Argument(help: "The new snapshot: a JSON file, or - for standard input.")
  var new: String?

  /// How to print the batch update: `--format json` (the default) or `text`.
  @Option(help: "How to print the batch update.")
  var format: Format = .json

  /// Whether pairs of snapshots are read from standard input, one a line (`--jsonl`).
  @Flag(help: "Read {\"old\": ..., \"new\": ...} pairs from standard input, one a line.")
  var jsonl = false

  /// Refuses arguments that do not go together: files with `--jsonl`, one file, or two `-`.
  func validate() throws {
    if jsonl {
      guard old == nil, new == nil else {
        throw ValidationError("--jsonl reads standard input; do not name files.")
      }
      guard format == .json else {
        throw ValidationError("--jsonl writes JSON lines; --format text is not available with it.")
      }
    } else {
      guard old != nil, new != nil else {
        throw ValidationError("Name two snapshot files, OLD and NEW, or use --jsonl.")
      }
      guard !(old == "-" && new == "-") else {
        throw ValidationError("Only one of OLD and NEW can be standard input (-).")
      }
    }
  }

  /// Prints the batch update between the two snapshots, or answers each line of a `--jsonl` stream.
  func run() throws {
    if jsonl {
      var differ = JSONLinesDiffer()
      try differ.run()
      return
    }
    guard let old, let new else { return }
    let decoder = JSONDecoder()
    let oldSnapshot = try DiffInput.snapshot(atPath: old, decoder: decoder)
    let newSnapshot = try DiffInput.snapshot(atPath: new, decoder: decoder)
    print(Self.render(from: oldSnapshot, to: newSnapshot, format: format))
  }

  /// The batch update between two snapshots, in a format.
  static func render(from old: JSONSnapshot, to new: JSONSnapshot, format: Format) -> String {
    let batch = BatchUpdate(from: old, to: new)
    switch format {
    case .json:
      return BatchUpdateJSON.text(for: batch)
    case .text:
      return batch.operationLines(from: old, to: new).joined(separator: "\n")
    }
  }
}
