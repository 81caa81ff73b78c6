import ArgumentParser

/// `diffable`: the command-line face of swift-diffable.
@main
struct DiffableCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diffable",
    abstract: "Diffable data sources and batch updates, from the command line.",
    discussion: """
      Try `diffable demo` to watch a list update as a query is typed, and \
      `diffable diff OLD.json NEW.json` to see the batch update between two snapshots.
      """,
    subcommands: [DiffCommand.self, DemoCommand.self])
}
