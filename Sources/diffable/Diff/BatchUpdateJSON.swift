import Diffable
import Foundation

/// The JSON form of a batch update, written directly: one line, keys in the
/// order of the properties, with every key present.
///
/// It is the form `BatchUpdate`'s `Codable` conformance reads and writes;
/// writing it by hand keeps the key order stable (`JSONEncoder` does not
/// promise one) and avoids an encoder per line in `diffable diff --jsonl`.
enum BatchUpdateJSON {
  /// The batch update as one line of JSON, every key present.
  static func text(for batch: BatchUpdate) -> String {
    var text = "{"
    func key(_ name: String, first: Bool = false) {
      text += (first ? "\"" : ",\"") + name + "\":"
    }
    func indices(_ values: [Int]) {
      text += "["
      for (position, value) in values.enumerated() {
        if position > 0 { text += "," }
        text += String(value)
      }
      text += "]"
    }
    func path(_ path: IndexPath) {
      text += "[" + String(path.section) + "," + String(path.item) + "]"
    }
    func paths(_ values: [IndexPath]) {
      text += "["
      for (position, value) in values.enumerated() {
        if position > 0 { text += "," }
        path(value)
      }
      text += "]"
    }

    key("sectionDeletes", first: true)
    indices(batch.sectionDeletes)
    key("sectionInserts")
    indices(batch.sectionInserts)
    key("sectionMoves")
    text += "["
    for (position, move) in batch.sectionMoves.enumerated() {
      if position > 0 { text += "," }
      text += "[" + String(move.from) + "," + String(move.to) + "]"
    }
    text += "]"
    key("sectionReloads")
    indices(batch.sectionReloads)
    key("itemDeletes")
    paths(batch.itemDeletes)
    key("itemInserts")
    paths(batch.itemInserts)
    key("itemMoves")
    text += "["
    for (position, move) in batch.itemMoves.enumerated() {
      if position > 0 { text += "," }
      text += "["
      path(move.from)
      text += ","
      path(move.to)
      text += "]"
    }
    text += "]"
    key("itemReloads")
    paths(batch.itemReloads)
    key("itemReconfigures")
    paths(batch.itemReconfigures)
    return text + "}"
  }
}
