import ArgumentParser

/// `diffable`: the command-line face of swift-diffable.
@main
struct DiffableCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diffable",
    abstract:
      "Diffable data sources, batch updates and compositional layouts, from the command line.",
    discussion: """
      Try `diffable demo` to watch a list update as a query is typed, \
      `diffable demo outline` to open and close a tree through a data source, \
      `diffable demo reststop` to see a compositional layout drawn in the terminal, \
      `diffable diff OLD.json NEW.json` to see the batch update between two snapshots, and \
      `diffable layout SPEC.json --size 390x844 --items 6` to solve a compositional layout.
      """,
    subcommands: [DiffCommand.self, DemoCommand.self, LayoutCommand.self])
}
