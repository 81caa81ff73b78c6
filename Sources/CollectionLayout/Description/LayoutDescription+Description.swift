import Foundation
import InternalJSONCoding

// Every type of a layout description prints as its JSON form, on one line
// with sorted keys (Documentation/Layout.md, "The JSON form"):
//
//   print(LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
//   // {"height":{"absolute":44},"width":{"fractionalWidth":1}}
//
// A layout made by a section provider, or a group with a closure item
// provider, has no JSON form and says so.

extension CompositionalLayout: CustomStringConvertible {
  /// The layout's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension CompositionalLayoutConfiguration: CustomStringConvertible {
  /// The configuration's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutSection: CustomStringConvertible {
  /// The section's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension ListConfiguration: CustomStringConvertible {
  /// The list configuration's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension ListConfiguration.Metrics: CustomStringConvertible {
  /// The metrics' JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutItem: CustomStringConvertible {
  /// The item's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutSubitem: CustomStringConvertible {
  /// The subitem's JSON form: `{"item": ...}` or `{"group": ...}`.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutGroup: CustomStringConvertible {
  /// The group's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutSupplementaryItem: CustomStringConvertible {
  /// The supplementary item's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutBoundarySupplementaryItem: CustomStringConvertible {
  /// The boundary supplementary item's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutDecorationItem: CustomStringConvertible {
  /// The decoration item's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutDimension: CustomStringConvertible {
  /// The dimension's JSON form: `{"absolute":44}`.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutSize: CustomStringConvertible {
  /// The size's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutSpacing: CustomStringConvertible {
  /// The spacing's JSON form: `{"fixed":8}`.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutEdgeSpacing: CustomStringConvertible {
  /// The edge spacing's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension DirectionalEdgeInsets: CustomStringConvertible {
  /// The insets' JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension DirectionalRectEdge: CustomStringConvertible {
  /// The edges' JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension LayoutAnchor: CustomStringConvertible {
  /// The anchor's JSON form.
  public var description: String { _jsonDescription(of: self) }
}
