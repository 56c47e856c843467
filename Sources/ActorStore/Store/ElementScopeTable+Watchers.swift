import Synchronization

// Per-element watchers: an element store's `watch` (its `ObservableStore`'s or a main-actor
// host's mailbox) registers here, with its element's ID, rather than with the parent's publisher,
// so that a publication calls the watchers of the elements it changed, not one watcher per
// element store.

extension ElementScopeTable {
  /// A watcher of one element: called after a publication that may have changed the element,
  /// with its state now (`nil` once it is gone); dropped when it returns `false`.
  @usableFromInline struct ElementWatcher: Sendable {
    @usableFromInline let token: UInt64
    @usableFromInline let onChange: @Sendable (ChildState?) -> Bool

    @inlinable init(token: UInt64, onChange: @escaping @Sendable (ChildState?) -> Bool) {
      self.token = token
      self.onChange = onChange
    }
  }

  /// Registers `onChange` for the element with `id` (see ``ElementWatcher``).
  /// - Parameters:
  ///   - id: The element's ID.
  ///   - onChange: Called on the parent's executor after each publication that may have changed
  ///     the element; returns whether to keep watching.
  /// - Returns: Unregisters the watcher: its owner calls it when it goes away, since a watcher
  ///   whose element never changes is never called, and would otherwise stay.
  @usableFromInline func watch(
    id: ID, _ onChange: @escaping @Sendable (ChildState?) -> Bool
  ) -> @Sendable () -> Void {
    let token = table.withLock { table in
      table.lastWatcherToken += 1
      table.watchers[id, default: TinyArray()].append(ElementWatcher(token: table.lastWatcherToken, onChange: onChange))
      return table.lastWatcherToken
    }
    watcherCount.add(1, ordering: .relaxed)
    return { self.remove([(id, token)]) }
  }

  /// Removes the watchers `ended` names, those still registered.
  @usableFromInline func remove(_ ended: [(id: ID, token: UInt64)]) {
    let removed = table.withLock { table in
      var removed = 0
      for (id, token) in ended {
        guard var watchers = table.watchers[id] else { continue }
        let count = watchers.count
        watchers.removeAll { $0.token == token }
        removed += count - watchers.count
        table.watchers[id] = watchers.isEmpty ? nil : watchers
      }
      return removed
    }
    watcherCount.subtract(removed, ordering: .relaxed)
  }

  /// Calls the watchers of the elements that may differ between `current` and `previous` (every
  /// watcher when the IDs changed, with `nil` for an element gone, or when the parent's state is
  /// gone), outside the table's lock: a watcher runs the app's observers, which may scope stores
  /// from this table.
  /// - Parameters:
  ///   - current: The collection now, `nil` once the parent's state is gone.
  ///   - previous: The collection at the publication before, if any.
  @inlinable func notifyWatchers(
    current: IdentifiedArray<ID, ChildState>?, previous: IdentifiedArray<ID, ChildState>?
  ) {
    let notifiesAll = sharing.holdsShared
    let due = table.withLock { table -> [(id: ID, watcher: ElementWatcher, state: ChildState?)] in
      var due: [(id: ID, watcher: ElementWatcher, state: ChildState?)] = []
      guard !table.watchers.isEmpty else { return due }
      guard !notifiesAll, let current, let previous, current.hasIdenticalIDs(to: previous) else {
        for (id, watchers) in table.watchers {
          let state = current?[id: id]
          for watcher in watchers { due.append((id, watcher, state)) }
        }
        return due
      }
      current.forEachElementPossiblyChanged(from: previous) { id, state in
        guard let watchers = table.watchers[id] else { return }
        for watcher in watchers { due.append((id, watcher, state)) }
      }
      return due
    }
    guard !due.isEmpty else { return }
    var ended: [(id: ID, token: UInt64)] = []
    for (id, watcher, state) in due where !watcher.onChange(state) { ended.append((id, watcher.token)) }
    if !ended.isEmpty { remove(ended) }
  }

  /// Whether any element is watched: one relaxed atomic load, so that a publication of a
  /// collection nobody watches element by element takes no lock for it.
  @inlinable var hasWatchers: Bool { watcherCount.load(ordering: .relaxed) > 0 }
}
