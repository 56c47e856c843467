/// The shared values of one world: every ``Shared`` of a key made with this storage in force
/// is one value.
///
/// The app uses ``live`` (``DependencyValues/sharedStorage``'s live value), which persists
/// `fileStorage` and `appStorage` keys. A `TestStore` (ActorStoreTesting) makes a fresh
/// ``inMemory()`` storage for each test store, so that tests never share values or touch
/// files; elsewhere in the test context, ``DependencyValues/sharedStorage`` is one in-memory
/// storage for the process.
public final class SharedStorage: Sendable {
  /// The references made so far, by key ID, each in a slot of its own. Kept for the storage's
  /// life, as an in-memory value must be: a key comes back with its value after every state
  /// holding it is gone. A persisted key's value is read once, under its slot's lock alone, so
  /// that a file being read holds up only the first uses of that key.
  private let references = Locked<[String: ReferenceSlot]>([:])

  /// Where one key's reference is made, once, under a lock of its own.
  private final class ReferenceSlot: Sendable {
    let reference = Locked<(any AnySharedReference)?>(nil)
  }
  /// How persisted keys read and write; `nil` keeps every key in memory.
  private let persistence: Persistence?
  /// Redirects reads and changes while a `TestStore` assertion runs.
  let testScope = SharedTestScope()

  /// What a persisting storage persists with.
  struct Persistence: Sendable {
    var fileSystem: SharedFileSystem
    var defaults: SharedDefaults
    /// The task executor writes prefer; `nil` for the global pool.
    var taskExecutor: (any TaskExecutor)?
  }

  init(persistence: Persistence?) {
    self.persistence = persistence
    if persistence != nil { SharedBackgroundFlush.flushOnBackground(self) }
  }

  /// The app's storage: `fileStorage` keys in their files, `appStorage` keys in
  /// `UserDefaults.standard` (in memory on Linux), `inMemory` keys for the process's life.
  public static let live = SharedStorage(persistence: Persistence(fileSystem: .live, defaults: .live))

  /// A storage keeping every key in memory, with nothing shared with any other storage: what a
  /// `TestStore` uses, and what a preview or a test can install with
  /// `withDependencies { $0.sharedStorage = .inMemory() }`.
  public static func inMemory() -> SharedStorage { SharedStorage(persistence: nil) }

  /// Writes every persisted value still waiting for its coalescing window, without waiting for
  /// the writes. The live storage calls it when an Apple-platform app goes to the background.
  public func flushPendingWrites() {
    for (_, reference) in allReferences { reference.flushPendingWrite() }
  }

  /// The reference of `key`: the one made before, or a new one holding the persisted value, else
  /// `defaultValue()`.
  ///
  /// The persisted value is read here, synchronously, on the caller's thread, the first time the
  /// key is used in this storage, and never again: later uses, from any thread, get the same
  /// reference. Two first uses at once read it once; the second waits for the first.
  func reference<Value>(for key: SharedKey<Value>, default defaultValue: () -> Value) -> SharedReference<Value> {
    let slot = references.withLock { references in
      if let slot = references[key.id] { return slot }
      let slot = ReferenceSlot()
      references[key.id] = slot
      return slot
    }
    let made = slot.reference.withLock { made -> (SharedReference<Value>?, mismatch: String?) in
      if let existing = made {
        guard let typed = existing as? SharedReference<Value> else { return (nil, "\(type(of: existing))") }
        return (typed, nil)
      }
      let persistence = persistence.flatMap { persistence in
        key.makePersistence?(
          SharedPersistenceContext(
            clock: DependencyValues.inForce.continuousClock, taskExecutor: persistence.taskExecutor,
            fileSystem: persistence.fileSystem, defaults: persistence.defaults))
      }
      let reference = SharedReference(
        value: persistence?.load() ?? defaultValue(), keyDescription: key.description, persistence: persistence,
        testScope: testScope)
      made = reference
      return (reference, nil)
    }
    if let reference = made.0 { return reference }
    reportIssue(
      """
      \(key.description) is already shared as \(made.mismatch ?? "another type"), not as \
      SharedReference<\(Value.self)>: this Shared got a value of its own, which no other Shared \
      sees. Use one value type per key.
      """)
    return SharedReference(value: defaultValue(), keyDescription: key.description, testScope: testScope)
  }

  /// Every reference made so far, in key order.
  var allReferences: [(key: String, reference: any AnySharedReference)] {
    let slots = references.withLock { $0.sorted { $0.key < $1.key } }
    return slots.compactMap { key, slot in slot.reference.withLock { $0 }.map { (key, $0) } }
  }
}

extension DependencyValues {
  /// Where ``Shared`` values live: ``SharedStorage/live`` in the app; a fresh
  /// ``SharedStorage/inMemory()`` per `TestStore`, so that each test starts with no shared
  /// values and persists nothing.
  public var sharedStorage: SharedStorage {
    get { self[SharedStorageKey.self] }
    set { self[SharedStorageKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/sharedStorage``.
enum SharedStorageKey: DependencyKey {
  static let liveValue = SharedStorage.live
  static let testValue = SharedStorage.inMemory()
}
