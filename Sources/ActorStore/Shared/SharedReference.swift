#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// The shared value behind every ``Shared`` of one key: the value under a lock, its version, the
/// stores that hold it, and where it persists.
///
/// A change made with ``withLock(_:)`` runs the caller's closure on a copy of the value under
/// the lock and stores the result, so that two changes made at once from different threads
/// (stores on different executors) both land: no lost update. A change that leaves an
/// `Equatable` value equal to what it was is no change: the version stays, nobody is told. Every
/// other change bumps the version and, once the lock is released, tells the persistence (which
/// keeps the newest version) and every subscribed store (which republishes its state).
///
/// `@unchecked Sendable`: the value, version and subscribers live in `guarded`, behind its lock.
/// The one field outside it, `valueDuringChange`, is touched only by the thread holding that
/// lock, while `lockOwner` names that thread (see ``read()``), so the lock orders it too.
final class SharedReference<Value: Sendable>: AnySharedReference, @unchecked Sendable {
  struct Guarded {
    var value: Value
    var version: UInt64 = 0
    /// The stores holding this value, in subscription order (so that their republications are
    /// scheduled in an order that does not depend on hashing).
    var subscribers: [WeakSubscriber] = []
    /// While a `TestStore` runs an assertion closure: the value the closure expects, which it
    /// reads and writes instead of the value (see ``SharedTestScope``).
    var expected: Value?
  }

  let guarded: Locked<Guarded>
  /// The thread holding the lock while a change's closure runs, or 0: a read the closure makes of
  /// its own shared value (`state.$count.withLock { $0 = state.count + 1 }`) must not take the
  /// lock again, which would deadlock.
  private let lockOwner = Atomic<UInt>(0)
  /// The value as the running change found it; see the type's `@unchecked Sendable` note.
  private var valueDuringChange: Value?
  /// Names the value in diagnostics and test failures, e.g. `.inMemory("meetings")`.
  let keyDescription: String
  /// Whether `Value` is `Equatable`: an unchanged write is then no change. Otherwise every write
  /// is a change.
  private let isEquatable: Bool
  /// Where the value persists; `nil` in memory.
  let persistence: (any SharedPersistence<Value>)?
  /// The test scope of the storage this reference was made in; `nil` outside a `TestStore`.
  let testScope: SharedTestScope?
  /// Under a `TestStore` (`testScope` set), the value the key was made with: what a test
  /// asserts a change of a key made since its last assertion against. `nil` elsewhere.
  private let madeWith: Value?

  init(
    value: Value, keyDescription: String, persistence: (any SharedPersistence<Value>)? = nil,
    testScope: SharedTestScope? = nil
  ) {
    guarded = Locked(Guarded(value: value))
    self.keyDescription = keyDescription
    isEquatable = Value.self is any Equatable.Type
    self.persistence = persistence
    self.testScope = testScope
    madeWith = testScope == nil ? nil : value
  }

  /// The current value (under a `TestStore` assertion, the value the assertion expects).
  func read() -> Value {
    if lockOwner.load(ordering: .acquiring) == lockingThread() {
      // This thread holds the lock: the read comes from inside its own change's closure, and
      // sees the value as that change found it.
      return valueDuringChange!
    }
    return guarded.withLock { $0.expected ?? $0.value }
  }

  /// Changes the value atomically: `body` mutates a copy under the lock, which then replaces the
  /// value. `body` runs under the lock: keep it short, and do not change the same shared value
  /// from inside it (that is reported, and the inner change is lost).
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    let thread = lockingThread()
    if lockOwner.load(ordering: .acquiring) == thread {
      reportIssue(
        """
        \(keyDescription) was changed with withLock from inside its own withLock: the inner \
        change was dropped. Make both changes in the outer closure.
        """)
      var copy = valueDuringChange!
      return try body(&copy)
    }
    var change: (version: UInt64, value: Value, subscribers: [WeakSubscriber])?
    let result = try guarded.withLock { guarded in
      // Under a `TestStore` assertion the closure changes the expected value, nothing else.
      let isAsserting = testScope?.isAsserting == true
      var value = isAsserting ? guarded.expected ?? guarded.value : guarded.value
      // Reads of this value from inside the closure recognize this thread (see `read()`).
      valueDuringChange = value
      lockOwner.store(thread, ordering: .releasing)
      defer {
        lockOwner.store(0, ordering: .releasing)
        valueDuringChange = nil
      }
      let result = try body(&value)
      if isAsserting {
        guarded.expected = value
        return result
      }
      if isEquatable, areEqualEquatables(value, guarded.value) { return result }
      guarded.value = value
      guarded.version &+= 1
      change = (guarded.version, value, guarded.subscribers)
      return result
    }
    if let change {
      persistence?.save(change.value, version: change.version)
      for subscriber in change.subscribers { subscriber.value?.sharedValueDidChange() }
    }
    return result
  }

  var version: UInt64 { guarded.withLock { $0.version } }

  func subscribe(_ subscriber: any SharedSubscriber) {
    guarded.withLock { guarded in
      guarded.subscribers.removeAll { $0.value == nil }
      guarded.subscribers.append(WeakSubscriber(value: subscriber))
    }
  }

  func unsubscribe(_ subscriber: any SharedSubscriber) {
    guarded.withLock { guarded in
      guarded.subscribers.removeAll { $0.value == nil || $0.value === subscriber }
    }
  }

  func flushPendingWrite() { persistence?.flush() }

  // MARK: Testing

  func currentValue() -> any Sendable { guarded.withLock { $0.value } }

  func initialValue() -> (any Sendable)? { madeWith }

  func beginExpecting(_ value: any Sendable) {
    guarded.withLock { $0.expected = value as? Value }
  }

  func endExpecting() -> any Sendable {
    guarded.withLock { guarded in
      defer { guarded.expected = nil }
      return guarded.expected ?? guarded.value
    }
  }

  func areEqual(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool {
    guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return false }
    if isEquatable { return areEqualEquatables(lhs, rhs) }
    return StateDump.lines(of: lhs) == StateDump.lines(of: rhs)
  }
}

/// What stores and the test store see of a reference, whatever its value's type.
protocol AnySharedReference: AnyObject, Sendable {
  /// Names the value in diagnostics, e.g. `.inMemory("meetings")`.
  var keyDescription: String { get }
  /// Bumped by each change.
  var version: UInt64 { get }
  /// Starts telling `subscriber` about each change.
  func subscribe(_ subscriber: any SharedSubscriber)
  /// Stops telling `subscriber` (and drops released subscribers).
  func unsubscribe(_ subscriber: any SharedSubscriber)
  /// Writes the persisted value still waiting for its coalescing window now, if any (a store
  /// holding it was released, or the app goes to the background).
  func flushPendingWrite()
  /// The value, outside any assertion.
  func currentValue() -> any Sendable
  /// Under a `TestStore`, the value the key was made with; `nil` elsewhere.
  func initialValue() -> (any Sendable)?
  /// Starts a test assertion: reads and changes see `value` until ``endExpecting()``.
  func beginExpecting(_ value: any Sendable)
  /// Ends a test assertion; returns the value the assertion expects.
  func endExpecting() -> any Sendable
  /// Whether two values of this reference's type are equal (by `==`, or by their dump).
  func areEqual(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool
}

/// A store, told when a shared value its state holds changed.
protocol SharedSubscriber: AnyObject, Sendable {
  /// Called on the thread that made the change, after the reference's lock is released.
  func sharedValueDidChange()
}

/// A subscriber held weakly: a reference never keeps a store alive.
struct WeakSubscriber: Sendable {
  weak var value: (any SharedSubscriber)?
}

/// `lhs == rhs`, for values of a type known to be `Equatable`.
private func areEqualEquatables<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  (lhs as! any Equatable).isEqual(to: rhs)
}

extension Equatable {
  /// `self == other`, when `other` is a `Self`.
  fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}

/// The calling thread, as the lock's owner is recorded. Kept here rather than shared with the
/// store's internals: only a running thread is compared with the owner, so an identity reused
/// after a thread exits is never mistaken for it.
private func lockingThread() -> UInt {
  #if canImport(Darwin) || canImport(Musl)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
