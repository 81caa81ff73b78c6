// This file imports CollectionLayout alone, as a user's file may: the
// Foundation types the module's API speaks in (sizes, rects, points,
// index paths) must come with it, or this file does not compile.
import CollectionLayout
import Testing

@Suite("Importing CollectionLayout alone")
struct ImportTests {
  @Test("gives the sizes, rects, points and index paths its API uses")
  func typesComeWithTheModule() throws {
    let layout = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
    let size: CGSize = CGSize(width: 390, height: 844)
    let solved = try layout.solve(LayoutContext(containerSize: size), itemCounts: [3])
    let path: IndexPath = IndexPath(item: 2, section: 0)
    let frame: CGRect? = solved.layoutAttributesForItem(at: path)?.frame
    let origin: CGPoint? = frame?.origin
    let width: CGFloat? = frame?.width
    #expect(origin?.x == 0)
    #expect(width == 390)
  }
}
