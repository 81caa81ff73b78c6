import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

/// Runs `body` on the main actor with a data source of strings over a
/// reference view showing section "s" as the outline `a+ [b, c [d]]` and the
/// flat section "t": [x, y]. The data source lives until `body` returns.
func withOutlineList(_ body: @escaping ListMisuse) async {
  await onMainActor {
    let view = ReferenceListView<String>()
    let dataSource = StringDataSource(view: view) { _, _, item in item }
    await dataSource.apply(.make([("t", ["x", "y"])]))
    await dataSource.apply(outline("a+\n  b\n  c\n    d"), to: "s")
    await body(view, dataSource)
    withExtendedLifetime(dataSource) {}
  }
}

@Suite(
  "Outline misuse stops with a message naming the operation and identifiers")
struct OutlineMisuseTests {
  @Test("expanding, collapsing or toggling an item the data source does not have")
  func absentItem() async {
    let expand = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withOutlineList { _, dataSource in
        dataSource.expandItem("zz", completion: nil)
      }
    }
    expectMessage(
      expand,
      #"expandItem(_:animatingDifferences:completion:): item identifier ["zz"] is not in any "#
        + "section of the data source, shown or hidden in a section snapshot")
    let collapse = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withOutlineList { _, dataSource in
        await dataSource.collapseItem("zz")
      }
    }
    expectMessage(collapse, #"collapseItem(_:animatingDifferences:): item identifier ["zz"]"#)
    let toggle = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withOutlineList { _, dataSource in
        dataSource.toggleExpansion(of: "zz", completion: nil)
      }
    }
    expectMessage(
      toggle, #"toggleExpansion(of:animatingDifferences:completion:): item identifier ["zz"]"#)
  }

  @Test("applying a section snapshot with items of another section")
  func itemsOfAnotherSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withOutlineList { _, dataSource in
        await dataSource.apply(outline("n\n  y\nx"), to: "u")
      }
    }
    expectMessage(
      result,
      #"apply(_:to:animatingDifferences:completion:): cannot apply a section snapshot to "#
        + #"section ["u"]: item identifiers ["y", "x"] are already in section ["t"]; an item "#
        + "can be in one section only")
  }

  @Test("applying a section snapshot with an item hidden in another section's section snapshot")
  func itemHiddenInAnotherSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withOutlineList { _, dataSource in
        await dataSource.apply(outline("d"), to: "t")
      }
    }
    expectMessage(
      result,
      #"cannot apply a section snapshot to section ["t"]: item identifier ["d"] is already in "#
        + #"section ["s"]"#)
  }

  @Test("snapshotForExpandingParent returning the parent itself")
  func childrenHoldParent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withOutlineList { _, dataSource in
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { _, _ in outline("c") }
        await dataSource.expandItem("c")
      }
    }
    expectMessage(
      result,
      #"expandItem(_:animatingDifferences:): snapshotForExpandingParent returned a section "#
        + #"snapshot that contains the parent item identifier ["c"] itself"#)
  }

  @Test("snapshotForExpandingParent returning items of other sections, or of this one elsewhere")
  func childrenFromElsewhere() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withOutlineList { _, dataSource in
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { _, _ in
          outline("d\nb\nx\nnew")
        }
        dataSource.toggleExpansion(of: "c", completion: nil)
        try? await Task.sleep(for: .seconds(10))
      }
    }
    expectMessage(
      result,
      #"toggleExpansion(of:animatingDifferences:completion:): snapshotForExpandingParent "#
        + #"returned children for ["c"] that cannot be added: item identifier ["b"] is "#
        + #"already in section ["s"] outside the children of ["c"]; item identifier ["x"] is "#
        + #"already in section ["t"]"#)
  }
}
