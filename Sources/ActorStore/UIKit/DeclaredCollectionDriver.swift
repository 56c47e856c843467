/// What a ``DeclaredCollectionDriver`` needs from a collection view besides batch updates:
/// registering a cell class per reuse identifier. `DeclaredCollectionViewAdapter`'s
/// `UICollectionView` adapter registers `DeclaredItemCollectionCell` (Apple platforms); a test
/// registers with a fake.
@MainActor
public protocol DeclaredCollectionList: BatchUpdatingList {
  /// Makes `reuseIdentifier` dequeueable; called once per identifier, before the first cell of
  /// it is asked for.
  /// - Parameter reuseIdentifier: An identifier the driver made for one ``ItemKind``.
  func registerCell(reuseIdentifier: String)
}

/// A reusable cell that shows declared items through one host, made for the first item the
/// cell shows and kept for its life (cells are dequeued per ``ItemKind``, so every item it
/// shows has a kind that host can show).
@MainActor
public protocol DeclaredItemCell: AnyObject {
  /// The host installed in the cell, or `nil` before the first item.
  var installedHost: AnyObject? { get }
  /// Installs the host made for the cell's first item (a `UIView` host goes into the content
  /// view); called at most once per cell.
  /// - Parameter host: The host.
  func installHost(_ host: AnyObject)
}

/// Runs a ``DeclaredCollection`` in a collection view, as Epoxy's `setSections(_:animated:)`
/// does: the logic of the data source and delegate, with UIKit behind the
/// ``DeclaredCollectionList`` and ``DeclaredItemCell`` seams, so that all of it runs and is
/// tested everywhere. `DeclaredCollectionViewAdapter` (Apple platforms) forwards
/// `UICollectionViewDataSource` / `UICollectionViewDelegate` calls to it.
///
/// - **Updates**: ``setSections(_:animated:completion:)`` diffs the new collection against the
///   shown one (``DeclaredCollection/update(from:)``) and issues one batch, the collection the
///   data source reads swapped inside it; updates made while a batch is performed or animates
///   are queued and coalesced into the newest (see ``CollectionUpdateApplier``).
/// - **Reuse**: one reuse identifier per ``ItemKind`` (host type + style), registered before
///   the batch that first shows the kind.
/// - **Cells**: ``configure(_:at:)`` (`cellForItemAt`) installs a host made by the item on a
///   new cell, and configures it with the item, which binds the element's store through its
///   ``ChildStoreRegistry`` for a bound item. A cell handed back for the item it shows (UIKit's
///   reconfigure) is reconfigured with ``ItemModel/reconfigure(_:from:)``, so a template switch
///   clears what the old template set; a cell handed back for another item first releases the
///   one it showed.
/// - **Display**: ``didEndDisplaying(_:)`` runs the item's `didEndDisplaying` and releases the
///   host (unbinds its store, or `prepareForReuse()`); ``willDisplay(_:at:)`` runs
///   `willDisplay`, configuring the cell again first if UIKit shows it again without asking
///   for it (a cell kept by prefetching); ``didSelectItem(at:)`` runs `didSelect`.
///
/// Cells are tracked by identity, never by index path: UIKit reports `didEndDisplaying` with
/// the path an item had before the batch that removed it.
@MainActor
public final class DeclaredCollectionDriver<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  private struct Shown {
    /// Weak: the collection view owns its cells; a key whose cell is gone is stale.
    weak var cell: (any DeclaredItemCell)?
    /// The item the cell's host was last configured with.
    var item: ItemModel<ItemID>
    /// Between `willDisplay` and `didEndDisplaying`; `false` for a cell prepared ahead
    /// (prefetched) and not shown yet.
    var isDisplayed = false
  }

  private let queue: BatchUpdateQueue<DeclaredCollection<SectionID, ItemID>, SectionID, ItemID>
  private let list: any DeclaredCollectionList
  private var identifiers: [ItemKind: String] = [:]
  private var shown: [ObjectIdentifier: Shown] = [:]

  /// Creates a driver showing an empty collection in `list`.
  /// - Parameter list: The collection view, through its adapter (or a test fake).
  public init(list: any DeclaredCollectionList) {
    self.list = list
    queue = BatchUpdateQueue(model: DeclaredCollection(), list: list, marks: { _ in [] }) { new, old, _ in
      new.update(from: old)
    }
    queue.didSwapModel = { [unowned self] _ in releaseUndisplayedCellsOfGoneItems() }
  }

  /// A cell prepared for an item but never shown gets no `didEndDisplaying` when the item is
  /// deleted or replaced: UIKit only drops it into its reuse queue. Release it now, so its
  /// host does not keep a store binding (or content) for an item that is gone until the cell
  /// happens to be reused. Runs inside the batch, right after the model swap; touches hosts
  /// only, never the list.
  private func releaseUndisplayedCellsOfGoneItems() {
    let collection = queue.model
    for (key, entry) in shown where !entry.isDisplayed {
      guard let cell = entry.cell else {
        shown[key] = nil
        continue
      }
      if let current = collection.item(id: entry.item.id), current.kind == entry.item.kind { continue }
      shown[key] = nil
      if let host = cell.installedHost { entry.item.release(host) }
    }
  }

  /// The collection the data source answers from now.
  public var collection: DeclaredCollection<SectionID, ItemID> { queue.model }

  /// Whether a batch is being performed or animating; a ``setSections(_:animated:completion:)``
  /// now is queued.
  public var isUpdating: Bool { queue.isBusy }

  /// The number of batches issued so far.
  public var batchCount: Int { queue.batchCount }

  /// The number of cells that show an item (configured and not ended displaying).
  public var shownCellCount: Int { shown.values.filter { $0.cell != nil }.count }

  /// Shows `collection`, with one batch update, or queued behind the batch in flight.
  /// - Parameters:
  ///   - collection: The new collection.
  ///   - animated: Whether the batch animates.
  ///   - completion: Called once the batch showing it (or a newer collection it was folded
  ///     into) completes.
  public func setSections(
    _ collection: DeclaredCollection<SectionID, ItemID>, animated: Bool, completion: (() -> Void)? = nil
  ) {
    // Registration does not depend on what is shown, so it runs now, before any batch that
    // could ask for these kinds' cells.
    for item in collection.items { _ = reuseIdentifier(for: item.kind) }
    queue.submit(
      .init(model: collection, changedItems: [], animated: animated, reload: false, completions: completion.map { [$0] } ?? []))
  }

  /// Shows `sections` (Epoxy's `setSections(_:animated:)`).
  /// - Parameters:
  ///   - sections: The sections, in order.
  ///   - animated: Whether the batch animates.
  public func setSections(_ sections: [SectionModel<SectionID, ItemID>], animated: Bool) {
    setSections(DeclaredCollection(sections), animated: animated)
  }

  /// The reuse identifier of `kind`, registered with the list on first use.
  /// - Parameter kind: An item kind.
  /// - Returns: An identifier unique to the kind for this driver's life.
  public func reuseIdentifier(for kind: ItemKind) -> String {
    if let identifier = identifiers[kind] { return identifier }
    // A counter keeps identifiers distinct even when two kinds print alike (same type name in
    // two modules, styles with equal descriptions).
    let identifier = "ActorStore.\(kind).\(identifiers.count)"
    identifiers[kind] = identifier
    list.registerCell(reuseIdentifier: identifier)
    return identifier
  }

  // MARK: Data source

  /// The number of sections; `numberOfSections(in:)`.
  public var numberOfSections: Int { queue.model.numberOfSections }

  /// The number of items in the section at `section`; 0 out of range.
  /// - Parameter section: A section index.
  /// - Returns: The item count.
  public func numberOfItems(inSection section: Int) -> Int {
    let model = queue.model
    return (0..<model.numberOfSections).contains(section) ? model.numberOfItems(inSection: section) : 0
  }

  /// The item at `path` in the shown collection.
  /// - Parameter path: A path.
  /// - Returns: The item, or `nil` out of range.
  public func item(at path: ItemPath) -> ItemModel<ItemID>? {
    guard path.item >= 0, path.item < numberOfItems(inSection: path.section) else { return nil }
    return queue.model[path]
  }

  /// The reuse identifier to dequeue for the item at `path`, for `cellForItemAt`.
  /// - Parameter path: A path in the shown collection.
  /// - Returns: The identifier, or `nil` out of range.
  public func reuseIdentifier(at path: ItemPath) -> String? {
    item(at: path).map { reuseIdentifier(for: $0.kind) }
  }

  /// The item `cell` shows, if any.
  /// - Parameter cell: A cell.
  /// - Returns: The item its host was last configured with.
  public func item(shownIn cell: some DeclaredItemCell) -> ItemModel<ItemID>? {
    shown[ObjectIdentifier(cell)].flatMap { $0.cell === cell ? $0.item : nil }
  }

  /// Shows the item at `path` in `cell`, just dequeued with ``reuseIdentifier(at:)``
  /// (`cellForItemAt`).
  /// - Parameters:
  ///   - cell: The cell.
  ///   - path: A path in the shown collection; out of range is reported and leaves the cell.
  public func configure(_ cell: some DeclaredItemCell, at path: ItemPath) {
    guard let item = item(at: path) else {
      reportIssue("DeclaredCollectionDriver: asked for a cell at \(path), outside the shown collection")
      return
    }
    let key = ObjectIdentifier(cell)
    let host: AnyObject
    if let installed = cell.installedHost {
      host = installed
    } else {
      host = item.makeHost()
      cell.installHost(host)
    }
    if let previous = shown[key], previous.cell === cell {
      if previous.item.id == item.id && previous.item.kind == item.kind {
        // UIKit's reconfigure: the same cell for the same item.
        item.reconfigure(host, from: previous.item)
        shown[key] = Shown(cell: cell, item: item, isDisplayed: previous.isDisplayed)
        return
      }
      // Handed out again without ending display (a prefetched cell never shown): release the
      // item it was made for first.
      previous.item.release(host)
    }
    item.configure(host)
    shown[key] = Shown(cell: cell, item: item)
  }

  // MARK: Delegate

  /// `willDisplay`: runs the item's `willDisplay`; configures the cell first when UIKit shows
  /// it again without asking for it (its item ended displaying, or it shows another item).
  /// - Parameters:
  ///   - cell: The cell about to appear.
  ///   - path: Its path in the shown collection.
  public func willDisplay(_ cell: some DeclaredItemCell, at path: ItemPath) {
    guard let item = item(at: path) else { return }
    if self.item(shownIn: cell)?.id != item.id { configure(cell, at: path) }
    shown[ObjectIdentifier(cell)]?.isDisplayed = true
    item.willDisplayAction?(item.id)
  }

  /// `didEndDisplaying`: runs the item's `didEndDisplaying` (its current declaration's, or the
  /// one it was shown with when it is gone) and releases the host: unbinds its store, or calls
  /// its `prepareForReuse()`. Does nothing for a cell that shows nothing.
  /// - Parameter cell: The cell that left the screen.
  public func didEndDisplaying(_ cell: some DeclaredItemCell) {
    let key = ObjectIdentifier(cell)
    guard let entry = shown[key], entry.cell === cell else { return }
    shown[key] = nil
    let id = entry.item.id
    (queue.model.item(id: id) ?? entry.item).didEndDisplayingAction?(id)
    if let host = cell.installedHost { entry.item.release(host) }
  }

  /// `didSelectItemAt`: runs the item's `didSelect`.
  /// - Parameter path: The selected path in the shown collection.
  public func didSelectItem(at path: ItemPath) {
    guard let item = item(at: path) else { return }
    item.didSelectAction?(item.id)
  }
}
