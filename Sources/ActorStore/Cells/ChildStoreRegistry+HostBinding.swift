extension ChildStoreRegistry {
  @usableFromInline struct Binding {
    /// The store the host was configured with, live or retired.
    @usableFromInline var store: Store<ChildState, ChildAction>
    /// The slot `store` had when it was bound; it still holds `store` while the element lives.
    @usableFromInline var slot: Int
    /// Never reassigned alone; a `var` so that `repoint` loads the weak reference in place.
    @usableFromInline var host: HostReference

    @usableFromInline init(store: Store<ChildState, ChildAction>, slot: Int, host: HostReference) {
      self.store = store
      self.slot = slot
      self.host = host
    }

    /// What pointing a binding at a store found.
    @usableFromInline enum Repointing {
      /// The binding's host already shows that store.
      case unchanged
      /// The binding's host showed `previous` (bound at `slot`); the binding now shows the new
      /// store.
      case repointed(previous: Store<ChildState, ChildAction>, slot: Int)
      /// The binding belongs to a deallocated host whose address the host being bound reuses;
      /// it showed `previous` (bound at `slot`), and is left for the caller to replace whole.
      case staleHost(previous: Store<ChildState, ChildAction>, slot: Int)
    }

    /// Points this binding at `store` if it is the bound host's own. A mutating method, so that
    /// a bind reaches the binding in place: reading a field through the dictionary's getter
    /// copies the whole binding, and copying its weak reference costs atomic operations on the
    /// host's side table.
    /// - Parameters:
    ///   - store: The store the host shows now.
    ///   - slot: The store's slot.
    ///   - host: The identity of the host being bound.
    /// - Returns: What the binding showed before, and whether it was the host's.
    @inlinable mutating func repoint(
      to store: Store<ChildState, ChildAction>, slot: Int, for host: ObjectIdentifier
    ) -> Repointing {
      guard let current = self.host.object, ObjectIdentifier(current) == host else {
        return .staleHost(previous: self.store, slot: self.slot)
      }
      if self.store === store { return .unchanged }
      defer {
        self.store = store
        self.slot = slot
      }
      return .repointed(previous: self.store, slot: self.slot)
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
    /// The host is bound to this store already: it is shown again, in case its host reset itself.
    case alreadyShown(Store<ChildState, ChildAction>)
    case configure(Store<ChildState, ChildAction>, reusing: Bool)
  }

  /// Shows the element with `id` in `host`: calls `configure(with:)`. A host showing another
  /// element, or the store of an earlier element with the same ID that was removed since, is
  /// first unbound (its `prepareForReuse()` runs). Binding a host to the store it already shows
  /// shows it again (`prepareForReuse()`, then `configure(with:)`): UIKit calls a cell's
  /// `prepareForReuse()` itself when it dequeues it, and may hand the same cell back for the same
  /// ID (scrolling back, a reconfigure), so the registry cannot know whether the host still shows
  /// the store. The store instance is the same. A host whose ``StoreHost/allowsBinding()`` answers `false` (a main-actor host
  /// bound off the main actor) is left unbound, and nothing is recorded for it.
  /// - Parameters:
  ///   - host: The host.
  ///   - id: The element's ID.
  @inlinable
  public func bind<Host: StoreHost>(_ host: Host, to id: ID)
  where Host.State == ChildState, Host.Action == ChildAction {
    guard host.allowsBinding() else { return }
    let key = ObjectIdentifier(host)
    // Made outside the lock: the host is not Sendable, its weak reference is.
    let reference = HostReference(object: host)
    let outcome = entries.withLock { entries -> BindOutcome in
      entries.sweepIfDue()
      let outcome = record(reference, key: key, to: id, &entries)
      evictOverLimit(&entries)
      return outcome
    }
    switch outcome {
    case .noElement:
      reportIssue(
        """
        ChildStoreRegistry.bind: no element has ID \(id); the host was left as it was. Bind \
        hosts to IDs from the current snapshot of the collection.
        """)
    case .alreadyShown(let store):
      host.prepareForReuse()
      host.configure(with: store)
    case .configure(let store, let reusing):
      if reusing { host.prepareForReuse() }
      host.configure(with: store)
    }
  }

  /// Records the binding of `host` to `id`'s store under the lock. The new store is acquired
  /// before the previous one is released, so that releasing cannot evict it; the previous store
  /// is out of scope when this returns, so that eviction sees only the registry's hold on it.
  @inlinable
  func record(_ host: HostReference, key: ObjectIdentifier, to id: ID, _ entries: inout Entries) -> BindOutcome {
    // The host's binding is found by index and updated in place through it: one hash probe.
    guard let slot = entries.live[id] ?? makeLiveStore(id, &entries) else { return .noElement }
    let store = entries.slots[slot].store!
    let reusing: Bool
    if let bindingIndex = entries.bindings.index(forKey: key) {
      switch entries.bindings.values[bindingIndex].repoint(to: store, slot: slot, for: key) {
      case .unchanged:
        return .alreadyShown(store)
      case .repointed(let previous, let previousSlot):
        entries.acquire(slot)
        entries.release(previous, slot: previousSlot)
        reusing = true
      case .staleHost(let previous, let previousSlot):
        entries.acquire(slot)
        entries.release(previous, slot: previousSlot)
        entries.bindings.values[bindingIndex] = Binding(store: store, slot: slot, host: host)
        reusing = false
      }
    } else {
      entries.acquire(slot)
      entries.bindings[key] = Binding(store: store, slot: slot, host: host)
      reusing = false
    }
    return .configure(store, reusing: reusing)
  }

  /// Stops showing anything in `host`: calls `prepareForReuse()` if it was bound. A host whose
  /// ``StoreHost/allowsBinding()`` answers `false` keeps its binding. The store the host showed
  /// stays the element's store until it is evicted (see ``unboundStoreLimit``).
  /// - Parameter host: The host.
  @inlinable
  public func unbind(_ host: some StoreHost) {
    guard host.allowsBinding() else { return }
    let key = ObjectIdentifier(host)
    let wasBound = entries.withLock { entries -> Bool in
      let wasBound = release(key, &entries)
      evictOverLimit(&entries)
      return wasBound
    }
    if wasBound { host.prepareForReuse() }
  }

  /// Removes the binding of the host with identity `key`, if any, under the lock; the binding is out of scope when
  /// this returns (see ``evictOverLimit(_:)``).
  /// - Returns: Whether the host itself was bound, not a deallocated host at its address (a
  ///   live object with the host's identity is the host).
  @inlinable
  func release(_ key: ObjectIdentifier, _ entries: inout Entries) -> Bool {
    guard let binding = entries.bindings.removeValue(forKey: key) else { return false }
    entries.release(binding.store, slot: binding.slot)
    return binding.host.object.map(ObjectIdentifier.init) == key
  }
}
