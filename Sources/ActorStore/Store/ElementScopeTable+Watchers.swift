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
  @usableFromInline func watch(id: ID, _ onChange: @escaping @Sendable (ChildState?) -> Bool) {
    table.withLock { table in
      table.lastWatcherToken += 1
      table.watcherTotal += 1
      table.watchers[id, default: TinyArray()].append(ElementWatcher(token: table.lastWatcherToken, onChange: onChange))
    }
    watcherCount.add(1, ordering: .relaxed)
  }

  /// Calls the watchers of the elements that may differ between `current` and `previous` (every
  /// watcher when the IDs changed, with `nil` for an element gone, or when the parent's state is
  /// gone), outside the table's lock: a watcher runs the app's observers, which may scope stores
  /// from this table.
  ///
  /// A watcher whose owner is gone (a host's mailbox closed when the cell was unbound) is only
  /// dropped when it is next called, which an unchanged element never is; so once the watchers
  /// have doubled since the last sweep, a publication calls every watcher with its element's
  /// state (a state they already have, which their owners compare and ignore) and drops those
  /// that end: amortized O(1) per watcher, and at most twice as many watchers as live ones plus
  /// those registered since the last publication.
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
      guard let current else {
        for (id, watchers) in table.watchers { for watcher in watchers { due.append((id, watcher, nil)) } }
        return due
      }
      let sweeps = table.watcherTotal >= Swift.max(32, 2 * table.watchersAtLastSweep)
      if sweeps { table.watchersAtLastSweep = table.watcherTotal }
      guard !notifiesAll, !sweeps, let previous, current.hasIdenticalIDs(to: previous) else {
        for (id, watchers) in table.watchers {
          let state = current[id: id]
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
    guard !ended.isEmpty else { return }
    let removed = table.withLock { table in
      let before = table.watcherTotal
      for (id, token) in ended {
        guard var watchers = table.watchers[id] else { continue }
        let count = watchers.count
        watchers.removeAll { $0.token == token }
        table.watcherTotal -= count - watchers.count
        table.watchers[id] = watchers.isEmpty ? nil : watchers
      }
      table.watchersAtLastSweep = Swift.min(table.watchersAtLastSweep, table.watcherTotal)
      return before - table.watcherTotal
    }
    watcherCount.subtract(removed, ordering: .relaxed)
  }

  /// Whether any element is watched: one relaxed atomic load, so that a publication of a
  /// collection nobody watches element by element takes no lock for it.
  @inlinable var hasWatchers: Bool { watcherCount.load(ordering: .relaxed) > 0 }
}
