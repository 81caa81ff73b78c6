import CollectionLayout
import Foundation
import Testing

// Shorthands for building descriptions in tests.

func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
  LayoutSize(widthDimension: w, heightDimension: h)
}

func item(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutItem {
  LayoutItem(layoutSize: size(w, h))
}

func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
  CGRect(x: x, y: y, width: w, height: h)
}

func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }

func context(_ w: CGFloat, _ h: CGFloat) -> LayoutContext {
  LayoutContext(containerSize: CGSize(width: w, height: h))
}

extension SolvedLayout {
  /// Frames of the cells of a section, in item order.
  func cells(_ section: Int = 0) -> [CGRect] {
    allElements.filter { $0.category == .cell && $0.section == section }.map(\.frame)
  }

  func element(_ category: LayoutElementCategory, _ kind: String? = nil, section: Int = 0)
    -> [LayoutAttributes]
  {
    allElements.filter {
      $0.category == category && $0.section == section && (kind == nil || $0.elementKind == kind)
    }
  }
}
