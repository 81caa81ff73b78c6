import ArgumentParser
import DemoScreens
import Diffable
import TerminalRenderer

/// `demo chat`: a conversation (``Conversation``) whose messages arrive in
/// the background.
struct ChatDemo: SessionDemo {
  static let configuration = CommandConfiguration(
    commandName: "chat",
    abstract: "A conversation: messages arrive from a background task, diffed off the main actor.",
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

  func makeSession() async -> ChatSession {
    await ChatSession(styler: options.styler)
  }
}

/// The conversation drawn in a terminal.
@MainActor
final class ChatSession: DemoSession {
  let view: TerminalListView<ChatSection, ChatItem>
  private(set) var screen: Conversation!
  private let styler: TextStyler
  /// What you are typing, in the interactive demo.
  private var draft = ""

  init(styler: TextStyler) {
    self.styler = styler
    view = TerminalListView(styler: styler)
    screen = Conversation(view: view, captions: view) { [unowned self] screen, item in
      text(for: item, in: screen)
    }
    view.show(screen.dataSource) { [unowned self] in screen.title(ofSection: $0) }
  }

  func text(for item: ChatItem, in screen: Conversation) -> String {
    switch item {
    case .typing:
      return styler("Ada is typing…", .dim, .italic)
    case .message(let number):
      guard let message = screen.messages[number] else { return "?" }
      let author = message.isYours ? styler("you", .cyan) : styler(message.author, .magenta)
      let status = message.receipt.map { styler("  " + $0, .dim) } ?? ""
      return author + ": " + message.text + status
    }
  }

  func play(steps: Int, pause seconds: Double) async throws {
    TerminalOutput.line(styler("Chat", .bold) + ": messages arrive from a background task")
    TerminalOutput.line(styler("+ inserted   - deleted   ~ reconfigured", .dim))
    await screen.open(caption: "the history")
    for step in 0..<steps {
      try await screen.step(step, pause: seconds)
    }
  }

  /// The interactive demo: you type, Enter sends; Ada answers each message.
  ///
  /// One task makes every change to the list, in turn: your message, then
  /// Ada typing and answering (her side waits and writes in a detached
  /// task). Each change reads the current
  /// snapshot and awaits its apply before the next one reads it, so no change
  /// is built on a snapshot another one is about to replace.
  func runInteractively() async throws {
    try await withInteractiveTerminal { keys in
      view.redrawsScreen = true
      await screen.open()
      updateFooter()
      let (sent, sender) = AsyncStream.makeStream(of: String.self)
      let changes = Task { [screen] in
        for await text in sent {
          try await screen!.sendAndAwaitAnswer(text, pause: 0.8)
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
