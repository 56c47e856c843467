import Synchronization

/// The element stores scoped from one collection of one store, all watched by one observer.
///
/// One table per (store, collection key path), shared by every `scope(id:in:action:)` store on
/// that collection, so a publication costs one check however many element stores are alive
/// (O(1) when the collection's IDs did not change). When a publication shows an element gone,
/// the table invalidates its stores with the state the element had in the previous publication:
/// a removed element's store keeps exactly the last state it had, parent edits and its own sends
/// included. The publisher hands each observer the state it replaced, so the table keeps no copy
/// of the collection. (A ``ChildStoreRegistry`` uses the table for its key path and its ID
/// comparison: it invalidates its own stores the same way, from its own books, and hands the
/// table only the stores it evicts while someone else still holds them.)
///
/// Lock order: this table's lock, then the parent's publisher lock; a store link's own lock is a
/// leaf. The table holds its links strongly until their store is released: a scoped store's
/// deinit unregisters its link (`ScopedStoreLink.storeReleased()`), and the store holds the link
/// until then, so the table never releases a link's last reference under its lock.
///
/// The per-publication path is inlinable: created where the store's types are concrete, it runs
/// specialized, without the generic metadata lookups that made one observer cost ten sends.
@usableFromInline final class ElementScopeTable<ParentState: Sendable, ID: Hashable & Sendable, ChildState: Sendable>: Sendable {
  @usableFromInline let elements: any KeyPath<ParentState, IdentifiedArray<ID, ChildState>> & Sendable
  @usableFromInline let table: Locked<Table>
  /// The number of element watchers registered (see `ElementScopeTable+Watchers.swift`).
  @usableFromInline let watcherCount = Atomic<Int>(0)
  /// The shared values of the store tree's state: while it holds any, an element may change
  /// through a `Shared` it holds without its stored representation changing, so every watcher
  /// hears of every publication.
  @usableFromInline let sharing: SharedHoldings

  @usableFromInline struct Table {
    @usableFromInline var links: [ID: TinyArray<Member>] = [:]
    /// Stores a ``ChildStoreRegistry`` evicted while someone else still held them, by element
    /// ID: invalidated like `links` when their element goes. Held weakly, since nothing
    /// unregisters them (their stores were made unregistered); released ones are pruned.
    @usableFromInline var adopted: [ID: [AdoptedLink]] = [:]
    /// The references in `adopted`, and their number after the last prune, to prune at
    /// amortized O(1).
    @usableFromInline var adoptedCount = 0
    @usableFromInline var adoptedAtLastPrune = 0
    /// The watchers of single elements, by element ID, and the last token handed out.
    @usableFromInline var watchers: [ID: TinyArray<ElementWatcher>] = [:]
    @usableFromInline var lastWatcherToken: UInt64 = 0
    /// The parent store: once it is released no link can remain, and the table stops watching.
    let parent: ElementScopes.ParentReference

    @usableFromInline init(parent: ElementScopes.ParentReference) { self.parent = parent }

    /// Whether the table may still be needed: its parent is alive, or links remain.
    @usableFromInline var isInUse: Bool { parent.isAlive || !links.isEmpty || !adopted.isEmpty || !watchers.isEmpty }

    /// Drops the adopted references whose link was released.
    /// - Parameter loaded: Receives the links still alive: loading a weak reference makes a
    ///   strong one, and the caller releases them after unlocking, so that no link's deinit
    ///   runs under this table's lock.
    @usableFromInline mutating func pruneAdopted(loaded: inout [any ElementStateHolder<ChildState>]) {
      var count = 0
      adopted = adopted.compactMapValues { references in
        let alive = references.filter { reference in
          guard let link = reference.link else { return false }
          loaded.append(link)
          return true
        }
        count += alive.count
        return alive.isEmpty ? nil : alive
      }
      adoptedCount = count
      adoptedAtLastPrune = count
    }
  }

  /// A weak reference to the link of a store a registry evicted.
  @usableFromInline struct AdoptedLink {
    @usableFromInline weak var link: (any ElementStateHolder<ChildState>)?

    @usableFromInline init(link: any ElementStateHolder<ChildState>) { self.link = link }
  }

  /// A live link of an element, until its store is released.
  @usableFromInline struct Member {
    @usableFromInline let link: any ElementStateHolder<ChildState>

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
    table = Locked(Table(parent: ElementScopes.ParentReference(parent)))
    sharing = parent.sharing
    // Strong: the parent's store tree keeps its tables anyway (in `ElementScopes`), and a weak
    // load per publication would cost more than the rest of an unchanged publication. The
    // table lets go once its parent's state is gone, or its parent is released with no link
    // left.
    parent.watchTransitions { current, previous in
      let keepsWatching = self.update(current: current, previous: previous)
      if self.hasWatchers {
        self.notifyWatchers(current: current?[keyPath: self.elements], previous: previous?[keyPath: self.elements])
      }
      return keepsWatching
    } onPublication: { current, previous in
      let keepsWatching =
        self.idsAreUnchanged(from: previous, to: current)
        || self.update(current: current.pointee, previous: previous.pointee)
      if self.hasWatchers { self.notifyWatchers(current: self.collection(in: current), previous: self.collection(in: previous)) }
      return keepsWatching
    }
  }

  /// Whether two states of the parent, borrowed in place, hold the same IDs in the same order:
  /// O(1), and without copying the collection when it is a stored property.
  /// - Parameters:
  ///   - previous: The parent's state at one publication.
  ///   - current: The parent's state at a later one.
  @inlinable func idsAreUnchanged(
    from previous: UnsafePointer<ParentState>, to current: UnsafePointer<ParentState>
  ) -> Bool {
    // In place when `elements` is a stored property (`pointer(to:)` is `nil` for a computed one).
    guard let current = current.pointer(to: elements), let previous = previous.pointer(to: elements) else {
      return current.pointee[keyPath: elements].hasIdenticalIDs(to: previous.pointee[keyPath: elements])
    }
    return current.pointee.hasIdenticalIDs(to: previous.pointee)
  }

  /// The collection in a state of the parent's, read in place when it is a stored property.
  @inlinable func collection(in state: UnsafePointer<ParentState>) -> IdentifiedArray<ID, ChildState> {
    guard let collection = state.pointer(to: elements) else { return state.pointee[keyPath: elements] }
    return collection.pointee
  }

  /// The element with `id` in `parent`'s published state, or `nil` once the parent's state is
  /// gone. When `parent` is a root store and the collection a stored property, only what a
  /// lookup by ID reads is copied out of the snapshot (two buffers), not the whole state nor the
  /// whole collection; the lookup, which hashes the app's ID, runs outside the publisher's lock
  /// either way.
  /// - Parameters:
  ///   - id: The element's ID.
  ///   - parent: The store whose state holds the collection.
  /// - Returns: The element, or `nil` when no element has that ID or the parent's state is gone.
  @inlinable func element<ParentAction: Sendable>(_ id: ID, in parent: Store<ParentState, ParentAction>) -> ChildState? {
    let elements = self.elements
    if case .root(let engine) = parent.core,
      let lookup = engine.publisher.withSnapshot({ $0.pointer(to: elements)?.pointee.lookupByID })
    {
      return lookup[id]
    }
    // Projected outside the publisher's lock: the key path may be a computed property.
    return parent.currentStateIfAlive?[keyPath: elements][id: id]
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
      guard let initial = element(id, in: parent) else {
        return nil
      }
      let link = makeLink(initial)
      let member = Member(link: link)
      table.links[id, default: TinyArray()].append(member)
      return link
    }
  }

  /// Takes over the invalidation of `link`, the link of a store that a ``ChildStoreRegistry``
  /// evicted while someone else still holds it, if its element still exists in `parent`'s
  /// published state; atomically with respect to publications, as ``link(id:parent:makeLink:)``.
  /// - Parameters:
  ///   - link: The store's link.
  ///   - id: Its element's ID.
  ///   - parent: The store whose state holds the collection.
  /// - Returns: `false` when the element is already gone from the published state: a watcher
  ///   of that publication (the registry's) still has to invalidate the store.
  @inlinable func adopt<ParentAction: Sendable>(
    _ link: any ElementStateHolder<ChildState>, id: ID, in parent: Store<ParentState, ParentAction>
  ) -> Bool {
    var loaded: [any ElementStateHolder<ChildState>] = []
    return table.withLock { table in
      guard element(id, in: parent) != nil else { return false }
      table.adopted[id, default: []].append(AdoptedLink(link: link))
      table.adoptedCount += 1
      if table.adoptedCount >= max(32, 2 * table.adoptedAtLastPrune) { table.pruneAdopted(loaded: &loaded) }
      return true
    }
  }

  /// Forgets a link; called when its store is released.
  /// - Parameters:
  ///   - id: The link's element ID.
  ///   - link: The link's identity.
  func unregister(id: ID, link: ObjectIdentifier) {
    table.withLock { table in
      guard let links = table.links[id] else { return }
      var rest = links
      rest.removeAll { ObjectIdentifier($0.link) == link }
      table.links[id] = rest.isEmpty ? nil : rest
    }
  }

  /// The number of element stores alive through this table.
  var linkCount: Int { table.withLock { $0.links.values.reduce(0) { $0 + $1.count } } }

  /// Invalidates the links of the elements `current` no longer has, with the state each had in
  /// `previous`; returns whether to keep watching.
  /// - Parameters:
  ///   - current: The parent's state now, or `nil` once it is gone.
  ///   - previous: The parent's state at the publication before, if it had one.
  @inlinable func update(current: ParentState?, previous: ParentState?) -> Bool {
    // Projected outside the lock: the key path may be a computed property (user code).
    let elements = current?[keyPath: self.elements]
    let previousElements = previous?[keyPath: self.elements]
    // The adopted links loaded under the lock, released after it (see `pruneAdopted`).
    var loaded: [any ElementStateHolder<ChildState>] = []
    return table.withLock { table in
      guard table.isInUse else { return false }
      guard let elements else {
        for (id, links) in table.links {
          let final = previousElements?[id: id]
          for member in links { member.link.invalidate(finalState: final) }
        }
        for (id, references) in table.adopted {
          let final = previousElements?[id: id]
          for reference in references {
            guard let link = reference.link else { continue }
            link.invalidate(finalState: final)
            loaded.append(link)
          }
        }
        table.links = [:]
        table.adopted = [:]
        table.adoptedCount = 0
        return false
      }
      if let previousElements, !table.links.isEmpty {
        for id in elements.idsGone(comparedTo: previousElements.ids, tracked: table.links) {
          let final = previousElements[id: id]
          for member in table.links.removeValue(forKey: id)! { member.link.invalidate(finalState: final) }
        }
      }
      if let previousElements, !table.adopted.isEmpty {
        for id in elements.idsGone(comparedTo: previousElements.ids, tracked: table.adopted) {
          let final = previousElements[id: id]
          let references = table.adopted.removeValue(forKey: id)!
          table.adoptedCount -= references.count
          for reference in references {
            guard let link = reference.link else { continue }
            link.invalidate(finalState: final)
            loaded.append(link)
          }
        }
      }
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
    // No lock needed: immutable, and `elements` is only hashed and compared (under the
    // `slots` lock); it was a Sendable key path when it came in, typed `AnyKeyPath` here so that
    // tables of every collection share one dictionary.
    @usableFromInline let store: ObjectIdentifier
    @usableFromInline let elements: AnyKeyPath

    @usableFromInline init(store: ObjectIdentifier, elements: AnyKeyPath) {
      self.store = store
      self.elements = elements
    }
  }

  /// The store a table belongs to. A scoped store is held weakly: it may be released while its
  /// tree lives on, and its address reused. The tree's root is not held at all: it outlives every
  /// store scoped from it (they hold it), so no other store of the tree can take its address, its
  /// release drops every watcher anyway, and a weak reference would give it a side table, so that
  /// every retain of it (one per element store made) would take the runtime's slow path.
  @usableFromInline struct ParentReference {
    weak var scoped: AnyObject?
    let isRoot: Bool

    @usableFromInline init<State, Action>(_ store: Store<State, Action>) {
      switch store.core {
      case .root: isRoot = true
      case .scoped:
        isRoot = false
        scoped = store
      }
    }

    /// Whether this refers to `store`, whose identifier keys the table's slot.
    @usableFromInline func refers(to store: AnyObject) -> Bool { isRoot || scoped === store }

    /// Whether the store may still be in use: the root, or a scoped store not yet released.
    @usableFromInline var isAlive: Bool { isRoot || scoped != nil }
  }

  @usableFromInline struct Slot {
    @usableFromInline let table: AnyObject
    /// Which store the table belongs to, since a released store's address can be reused.
    @usableFromInline let store: ParentReference

    @usableFromInline init(table: AnyObject, store: ParentReference) {
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
    if let slot = slots.withLock({ $0[key] }), slot.store.refers(to: parent),
      let table = slot.table as? ElementScopeTable<ParentState, ID, ChildState>
    {
      return table
    }
    // Made outside the lock: the table registers a watcher with the parent's publisher.
    let made = ElementScopeTable(parent: parent, elements: elements)
    return slots.withLock { slots in
      if let slot = slots[key], slot.store.refers(to: parent),
        let table = slot.table as? ElementScopeTable<ParentState, ID, ChildState>
      {
        return table
      }
      if slots.count >= 16 { slots = slots.filter { $0.value.store.isAlive } }
      slots[key] = Slot(table: made, store: ParentReference(parent))
      return made
    }
  }
}
