/// One child store per element of a collection, found by the element's ID, for hosts (cells)
/// that come and go as a list scrolls.
///
/// - ``store(for:)`` returns the same store for an ID as long as a host shows it, wherever the
///   element moves; `nil` once the element is gone. Stores are created on first request.
/// - ``bind(_:to:)`` / ``unbind(_:)`` run the host lifecycle; two hosts may show the same ID.
/// - The stores of live elements that no host shows ("unbound" stores) are kept up to
///   ``unboundStoreLimit``; past it, the least recently unbound (or asked for) is evicted. A
///   later ``store(for:)`` makes a fresh store that reads the element's state from the parent.
///   Eviction touches no effect: an element's effects belong to the element in the parent's
///   store tree, not to the store object, and keep running and delivering.
/// - A child store is dropped once its element has left the parent state and no host shows it;
///   the element's effects were cancelled by `forEach` and its observations finish.
///
/// So the registry holds at most ``unboundStoreLimit`` stores plus those of bound hosts, however
/// many elements were scrolled through. Keyed by ID, never by index path: positions move, IDs
/// don't.
public final class ChildStoreRegistry<ID: Hashable & Sendable, ChildState: Sendable, ChildAction: Sendable>: Sendable {
  // `bind`, `unbind` and `store(for:)` are inlinable, so that they are specialized for the
  // list's ID and element types where they are called, as `Store.send` is: a scroll calls them
  // once per row, and unspecialized dictionary work costs several times the lookups themselves.
  @usableFromInline let makeStore: @Sendable (ID) -> Store<ChildState, ChildAction>?
  /// Hands an evicted store that someone besides the registry still holds to the collection's
  /// table, which invalidates it when its element is removed; `false` when the element is
  /// already gone from the published state (the registry's own watcher is about to retire it).
  @usableFromInline let adoptStore: @Sendable (ID, Store<ChildState, ChildAction>) -> Bool
  @usableFromInline let entries: Locked<Entries>

  /// How many stores of live elements that no host shows the registry keeps; past it, the least
  /// recently unbound is evicted.
  public let unboundStoreLimit: Int

  /// The ``unboundStoreLimit`` of a registry created without one: several screens of cells, so
  /// that scrolling back a little finds the stores again, at a memory cost that does not matter.
  public static var defaultUnboundStoreLimit: Int { 256 }

  /// Creates a registry for the elements at `elements` in `parent`'s state.
  /// - Parameters:
  ///   - parent: The store whose state holds the collection.
  ///   - elements: The collection.
  ///   - action: How element actions embed into the parent's actions.
  ///   - unboundStoreLimit: How many stores of live elements that no host shows to keep, at
  ///     least 0 (see ``defaultUnboundStoreLimit``). Past it, the least recently unbound is
  ///     evicted; the next ``store(for:)`` or ``bind(_:to:)`` of its element makes a new one.
  // Inlinable, so that the publication watcher is specialized for the list's types.
  @inlinable
  public init<ParentState: Sendable, ParentAction: Sendable>(
    parent: Store<ParentState, ParentAction>,
    elements: any KeyPath<ParentState, IdentifiedArray<ID, ChildState>> & Sendable,
    action: ActionPath<ParentAction, IdentifiedAction<ID, ChildAction>>,
    unboundStoreLimit: Int = defaultUnboundStoreLimit
  ) {
    precondition(unboundStoreLimit >= 0, "ChildStoreRegistry: unboundStoreLimit must not be negative")
    self.unboundStoreLimit = unboundStoreLimit
    // The collection's shared table, for its key path, and for the evicted stores that are held
    // elsewhere only: the registry invalidates its own stores, which saves the table's
    // per-element bookkeeping.
    let table = parent.elementScopes.table(in: parent, elements: elements)
    let route = RegistryElementRoute(table: table, embed: action.embed)
    makeStore = { id in parent.unregisteredElementStore(id: id, route: route) }
    adoptStore = { id, store in
      // Every store of the registry was made by `makeStore`, scoped from `parent`.
      guard case .scoped(let link) = store.core else {
        preconditionFailure("ChildStoreRegistry: its stores are scoped, never root stores")
      }
      return table.adopt(link.elementStateHolder, id: id, in: parent)
    }
    entries = Locked(Entries())
    parent.watchTransitions { [weak self] current, previous in
      guard let self else { return false }
      self.evictRemovedElements(current?[keyPath: elements], previous: previous?[keyPath: elements])
      return true
    } onPublication: { [weak self] current, previous in
      guard let self else { return false }
      if !table.idsAreUnchanged(from: previous, to: current) {
        self.evictRemovedElements(current.pointee[keyPath: elements], previous: previous.pointee[keyPath: elements])
      }
      return true
    }
  }

  /// The store of the element with `id`: the same instance for as long as the element exists
  /// and its store is not evicted (a bound store never is). Asking counts as a use: an unbound
  /// store becomes the last to be evicted.
  /// - Parameter id: The element's ID.
  /// - Returns: The element's store, or `nil` when no element has that ID.
  @inlinable
  public func store(for id: ID) -> Store<ChildState, ChildAction>? {
    entries.withLock { entries in
      if let slot = entries.live[id] {
        entries.touch(slot)
        return entries.slots[slot].store
      }
      guard let slot = makeLiveStore(id, &entries) else { return nil }
      let store = entries.slots[slot].store
      evictOverLimit(&entries)
      return store
    }
  }

  /// Makes the store of `id`, which `live` does not have yet, and records it there, unbound.
  /// Made under the registry's lock, so that a publication removing the element cannot slip
  /// between reading the state and keeping the store (which would keep a store no later
  /// publication evicts).
  /// - Returns: The store's slot, or `nil` when no element has that ID.
  @inlinable
  func makeLiveStore(_ id: ID, _ entries: inout Entries) -> Int? {
    guard let created = makeStore(id) else { return nil }
    return entries.insertLive(id, created)
  }

  /// Evicts the oldest unbound stores until at most ``unboundStoreLimit`` are left. A store
  /// only the registry holds is simply dropped; one held elsewhere too (a caller of
  /// ``store(for:)`` kept it) is handed to the collection's table first, so that it is still
  /// invalidated with its element's last state when the element goes, and never revives. O(1)
  /// per store evicted. Called with no binding or local of the caller's still holding a
  /// released store, so that uniqueness is not misjudged.
  @inlinable
  func evictOverLimit(_ entries: inout Entries) {
    while entries.unboundCount > unboundStoreLimit {
      let slot = entries.oldestUnbound
      if !isKnownUniquelyReferenced(&entries.slots[slot].store) {
        // `false`: a publication removed the element and the registry's watcher, which needs
        // this lock, will retire the store with its exact last state; until then it stays.
        guard adoptStore(entries.slots[slot].id, entries.slots[slot].store!) else { return }
      }
      entries.removeUnbound(slot)
    }
  }

  /// The number of child stores the registry keeps: the stores of existing elements that hosts
  /// show, at most ``unboundStoreLimit`` more that none shows, and the stores of removed
  /// elements that hosts still show.
  public var liveStoreCount: Int {
    entries.withLock { entries in
      entries.sweepReleasedHosts()
      evictOverLimit(&entries)
      return entries.live.count + entries.retired.count
    }
  }

  /// The number of hosts currently bound (hosts deallocated without ``unbind(_:)`` are not
  /// counted: their bindings are released).
  public var boundHostCount: Int {
    entries.withLock { entries in
      entries.sweepReleasedHosts()
      evictOverLimit(&entries)
      return entries.bindings.count
    }
  }

  /// Called on the parent's executor after a publication that may have removed elements, with
  /// the collection now (`nil` once the parent's state is gone) and at the publication before.
  @inlinable func evictRemovedElements(
    _ elements: IdentifiedArray<ID, ChildState>?, previous: IdentifiedArray<ID, ChildState>?
  ) {
    entries.withLock { entries in
      guard let elements else {
        entries.retire(Array(entries.live.keys), previous: previous)
        entries.sweepReleasedHosts()
        return
      }
      let removed = previous.map { elements.idsGone(comparedTo: $0.ids, tracked: entries.live) } ?? []
      entries.retire(removed, previous: previous)
      if !removed.isEmpty {
        entries.sweepReleasedHosts()
        evictOverLimit(&entries)
      }
    }
  }
}
