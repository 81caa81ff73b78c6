import Foundation

/// A mountain of the demo's data set.
struct Mountain: Hashable, Sendable {
  /// The name as commonly written in English; unique in the data set.
  var name: String
  /// The height above sea level, in metres.
  var height: Int
  /// The range and countries.
  var location: String
}

extension Mountain {
  /// The mountains shipped with the command, in the file's order.
  static func bundled() throws(InputError) -> [Mountain] {
    guard
      let url = Bundle.module.url(
        forResource: "mountains", withExtension: "tsv", subdirectory: "Resources"),
      let data = try? Data(contentsOf: url)
    else {
      throw InputError("the mountains data file (Resources/mountains.tsv) is missing")
    }
    return try parse(String(decoding: data, as: UTF8.self), source: "mountains.tsv")
  }

  /// Reads tab-separated `name, height in metres, location` lines; blank
  /// lines and lines starting with `#` are skipped.
  static func parse(_ text: String, source: String) throws(InputError) -> [Mountain] {
    var mountains: [Mountain] = []
    var names: Set<String> = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3, let height = Int(fields[1]), height > 0, !fields[0].isEmpty else {
        throw InputError(
          "\(source), line \(number + 1): expected name, height in metres and location, "
            + "separated by tabs")
      }
      let name = String(fields[0])
      guard names.insert(name).inserted else {
        throw InputError("\(source), line \(number + 1): \(jsonQuoted(name)) appears twice")
      }
      mountains.append(Mountain(name: name, height: height, location: String(fields[2])))
    }
    return mountains
  }
}
