import Synchronization

/// The root store's published state: the snapshot behind ``Store/currentState`` and the
/// observers behind ``Store/observe(_:)``.
///
/// The store publishes once per processed `send` (not per action), so a chain of synchronous
/// actions costs one publication.
@usableFromInline final class StatePublisher<State: Sendable>: Sendable {
  @usableFromInline struct Storage {
    @usableFromInline var snapshot: State
    @usableFromInline var observers: [Int: any StateObserver<State>] = [:]
    var nextObserverID = 0
    var isFinished = false

    init(snapshot: State) { self.snapshot = snapshot }
  }

  @usableFromInline let storage: Mutex<Storage>

  init(_ initial: State) { storage = Mutex(Storage(snapshot: initial)) }

  var snapshot: State { storage.withLock { $0.snapshot } }

  /// Stores `state` and lets every observer see it. Called only from the store's executor.
  @inlinable
  func publish(_ state: State) {
    let observers = storage.withLock { storage -> [Int: any StateObserver<State>] in
      storage.snapshot = state
      return storage.observers
    }
    if !observers.isEmpty { notify(observers, of: state) }
  }

  @usableFromInline
  func notify(_ observers: [Int: any StateObserver<State>], of state: State) {
    var ended: [Int] = []
    for (id, observer) in observers where !observer.receive(state) { ended.append(id) }
    if !ended.isEmpty {
      storage.withLock { storage in for id in ended { storage.observers[id] = nil } }
    }
  }

  /// A stream of `extract(state)`: the current value first, then each distinct change; it
  /// finishes when `extract` returns `nil` (the observed state is gone) or the store is released.
  func stream<Value: Equatable & Sendable>(
    _ extract: @escaping @Sendable (State) -> Value?, owner: AnyObject?
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let id = storage.withLock { storage -> Int? in
      guard !storage.isFinished, let initial = extract(storage.snapshot) else { return nil }
      continuation.yield(initial)
      let id = storage.nextObserverID
      storage.nextObserverID += 1
      storage.observers[id] = ValueObserver(
        extract: extract, last: initial, continuation: continuation, owner: owner)
      return id
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.storage.withLock { $0.observers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Calls `onChange` with each published state, on the store's executor, while it returns
  /// `true`.
  func watch(_ onChange: @escaping @Sendable (State) -> Bool) {
    storage.withLock { storage in
      guard !storage.isFinished else { return }
      storage.observers[storage.nextObserverID] = ClosureObserver(onChange: onChange)
      storage.nextObserverID += 1
    }
  }

  /// Finishes every stream; called when the store is released.
  func finishAll() {
    let observers = storage.withLock { storage in
      storage.isFinished = true
      defer { storage.observers = [:] }
      return storage.observers
    }
    for observer in observers.values { observer.finish() }
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
