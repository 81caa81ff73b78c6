import ArgumentParser

/// `diffable`: the command-line face of swift-diffable.
@main
struct DiffableCommand: AsyncParsableCommand {
  /// The command's name, abstract and subcommands, `diff` and `layout`.
  static let configuration = CommandConfiguration(
    commandName: "diffable",
    abstract: "Batch updates between snapshots and compositional layouts, from the command line.",
    discussion: """
      Try `diffable diff OLD.json NEW.json` to see the batch update between two snapshots, \
      and `diffable layout SPEC.json --size 390x844 --items 6` to solve a compositional layout. \
      The demos live in their own package: `swift run --package-path Demos demo` lists them.
      """,
    subcommands: [DiffCommand.self, LayoutCommand.self])
}
