#if canImport(Foundation)
  // The only file of the module that needs Foundation: `IndexPath` is a Foundation type.
  import Foundation

  extension ItemPath {
    /// The path of a two-index `IndexPath` (UIKit's `section`, `item` / `row`).
    ///
    /// Index paths from `UICollectionView` and `UITableView` always have two indexes; another
    /// length is a programming error and traps.
    /// - Parameter indexPath: A section-and-item index path.
    public init(_ indexPath: IndexPath) {
      precondition(indexPath.count == 2, "ItemPath(IndexPath): \(indexPath) does not have two indexes")
      self.init(section: indexPath[0], item: indexPath[1])
    }
  }

  extension IndexPath {
    /// The two-index `IndexPath` of `path`, equal to UIKit's
    /// `IndexPath(item: path.item, section: path.section)`.
    /// - Parameter path: An item path.
    public init(_ path: ItemPath) {
      self.init(indexes: [path.section, path.item])
    }
  }
#endif
