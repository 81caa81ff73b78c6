import ArgumentParser
import Diffable

/// `diffable demo chat`: a conversation whose messages arrive in the
/// background.
///
/// The history is applied first. Then a background task (off the main
/// actor) plays the other side: it reads the data source's current
/// snapshot, appends a typing indicator, replaces it with the message, marks
/// your earlier message read, and applies each change from where it runs.
struct ChatDemo: SessionDemo {
  static let configuration = CommandConfiguration(
    commandName: "chat",
    abstract: "A conversation: messages arrive from a background task, applied off the main actor.",
    discussion: """
      Each step, a background task shows Ada typing, then her message, then your \
      reply; every change is an apply made from the background task, appended to \
      the data source's current snapshot. With --interactive (on a terminal) you type \
      your messages: Enter sends, Esc or Ctrl-C quits.
      """)

  @OptionGroup var stepOptions: StepOptions

  @Flag(help: "Type your side of the conversation (needs a terminal).")
  var interactive = false

  @OptionGroup var options: DemoOptions

  static let defaultSteps = 3

  func makeSession() async -> Conversation {
    await Conversation(styler: options.styler)
  }
}

/// A message. The list's identifiers are message numbers; the messages
/// themselves live in the conversation's store, so that a message can
/// change (its status) while its identity stays.
struct ChatMessage: Sendable {
  enum Status: Sendable { case sent, read }
  var author: String
  var text: String
  var status: Status
}

enum ChatSection: Hashable, Sendable {
  case earlier
  case today
}

enum ChatItem: Hashable, Sendable {
  case message(Int)
  /// "Ada is typing…"
  case typing
}

@MainActor
final class Conversation: DemoSession {
  typealias Snapshot = DiffableDataSourceSnapshot<ChatSection, ChatItem>

  nonisolated static let lines = [
    "Did the batch animate?",
    "One insert, one delete, one reconfigure. All in one go.",
    "And nobody waited for the main actor.",
    "The diff ran in the background, like this message.",
    "See you at the next apply!",
  ]
  nonisolated static let replies = [
    "It did, smoothly.",
    "Even the typing indicator?",
    "Nice. The view only asked for the new cells.",
    "Ha. Let's ship it.",
    "Bye!",
  ]

  let view: TerminalListView<ChatSection, ChatItem>
  private(set) var dataSource: DiffableDataSource<ChatSection, ChatItem>!
  /// The messages by number.
  private(set) var messages: [Int: ChatMessage] = [:]
  private let styler: TextStyler
  /// What you are typing, in the interactive demo.
  private var draft = ""

  init(styler: TextStyler) {
    self.styler = styler
    view = TerminalListView(styler: styler)
    dataSource = view.makeDataSource(header: { $0 == 0 ? "Yesterday" : "Today" }) {
      [unowned self] in text(for: $0)
    }
  }

  func text(for item: ChatItem) -> String {
    switch item {
    case .typing:
      return styler("Ada is typing…", .dim, .italic)
    case .message(let number):
      guard let message = messages[number] else { return "?" }
      let author = message.author == "you" ? styler("you", .cyan) : styler(message.author, .magenta)
      let status =
        message.author == "you"
        ? styler(message.status == .read ? "  ✓✓ read" : "  ✓ sent", .dim) : ""
      return author + ": " + message.text + status
    }
  }

  /// Stores a message and returns its number.
  func store(_ message: ChatMessage) -> Int {
    let number = messages.count + 1
    messages[number] = message
    return number
  }

  /// Marks your messages read, returning their numbers.
  func markRead() -> [Int] {
    let unread = messages.filter { $0.value.author == "you" && $0.value.status == .sent }.map(\.key)
    for number in unread { messages[number]?.status = .read }
    return unread.sorted()
  }

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

  /// The other side, as a background task would run it: every change reads
  /// the current snapshot, edits it and applies it, off the main actor.
  nonisolated static func otherSide(
    of conversation: Conversation, line: String, pause seconds: Double
  ) async throws {
    let dataSource = await conversation.dataSource!
    try await pause(seconds)
    var snapshot = await dataSource.snapshot()
    snapshot.appendItems([.typing], toSection: .today)
    await conversation.setCaption("Ada starts typing (applied from a background task)")
    await dataSource.apply(snapshot)

    try await pause(seconds)
    let (number, read) = await conversation.receive(line)
    snapshot = await dataSource.snapshot()
    snapshot.deleteItems([.typing])
    snapshot.appendItems([.message(number)], toSection: .today)
    snapshot.reconfigureItems(read.map(ChatItem.message))
    await conversation.setCaption(
      "Ada's message replaces the indicator" + (read.isEmpty ? "" : "; your message is read"))
    await dataSource.apply(snapshot)
  }

  func setCaption(_ caption: String) { view.caption = caption }

  func receive(_ line: String) -> (Int, [Int]) {
    let read = markRead()
    return (store(ChatMessage(author: "Ada", text: line, status: .read)), read)
  }

  /// Sends a message of yours, from the main actor.
  func send(_ text: String) async {
    var snapshot = dataSource.snapshot()
    snapshot.appendItems(
      [.message(store(ChatMessage(author: "you", text: text, status: .sent)))], toSection: .today)
    view.caption = "you reply"
    await dataSource.apply(snapshot)
  }

  func play(steps: Int, pause seconds: Double) async throws {
    print(styler("Chat", .bold) + ": messages arrive from a background task")
    print(styler("+ inserted   - deleted   ~ reconfigured", .dim))
    view.caption = "the history"
    await dataSource.apply(history())
    for step in 0..<steps {
      let line = Self.lines[step % Self.lines.count]
      // Off the main actor: the task is detached.
      try await Task.detached { [self] in
        try await Conversation.otherSide(of: self, line: line, pause: seconds)
      }.value
      try await pause(seconds)
      await send(Self.replies[step % Self.replies.count])
    }
  }

  /// The interactive demo: you type, Enter sends; Ada answers each message.
  ///
  /// One background task makes every change to the list, in turn: your
  /// message, then Ada typing and answering. Each change reads the current
  /// snapshot and awaits its apply before the next one reads it, so no change
  /// is built on a snapshot another one is about to replace.
  func runInteractively() async throws {
    try await withInteractiveTerminal { keys in
      view.redrawsScreen = true
      await dataSource.apply(history())
      updateFooter()
      let (sent, sender) = AsyncStream.makeStream(of: String.self)
      let changes = Task.detached { [self] in
        var answers = 0
        for await text in sent {
          await send(text)
          let line = Self.lines[answers % Self.lines.count]
          answers += 1
          try await Conversation.otherSide(of: self, line: line, pause: 0.8)
        }
      }
      defer {
        sender.finish()
        changes.cancel()
      }
      for await key in keys {
        switch key {
        case .escape, .interrupt, .endOfInput:
          return
        case .character(let character):
          draft.append(character)
        case .backspace:
          if !draft.isEmpty { draft.removeLast() }
        case .enter where !draft.isEmpty:
          sender.yield(draft)
          draft = ""
        default:
          break
        }
        updateFooter()
      }
    }
  }

  private func updateFooter() {
    view.footer = [
      "> " + draft + styler("▏", .dim),
      styler("type a message · Enter sends · Esc or Ctrl-C quits", .dim),
    ]
    view.redraw()
  }
}
