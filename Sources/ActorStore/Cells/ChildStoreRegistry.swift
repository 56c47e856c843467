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

  /// The registry's books. Every store a binding holds is in `slots` (through `live`) while its
  /// element exists, in `retired` after that while hosts still show it.
  @usableFromInline struct Entries: ~Copyable {
    /// The slot of each element that exists and was asked for, by ID.
    @usableFromInline var live: [ID: Int] = [:]
    /// The stores of `live`, with their bound-host counts and the unbound list's links. Freed
    /// slots are reused (a free list through `newer`), so this never holds more than the most
    /// stores alive at once.
    @usableFromInline var slots: [Slot] = []
    /// The first free slot, or -1.
    @usableFromInline var firstFreeSlot = -1
    /// The unbound list: the slots whose store no binding holds, oldest (evicted first) to
    /// newest; -1 when empty.
    @usableFromInline var oldestUnbound = -1
    @usableFromInline var newestUnbound = -1
    /// The length of the unbound list.
    @usableFromInline var unboundCount = 0
    /// Stores whose element is gone but that hosts still show, by store identity, with how many
    /// bindings show each: a re-inserted element with the same ID gets a new store in `live`, and
    /// the two are never confused.
    @usableFromInline var retired: [ObjectIdentifier: RetiredStore] = [:]
    @usableFromInline var bindings: [ObjectIdentifier: Binding] = [:]
    /// `bindings.count` after the last sweep of released hosts, to sweep at amortized O(1).
    @usableFromInline var bindingsAtLastSweep = 0

    @usableFromInline init() {}

    /// Records `store` as the live store of `id`, unbound (the newest of the unbound list).
    /// - Returns: Its slot.
    @inlinable mutating func insertLive(_ id: ID, _ store: Store<ChildState, ChildAction>) -> Int {
      let slot: Int
      if firstFreeSlot >= 0 {
        slot = firstFreeSlot
        firstFreeSlot = slots[slot].newer
        slots[slot] = Slot(id: id, store: store)
      } else {
        slot = slots.count
        slots.append(Slot(id: id, store: store))
      }
      live[id] = slot
      linkNewestUnbound(slot)
      return slot
    }

    /// Forgets the live store in `slot`, which must be unbound, and frees the slot.
    @inlinable mutating func removeUnbound(_ slot: Int) {
      unlinkUnbound(slot)
      live[slots[slot].id!] = nil
      free(slot)
    }

    @inlinable mutating func free(_ slot: Int) {
      slots[slot] = Slot(id: nil, store: nil)
      slots[slot].newer = firstFreeSlot
      firstFreeSlot = slot
    }

    @inlinable mutating func linkNewestUnbound(_ slot: Int) {
      slots[slot].older = newestUnbound
      slots[slot].newer = -1
      if newestUnbound >= 0 { slots[newestUnbound].newer = slot } else { oldestUnbound = slot }
      newestUnbound = slot
      unboundCount += 1
    }

    @inlinable mutating func unlinkUnbound(_ slot: Int) {
      let (older, newer) = (slots[slot].older, slots[slot].newer)
      if older >= 0 { slots[older].newer = newer } else { oldestUnbound = newer }
      if newer >= 0 { slots[newer].older = older } else { newestUnbound = older }
      unboundCount -= 1
    }

    /// Marks a use of the live store in `slot`: an unbound store becomes the newest unbound.
    @inlinable mutating func touch(_ slot: Int) {
      guard slots[slot].boundHosts == 0, slot != newestUnbound else { return }
      unlinkUnbound(slot)
      linkNewestUnbound(slot)
    }

    /// Counts one more binding of the live store in `slot`, taking it off the unbound list.
    @inlinable mutating func acquire(_ slot: Int) {
      if slots[slot].boundHosts == 0 { unlinkUnbound(slot) }
      slots[slot].boundHosts += 1
    }

    /// Drops one binding's hold on `store`, found at `slot` when it was bound. A live store that
    /// no binding holds any more becomes the newest unbound; a retired one is dropped when no
    /// other binding shows it. Changes no key of `live`, so indexes into it stay valid.
    @inlinable mutating func release(_ store: Store<ChildState, ChildAction>, slot: Int) {
      // The binding holds `store`, so no other store can have its identity: a slot holding it is
      // still its own.
      if slot < slots.count, slots[slot].store === store {
        slots[slot].boundHosts -= 1
        if slots[slot].boundHosts == 0 { linkNewestUnbound(slot) }
        return
      }
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
      for id in ids {
        guard let slot = live.removeValue(forKey: id) else { continue }
        let store = slots[slot].store!
        store.invalidate(finalState: previous?[id: id])
        let boundHosts = slots[slot].boundHosts
        if boundHosts > 0 {
          retired[ObjectIdentifier(store)] = RetiredStore(store: store, boundHosts: boundHosts)
        } else {
          unlinkUnbound(slot)
        }
        free(slot)
      }
    }

    /// Releases the bindings of hosts that were deallocated without being unbound.
    @usableFromInline mutating func sweepReleasedHosts() {
      for (key, binding) in bindings where binding.host.object == nil {
        bindings[key] = nil
        release(binding.store, slot: binding.slot)
      }
      bindingsAtLastSweep = bindings.count
    }

    /// Sweeps once the bindings have doubled since the last sweep, so that hosts released
    /// without `unbind` cannot pile up while each bind stays O(1) amortized.
    @inlinable mutating func sweepIfDue() {
      if bindings.count >= max(32, 2 * bindingsAtLastSweep) { sweepReleasedHosts() }
    }
  }

  /// The live store of one element, and its place in the unbound list.
  @usableFromInline struct Slot {
    /// `nil` in a free slot.
    @usableFromInline var id: ID?
    @usableFromInline var store: Store<ChildState, ChildAction>?
    /// The bindings that hold the store; 0 puts the store on the unbound list.
    @usableFromInline var boundHosts = 0
    /// The unbound list's neighbours, -1 at its ends; in a free slot, `newer` is the next free
    /// slot.
    @usableFromInline var older = -1
    @usableFromInline var newer = -1

    @usableFromInline init(id: ID?, store: Store<ChildState, ChildAction>?) {
      self.id = id
      self.store = store
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
    let embed = action.embed
    makeStore = { id in parent.unregisteredElementStore(id: id, in: table, embed: embed) }
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
        guard adoptStore(entries.slots[slot].id!, entries.slots[slot].store!) else { return }
      }
      entries.removeUnbound(slot)
    }
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
