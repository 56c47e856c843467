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
  // `bind`, `unbind` and `store(for:)` are inlinable, so that they are specialized for the
  // list's ID and element types where they are called, as `Store.send` is: a scroll calls them
  // once per row, and unspecialized dictionary work costs several times the lookups themselves.
  @usableFromInline let makeStore: @Sendable (ID) -> Store<ChildState, ChildAction>?
  @usableFromInline let entries: Locked<Entries>

  /// The registry's books. Every store a binding holds is in `live` while its element exists,
  /// in `retired` after that while hosts still show it.
  @usableFromInline struct Entries: ~Copyable {
    /// The store of each element that exists and was asked for. Nothing counts the hosts that
    /// show a live store: a bind touches one entry here, and the count is only needed when the
    /// element goes, from the bindings then (see `retire`).
    @usableFromInline var live: [ID: Store<ChildState, ChildAction>] = [:]
    /// Stores whose element is gone but that hosts still show, by store identity, with how many
    /// bindings show each: a re-inserted element with the same ID gets a new store in `live`, and
    /// the two are never confused.
    @usableFromInline var retired: [ObjectIdentifier: RetiredStore] = [:]
    @usableFromInline var bindings: [ObjectIdentifier: Binding] = [:]
    /// `bindings.count` after the last sweep of released hosts, to sweep at amortized O(1).
    @usableFromInline var bindingsAtLastSweep = 0

    @usableFromInline init() {}

    /// Drops one binding's hold on `store`, evicting the store if its element is gone and no
    /// other binding shows it. Changes no key of `live`, so indexes into it stay valid.
    @inlinable mutating func release(_ store: Store<ChildState, ChildAction>) {
      // A store not in `retired` is live, and nothing counts a live store's hosts.
      guard !retired.isEmpty else { return }
      let key = ObjectIdentifier(store)
      guard var entry = retired[key] else { return }
      entry.boundHosts -= 1
      retired[key] = entry.boundHosts == 0 ? nil : entry
    }

    /// Invalidates the stores of the removed elements `ids` with the states they had last (in
    /// `previous`, the collection at the publication before the removal), moving those that
    /// bindings show to `retired` and dropping the others.
    @inlinable mutating func retire(_ ids: [ID], previous: IdentifiedArray<ID, ChildState>?) {
      guard !ids.isEmpty else { return }
      var shown: [ObjectIdentifier: Int] = [:]
      for binding in bindings.values { shown[ObjectIdentifier(binding.store), default: 0] += 1 }
      for id in ids {
        guard let store = live.removeValue(forKey: id) else { continue }
        store.invalidate(finalState: previous?[id: id])
        let key = ObjectIdentifier(store)
        if let boundHosts = shown[key] { retired[key] = RetiredStore(store: store, boundHosts: boundHosts) }
      }
    }

    /// Releases the bindings of hosts that were deallocated without being unbound.
    @usableFromInline mutating func sweepReleasedHosts() {
      for (key, binding) in bindings where binding.host.object == nil {
        bindings[key] = nil
        release(binding.store)
      }
      bindingsAtLastSweep = bindings.count
    }

    /// Sweeps once the bindings have doubled since the last sweep, so that hosts released
    /// without `unbind` cannot pile up while each bind stays O(1) amortized.
    @inlinable mutating func sweepIfDue() {
      if bindings.count >= max(32, 2 * bindingsAtLastSweep) { sweepReleasedHosts() }
    }
  }

  /// The store of a removed element that hosts still show.
  @usableFromInline struct RetiredStore {
    @usableFromInline let store: Store<ChildState, ChildAction>
    /// The bindings that show it; the store is dropped when this reaches 0.
    @usableFromInline var boundHosts: Int

    @usableFromInline init(store: Store<ChildState, ChildAction>, boundHosts: Int) {
      self.store = store
      self.boundHosts = boundHosts
    }
  }

  @usableFromInline struct Binding {
    /// The store the host was configured with, live or retired.
    @usableFromInline var store: Store<ChildState, ChildAction>
    /// Never reassigned alone; a `var` so that `repoint` loads the weak reference in place.
    @usableFromInline var host: HostReference

    @usableFromInline init(store: Store<ChildState, ChildAction>, host: HostReference) {
      self.store = store
      self.host = host
    }

    /// What pointing a binding at a store found.
    @usableFromInline enum Repointing {
      /// The binding's host already shows that store.
      case unchanged
      /// The binding's host showed `previous`; the binding now shows the new store.
      case repointed(previous: Store<ChildState, ChildAction>)
      /// The binding belongs to a deallocated host whose address the host being bound reuses;
      /// it showed `previous`, and is left for the caller to replace whole.
      case staleHost(previous: Store<ChildState, ChildAction>)
    }

    /// Points this binding at `store` if it is the bound host's own. A mutating method, so that
    /// a bind reaches the binding in place: reading a field through the dictionary's getter
    /// copies the whole binding, and copying its weak reference costs atomic operations on the
    /// host's side table.
    /// - Parameters:
    ///   - store: The store the host shows now.
    ///   - host: The identity of the host being bound.
    /// - Returns: What the binding showed before, and whether it was the host's.
    @inlinable mutating func repoint(
      to store: Store<ChildState, ChildAction>, for host: ObjectIdentifier
    ) -> Repointing {
      guard let current = self.host.object, ObjectIdentifier(current) == host else {
        return .staleHost(previous: self.store)
      }
      if self.store === store { return .unchanged }
      defer { self.store = store }
      return .repointed(previous: self.store)
    }
  }

  /// A weak reference to a host, compared by identity only.
  @usableFromInline struct HostReference: @unchecked Sendable {
    // Guarded by the registry's lock like every Binding; beyond that, `object` is only ever
    // compared by identity (weak loads are atomic) and never used to call the host, so holding
    // a non-Sendable host here shares nothing across threads.
    @usableFromInline weak var object: AnyObject?

    @usableFromInline init(object: AnyObject) { self.object = object }
  }

  /// What `bind` found, to act on outside the lock.
  @usableFromInline enum BindOutcome {
    case noElement
    case alreadyShown
    case configure(Store<ChildState, ChildAction>, reusing: Bool)
  }

  /// Creates a registry for the elements at `elements` in `parent`'s state.
  /// - Parameters:
  ///   - parent: The store whose state holds the collection.
  ///   - elements: The collection.
  ///   - action: How element actions embed into the parent's actions.
  // Inlinable, so that the publication watcher is specialized for the list's types.
  @inlinable
  public init<ParentState: Sendable, ParentAction: Sendable>(
    parent: Store<ParentState, ParentAction>,
    elements: any KeyPath<ParentState, IdentifiedArray<ID, ChildState>> & Sendable,
    action: ActionPath<ParentAction, IdentifiedAction<ID, ChildAction>>
  ) {
    // The collection's shared table, for its key path only: the registry invalidates its own
    // stores, which saves the table's per-element bookkeeping.
    let table = parent.elementScopes.table(in: parent, elements: elements)
    let embed = action.embed
    makeStore = { id in parent.unregisteredElementStore(id: id, in: table, embed: embed) }
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

  /// The store of the element with `id`: the same instance for as long as the element exists.
  /// - Parameter id: The element's ID.
  /// - Returns: The element's store, or `nil` when no element has that ID.
  @inlinable
  public func store(for id: ID) -> Store<ChildState, ChildAction>? {
    entries.withLock { entries in entries.live[id] ?? makeLiveStore(id, &entries) }
  }

  /// Makes the store of `id`, which `live` does not have yet, and records it there. Made under
  /// the registry's lock, so that a publication removing the element cannot slip between
  /// reading the state and keeping the store (which would keep a store no later publication
  /// evicts).
  /// - Returns: The store, or `nil` when no element has that ID.
  @inlinable
  func makeLiveStore(_ id: ID, _ entries: inout Entries) -> Store<ChildState, ChildAction>? {
    guard let created = makeStore(id) else { return nil }
    entries.live[id] = created
    return created
  }

  /// Shows the element with `id` in `host`: calls `configure(with:)`. A host showing another
  /// element, or the store of an earlier element with the same ID that was removed since, is
  /// first unbound (its `prepareForReuse()` runs); binding a host to the store it already shows
  /// does nothing. A host whose ``StoreHost/allowsBinding()`` answers `false` (a main-actor host
  /// bound off the main actor) is left unbound, and nothing is recorded for it.
  /// - Parameters:
  ///   - host: The host.
  ///   - id: The element's ID.
  @inlinable
  public func bind<Host: StoreHost>(_ host: Host, to id: ID)
  where Host.State == ChildState, Host.Action == ChildAction {
    guard host.allowsBinding() else { return }
    let key = ObjectIdentifier(host)
    let outcome = entries.withLock { entries -> BindOutcome in
      entries.sweepIfDue()
      // The host's binding is found by index and updated in place through it: one hash probe.
      guard let store = entries.live[id] ?? makeLiveStore(id, &entries) else { return .noElement }
      let reusing: Bool
      if let bindingIndex = entries.bindings.index(forKey: key) {
        switch entries.bindings.values[bindingIndex].repoint(to: store, for: key) {
        case .unchanged:
          return .alreadyShown
        case .repointed(let previous):
          entries.release(previous)
          reusing = true
        case .staleHost(let previous):
          entries.release(previous)
          entries.bindings.values[bindingIndex] = Binding(store: store, host: HostReference(object: host))
          reusing = false
        }
      } else {
        entries.bindings[key] = Binding(store: store, host: HostReference(object: host))
        reusing = false
      }
      return .configure(store, reusing: reusing)
    }
    switch outcome {
    case .noElement:
      reportIssue(
        """
        ChildStoreRegistry.bind: no element has ID \(id); the host was left as it was. Bind \
        hosts to IDs from the current snapshot of the collection.
        """)
    case .alreadyShown:
      break
    case .configure(let store, let reusing):
      if reusing { host.prepareForReuse() }
      host.configure(with: store)
    }
  }

  /// Stops showing anything in `host`: calls `prepareForReuse()` if it was bound. A host whose
  /// ``StoreHost/allowsBinding()`` answers `false` keeps its binding.
  /// - Parameter host: The host.
  @inlinable
  public func unbind(_ host: some StoreHost) {
    guard host.allowsBinding() else { return }
    let key = ObjectIdentifier(host)
    let wasBound = entries.withLock { entries -> Bool in
      guard let binding = entries.bindings.removeValue(forKey: key) else { return false }
      entries.release(binding.store)
      return binding.host.object === host
    }
    if wasBound { host.prepareForReuse() }
  }

  /// The number of child stores the registry keeps: one per element asked for that still exists,
  /// plus the stores of removed elements that hosts still show.
  public var liveStoreCount: Int {
    entries.withLock { entries in
      entries.sweepReleasedHosts()
      return entries.live.count + entries.retired.count
    }
  }

  /// The number of hosts currently bound (hosts deallocated without ``unbind(_:)`` are not
  /// counted: their bindings are released).
  public var boundHostCount: Int {
    entries.withLock { entries in
      entries.sweepReleasedHosts()
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
      if !removed.isEmpty { entries.sweepReleasedHosts() }
    }
  }
}
