import Diffable

/// A message. The list's identifiers are message numbers; the messages
/// themselves live in the conversation's store, so that a message can
/// change (its status) while its identity stays.
public struct ChatMessage: Sendable {
  public enum Status: Sendable { case sent, read }
  public var author: String
  public var text: String
  public var status: Status

  public init(author: String, text: String, status: Status) {
    self.author = author
    self.text = text
    self.status = status
  }

  /// Whether you wrote it (the other side is Ada).
  public var isYours: Bool { author == "you" }

  /// What a message of yours shows of its delivery, as every renderer
  /// writes it: `✓ sent` or `✓✓ read`; `nil` for the other side's.
  public var receipt: String? {
    guard isYours else { return nil }
    return status == .read ? "✓✓ read" : "✓ sent"
  }
}

/// The sections of the conversation.
public enum ChatSection: Hashable, Sendable {
  case earlier
  case today
}

/// A section is written by its name: `"earlier"`, `"today"`.
extension ChatSection: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self == .earlier ? "earlier" : "today")
  }
}

/// The rows of the conversation.
public enum ChatItem: Hashable, Sendable {
  /// A message, by number in the conversation's store.
  case message(Int)
  /// "Ada is typing…"
  case typing
}

/// A row is written as a JSON object (a browser list's identifiers are all
/// of one kind): `{"message": 4}`, `{"typing": true}`.
extension ChatItem: Encodable {
  private enum CodingKeys: String, CodingKey { case message, typing }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .message(let number): try container.encode(number, forKey: .message)
    case .typing: try container.encode(true, forKey: .typing)
    }
  }
}

/// A conversation whose messages arrive in the background.
///
/// The history is applied first. Then the other side, a detached task,
/// waits and writes off the screen's actor and hands over what it does (it
/// starts typing, it sends a line); for each, the screen reads the data
/// source's current snapshot, appends a typing indicator or replaces it
/// with the message, marks your earlier message read, and applies the
/// change. The screen lives on the actor that makes it, with its data
/// source.
public final class Conversation {
  public typealias Snapshot = DiffableDataSourceSnapshot<ChatSection, ChatItem>

  /// What Ada says, in turn.
  public nonisolated static let lines = [
    "Did the batch animate?",
    "One insert, one delete, one reconfigure. All in one go.",
    "And nobody waited for the main actor.",
    "The diff ran in the background, like this message.",
    "See you at the next apply!",
  ]
  /// What you answer in the unattended run, in turn.
  public nonisolated static let replies = [
    "It did, smoothly.",
    "Even the typing indicator?",
    "Nice. The view only asked for the new cells.",
    "Ha. Let's ship it.",
    "Bye!",
  ]

  /// The data source that drives the view.
  public private(set) var dataSource: DiffableDataSource<ChatSection, ChatItem>!
  /// The messages by number.
  public private(set) var messages: [Int: ChatMessage] = [:]
  private let captions: (any StepCaptioning)?
  private let announcements: (any StepAnnouncing)?
  /// The number of Ada's answers to your typed messages so far.
  private var answers = 0

  /// A conversation shown in `view`.
  ///
  /// - Parameters:
  ///   - captions: Told what each change is about, before it is applied.
  ///   - announcements: Told each message that arrives, in words
  ///     (``announcement(of:)``), before it is applied.
  ///   - cell: Makes a row's cell; it reads the screen's ``messages``.
  public init<View: DiffableListView>(
    view: View, captions: (any StepCaptioning)? = nil,
    announcements: (any StepAnnouncing)? = nil,
    cell: @escaping (Conversation, ChatItem) -> View.Cell
  ) {
    self.captions = captions
    self.announcements = announcements
    dataSource = DiffableDataSource(view: view) { [unowned self] _, _, item in cell(self, item) }
  }

  /// The title of a section's header, by section index.
  public func title(ofSection index: Int) -> String { index == 0 ? "Yesterday" : "Today" }

  /// Stores a message and returns its number.
  func store(_ message: ChatMessage) -> Int {
    let number = messages.count + 1
    messages[number] = message
    return number
  }

  /// Marks your messages read, returning their numbers.
  func markRead() -> [Int] {
    let unread = messages.filter { $0.value.isYours && $0.value.status == .sent }.map(\.key)
    for number in unread { messages[number]?.status = .read }
    return unread.sorted()
  }

  /// The messages of yesterday.
  func history() -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections([.earlier, .today])
    let earlier = [
      ChatMessage(author: "Ada", text: "Are the data sources in?", status: .read),
      ChatMessage(author: "you", text: "Merged this morning.", status: .read),
      ChatMessage(author: "Ada", text: "Let's try one with a chat.", status: .read),
    ]
    snapshot.appendItems(earlier.map { .message(store($0)) }, toSection: .earlier)
    return snapshot
  }

  /// Shows the history.
  public func open(caption: String? = nil) async {
    captions?.caption = caption
    await dataSource.apply(history())
  }

  /// What the other side does, as it hands it over to the screen.
  enum OtherSide: Sendable {
    case startsTyping
    case sends(String)
  }

  /// The other side, as a detached task runs it: it waits, starts typing,
  /// waits, and sends `line`, handing each to `screen`.
  @concurrent
  static func otherSide(
    line: String, pause seconds: Double, to screen: AsyncStream<OtherSide>.Continuation
  ) async throws {
    defer { screen.finish() }
    try await pause(seconds)
    screen.yield(.startsTyping)
    try await pause(seconds)
    screen.yield(.sends(line))
  }

  /// Runs the other side in a detached task, and applies what it hands
  /// over as it comes.
  ///
  /// Cancelled, it cancels the other side, takes away the typing indicator
  /// if Ada was typing, and throws `CancellationError`: the conversation is
  /// left as it was between two lines, for the next change to build on.
  func hear(_ line: String, pause seconds: Double) async throws {
    let (events, continuation) = AsyncStream.makeStream(of: OtherSide.self)
    let otherSide = Task.detached {
      try await Conversation.otherSide(line: line, pause: seconds, to: continuation)
    }
    // The stream ends when the other side is done, or when this task is
    // cancelled; once cancelled, what it still holds is not shown.
    for await event in events {
      if Task.isCancelled { break }
      switch event {
      case .startsTyping: await showTyping()
      case .sends(let line): await showReply(line)
      }
    }
    if Task.isCancelled {
      otherSide.cancel()
      await hideTyping()
      throw CancellationError()
    }
    try await otherSide.value
  }

  /// The typing indicator appears.
  func showTyping() async {
    var snapshot = dataSource.snapshot()
    snapshot.appendItems([.typing], toSection: .today)
    setCaption("Ada starts typing (sent by a background task)")
    await dataSource.apply(snapshot)
  }

  /// The other side's message replaces the typing indicator.
  func showReply(_ line: String) async {
    let (number, read) = receive(line)
    var snapshot = dataSource.snapshot()
    snapshot.deleteItems([.typing])
    snapshot.appendItems([.message(number)], toSection: .today)
    snapshot.reconfigureItems(read.map(ChatItem.message))
    setCaption(
      "Ada's message replaces the indicator" + (read.isEmpty ? "" : "; your message is read"))
    if let message = messages[number] {
      announcements?.announcement = Self.announcement(of: message)
    }
    await dataSource.apply(snapshot)
  }

  /// A message that arrives, in words: `Ada: Did the batch animate?`.
  public static func announcement(of message: ChatMessage) -> String {
    "\(message.author): \(message.text)"
  }

  /// The typing indicator goes, if it is there, with no message.
  func hideTyping() async {
    var snapshot = dataSource.snapshot()
    guard snapshot.indexOfItem(.typing) != nil else { return }
    snapshot.deleteItems([.typing])
    setCaption("Ada stops typing")
    await dataSource.apply(snapshot)
  }

  func setCaption(_ caption: String) { captions?.caption = caption }

  func receive(_ line: String) -> (Int, [Int]) {
    let read = markRead()
    return (store(ChatMessage(author: "Ada", text: line, status: .read)), read)
  }

  /// Sends a message of yours.
  public func send(_ text: String) async {
    var snapshot = dataSource.snapshot()
    snapshot.appendItems(
      [.message(store(ChatMessage(author: "you", text: text, status: .sent)))], toSection: .today)
    captions?.caption = "you reply"
    await dataSource.apply(snapshot)
  }

  /// Step `number` (from 0) of the unattended run: Ada's next line from a
  /// detached task, then your reply, with `seconds` between the changes.
  public func step(_ number: Int, pause seconds: Double) async throws {
    try await hear(Self.lines[number % Self.lines.count], pause: seconds)
    try await pause(seconds)
    await send(Self.replies[number % Self.replies.count])
  }

  /// Sends a message you typed, then plays Ada typing and answering it,
  /// `seconds` apart. Call it from one task for every message in turn, so
  /// that no change is built on a snapshot another is about to replace.
  public func sendAndAwaitAnswer(_ text: String, pause seconds: Double) async throws {
    await send(text)
    try await hear(nextAnswer(), pause: seconds)
  }

  private func nextAnswer() -> String {
    defer { answers += 1 }
    return Self.lines[answers % Self.lines.count]
  }
}
