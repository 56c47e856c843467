/// The root store's published state: the snapshot behind ``Store/currentState`` and the
/// observers behind ``Store/observe(_:)``.
///
/// The store publishes once per batch (a `send` and every action it produced), so a chain of
/// synchronous actions costs one publication and readers never see a half-processed chain.
/// Publishing shares storage with the live state; the next mutation copies only what it
/// touches (`IdentifiedArray` keeps elements in chunks, so editing one row of a long list copies
/// one chunk). Observers are notified outside the lock, in registration order.
@usableFromInline final class StatePublisher<State: Sendable>: Sendable {
  @usableFromInline struct Storage {
    @usableFromInline var snapshot: State
    @usableFromInline var observers: [Int: any StateObserver<State>] = [:]
    /// Observer IDs in registration order (removed ones are skipped, and dropped in bulk), so
    /// that notifications, and the jobs they wake, do not depend on hash order.
    @usableFromInline var order: [Int] = []
    var nextObserverID = 0
    var isFinished = false

    init(snapshot: State) { self.snapshot = snapshot }

    mutating func add(_ observer: any StateObserver<State>) -> Int {
      let id = nextObserverID
      nextObserverID += 1
      observers[id] = observer
      order.append(id)
      return id
    }

    mutating func remove(_ id: Int) {
      guard observers.removeValue(forKey: id) != nil else { return }
      if order.count > 32, order.count > 2 * observers.count {
        order.removeAll { observers[$0] == nil }
      }
    }

    /// The live observers in registration order.
    @usableFromInline var orderedObservers: [(id: Int, observer: any StateObserver<State>)] {
      order.compactMap { id in observers[id].map { (id, $0) } }
    }
  }

  /// Observers to notify after a batch, with the state they see.
  @usableFromInline struct Notification {
    @usableFromInline let observers: [(id: Int, observer: any StateObserver<State>)]
    @usableFromInline let state: State

    @inlinable init(observers: [(id: Int, observer: any StateObserver<State>)], state: State) {
      self.observers = observers
      self.state = state
    }
  }

  @usableFromInline let storage: Locked<Storage>

  init(_ initial: State) { storage = Locked(Storage(snapshot: initial)) }

  /// The state as of the last batch.
  var snapshot: State { storage.withLock { $0.snapshot } }

  /// The number of observers notified per publication.
  var observerCount: Int { storage.withLock { $0.observers.count } }

  /// Stores the state of a batch and lets every observer see it (outside the lock). Called only
  /// on the store's executor.
  @inlinable
  func publish(_ state: State) {
    let notification = storage.withLock { storage -> Notification? in
      storage.snapshot = state
      return storage.observers.isEmpty ? nil : Notification(observers: storage.orderedObservers, state: state)
    }
    if let notification { notify(notification) }
  }

  /// Lets every observer see the state of a batch; called outside the lock.
  @usableFromInline
  func notify(_ notification: Notification) {
    var ended: [Int] = []
    for (id, observer) in notification.observers where !observer.receive(notification.state) { ended.append(id) }
    if !ended.isEmpty {
      storage.withLock { storage in for id in ended { storage.remove(id) } }
    }
  }

  /// A stream of `extract(state)`: the current value first, then each distinct change; it
  /// finishes when `extract` returns `nil` (the observed state is gone), its owner is released,
  /// or the store is released.
  func stream<Value: Equatable & Sendable>(
    _ extract: @escaping @Sendable (State) -> Value?, owner: AnyObject?
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let id = storage.withLock { storage -> Int? in
      guard !storage.isFinished, let initial = extract(storage.snapshot) else { return nil }
      continuation.yield(initial)
      return storage.add(ValueObserver(extract: extract, last: initial, continuation: continuation, owner: owner))
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      self?.storage.withLock { $0.remove(id) }
    }
    return stream
  }

  /// Calls `onChange` with each published state, on the store's executor, while it returns
  /// `true`.
  func watch(_ onChange: @escaping @Sendable (State) -> Bool) {
    storage.withLock { storage in
      guard !storage.isFinished else { return }
      _ = storage.add(ClosureObserver(onChange: onChange))
    }
  }

  /// Finishes every stream; called when the store is released.
  func finishAll() {
    let observers = storage.withLock { storage in
      storage.isFinished = true
      defer {
        storage.observers = [:]
        storage.order = []
      }
      return storage.orderedObservers
    }
    for (_, observer) in observers { observer.finish() }
  }
}

/// One ``StatePublisher`` subscription.
@usableFromInline protocol StateObserver<State>: Sendable {
  associatedtype State
  /// Sees a new state; returns `false` once the observation has ended.
  func receive(_ state: State) -> Bool
  func finish()
}

/// Yields `extract(state)` whenever it differs from the last value yielded; finishes once the
/// extracted state is gone or its owner (a scoped store) was released.
final class ValueObserver<State, Value: Equatable & Sendable>: StateObserver, @unchecked Sendable {
  // `last` is set at registration under the publisher's mutex, then read and written only by
  // `receive`, which the store's serial executor calls after taking the observer list under
  // that same mutex: every access is ordered by it.
  private var last: Value
  private let extract: @Sendable (State) -> Value?
  private let continuation: AsyncStream<Value>.Continuation
  private let hasOwner: Bool
  private weak var owner: AnyObject?

  init(
    extract: @escaping @Sendable (State) -> Value?, last: Value, continuation: AsyncStream<Value>.Continuation,
    owner: AnyObject?
  ) {
    self.extract = extract
    self.last = last
    self.continuation = continuation
    hasOwner = owner != nil
    self.owner = owner
  }

  func receive(_ state: State) -> Bool {
    guard !hasOwner || owner != nil, let value = extract(state) else {
      continuation.finish()
      return false
    }
    if value != last {
      last = value
      if case .terminated = continuation.yield(value) { return false }
    }
    return true
  }

  func finish() { continuation.finish() }
}

/// Calls a closure with each published state.
struct ClosureObserver<State>: StateObserver {
  let onChange: @Sendable (State) -> Bool

  func receive(_ state: State) -> Bool { onChange(state) }
  func finish() {}
}
