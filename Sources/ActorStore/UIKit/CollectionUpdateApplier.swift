/// Shows a sequence of ``Snapshot``s in a list view with batch updates, the way
/// `UICollectionViewDiffableDataSource.apply(_:animatingDifferences:)` does, and answers the data
/// source's questions from the snapshot the list view currently shows.
///
/// ```swift
/// let applier = CollectionUpdateApplier<Section, Row.ID>(collectionView: collectionView)
/// // UICollectionViewDataSource:
/// //   numberOfSections(in:)          -> applier.numberOfSections
/// //   numberOfItemsInSection section -> applier.numberOfItems(inSection: section)
/// //   cellForItemAt indexPath        -> a cell for applier.itemID(at: ItemPath(indexPath))
/// applier.apply(newSnapshot, animated: true)
/// ```
///
/// Rules (each is tested against a model of UIKit's batch-update checks):
/// - The snapshot the data source reads (``snapshot``) is swapped **inside**
///   `performBatchUpdates`, after the list view has read the old counts, and the batch issues
///   exactly the ``CollectionUpdate`` between the two; changed items that move are reconfigured
///   right after the batch, at their new paths.
/// - One batch at a time. An ``apply(_:changedItems:animated:completion:)`` made while a batch is
///   being performed (from its updates closure, from a cell configured during it) or animating
///   is queued; queued applies collapse into the newest snapshot (their changed items and
///   completions kept) and run when the batch completes. So re-entrant and rapid applies never
///   make the list view's counts disagree with its data source.
/// - Non-animated applies run the same batch without animation (UIKit:
///   `UIView.performWithoutAnimation`); ``reload(_:completion:)`` swaps the snapshot and calls
///   `reloadData()`, for a first load or a wholesale change.
///
/// Main-actor only, like the views it drives. The list view is held strongly through its
/// ``BatchUpdatingList`` adapter, which holds the view weakly.
@MainActor
public final class CollectionUpdateApplier<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  private let queue: BatchUpdateQueue<Snapshot<SectionID, ItemID>, SectionID, ItemID>

  /// Creates an applier driving `list`, showing `snapshot` (empty by default) as its initial
  /// data.
  /// - Parameters:
  ///   - list: The list view, through its adapter (or a test fake).
  ///   - snapshot: What the list view shows now; its data source answers from it until the
  ///     first apply.
  public init(list: any BatchUpdatingList, snapshot: Snapshot<SectionID, ItemID> = Snapshot()) {
    queue = BatchUpdateQueue(model: snapshot, list: list, marks: { $0.reconfiguredItemIDs }) { new, old, changed in
      new.update(from: old, changedItems: changed)
    }
  }

  /// The list view's adapter.
  public var list: any BatchUpdatingList { queue.list }

  /// The snapshot the list view shows: what its data source must answer from, at every moment
  /// UIKit asks.
  public var snapshot: Snapshot<SectionID, ItemID> { queue.model }

  /// Whether a batch is being performed or is still animating; an apply now is queued.
  public var isUpdating: Bool { queue.isBusy }

  /// Whether an apply waits for the batch in flight.
  public var hasPendingUpdate: Bool { queue.hasPendingRequest }

  /// The number of batches issued so far.
  public var batchCount: Int { queue.batchCount }

  /// The number of applies folded into a later one while a batch was in flight.
  public var coalescedCount: Int { queue.coalescedCount }

  /// Shows `snapshot` with one batch update, or queues it behind the batch in flight.
  /// - Parameters:
  ///   - snapshot: The new snapshot. Its ``Snapshot/reconfiguredItemIDs`` are reconfigured too.
  ///   - changedItems: Items whose content changed, to reconfigure.
  ///   - animated: Whether the batch animates.
  ///   - completion: Called on the main actor once the batch showing this snapshot (or a newer
  ///     one it was folded into) completes; at once when nothing changed.
  public func apply(
    _ snapshot: Snapshot<SectionID, ItemID>, changedItems: Set<ItemID> = [], animated: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    queue.submit(
      .init(
        model: snapshot, changedItems: changedItems, animated: animated, reload: false,
        completions: completion.map { [$0] } ?? []))
  }

  /// Shows `snapshot` with `reloadData()`: no animation, every cell made again. Queued like an
  /// apply when a batch is in flight.
  /// - Parameters:
  ///   - snapshot: The new snapshot.
  ///   - completion: Called once the reload was issued.
  public func reload(_ snapshot: Snapshot<SectionID, ItemID>, completion: (() -> Void)? = nil) {
    queue.submit(
      .init(
        model: snapshot, changedItems: [], animated: false, reload: true, completions: completion.map { [$0] } ?? []))
  }

  // MARK: Data source answers

  /// The number of sections shown; `numberOfSections(in:)`.
  public var numberOfSections: Int { queue.model.numberOfSections }

  /// The number of items shown in the section at `section`; `numberOfItemsInSection`. 0 for an
  /// index out of range.
  /// - Parameter section: A section index.
  /// - Returns: Its item count.
  public func numberOfItems(inSection section: Int) -> Int {
    let model = queue.model
    return model.itemsBySection.indices.contains(section) ? model.itemsBySection[section].count : 0
  }

  /// The ID of the section shown at `section`.
  /// - Parameter section: A section index.
  /// - Returns: Its ID, or `nil` when out of range.
  public func sectionID(at section: Int) -> SectionID? {
    let ids = queue.model.orderedSectionIDs
    return ids.indices.contains(section) ? ids[section] : nil
  }

  /// The ID of the item shown at `path`, for `cellForItemAt`.
  /// - Parameter path: A path in the shown snapshot.
  /// - Returns: Its ID, or `nil` when out of range.
  public func itemID(at path: ItemPath) -> ItemID? {
    let sections = queue.model.itemsBySection
    guard sections.indices.contains(path.section), sections[path.section].indices.contains(path.item) else {
      return nil
    }
    return sections[path.section][path.item]
  }
}
