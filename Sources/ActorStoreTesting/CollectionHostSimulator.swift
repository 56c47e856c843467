import ActorStore

/// A headless collection view: a viewport of a fixed number of hosts over a snapshot's items,
/// binding and reusing hosts through a ``ChildStoreRegistry`` the way `UICollectionView`
/// dequeues and recycles cells.
///
/// Items are laid out in snapshot order across sections; the viewport shows `hostCount`
/// consecutive items from ``firstVisibleIndex``. ``apply(_:changedItems:)`` diffs the new
/// snapshot against the shown one, checks the update with ``CollectionUpdateValidator`` (as a
/// collection view would refuse an invalid batch), then rebinds what became visible.
public final class CollectionHostSimulator<
  SectionID: Hashable & Sendable, ID: Hashable & Sendable, Host: StoreHost
> {
  /// The registry hosts are bound through.
  public let registry: ChildStoreRegistry<ID, Host.State, Host.Action>
  /// The snapshot shown.
  public private(set) var snapshot = Snapshot<SectionID, ID>()
  /// The index, in snapshot order, of the first item in the viewport.
  public private(set) var firstVisibleIndex = 0
  /// How many binds the simulator has performed.
  public private(set) var bindCount = 0
  /// How many unbinds (host reuses) the simulator has performed.
  public private(set) var unbindCount = 0

  private let hostCount: Int
  private var items: [ID] = []
  private var visible: [ID: Host] = [:]
  private var reusePool: [Host]

  /// Creates a viewport of `hostCount` hosts, showing nothing yet.
  /// - Parameters:
  ///   - registry: The registry to bind through.
  ///   - hostCount: How many hosts fit on screen.
  ///   - makeHost: Creates a host (called `hostCount` times, up front).
  public init(
    registry: ChildStoreRegistry<ID, Host.State, Host.Action>, hostCount: Int, makeHost: () -> Host
  ) where Host.State: Sendable, Host.Action: Sendable {
    self.registry = registry
    self.hostCount = max(0, hostCount)
    reusePool = (0..<max(0, hostCount)).map { _ in makeHost() }
  }

  /// The IDs in the viewport, top to bottom.
  public var visibleIDs: [ID] { Array(items[visibleRange]) }

  /// The host showing `id`, if it is in the viewport.
  /// - Parameter id: An item ID.
  /// - Returns: Its host, or `nil`.
  public func host(for id: ID) -> Host? { visible[id] }

  /// Shows `newSnapshot`: diffs it against the current one, validates the batch update, and
  /// rebinds the viewport.
  /// - Parameters:
  ///   - newSnapshot: The snapshot to show.
  ///   - changedItems: Items whose content changed (they become reconfigures).
  /// - Returns: The batch update that was applied.
  /// - Throws: The validator's error when the update would crash a collection view; nothing
  ///   changes then.
  @discardableResult
  public func apply(
    _ newSnapshot: Snapshot<SectionID, ID>, changedItems: Set<ID> = []
  ) throws(CollectionUpdateValidationError) -> CollectionUpdate<SectionID, ID> {
    let update = newSnapshot.update(from: snapshot, changedItems: changedItems)
    try CollectionUpdateValidator.validate(update, from: snapshot, to: newSnapshot)
    snapshot = newSnapshot
    items = newSnapshot.itemIDs
    firstVisibleIndex = min(firstVisibleIndex, max(0, items.count - hostCount))
    layOut()
    return update
  }

  /// Scrolls so that the item at `index` (in snapshot order) is the first visible one.
  /// - Parameter index: The new first visible index; clamped to the content.
  public func scroll(to index: Int) {
    firstVisibleIndex = max(0, min(index, items.count - hostCount))
    layOut()
  }

  /// Unbinds every host, as when the collection view goes away.
  public func tearDown() {
    for host in visible.values {
      registry.unbind(host)
      unbindCount += 1
      reusePool.append(host)
    }
    visible = [:]
  }

  private var visibleRange: Range<Int> {
    firstVisibleIndex..<min(firstVisibleIndex + hostCount, items.count)
  }

  private func layOut() {
    let shown = items[visibleRange]
    let shownSet = Set(shown)
    for (id, host) in visible where !shownSet.contains(id) {
      registry.unbind(host)
      unbindCount += 1
      visible[id] = nil
      reusePool.append(host)
    }
    for id in shown where visible[id] == nil {
      guard let host = reusePool.popLast() else { break }
      registry.bind(host, to: id)
      bindCount += 1
      visible[id] = host
    }
  }
}
