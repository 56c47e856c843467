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
  // Read and written only while `lock` is held. (A `Locked<Value>` would hold the value
  // itself, but its `sending` closures reject the `@Sendable` operations this API takes.)
  private var storage: Value
  private let lock = Locked<Void>(())

  /// A lock guarding `value`.
  /// - Parameter value: The initial value.
  public init(_ value: sending Value) {
    storage = value
  }

  /// Runs `operation` with exclusive access to the value, which it may change, and returns what
  /// it returns.
  /// - Parameter operation: Reads or changes the value; must not use this `LockIsolated`.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws; a change it made before throwing is kept.
  public func withValue<T: Sendable, E: Error>(
    _ operation: @Sendable (inout Value) throws(E) -> T
  ) throws(E) -> T {
    try lock.withLock { (_: inout Void) throws(E) -> T in try operation(&storage) }
  }

  /// Replaces the value.
  /// - Parameter newValue: The new value.
  public func setValue(_ newValue: sending Value) {
    lock.withLock { _ in storage = newValue }
  }

  /// A member of the value, read under the lock: `counts.isEmpty` for `counts.value.isEmpty`.
  /// - Parameter keyPath: The member.
  /// - Returns: Its value now.
  public subscript<Member: Sendable>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    lock.withLock { _ in storage[keyPath: keyPath] }
  }
}

extension LockIsolated where Value: Sendable {
  /// The value now (a copy, read under the lock).
  public var value: Value {
    lock.withLock { _ in storage }
  }
}
