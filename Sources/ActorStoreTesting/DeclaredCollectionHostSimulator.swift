import ActorStore

/// A headless collection view for ``DeclaredCollection``s: a viewport of `hostCount` items, with
/// one reuse pool of hosts per ``ItemKind``, the way `UICollectionView` keeps one queue per
/// reuse identifier.
///
/// ``apply(_:)`` diffs the new collection against the shown one, checks the update with
/// ``CollectionUpdateValidator``'s declared-collection `validate(_:from:to:)` (a collection view
/// would refuse an invalid batch), then carries it out on the hosts: items
/// the batch deletes (alone or with their section) end displaying and their hosts go back to
/// their kind's pool; reconfigured items are configured again on the host they have (released
/// from their old template first when they changed template, see
/// `ItemModel.reconfigure(_:from:)`); then the viewport is laid out. An item coming on screen gets a host of its kind (from the pool, or
/// made with its `makeHost`), is configured (bound to its element's store first, if it has
/// one), and its `willDisplay` runs; an item leaving the screen runs `didEndDisplaying`, is
/// released (unbound from its store, or its host's `prepareForReuse()`), and its host is pooled.
/// ``tap(_:)`` runs `didSelect`.
public final class DeclaredCollectionHostSimulator<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  /// The collection shown.
  public private(set) var collection = DeclaredCollection<SectionID, ItemID>()
  /// The index, in collection order, of the first item in the viewport.
  public private(set) var firstVisibleIndex = 0
  /// How many times an item was configured on a freshly dequeued host.
  public private(set) var configureCount = 0
  /// How many times an item was configured again on the host it had (a content or template
  /// change).
  public private(set) var reconfigureCount = 0
  /// How many dequeues were served from a reuse pool rather than by making a host.
  public private(set) var reuseCount = 0

  private struct Shown {
    let host: AnyObject
    /// The item the host was last configured with.
    var configured: ItemModel<ItemID>
  }

  private let hostCount: Int
  private var visibleOrder: [ItemID] = []
  private var shown: [ItemID: Shown] = [:]
  private var pools: [ItemKind: [AnyObject]] = [:]
  private var made: [ItemKind: Int] = [:]

  /// Creates a viewport of `hostCount` items, showing nothing yet.
  /// - Parameter hostCount: How many items fit on screen.
  public init(hostCount: Int) {
    self.hostCount = max(0, hostCount)
  }

  /// The IDs in the viewport, top to bottom.
  public var visibleIDs: [ItemID] { visibleOrder }

  /// The host showing `id`, if it is in the viewport.
  /// - Parameter id: An item ID.
  /// - Returns: Its host, or `nil`.
  public func host(for id: ItemID) -> AnyObject? { shown[id]?.host }

  /// The host showing `id`, as its concrete type.
  /// - Parameters:
  ///   - id: An item ID.
  ///   - type: The host type expected.
  /// - Returns: The host, or `nil` when the item is not visible or has another host type.
  public func host<Host: AnyObject>(for id: ItemID, as type: Host.Type) -> Host? { shown[id]?.host as? Host }

  /// Hosts made so far for `kind` (the rest of its dequeues were reuses).
  /// - Parameter kind: An item kind.
  /// - Returns: The number of hosts made.
  public func hostsMade(of kind: ItemKind) -> Int { made[kind] ?? 0 }

  /// Hosts of `kind` waiting in its reuse pool.
  /// - Parameter kind: An item kind.
  /// - Returns: The pool's size.
  public func pooledHostCount(of kind: ItemKind) -> Int { pools[kind]?.count ?? 0 }

  /// Visible items whose host was configured with another kind, template or content than the
  /// collection now declares: always empty when every applied update was right.
  public var staleVisibleIDs: [ItemID] {
    visibleOrder.filter { id in
      guard let shown = shown[id], let current = collection.item(id: id) else { return true }
      return shown.configured.kind != current.kind || !shown.configured.hasSameContent(as: current)
    }
  }

  /// Shows `newCollection`: diffs it against the current one, validates the batch update, and
  /// carries it out on the hosts.
  /// - Parameter newCollection: The collection to show.
  /// - Returns: The batch update that was applied.
  /// - Throws: The validator's error when the update would crash a collection view or leave
  ///   stale content; nothing changes then.
  @discardableResult
  public func apply(
    _ newCollection: DeclaredCollection<SectionID, ItemID>
  ) throws(CollectionUpdateValidationError) -> CollectionUpdate<SectionID, ItemID> {
    let update = newCollection.update(from: collection)
    try CollectionUpdateValidator.validate(update, from: collection, to: newCollection)
    // What the batch removes leaves its host first, while `collection` still names it.
    for section in update.sectionDeletes {
      for position in collection.itemIndices(inSection: section) { endDisplaying(collection.items[position].id) }
    }
    for path in update.itemDeletes { endDisplaying(collection[path].id) }
    for path in update.itemReconfigures { reconfigure(collection[path].id, in: newCollection) }
    for path in update.itemReconfiguresAfterBatch { reconfigure(newCollection[path].id, in: newCollection) }
    collection = newCollection
    firstVisibleIndex = max(0, min(firstVisibleIndex, collection.items.count - hostCount))
    layOut()
    return update
  }

  /// Scrolls so that the item at `index` (in collection order) is the first visible one.
  /// - Parameter index: The new first visible index; clamped to the content.
  public func scroll(to index: Int) {
    firstVisibleIndex = max(0, min(index, collection.items.count - hostCount))
    layOut()
  }

  /// Taps a visible item: runs its `didSelect`. Tapping an item that is not on screen is
  /// reported and does nothing.
  /// - Parameter id: The item's ID.
  public func tap(_ id: ItemID) {
    guard shown[id] != nil, let item = collection.item(id: id) else {
      reportIssue("DeclaredCollectionHostSimulator.tap: item \(id) is not on screen; nothing was selected")
      return
    }
    item.didSelectAction?(id)
  }

  /// Ends displaying every item, as when the collection view goes away.
  public func tearDown() {
    for id in visibleOrder { endDisplaying(id) }
    visibleOrder = []
  }

  private func layOut() {
    let items = collection.items
    let visible = items[firstVisibleIndex..<min(firstVisibleIndex + hostCount, items.count)].map(\.id)
    let visibleSet = Set(visible)
    for id in visibleOrder where !visibleSet.contains(id) { endDisplaying(id) }
    for id in visible where shown[id] == nil { display(id) }
    visibleOrder = visible
  }

  private func display(_ id: ItemID) {
    guard let item = collection.item(id: id) else { return }
    let host: AnyObject
    if let pooled = pools[item.kind]?.popLast() {
      host = pooled
      reuseCount += 1
    } else {
      host = item.makeHost()
      made[item.kind, default: 0] += 1
    }
    item.configure(host)
    configureCount += 1
    shown[id] = Shown(host: host, configured: item)
    item.willDisplayAction?(id)
  }

  private func reconfigure(_ id: ItemID, in newCollection: DeclaredCollection<SectionID, ItemID>) {
    guard var entry = shown[id], let item = newCollection.item(id: id) else { return }
    item.reconfigure(entry.host, from: entry.configured)
    reconfigureCount += 1
    entry.configured = item
    shown[id] = entry
  }

  private func endDisplaying(_ id: ItemID) {
    guard let entry = shown.removeValue(forKey: id) else { return }
    (collection.item(id: id) ?? entry.configured).didEndDisplayingAction?(id)
    entry.configured.release(entry.host)
    pools[entry.configured.kind, default: []].append(entry.host)
  }
}
