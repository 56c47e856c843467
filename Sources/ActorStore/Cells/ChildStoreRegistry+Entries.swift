extension ChildStoreRegistry {
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
      live[slots[slot].id] = nil
      free(slot)
    }

    /// Frees `slot`, keeping its ID (see ``Slot/id``).
    @inlinable mutating func free(_ slot: Int) {
      slots[slot].store = nil
      slots[slot].boundHosts = 0
      slots[slot].older = -1
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
    /// In a free slot, the ID of the element it held last, until the slot is reused: not
    /// optional, since `ID?` takes a word more per slot for an ID with no spare bits (`Int`), and
    /// `store` already tells a free slot. What such an ID holds (a `String`'s buffer) is kept
    /// that long: at most one per free slot, and there are never more slots than stores once
    /// alive at the same time.
    @usableFromInline var id: ID
    /// `nil` in a free slot.
    @usableFromInline var store: Store<ChildState, ChildAction>?
    /// The bindings that hold the store; 0 puts the store on the unbound list.
    @usableFromInline var boundHosts = 0
    /// The unbound list's neighbours, -1 at its ends; in a free slot, `newer` is the next free
    /// slot.
    @usableFromInline var older = -1
    @usableFromInline var newer = -1

    @usableFromInline init(id: ID, store: Store<ChildState, ChildAction>) {
      self.id = id
      self.store = store
    }
  }

  /// The store of a removed element that hosts still show.
  @usableFromInline struct RetiredStore {
    let store: Store<ChildState, ChildAction>
    /// The bindings that show it; the store is dropped when this reaches 0.
    @usableFromInline var boundHosts: Int

    @usableFromInline init(store: Store<ChildState, ChildAction>, boundHosts: Int) {
      self.store = store
      self.boundHosts = boundHosts
    }
  }
}
