// The layout's API speaks in Foundation's geometry and index paths
// (`CGSize`, `CGRect`, `CGPoint`, `CGFloat`, `IndexPath`), as UIKit's does.
// A file that imports CollectionLayout gets them with it, as it would get
// them with UIKit, without importing Foundation itself.
@_exported import Foundation
