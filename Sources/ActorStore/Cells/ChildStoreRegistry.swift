/// One child store per element of a collection, found by the element's ID, for hosts (cells)
/// that come and go as a list scrolls.
///
/// - ``store(for:)`` returns the same store for an ID as long as the element exists, wherever
///   it moves; `nil` once it is gone. Stores are created on first request.
/// - ``bind(_:to:)`` / ``unbind(_:)`` run the host lifecycle; two hosts may show the same ID.
/// - A child store is evicted once its element has left the parent state and no host shows it;
///   the element's effects were cancelled by `forEach` and its observations finish. Nothing is
///   cached beyond that, so the registry never grows past the live elements it was asked for.
///
/// Keyed by ID, never by index path: positions move, IDs don't.
public final class ChildStoreRegistry<ID: Hashable & Sendable, ChildState: Sendable, ChildAction: Sendable>: Sendable {
  private let makeStore: @Sendable (ID) -> Store<ChildState, ChildAction>?
  private let entries: Locked<Entries>

  private struct Entries: ~Copyable {
    var stores: [ID: Entry] = [:]
    var bindings: [ObjectIdentifier: Binding] = [:]
    /// The IDs as of the last parent publication, to find removals in O(1) when none happened.
    var lastIDs: IdentifiedArray<ID, ChildState>.IDs?

    /// Drops one host's hold on `id`, evicting the store if its element is gone.
    mutating func release(_ id: ID) {
      guard var entry = stores[id] else { return }
      entry.boundHosts -= 1
      stores[id] = entry.boundHosts == 0 && entry.isElementGone ? nil : entry
    }
  }

  private struct Entry {
    let store: Store<ChildState, ChildAction>
    var boundHosts = 0
    var isElementGone = false
  }

  private struct Binding {
    let id: ID
    let host: HostReference
  }

  /// A weak reference to a host, compared by identity only.
  private struct HostReference: @unchecked Sendable {
    // Guarded by the registry's mutex like every Binding; beyond that, `object` is only ever
    // compared by identity (weak loads are atomic) and never used to call the host, so holding
    // a non-Sendable host here shares nothing across threads.
    weak var object: AnyObject?
  }

  /// Creates a registry for the elements at `elements` in `parent`'s state.
  /// - Parameters:
  ///   - parent: The store whose state holds the collection.
  ///   - elements: The collection.
  ///   - action: How element actions embed into the parent's actions.
  public init<ParentState: Sendable, ParentAction: Sendable>(
    parent: Store<ParentState, ParentAction>,
    elements: any KeyPath<ParentState, IdentifiedArray<ID, ChildState>> & Sendable,
    action: ActionPath<ParentAction, IdentifiedAction<ID, ChildAction>>
  ) {
    makeStore = { id in parent.scopeElement(id: id, in: elements, action: action, watchesRemoval: false) }
    entries = Locked(Entries(lastIDs: parent.currentStateIfAlive?[keyPath: elements].ids))
    parent.watch { [weak self] parentState in
      guard let self else { return false }
      self.evictRemovedElements(parentState?[keyPath: elements])
      return true
    }
  }

  /// The store of the element with `id`: the same instance for as long as the element exists.
  /// - Parameter id: The element's ID.
  /// - Returns: The element's store, or `nil` when no element has that ID.
  public func store(for id: ID) -> Store<ChildState, ChildAction>? {
    if let entry = entries.withLock({ $0.stores[id] }), !entry.isElementGone { return entry.store }
    guard let created = makeStore(id) else { return nil }
    return entries.withLock { entries in
      if let existing = entries.stores[id], !existing.isElementGone { return existing.store }
      entries.stores[id] = Entry(store: created)
      return created
    }
  }

  /// Shows the element with `id` in `host`: calls `configure(with:)`. A host showing another
  /// element is first unbound (its `prepareForReuse()` runs); binding a host to the ID it
  /// already shows does nothing.
  /// - Parameters:
  ///   - host: The host.
  ///   - id: The element's ID.
  public func bind<Host: StoreHost>(_ host: Host, to id: ID)
  where Host.State == ChildState, Host.Action == ChildAction {
    guard let store = store(for: id) else {
      reportIssue(
        """
        ChildStoreRegistry.bind: no element has ID \(id); the host was left as it was. Bind \
        hosts to IDs from the current snapshot of the collection.
        """)
      return
    }
    let key = ObjectIdentifier(host)
    let binding = Binding(id: id, host: HostReference(object: host))
    let wasShowingAnother = entries.withLock { entries -> Bool? in
      var wasShowingAnother = false
      if let existing = entries.bindings[key], existing.host.object === binding.host.object {
        if existing.id == id { return nil }
        entries.release(existing.id)
        wasShowingAnother = true
      }
      entries.bindings[key] = binding
      entries.stores[id]?.boundHosts += 1
      return wasShowingAnother
    }
    guard let wasShowingAnother else { return }
    if wasShowingAnother { host.prepareForReuse() }
    host.configure(with: store)
  }

  /// Stops showing anything in `host`: calls `prepareForReuse()` if it was bound.
  /// - Parameter host: The host.
  public func unbind(_ host: some StoreHost) {
    let key = ObjectIdentifier(host)
    let probe = HostReference(object: host)
    let wasBound = entries.withLock { entries -> Bool in
      guard let binding = entries.bindings[key], binding.host.object === probe.object else { return false }
      entries.bindings[key] = nil
      entries.release(binding.id)
      return true
    }
    if wasBound { host.prepareForReuse() }
  }

  /// The number of child stores alive in the registry.
  public var liveStoreCount: Int { entries.withLock { $0.stores.count } }

  /// The number of hosts currently bound.
  public var boundHostCount: Int { entries.withLock { $0.bindings.count } }

  /// Called on the parent's executor after each publication with the current collection.
  private func evictRemovedElements(_ elements: IdentifiedArray<ID, ChildState>?) {
    entries.withLock { entries in
      guard let elements else {
        for entry in entries.stores.values { entry.store.invalidate() }
        entries.stores = entries.stores.filter { $0.value.boundHosts > 0 }
        for id in entries.stores.keys { entries.stores[id]?.isElementGone = true }
        entries.lastIDs = nil
        return
      }
      let removed = entries.lastIDs.map { elements.idsRemoved(comparedTo: $0) } ?? []
      entries.lastIDs = elements.ids
      for id in removed where entries.stores[id] != nil {
        entries.stores[id]!.store.invalidate()
        if entries.stores[id]!.boundHosts == 0 {
          entries.stores[id] = nil
        } else {
          entries.stores[id]!.isElementGone = true
        }
      }
    }
  }
}
