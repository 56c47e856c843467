/// The element stores scoped from one collection of one store, all watched by one observer.
///
/// One table per (store, collection key path), shared by every `scope(id:in:action:)` store on
/// that collection, so a publication costs one check however many element stores are alive
/// (O(1) when the collection's IDs did not change). When a publication shows an element gone,
/// the table invalidates its stores with the state the element had in the previous publication:
/// a removed element's store keeps exactly the last state it had, parent edits and its own sends
/// included. (A ``ChildStoreRegistry`` uses the table only for its key path: it invalidates its
/// own stores the same way, from its own books.)
///
/// Lock order: this table's lock, then the parent's publisher lock; a store link's own lock is a
/// leaf. The table holds its links unowned: a link unregisters in its deinit, under this table's
/// lock, before its memory goes away.
///
/// The per-publication path is inlinable: created where the store's types are concrete, it runs
/// specialized, without the generic metadata lookups that made one observer cost ten sends.
@usableFromInline final class ElementScopeTable<ParentState: Sendable, ID: Hashable & Sendable, ChildState: Sendable>: Sendable {
  @usableFromInline let elements: any KeyPath<ParentState, IdentifiedArray<ID, ChildState>> & Sendable
  @usableFromInline let table: Locked<Table>

  @usableFromInline struct Table {
    /// The collection as of the last publication the table saw; `nil` until the first one is
    /// known and once the parent's state is gone.
    @usableFromInline var last: IdentifiedArray<ID, ChildState>?
    @usableFromInline var isParentGone = false
    @usableFromInline var links: [ID: Links] = [:]
    /// The parent store: once it is released no link can remain, and the table stops watching.
    @usableFromInline weak var parent: AnyObject?

    @usableFromInline init(parent: AnyObject) { self.parent = parent }
  }

  /// The live links of one element: almost always one, so no array for it.
  @usableFromInline enum Links {
    case one(Member)
    case many([Member])

    @inlinable var members: [Member] {
      switch self {
      case .one(let member): [member]
      case .many(let members): members
      }
    }
  }

  @usableFromInline struct Member {
    @usableFromInline unowned(unsafe) let link: any ElementStateHolder<ChildState>

    @usableFromInline init(link: any ElementStateHolder<ChildState>) { self.link = link }
  }

  /// Creates the table and starts watching `parent`'s publications.
  /// - Parameters:
  ///   - parent: The store whose state holds the collection.
  ///   - elements: The collection.
  @inlinable init<ParentAction: Sendable>(
    parent: Store<ParentState, ParentAction>,
    elements: any KeyPath<ParentState, IdentifiedArray<ID, ChildState>> & Sendable
  ) {
    self.elements = elements
    table = Locked(Table(parent: parent))
    let watcher: @Sendable (ParentState?) -> Bool = { [weak self] parentState in
      guard let self else { return false }
      return self.update(with: parentState)
    }
    parent.watchSpecialized(watcher) { watcher($0) }
    // After the watch is registered, so that no publication falls between the two; a
    // publication the watcher already saw is newer than this snapshot and wins.
    let snapshot = parent.currentStateIfAlive
    table.withLock { table in
      guard table.last == nil, !table.isParentGone else { return }
      if let snapshot { table.last = snapshot[keyPath: elements] } else { table.isParentGone = true }
    }
  }

  /// Makes a link for the element with `id` if it exists in `parent`'s current state, and
  /// registers it, atomically with respect to publications.
  /// - Parameters:
  ///   - id: The element's ID.
  ///   - parent: The store whose state holds the collection.
  ///   - makeLink: Makes the link from the element's current state.
  /// - Returns: The link, or `nil` when no element has that ID.
  @inlinable func link<ParentAction: Sendable, Link: ElementStateHolder<ChildState>>(
    id: ID, parent: Store<ParentState, ParentAction>, makeLink: (ChildState) -> Link
  ) -> Link? {
    table.withLock { table -> Link? in
      // Read under the lock: the watcher cannot run between this read and the registration,
      // and the snapshot is never older than the last publication it saw.
      guard !table.isParentGone, let initial = parent.currentStateIfAlive?[keyPath: elements][id: id] else {
        return nil
      }
      let link = makeLink(initial)
      let member = Member(link: link)
      switch table.links[id] {
      case nil: table.links[id] = .one(member)
      case .one(let other): table.links[id] = .many([other, member])
      case .many(var members):
        members.append(member)
        table.links[id] = .many(members)
      }
      return link
    }
  }

  /// Forgets a link; called from its deinit.
  /// - Parameters:
  ///   - id: The link's element ID.
  ///   - link: The link's identity.
  func unregister(id: ID, link: ObjectIdentifier) {
    table.withLock { table in
      guard let links = table.links[id] else { return }
      let rest = links.members.filter { ObjectIdentifier($0.link) != link }
      switch rest.count {
      case 0: table.links[id] = nil
      case 1: table.links[id] = .one(rest[0])
      default: table.links[id] = .many(rest)
      }
    }
  }

  /// The number of element stores alive through this table.
  var linkCount: Int { table.withLock { $0.links.values.reduce(0) { $0 + $1.members.count } } }

  /// Invalidates the links of the elements `parentState` no longer has; returns whether to keep
  /// watching.
  @inlinable func update(with parentState: ParentState?) -> Bool {
    // Projected outside the lock: the key path may be a computed property (user code).
    let projected = parentState?[keyPath: elements]
    return table.withLock { table in
      guard table.parent != nil || !table.links.isEmpty else { return false }
      guard let elements = projected else {
        for (id, links) in table.links {
          let final = table.last?[id: id]
          for member in links.members { member.link.invalidate(finalState: final) }
        }
        table.links = [:]
        table.last = nil
        table.isParentGone = true
        return false
      }
      if let last = table.last, !table.links.isEmpty {
        for id in elements.idsGone(comparedTo: last.ids, tracked: table.links) {
          let final = last[id: id]
          for member in table.links.removeValue(forKey: id)!.members { member.link.invalidate(finalState: final) }
        }
      }
      table.last = elements
      return true
    }
  }
}

/// A store link that an ``ElementScopeTable`` invalidates when its element is removed.
@usableFromInline protocol ElementStateHolder<State>: AnyObject, Sendable {
  associatedtype State: Sendable
  /// Marks the element as gone for good and records the state it had last; `nil` keeps the
  /// state the link last saw.
  func invalidate(finalState: State?)
}

/// Every ``ElementScopeTable`` of a store tree, by (store, collection key path).
@usableFromInline final class ElementScopes: Sendable {
  @usableFromInline struct Key: Hashable, @unchecked Sendable {
    // `elements` is only hashed and compared; it was a Sendable key path when it came in,
    // typed `AnyKeyPath` here so that tables of every collection share one dictionary.
    @usableFromInline let store: ObjectIdentifier
    @usableFromInline let elements: AnyKeyPath

    @usableFromInline init(store: ObjectIdentifier, elements: AnyKeyPath) {
      self.store = store
      self.elements = elements
    }
  }

  @usableFromInline struct Slot {
    @usableFromInline let table: AnyObject
    /// Which store the table belongs to, since a released store's address can be reused.
    @usableFromInline weak var store: AnyObject?

    @usableFromInline init(table: AnyObject, store: AnyObject) {
      self.table = table
      self.store = store
    }
  }

  // Guarded by its own lock; the tables inside are Sendable.
  @usableFromInline let slots = Locked<[Key: Slot]>([:])

  @usableFromInline init() {}

  /// The table of `elements` in `parent`, made on first use.
  /// - Parameters:
  ///   - parent: The store whose state holds the collection.
  ///   - elements: The collection.
  @inlinable func table<ParentState: Sendable, ParentAction: Sendable, ID: Hashable & Sendable, ChildState: Sendable>(
    in parent: Store<ParentState, ParentAction>,
    elements: any KeyPath<ParentState, IdentifiedArray<ID, ChildState>> & Sendable
  ) -> ElementScopeTable<ParentState, ID, ChildState> {
    let key = Key(store: ObjectIdentifier(parent), elements: elements as AnyKeyPath)
    if let slot = slots.withLock({ $0[key] }), slot.store === parent,
      let table = slot.table as? ElementScopeTable<ParentState, ID, ChildState>
    {
      return table
    }
    // Made outside the lock: the table registers a watcher with the parent's publisher.
    let made = ElementScopeTable(parent: parent, elements: elements)
    return slots.withLock { slots in
      if let slot = slots[key], slot.store === parent,
        let table = slot.table as? ElementScopeTable<ParentState, ID, ChildState>
      {
        return table
      }
      if slots.count >= 16 { slots = slots.filter { $0.value.store != nil } }
      slots[key] = Slot(table: made, store: parent)
      return made
    }
  }
}
