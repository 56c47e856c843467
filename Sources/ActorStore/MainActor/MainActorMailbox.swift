/// Carries a store's published states to the main actor, coalesced: a burst of publications
/// between two main-actor turns becomes one delivery of the newest state, and a delivery never
/// carries a state older than one delivered before it.
///
/// A state machine behind the package lock. The store's executor ``post(_:)``s each published
/// state (through `Store.watch`); the first post after a delivery schedules one flush on the
/// store tree's ``MainActorScheduler``; the flush takes whatever is newest. Posts arrive in
/// publication order (the store publishes on its serial executor), so "newest" is simply the
/// last one. A store that publishes on the main actor (``StoreExecutor/runsOnMainActor``) has
/// each post delivered at once, within the publication.
///
/// The store's watcher holds the mailbox; the mailbox holds its receiver weakly, through
/// `deliver`, which returns `false` once the receiver is gone: the watch then ends at the next
/// post, as it does at ``close()``. One weak reference per delivery, not two.
///
/// The receiver may also number some of its sends and have the store ``acknowledge(_:)`` each
/// once processed: a delivery carries the highest number acknowledged, and its state (or the
/// state delivered before it, when nothing newer was published) includes those sends.
@usableFromInline final class MainActorMailbox<State: Sendable>: Sendable {
  /// What a delivery brings.
  @usableFromInline enum Delivery {
    /// A newer state.
    case state(State)
    /// Nothing newer: only acknowledgements.
    case unchanged
    /// The store's state is gone; the last delivery.
    case gone
  }

  @usableFromInline enum Phase {
    /// Nothing waits; the next post schedules a flush.
    case idle
    /// A flush is scheduled and will take `pending`.
    case scheduled
    /// Closed by the receiver or ended by the store: posts are refused.
    case closed
  }

  @usableFromInline struct Slot {
    @usableFromInline var phase = Phase.idle
    /// The newest state not delivered yet; `.some(nil)` when the store's state is gone.
    @usableFromInline var pending: State??
    /// The highest send number acknowledged, and the highest delivered.
    @usableFromInline var acknowledged: UInt64 = 0
    @usableFromInline var deliveredAcknowledgement: UInt64 = 0

    @inlinable init() {}

    /// Marks a flush scheduled; returns whether one must be (none was).
    @inlinable mutating func scheduleFlush() -> Bool {
      guard phase == .idle else { return false }
      phase = .scheduled
      return true
    }
  }

  @usableFromInline let slot = Locked(Slot())
  @usableFromInline let scheduler: any MainActorScheduler
  @usableFromInline let deliver: @MainActor @Sendable (_ delivery: Delivery, _ acknowledged: UInt64) -> Bool
  /// `deliver`, its main-actor isolation cast away: called only where `MainActorCheck` has just
  /// found the main actor current (an inline delivery), so that the call needs no
  /// `MainActor.assumeIsolated` closure, which allocates (Docs/Stress-and-Benchmarks.md, "The
  /// main-actor send's allocations"). A global actor's isolation is not part of a function
  /// value's representation, so the cast changes the type only.
  @usableFromInline let deliverOnMainActor: @Sendable (_ delivery: Delivery, _ acknowledged: UInt64) -> Bool
  /// Whether the store publishes on the main actor (``StoreExecutor/runsOnMainActor``): posts
  /// made there are delivered within the publication, not on a later turn.
  @usableFromInline let deliversInline: Bool
  /// Ends the watch of an element store, whose watcher is only called when its element changes
  /// (see `Store.watch`); `nil` for other stores, whose watch ends at the next publication.
  @usableFromInline let unwatch = Locked<(@Sendable () -> Void)?>(nil)

  /// Creates a mailbox and starts watching `store`.
  /// - Parameters:
  ///   - store: The store whose publications to carry.
  ///   - deliver: Receives, on the main actor, the newest state (or that it is gone: the last
  ///     delivery), with the highest send number acknowledged so far; returns `false` when the
  ///     receiver is gone, which closes the mailbox.
  @inlinable init<Action>(
    watching store: Store<State, Action>,
    deliver: @escaping @MainActor @Sendable (_ delivery: Delivery, _ acknowledged: UInt64) -> Bool
  ) {
    scheduler = store.executor.mainActorScheduler
    deliversInline = store.runsOnMainActor
    self.deliver = deliver
    deliverOnMainActor = unsafeBitCast(
      deliver, to: (@Sendable (_ delivery: Delivery, _ acknowledged: UInt64) -> Bool).self)
    let unwatch = store.watch { [self] state in post(state) }
    if unwatch != nil { self.unwatch.withLock { $0 = unwatch } }
  }

  /// The first state the receiver shows, read synchronously on the main actor right after the
  /// mailbox started watching: a state already posted if there is one (it is newer than or equal
  /// to any read that came before its post), else `read()`. Every later delivery is newer.
  /// - Parameter read: Reads the store's current state; `nil` when it is gone.
  @inlinable @MainActor func takeInitial(reading read: () -> State?) -> State? {
    let current = read()
    return slot.withLock { slot in
      guard let pending = slot.pending else { return current }
      slot.pending = nil
      return pending
    }
  }

  /// Called on the store's executor with each published state; returns whether to keep
  /// watching.
  @inlinable func post(_ state: State?) -> Bool {
    // A main-actor store publishes on the main actor, except under a test driven off it, where
    // the flush below waits for a drive on the main actor.
    if deliversInline && MainActorCheck.isOnMainActor { return deliverInline(state) }
    let schedulesFlush = slot.withLock { slot -> Bool? in
      guard slot.phase != .closed else { return nil }
      slot.pending = .some(state)
      return slot.scheduleFlush()
    }
    guard let schedulesFlush else { return false }
    if schedulesFlush { scheduler.schedule { [self] in flush() } }
    return state != nil
  }

  /// Records, on the store's executor once the send numbered `number` has been processed (and
  /// its state posted), that the next delivery includes it.
  @inlinable func acknowledge(_ number: UInt64) {
    let schedulesFlush = slot.withLock { slot -> Bool in
      guard slot.phase != .closed else { return false }
      slot.acknowledged = max(slot.acknowledged, number)
      return slot.scheduleFlush()
    }
    if schedulesFlush { scheduler.schedule { [self] in flush() } }
  }

  /// Delivers a publication made on the main actor within it. A flush still scheduled (for a
  /// post made off the main actor) then finds nothing newer to deliver.
  @inlinable func deliverInline(_ state: State?) -> Bool {
    let acknowledged = slot.withLock { slot -> UInt64? in
      guard slot.phase != .closed else { return nil }
      slot.pending = nil
      if state == nil { slot.phase = .closed }
      slot.deliveredAcknowledgement = slot.acknowledged
      return slot.acknowledged
    }
    guard let acknowledged else { return false }
    guard deliverOnMainActor(state.map(Delivery.state) ?? .gone, acknowledged) else {
      close()
      return false
    }
    return state != nil
  }

  @inlinable @MainActor func flush() {
    let taken = slot.withLock { slot -> (Delivery, UInt64)? in
      guard slot.phase == .scheduled else { return nil }
      let pending = slot.pending
      slot.pending = nil
      let delivery: Delivery
      switch pending {
      case .some(.some(let state)): delivery = .state(state)
      case .some(.none): delivery = .gone
      case .none:
        guard slot.acknowledged > slot.deliveredAcknowledgement else {
          slot.phase = .idle
          return nil
        }
        delivery = .unchanged
      }
      if case .gone = delivery { slot.phase = .closed } else { slot.phase = .idle }
      slot.deliveredAcknowledgement = slot.acknowledged
      return (delivery, slot.acknowledged)
    }
    guard let (delivery, acknowledged) = taken else { return }
    if !deliver(delivery, acknowledged) { close() }
  }

  /// Stops deliveries: a scheduled flush does nothing and the watch ends (at once for an element
  /// store, else at the next publication).
  @usableFromInline func close() {
    slot.withLock { slot in
      slot.phase = .closed
      slot.pending = nil
    }
    unwatch.withLock { $0.take() }?()
  }
}
