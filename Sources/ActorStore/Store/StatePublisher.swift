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
    /// The observers in registration order, so that notifications, and the jobs they wake, do
    /// not depend on hash order. Closures, not protocol existentials: a closure made where the
    /// state's type is concrete runs specialized, while a generic type's witness would not.
    @usableFromInline var observers: [Observer] = []
    /// Observers that ended since the last publication, dropped from `observers` in one pass.
    @usableFromInline var ended: Set<Int> = []
    var nextObserverID = 0
    var isFinished = false
    /// The publications so far: a stream reads the snapshot, projects it outside the lock and
    /// registers only if no publication came in between.
    @usableFromInline var publications: UInt64 = 0

    init(snapshot: State) { self.snapshot = snapshot }

    mutating func add(_ receive: @escaping Observer.Receive, finish: (@Sendable () -> Void)? = nil) -> Int {
      let id = nextObserverID
      nextObserverID += 1
      observers.append(Observer(id: id, receive: receive, finish: finish))
      return id
    }

    /// The live observers, after dropping the ones that ended.
    @inlinable mutating func liveObservers() -> [Observer] {
      if !ended.isEmpty {
        observers.removeAll { ended.contains($0.id) }
        ended.removeAll()
      }
      return observers
    }

    /// The number of live observers.
    var liveCount: Int { observers.count { !ended.contains($0.id) } }
  }

  /// One subscription: what it does with each published state and the one before it (returning
  /// `false` once it has ended) and how it finishes when the store is released.
  @usableFromInline struct Observer: Sendable {
    /// Receives the state of a publication and the state it replaced, borrowed for the call:
    /// an observer that needs less than the whole state (an element table compares one
    /// collection's IDs) reads it in place, without a copy of the state.
    @usableFromInline typealias Receive =
      @Sendable (_ current: UnsafePointer<State>, _ previous: UnsafePointer<State>) -> Bool

    @usableFromInline let id: Int
    @usableFromInline let receive: Receive
    let finish: (@Sendable () -> Void)?
  }

  @usableFromInline let storage: Locked<Storage>

  init(_ initial: State) { storage = Locked(Storage(snapshot: initial)) }

  /// The state as of the last batch.
  var snapshot: State { storage.withLock { $0.snapshot } }

  /// Runs `body` with the snapshot, borrowed under the lock: copies out a part of a large state
  /// (one list of it) without copying the rest. `body` runs under the publisher's lock: keep it
  /// to reading memory, never the app's code (a hash, a key path) or a store call.
  /// - Parameter body: Reads from the snapshot.
  /// - Returns: What `body` returns.
  @inlinable func withSnapshot<Result: Sendable>(_ body: (UnsafePointer<State>) -> Result) -> Result {
    storage.withLock { storage in withUnsafePointer(to: &storage.snapshot) { body($0) } }
  }

  /// The number of observers notified per publication.
  var observerCount: Int { storage.withLock { $0.liveCount } }

  /// Stores the state of a batch and lets every observer see it, with the state it replaces
  /// (outside the lock). Called only on the store's executor.
  ///
  /// A publication costs one copy of the state, the snapshot's: observers borrow the live
  /// state, which only this executor writes, and the replaced snapshot is swapped out, not
  /// copied, living until the observers have seen it, so that an observer comparing the two (an
  /// element table looking for removed elements) needs no copy at all.
  /// - Parameter live: The store's state after the batch.
  @inlinable
  func publish(from live: inout State) {
    var state = live
    let observers = storage.withLock { storage -> [Observer] in
      swap(&storage.snapshot, &state)
      storage.publications &+= 1
      return storage.observers.isEmpty ? [] : storage.liveObservers()
    }
    // `state` is now the replaced snapshot.
    if !observers.isEmpty {
      withUnsafePointer(to: &live) { live in
        withUnsafePointer(to: &state) { previous in notify(observers, of: live, previous: previous) }
      }
    }
  }

  /// Lets every observer see the state of a batch; called outside the lock. Inlinable, like
  /// `publish`, so that it runs specialized for the feature: unspecialized, walking the
  /// observers costs generic metadata lookups on every publication.
  @inlinable
  func notify(_ observers: [Observer], of state: UnsafePointer<State>, previous: UnsafePointer<State>) {
    var ended: [Int] = []
    for observer in observers where !observer.receive(state, previous) { ended.append(observer.id) }
    if !ended.isEmpty {
      storage.withLock { $0.ended.formUnion(ended) }
    }
  }

  /// A stream of `extract(state)`: the current value first, then each distinct change; it
  /// finishes when `extract` returns `nil` (the observed state is gone), its owner is released,
  /// or the store is released.
  func stream<Value: Equatable & Sendable>(
    _ extract: @escaping @Sendable (State) -> Value?, owner: AnyObject?
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    // `extract` is the app's code (a key path, a scope's closure): it runs outside the lock, on
    // a copy of the snapshot, and the observer is registered with its value only if no
    // publication came in between (else the next try reads the newer snapshot). Registration
    // and the first value then stay atomic with respect to publications.
    var id: Int?
    while true {
      let (snapshot, publications, isFinished) = storage.withLock { ($0.snapshot, $0.publications, $0.isFinished) }
      guard !isFinished, let initial = extract(snapshot) else { break }
      let registered = storage.withLock { storage -> Int?? in
        guard !storage.isFinished else { return .some(nil) }
        guard storage.publications == publications else { return nil }
        continuation.yield(initial)
        let observer = ValueObserver(extract: extract, last: initial, continuation: continuation, owner: owner)
        return storage.add({ state, _ in observer.receive(state.pointee) }, finish: observer.finish)
      }
      if let registered {
        id = registered
        break
      }
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      self?.storage.withLock { _ = $0.ended.insert(id) }
    }
    return stream
  }

  /// Calls `onChange` with each published state and the one it replaced, on the store's
  /// executor, while it returns `true`.
  @usableFromInline func watch(_ onChange: @escaping Observer.Receive) {
    storage.withLock { storage in
      guard !storage.isFinished else { return }
      _ = storage.add(onChange)
    }
  }

  /// Finishes every stream; called when the store is released.
  func finishAll() {
    let observers = storage.withLock { storage in
      storage.isFinished = true
      defer {
        storage.observers = []
        storage.ended = []
      }
      return storage.liveObservers()
    }
    for observer in observers { observer.finish?() }
  }
}

/// Yields `extract(state)` whenever it differs from the last value yielded; finishes once the
/// extracted state is gone or its owner (a scoped store) was released.
final class ValueObserver<State, Value: Equatable & Sendable>: @unchecked Sendable {
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
