/// Carries a store's published states to the main actor, coalesced: a burst of publications
/// between two main-actor turns becomes one delivery of the newest state, and a delivery never
/// carries a state older than one delivered before it.
///
/// A state machine behind the package lock. The store's executor ``post(_:)``s each published
/// state (through `Store.watch`); the first post after a delivery schedules one flush on the
/// store tree's ``MainActorScheduler``; the flush takes whatever is newest. Posts arrive in
/// publication order (the store publishes on its serial executor), so "newest" is simply the
/// last one.
final class MainActorMailbox<State: Sendable>: Sendable {
  private enum Phase {
    /// Nothing waits; the next post schedules a flush.
    case idle
    /// A flush is scheduled and will take `pending`.
    case scheduled
    /// Closed by the receiver or ended by the store: posts are refused.
    case closed
  }

  private struct Slot {
    var phase = Phase.idle
    /// The newest state not delivered yet; `.some(nil)` when the store's state is gone.
    var pending: State??
  }

  private let slot = Locked(Slot())
  private let scheduler: any MainActorScheduler
  private let deliver: @MainActor @Sendable (State?) -> Void

  /// Creates a mailbox and starts watching `store`.
  /// - Parameters:
  ///   - store: The store whose publications to carry.
  ///   - deliver: Receives, on the main actor, the newest state, or `nil` once the store's state
  ///     is gone (the last delivery).
  init<Action>(watching store: Store<State, Action>, deliver: @escaping @MainActor @Sendable (State?) -> Void) {
    scheduler = store.executor.mainActorScheduler
    self.deliver = deliver
    store.watch { [weak self] state in self?.post(state) ?? false }
  }

  /// The first state the receiver shows, read synchronously on the main actor right after the
  /// mailbox started watching: a state already posted if there is one (it is newer than or equal
  /// to any read that came before its post), else `read()`. Every later delivery is newer.
  /// - Parameter read: Reads the store's current state; `nil` when it is gone.
  @MainActor func takeInitial(reading read: () -> State?) -> State? {
    let current = read()
    return slot.withLock { slot in
      guard let pending = slot.pending else { return current }
      slot.pending = nil
      return pending
    }
  }

  /// Called on the store's executor with each published state; returns whether to keep
  /// watching.
  private func post(_ state: State?) -> Bool {
    let schedulesFlush = slot.withLock { slot -> Bool? in
      switch slot.phase {
      case .closed:
        return nil
      case .scheduled:
        slot.pending = .some(state)
        return false
      case .idle:
        slot.pending = .some(state)
        slot.phase = .scheduled
        return true
      }
    }
    guard let schedulesFlush else { return false }
    if schedulesFlush { scheduler.schedule { [self] in flush() } }
    return state != nil
  }

  @MainActor private func flush() {
    let pending = slot.withLock { slot -> State?? in
      guard slot.phase == .scheduled else { return nil }
      defer { slot.pending = nil }
      if case .some(.none) = slot.pending { slot.phase = .closed } else { slot.phase = .idle }
      return slot.pending
    }
    guard let pending else { return }
    deliver(pending)
  }

  /// Stops deliveries: a scheduled flush does nothing and the watch ends at the next
  /// publication.
  func close() {
    slot.withLock { slot in
      slot.phase = .closed
      slot.pending = nil
    }
  }
}
