import InternalJSONCoding

/// A section on the wire: its identifier and its items, in order.
///
/// Codes as `{"id": "fruits", "items": ["apple", "pear"]}`; or, for a
/// long section of consecutive integer identifiers, as their ``runs``:
/// `{"id": "rows", "runs": [[0, 1000000]]}` stands for the items `0`, `1`,
/// ..., `999999`.
public struct WebSection: Sendable, Hashable {
  /// The section's identifier.
  public var id: WebIdentifier
  /// The section's items, in order; empty when ``runs`` lists them.
  public var items: [WebIdentifier]
  /// The section's items as runs of consecutive integers, in order, in
  /// place of ``items``; `nil` when ``items`` lists them.
  public var runs: [WebItemRun]?

  /// Creates a section that lists its items.
  public init(id: WebIdentifier, items: [WebIdentifier]) {
    self.id = id
    self.items = items
    self.runs = nil
  }

  /// Creates a section whose items are the integers of `runs`, in order.
  public init(id: WebIdentifier, runs: [WebItemRun]) {
    self.id = id
    self.items = []
    self.runs = runs
  }

  /// The number of items.
  ///
  /// - Complexity: O(1) for listed items, O(*r*) for *r* runs.
  public var count: Int {
    runs.map { $0.reduce(0) { $0 + $1.count } } ?? items.count
  }

  /// The section's items, in order: ``items``, or the integers of
  /// ``runs``.
  ///
  /// - Complexity: O(*n*) for *n* items.
  public var identifiers: [WebIdentifier] {
    guard let runs else { return items }
    var all: [WebIdentifier] = []
    all.reserveCapacity(count)
    for run in runs {
      for value in run.first..<(run.first + run.count) { all.append(WebIdentifier(value)) }
    }
    return all
  }

  /// The largest number of runs that a section of `count` items is
  /// written with: runs are worth their brackets only when a run holds
  /// eight items or more on average.
  static func _maximumRuns(forCount count: Int) -> Int { count / 8 }

  /// The shortest section that is written as runs: shorter ones list
  /// their items, as pages and tests read them most easily.
  static let _minimumRunCount = 256

  /// The runs of `integers`, when the section is long and they are few
  /// enough (``_maximumRuns(forCount:)``) and each integer is exact as a
  /// JavaScript number; `nil` otherwise.
  ///
  /// - Complexity: O(*n*) for *n* integers, stopping at the first run too
  ///   many.
  static func _runs(of integers: [Int]) -> [WebItemRun]? {
    guard integers.count >= _minimumRunCount else { return nil }
    let limit = _maximumRuns(forCount: integers.count)
    let exact = -WebItemRun._largestExact...WebItemRun._largestExact
    var runs: [WebItemRun] = []
    var first = integers[0]
    var count = 0
    for value in integers {
      guard exact.contains(value) else { return nil }
      if count > 0, value == first + count {
        count += 1
        continue
      }
      if count > 0 {
        runs.append(WebItemRun(first: first, count: count))
        if runs.count >= limit { return nil }
      }
      first = value
      count = 1
    }
    runs.append(WebItemRun(first: first, count: count))
    return runs.count <= limit ? runs : nil
  }

  /// The items of the section that `frames` holds (the window's), by
  /// their text, with their positions in the section, in order.
  ///
  /// - Complexity: O(*n*) for *n* listed items; for runs, O(*f* × *r* +
  ///   *w* log *w*), where *f* is the number of frames, *r* the number of
  ///   runs and *w* the number of the section's items among the frames:
  ///   independent of the length of the section.
  func _itemsWithFrames(in frames: [String: WebRect]) -> [(text: String, position: Int)] {
    guard let runs else {
      return items.enumerated().compactMap { k, item in
        frames[item.text] == nil ? nil : (text: item.text, position: k)
      }
    }
    var found: [(text: String, position: Int)] = []
    for text in frames.keys {
      guard let value = Int(text), String(value) == text else { continue }
      var start = 0
      for run in runs {
        if value >= run.first, value - run.first < run.count {
          found.append((text, start + value - run.first))
          break
        }
        start += run.count
      }
    }
    return found.sorted { $0.position < $1.position }
  }
}

/// Consecutive integer identifiers: `first`, `first + 1`, ..., `count` of
/// them. Written `[first, count]`.
public struct WebItemRun: Sendable, Hashable {
  /// The first identifier.
  public var first: Int
  /// How many identifiers, at least 1.
  public var count: Int

  /// Creates a run.
  public init(first: Int, count: Int) {
    self.first = first
    self.count = count
  }

  /// The largest integer a JavaScript number holds exactly, 2^53 − 1: a
  /// page reads no run beyond it.
  static let _largestExact = 9_007_199_254_740_991
}

extension WebSection: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case id, items, runs
  }

  /// Encodes the section as `{"id": ..., "items": [...]}`, or
  /// `{"id": ..., "runs": [[first, count], ...]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _CodingKeys.self)
    try container.encode(id, forKey: .id)
    if let runs {
      try container.encode(runs.map { [$0.first, $0.count] }, forKey: .runs)
    } else {
      try container.encode(items, forKey: .items)
    }
  }

  /// Decodes a section written by ``encode(to:)``.
  ///
  /// - Throws: `DecodingError` when a key is missing or unknown, both
  ///   `items` and `runs` are there, an identifier is `null`, or a run is
  ///   not two integers, a `first` beyond 2^53 − 1 either way and a
  ///   `count` of at least 1 that does not go beyond it either.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    let id = try container.decode(WebIdentifier.self, forKey: .id)
    guard container.contains(.runs) else {
      self.init(id: id, items: try container.decode([WebIdentifier].self, forKey: .items))
      return
    }
    guard !container.contains(.items) else {
      throw DecodingError.dataCorruptedError(
        forKey: .runs, in: container, debugDescription: "a section has items or runs, not both")
    }
    let pairs = try container.decode([[Int]].self, forKey: .runs)
    var runs: [WebItemRun] = []
    for (k, pair) in pairs.enumerated() {
      let largest = WebItemRun._largestExact
      guard pair.count == 2, abs(pair[0]) <= largest, pair[1] >= 1,
        pair[1] - 1 <= largest - pair[0]
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .runs, in: container,
          debugDescription: "run \(k) is not [first, count] with count ≥ 1 within ±(2^53 − 1)")
      }
      runs.append(WebItemRun(first: pair[0], count: pair[1]))
    }
    self.init(id: id, runs: runs)
  }
}
