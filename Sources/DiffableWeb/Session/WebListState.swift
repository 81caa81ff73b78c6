/// What a page shows of one list, as ``WebSession/listStates()`` reports
/// it: for tests and tools that check a page against its session.
///
/// ```json
/// {"name": "main", "seq": 3,
///  "sections": [{"id": "fruits", "items": ["apple", "pear"]}],
///  "frames": {"apple": [0, 0, 390, 44], "pear": [0, 44, 390, 44]},
///  "contentSize": [390, 88]}
/// ```
public struct WebListState: Sendable, Hashable, Encodable {
  /// The list's name.
  public var name: String
  /// The sequence number of the list's last reload or batch sent.
  public var seq: Int
  /// Every section and item the page shows once it has applied everything
  /// sent; empty while no page is ready.
  public var sections: [WebSection]
  /// The frames of the items in the list's window, as last sent, keyed by
  /// item text.
  public var frames: [String: WebRect]
  /// The size of the list's content, as last sent.
  public var contentSize: WebSize

  /// Creates a list's state.
  public init(
    name: String, seq: Int, sections: [WebSection], frames: [String: WebRect],
    contentSize: WebSize
  ) {
    self.name = name
    self.seq = seq
    self.sections = sections
    self.frames = frames
    self.contentSize = contentSize
  }

  enum _CodingKeys: String, CodingKey {
    case name, seq, sections, frames, contentSize
  }

  /// Encodes the state as `{"name", "seq", "sections", "frames",
  /// "contentSize"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(seq, forKey: .seq)
    try container.encode(sections, forKey: .sections)
    try container.encode(frames, forKey: .frames)
    try container.encode(contentSize, forKey: .contentSize)
  }
}
