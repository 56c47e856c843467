/// Where a ``Shared`` value lives, and the name that makes two `Shared`s the same value:
/// ``inMemory(_:)``, `fileStorage(_:)` (a JSON file) or `appStorage(_:)` (`UserDefaults`).
///
/// Two keys are the same value when they have the same storage and name; the value type must be
/// the same too (a key used with two types is reported, and the second use gets a value of its
/// own).
public struct SharedKey<Value: Sendable>: Sendable {
  /// Identifies the value in its ``SharedStorage``: the kind of storage and the name.
  let id: String
  /// How the key reads in code, for diagnostics: `.inMemory("meetings")`.
  let description: String
  /// Makes where the value persists, in a storage that persists (not under a `TestStore`);
  /// `nil` for a value kept in memory.
  let makePersistence: (@Sendable (SharedPersistenceContext) -> any SharedPersistence<Value>)?

  init(
    id: String, description: String,
    persistence: (@Sendable (SharedPersistenceContext) -> any SharedPersistence<Value>)? = nil
  ) {
    self.id = id
    self.description = description
    makePersistence = persistence
  }

  /// A value kept in memory for the life of the process (of the ``SharedStorage`` in force): every
  /// `Shared` of this key, in any store, is the same value.
  /// - Parameter key: The value's name.
  public static func inMemory(_ key: String) -> Self {
    Self(id: "inMemory:\(key)", description: ".inMemory(\"\(key)\")")
  }
}

/// What a persisted key needs from where its value is first used.
struct SharedPersistenceContext: Sendable {
  /// The clock write coalescing waits on: the `continuousClock` dependency in force.
  let clock: any Clock<Duration>
  /// The task executor the writes prefer (a test's executor), `nil` for the global pool.
  let taskExecutor: (any TaskExecutor)?
  /// Reads and writes files.
  let fileSystem: SharedFileSystem
  /// Reads and writes app storage.
  let defaults: SharedDefaults
}

/// Where a persisted value is read from and written to.
protocol SharedPersistence<Value>: Sendable {
  associatedtype Value: Sendable
  /// The stored value; `nil` when there is none, or when it cannot be read (reported).
  func load() -> Value?
  /// Saves `value`, the value's `version`th change; never blocks on I/O. A version older than
  /// one already saved is ignored, so that changes told from different threads out of order
  /// still leave the newest.
  func save(_ value: Value, version: UInt64)
  /// Writes any value waiting to be written now, without waiting; a write already in flight
  /// is not repeated.
  func flush()
}
