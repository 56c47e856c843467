/// A value behind a lock, shareable between tasks and threads: the usual way for a test's
/// dependency override to record what a feature did with it (as swift-concurrency-extras'
/// `LockIsolated`).
///
/// ```swift
/// let saved = LockIsolated<[Int]>([])
/// let store = TestStore(initialState: Feature.State()) {
///   Feature()
/// } withDependencies: {
///   $0.database.save = { value in saved.withValue { $0.append(value) } }
/// }
/// // …
/// #expect(saved.value == [42])
/// ```
///
/// Every access takes the lock, so each call to ``withValue(_:)`` is atomic; two separate calls
/// are not (read with ``withValue(_:)`` to read and write in one step). Members of the value
/// read through dynamic member lookup (`saved.count`), each read taking the lock once.
///
/// The lock is the package's `Locked`, a `Synchronization.Mutex` that ThreadSanitizer
/// understands; it is not recursive, so ``withValue(_:)`` must not touch the same
/// `LockIsolated` from inside its operation. The class is `@unchecked Sendable` because every
/// access to the value goes through that lock, and no non-`Sendable` state gets in or out
/// another way: the initial value and ``setValue(_:)``'s are `sending`, ``withValue(_:)``'s
/// operation is `@Sendable` and returns a `Sendable` result, and ``value`` and member reads
/// need `Sendable` results.
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  // The value lives inside the lock, so that ThreadSanitizer sees each access ordered by it
  // (`Locked` annotates the guarded value's address; an empty `Locked<Void>` beside a stored
  // `var` is not enough: ThreadSanitizer reports races on the `var`).
  private let storage: Locked<Value>

  /// A lock guarding `value`.
  /// - Parameter value: The initial value.
  public init(_ value: sending Value) {
    storage = Locked(value)
  }

  /// Runs `operation` with exclusive access to the value, which it may change, and returns what
  /// it returns.
  /// - Parameter operation: Reads or changes the value; must not use this `LockIsolated`.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws; a change it made before throwing is kept.
  public func withValue<T: Sendable, E: Error>(
    _ operation: @Sendable (inout Value) throws(E) -> T
  ) throws(E) -> T {
    try storage.withLock { (value: inout sending Value) throws(E) -> sending T in try operation(&value) }
  }

  /// Replaces the value.
  /// - Parameter newValue: The new value.
  public func setValue(_ newValue: sending Value) {
    // `newValue` is `sending`: nothing else refers to it, so the `@Sendable` closure may take it.
    nonisolated(unsafe) let newValue = newValue
    withValue { $0 = newValue }
  }

  /// A member of the value, read under the lock: `counts.isEmpty` for `counts.value.isEmpty`.
  /// - Parameter keyPath: The member.
  /// - Returns: Its value now.
  public subscript<Member: Sendable>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    // The key path is only read, under the lock, while this call lasts.
    nonisolated(unsafe) let keyPath = keyPath
    return withValue { $0[keyPath: keyPath] }
  }
}

extension LockIsolated where Value: Sendable {
  /// The value now (a copy, read under the lock).
  public var value: Value {
    storage.withLock { $0 }
  }
}
