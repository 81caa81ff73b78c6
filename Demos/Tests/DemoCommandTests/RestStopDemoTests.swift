import CollectionLayout
import DemoScreens
import Diffable
import Foundation
import TerminalRenderer
import Testing

@testable import DemoCommand

@Suite("demo reststop")
struct RestStopDemoTests {
  @Test(
    "one data source drives the layout view: a reload solves it, a batch lays out the changed sections again"
  )
  @MainActor
  func layoutListView() async throws {
    let opening = RestStop.openingSnapshot()
    let view = LayoutListView(
      layout: RestStop.layout(sections: opening.sectionIdentifiers),
      context: LayoutContext(containerSize: CGSize(width: 390, height: 844)))
    let dataSource = DiffableDataSource<RestStop.Section, AnySendableHashable>(view: view) {
      _, _, item in RestStop.label(item)
    }
    #expect(view.solved == nil)
    await dataSource.apply(opening)
    let opened = try #require(view.solved).get()
    #expect((0..<3).map(opened.numberOfItems(inSection:)) == [6, 8, 6])
    #expect(view.lastBatch == nil)
    #expect(view.cellText(at: IndexPath(indexes: [1, 0])) == "Coffee")

    await dataSource.apply(RestStop.lunchSnapshot())
    let lunch = try #require(view.solved).get()
    #expect((0..<3).map(lunch.numberOfItems(inSection:)) == [7, 7, 6])
    #expect(view.sectionsLaidOutAgain == [0, 1])
    #expect(view.lastBatch?.itemInserts == [IndexPath(indexes: [0, 6])])
    #expect(view.cellText(at: IndexPath(indexes: [0, 6])) == "Grilled cheese $6")
    // The brands did not move: the same frames as before.
    #expect(
      lunch.layoutAttributesForItem(at: IndexPath(indexes: [2, 1]))?.frame
        == opened.layoutAttributesForItem(at: IndexPath(indexes: [2, 1]))?.frame)
  }

  @Test("a layout that fails keeps its error until a later batch solves it again")
  @MainActor
  func layoutListViewRecovers() async throws {
    // A second section cannot be laid out: its rows have a negative height.
    let layout = CompositionalLayout { index, _ in
      LayoutSection(
        group: .horizontal(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(index == 0 ? 44 : -1)),
          subitems: [
            LayoutItem(
              layoutSize: LayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
          ]))
    }
    let view = LayoutListView(
      layout: layout, context: LayoutContext(containerSize: CGSize(width: 390, height: 844)))
    let dataSource = DiffableDataSource<Int, Int>(view: view) { _, _, item in "\(item)" }
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems([1, 2])
    await dataSource.apply(snapshot)
    #expect(try #require(view.solved).get().numberOfItems(inSection: 0) == 2)

    snapshot.appendSections([1])
    snapshot.appendItems([3], toSection: 1)
    await dataSource.apply(snapshot)
    #expect(throws: LayoutError.self) { try #require(view.solved).get() }

    snapshot.deleteSections([1])
    snapshot.appendItems([4], toSection: 0)
    await dataSource.apply(snapshot)
    let solved = try #require(view.solved).get()
    #expect(solved.numberOfSections == 1)
    #expect(solved.numberOfItems(inSection: 0) == 3)
  }

  @Test(
    "the demo runs unattended: three steps drawn as boxes, the layout updated where counts changed, and the SVG written"
  )
  func runs() throws {
    let svg = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reststop-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: svg) }
    let run = try runDemo(["reststop", "--no-color", "--svg", svg.path])
    #expect(run.status == 0)
    #expect(run.standardError.isEmpty)
    let out = run.standardOutput
    #expect(
      out.hasPrefix(
        "Highway rest stop: 20 items of three kinds in 3 sections, on a 390×844-point screen\n"))
    for line in [
      "1. The rest stop opens", "2. Lunch: a dish is added, the ice is sold out",
      "batch update: 1 item delete, 1 item insert",
      "laid out again: food, goods (the sections whose counts changed)",
      "3. The food menu is swiped; it comes to rest at 195",
      "Food menu scrolls sideways: 6 items in a band 1170 points wide, resting at 0, 195, 390, 585, 780",
      "Food menu scrolls sideways: 7 items in a band 1365 points wide, resting at 0, 195, 390, 585, 780, 975",
      "Wrote the layout of step 2 to \(svg.path)",
      // The first row of dishes, then after the swipe the second and third.
      "│Cheeseburger $9       ││Noodle soup $8        │",
      "│Noodle soup $8        ││Caesar salad $7       │",
      "│Coffee    ││Water     ││Trail mix ││Sunglasses│",
    ] {
      #expect(out.contains(line + "\n"), "\(line)")
    }
    let picture = try String(contentsOf: svg, encoding: .utf8)
    #expect(picture.components(separatedBy: "<g class=\"cell\">").count - 1 == 20)
    #expect(picture.contains(#"<rect class="band" x="0" y="44" width="1365" height="211""#))
    #expect(picture.contains(">0.6 Grilled cheese $6</text>"))
    #expect(!picture.contains(">Ice<"))
  }

  @Test("bad options are refused with a usage error, an unwritable picture with a clear one")
  func badOptions() throws {
    for arguments in [
      ["--columns", "5"], ["--size", "0x0"], ["--size", "1e309x10"], ["--size", "wide"],
    ] {
      let run = try runDemo(["reststop"] + arguments)
      #expect(run.status == 64, "\(arguments)")
    }
    let run = try runDemo(["reststop", "--svg", "/nonexistent/dir/reststop.svg"])
    #expect(run.status == 1)
    #expect(run.standardError.contains("cannot write /nonexistent/dir/reststop.svg"))
  }
}
