/// The changes that turn one ``Snapshot`` into another, in the index coordinates
/// `UICollectionView.performBatchUpdates(_:completion:)` expects. Made by
/// ``Snapshot/update(from:changedItems:)``.
///
/// It is applied in two stages:
///
/// ```swift
/// let indexPath = { (path: ItemPath) in IndexPath(item: path.item, section: path.section) }
/// collectionView.performBatchUpdates {
///   dataSource.snapshot = newSnapshot
///   collectionView.deleteSections(IndexSet(update.sectionDeletes))
///   collectionView.insertSections(IndexSet(update.sectionInserts))
///   for move in update.sectionMoves { collectionView.moveSection(move.from, toSection: move.to) }
///   collectionView.deleteItems(at: update.itemDeletes.map(indexPath))
///   collectionView.insertItems(at: update.itemInserts.map(indexPath))
///   for move in update.itemMoves {
///     collectionView.moveItem(at: indexPath(move.from), to: indexPath(move.to))
///   }
///   collectionView.reconfigureItems(at: update.itemReconfigures.map(indexPath))
/// }
/// // Second stage: the collection view now holds the new layout, so these are new paths.
/// collectionView.reconfigureItems(at: update.itemReconfiguresAfterBatch.map(indexPath))
/// ```
///
/// Index coordinates follow UIKit: everything that names what was there *before* (deletes, move
/// sources, reconfigures inside the batch) uses old indexes, including the old index of a
/// section that moves; everything that names what is there *after* (inserts, move destinations)
/// uses new indexes. Items of a deleted or inserted section are never listed one by one: the
/// section delete or insert covers them, so an item leaving a deleted section is an insert at its
/// new path, and an item entering an inserted section is a delete at its old path. Every list is
/// sorted ascending (moves by destination), except ``itemReconfigures``, which follows the new
/// snapshot's order.
///
/// `CollectionUpdateValidator` in ActorStoreTesting applies an update to the old snapshot with
/// these rules and checks that it yields the new one.
public struct CollectionUpdate<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  Sendable, Equatable
{
  /// A section that keeps its identity and changes position.
  public struct SectionMove: Hashable, Sendable, CustomStringConvertible {
    /// The section's index in the old snapshot.
    public var from: Int
    /// The section's index in the new snapshot.
    public var to: Int

    /// Creates a section move.
    /// - Parameters:
    ///   - from: The index in the old snapshot.
    ///   - to: The index in the new snapshot.
    @inlinable public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }

    /// `from -> to`.
    public var description: String { "\(from) -> \(to)" }
  }

  /// An item that keeps its identity and changes position, possibly across sections.
  public struct ItemMove: Hashable, Sendable, CustomStringConvertible {
    /// The item's path in the old snapshot (its section's old index).
    public var from: ItemPath
    /// The item's path in the new snapshot (its section's new index).
    public var to: ItemPath

    /// Creates an item move.
    /// - Parameters:
    ///   - from: The path in the old snapshot.
    ///   - to: The path in the new snapshot.
    @inlinable public init(from: ItemPath, to: ItemPath) {
      self.from = from
      self.to = to
    }

    /// `[s, i] -> [s, i]`.
    public var description: String { "\(from) -> \(to)" }
  }

  /// Old indexes of the sections that are gone, with all their items.
  public var sectionDeletes: [Int]
  /// New indexes of the sections that are new, with all their items.
  public var sectionInserts: [Int]
  /// Sections that survive but change position: the fewest moves that put the survivors in the
  /// new order (every survivor outside one longest run kept in order).
  public var sectionMoves: [SectionMove]
  /// Old paths of items that are gone, outside deleted sections.
  public var itemDeletes: [ItemPath]
  /// New paths of items that are new, outside inserted sections.
  public var itemInserts: [ItemPath]
  /// Items that survive and change position: every item that changes section, plus, within a
  /// section, the fewest moves that put its items in the new order.
  public var itemMoves: [ItemMove]
  /// Old paths of changed items that are not moved, to reconfigure inside the batch.
  ///
  /// Old paths, because UIKit reads the index paths of `reloadItems(at:)` and
  /// `reconfigureItems(at:)` inside `performBatchUpdates` as of before the update, like deletes
  /// (a reload is a delete plus an insert of the same item). An item that is deleted or moved
  /// never appears here: UIKit rejects a reload of a deleted or moved index path.
  public var itemReconfigures: [ItemPath]
  /// New paths of changed items that are also moved, to reconfigure after the batch.
  ///
  /// UIKit cannot move and reconfigure the same item in one batch, and deleting and inserting it
  /// instead would replace its cell and lose the move animation. So the item moves in the batch,
  /// keeping its cell, and is reconfigured right after `performBatchUpdates` returns, outside its
  /// updates closure, when the collection view already addresses items by their new paths.
  public var itemReconfiguresAfterBatch: [ItemPath]

  /// Creates an update; normally made by ``Snapshot/update(from:changedItems:)``.
  /// - Parameters:
  ///   - sectionDeletes: Old indexes of deleted sections.
  ///   - sectionInserts: New indexes of inserted sections.
  ///   - sectionMoves: Moved sections.
  ///   - itemDeletes: Old paths of deleted items.
  ///   - itemInserts: New paths of inserted items.
  ///   - itemMoves: Moved items.
  ///   - itemReconfigures: Old paths of changed, unmoved items.
  ///   - itemReconfiguresAfterBatch: New paths of changed, moved items.
  @inlinable public init(
    sectionDeletes: [Int] = [],
    sectionInserts: [Int] = [],
    sectionMoves: [SectionMove] = [],
    itemDeletes: [ItemPath] = [],
    itemInserts: [ItemPath] = [],
    itemMoves: [ItemMove] = [],
    itemReconfigures: [ItemPath] = [],
    itemReconfiguresAfterBatch: [ItemPath] = []
  ) {
    self.sectionDeletes = sectionDeletes
    self.sectionInserts = sectionInserts
    self.sectionMoves = sectionMoves
    self.itemDeletes = itemDeletes
    self.itemInserts = itemInserts
    self.itemMoves = itemMoves
    self.itemReconfigures = itemReconfigures
    self.itemReconfiguresAfterBatch = itemReconfiguresAfterBatch
  }

  /// Whether the update changes nothing: both snapshots hold the same sections and items in the
  /// same order, and no item needs reconfiguring.
  @inlinable public var isEmpty: Bool {
    sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
      && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty
      && itemReconfigures.isEmpty && itemReconfiguresAfterBatch.isEmpty
  }
}
