import CollectionLayout
import Diffable
import Foundation
import Testing

@testable import DiffableCommand

@Suite("diffable demo reststop")
struct RestStopDemoTests {
  @Test("one snapshot holds the three kinds of items, one kind per section")
  func threeKinds() {
    let snapshot = RestStop.openingSnapshot()
    #expect(snapshot.sectionIdentifiers == [.food, .goods, .brands])
    let food = snapshot.itemIdentifiers(inSection: .food)
    let goods = snapshot.itemIdentifiers(inSection: .goods)
    let brands = snapshot.itemIdentifiers(inSection: .brands)
    #expect(food.allSatisfy { $0.base is RestStop.FoodMenuItem })
    #expect(goods.allSatisfy { $0.base is RestStop.ConvenienceGood })
    #expect(brands.allSatisfy { $0.base is RestStop.Brand })
    #expect(RestStop.label(food[0]) == "Cheeseburger $9")
    #expect(RestStop.label(goods[0]) == "Coffee")
    #expect(RestStop.label(brands[0]) == "Starlite Coffee")
  }

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
    "the food menu is golden case G3: half-width, quarter-height dishes under a title, scrolling sideways"
  )
  func foodMenuIsG3() throws {
    let snapshot = RestStop.openingSnapshot()
    let solved = try RestStop.layout(sections: snapshot.sectionIdentifiers)
      .solve(LayoutContext(containerSize: CGSize(width: 390, height: 844)), itemCounts: [6, 8, 6])
    let food = solved.allElements.filter { $0.section == 0 }
    #expect(
      food.filter { $0.category == .cell }.map(\.frame)
        == (0..<6).map { CGRect(x: 195 * CGFloat($0), y: 44, width: 195, height: 211) })
    #expect(
      food.filter { $0.category == .supplementaryView }.map(\.frame) == [
        CGRect(x: 0, y: 0, width: 390, height: 44)
      ])
    #expect(solved.sectionFrame(0) == CGRect(x: 0, y: 0, width: 390, height: 255))
    let band = try #require(solved.orthogonalBand(forSection: 0))
    #expect(band.restOffsets == [0, 195, 390, 585, 780])
    // The grid and the list follow, 12 points apart.
    #expect(solved.sectionFrame(1).minY == 267)
    #expect(
      solved.layoutAttributesForItem(at: IndexPath(indexes: [1, 0]))?.frame
        == CGRect(x: 4, y: 315, width: 89.5, height: 89.5))
    #expect(
      solved.layoutAttributesForItem(at: IndexPath(indexes: [2, 1]))?.frame
        == CGRect(x: 195, y: 562, width: 195, height: 56))
  }

  @Test(
    "the demo runs unattended: three steps drawn as boxes, the layout updated where counts changed, and the SVG written"
  )
  func runs() throws {
    let svg = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reststop-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: svg) }
    let run = try runDiffable(["demo", "reststop", "--no-color", "--svg", svg.path])
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
    for arguments in [["--columns", "5"], ["--size", "50x50"], ["--size", "wide"]] {
      let run = try runDiffable(["demo", "reststop"] + arguments)
      #expect(run.status == 64, "\(arguments)")
    }
    let run = try runDiffable(["demo", "reststop", "--svg", "/nonexistent/dir/reststop.svg"])
    #expect(run.status == 1)
    #expect(run.standardError.contains("cannot write /nonexistent/dir/reststop.svg"))
  }
}
