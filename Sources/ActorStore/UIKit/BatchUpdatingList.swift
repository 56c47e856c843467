/// What a ``CollectionUpdateApplier`` needs from a list view: UIKit's batch-update calls, in
/// ``ItemPath`` and section-index coordinates. The seam between the applier's logic, which runs
/// and is tested everywhere, and `UICollectionView` / `UITableView`, which only forward.
///
/// `CollectionViewBatchList` and `TableViewBatchList` (Apple platforms, UIKit) conform by
/// converting to `IndexPath` / `IndexSet`; a test conforms with a recording fake that checks
/// UIKit's batch-update rules. The calls keep UIKit's meaning:
///
/// - ``performBatchUpdates(animated:_:completion:)`` runs `updates` synchronously, before it
///   returns; the list then asks its data source for the new counts and checks them against the
///   counts before the batch and the changes issued inside `updates`. `completion` runs later,
///   once the batch's animations are over (possibly at once when nothing animates).
/// - Inside `updates`, deletes and reconfigures name old positions; inserts and move
///   destinations name new ones (see ``CollectionUpdate``).
/// - ``reconfigureItems(at:)`` outside a batch names current positions, and asks the data
///   source to configure those items' visible cells again in place.
/// - ``reloadData()`` forgets every count and asks the data source again.
@MainActor
public protocol BatchUpdatingList: AnyObject {
  /// Runs one batch update: calls `updates` synchronously, then `completion` when the batch's
  /// animations end.
  /// - Parameters:
  ///   - animated: Whether the changes animate; `false` runs the batch without animation.
  ///   - updates: Swaps the data source's model and issues the batch's changes.
  ///   - completion: Called once, `true` when the animations ran to their end.
  func performBatchUpdates(animated: Bool, _ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void)
  /// Deletes the sections at these old indexes, with their items.
  /// - Parameter sections: Old section indexes.
  func deleteSections(_ sections: [Int])
  /// Inserts sections at these new indexes, with their items.
  /// - Parameter sections: New section indexes.
  func insertSections(_ sections: [Int])
  /// Moves a section.
  /// - Parameters:
  ///   - section: Its old index.
  ///   - newSection: Its new index.
  func moveSection(_ section: Int, toSection newSection: Int)
  /// Deletes the items at these old paths.
  /// - Parameter paths: Old paths.
  func deleteItems(at paths: [ItemPath])
  /// Inserts items at these new paths.
  /// - Parameter paths: New paths.
  func insertItems(at paths: [ItemPath])
  /// Moves an item, possibly across sections.
  /// - Parameters:
  ///   - path: Its old path.
  ///   - newPath: Its new path.
  func moveItem(at path: ItemPath, to newPath: ItemPath)
  /// Configures the visible cells of these items again, in place (`reconfigureItems(at:)`):
  /// old paths inside a batch, current paths outside one.
  /// - Parameter paths: The items' paths.
  func reconfigureItems(at paths: [ItemPath])
  /// Drops every count and cell and asks the data source again.
  func reloadData()
}
