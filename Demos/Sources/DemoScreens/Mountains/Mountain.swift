import Diffable
import Foundation

/// A mountain of the search screen's data set.
public struct Mountain: Hashable, Sendable {
  /// The name as commonly written in English; unique in the data set.
  public var name: String
  /// The height above sea level, in metres.
  public var height: Int
  /// The range and countries.
  public var location: String

  public init(name: String, height: Int, location: String) {
    self.name = name
    self.height = height
    self.location = location
  }
}

extension Mountain {
  /// The mountains shipped with the screens, in the file's order.
  ///
  /// - Throws: ``DemoDataError`` when the file is missing or malformed.
  public static func bundled() throws(DemoDataError) -> [Mountain] {
    guard
      let url = Bundle.module.url(
        forResource: "mountains", withExtension: "tsv", subdirectory: "Resources"),
      let data = try? Data(contentsOf: url)
    else {
      throw DemoDataError("the mountains data file (Resources/mountains.tsv) is missing")
    }
    return try parse(String(decoding: data, as: UTF8.self), source: "mountains.tsv")
  }

  /// Reads tab-separated `name, height in metres, location` lines; blank
  /// lines and lines starting with `#` are skipped.
  ///
  /// - Throws: ``DemoDataError`` naming `source` and the line of the first
  ///   malformed line or repeated name.
  public static func parse(_ text: String, source: String) throws(DemoDataError) -> [Mountain] {
    var mountains: [Mountain] = []
    var names: Set<String> = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3, let height = Int(fields[1]), height > 0, !fields[0].isEmpty else {
        throw DemoDataError(
          "\(source), line \(number + 1): expected name, height in metres and location, "
            + "separated by tabs")
      }
      let name = String(fields[0])
      guard names.insert(name).inserted else {
        throw DemoDataError(
          "\(source), line \(number + 1): \(BatchUpdate.quotedName(name)) appears twice")
      }
      mountains.append(Mountain(name: name, height: height, location: String(fields[2])))
    }
    return mountains
  }
}
