import Synchronization

/// A dependency's identity and its default values: a type whose ``liveValue`` is what the
/// app uses, ``testValue`` what tests use and ``previewValue`` what previews use, unless a
/// store, a reducer or ``withDependencies(_:operation:)`` overrides it.
///
/// Declare a key, then a property of ``DependencyValues`` that reads and writes it, and read it
/// with ``Dependency``:
///
/// ```swift
/// struct NumberFactClient: Sendable {
///   var fetch: @Sendable (Int) async throws -> String
/// }
/// enum NumberFactClientKey: DependencyKey {
///   static let liveValue = NumberFactClient { n in "\(n) is a number." }
///   static let testValue = NumberFactClient { _ in "" }
/// }
/// extension DependencyValues {
///   var numberFact: NumberFactClient {
///     get { self[NumberFactClientKey.self] }
///     set { self[NumberFactClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// The values are read each time the dependency is read and not overridden: declare them with
/// `static let`, so that a read builds nothing. A key that does not declare `testValue` reports
/// an issue naming it when a test reads it without overriding it (and then uses `liveValue`),
/// so that a test never reaches a live service by accident.
public protocol DependencyKey: TestDependencyKey {
  /// The dependency's type, inferred from ``liveValue``; the key itself by default.
  associatedtype Value = Self
  /// The value an app uses.
  static var liveValue: Value { get }
  /// The value tests use (``DependencyContext/test``); unimplemented by default (see above).
  static var testValue: Value { get }
  /// The value previews use (``DependencyContext/preview``); ``liveValue`` by default.
  static var previewValue: Value { get }
}

extension DependencyKey {
  /// Reports that a test read this dependency without overriding it, naming the key, and
  /// returns ``liveValue``.
  public static var testValue: Value {
    reportIssue(
      """
      Unimplemented dependency \(Self.self) (\(Value.self)) read in a test: it has no testValue \
      and the test did not override it. Override it in TestStore(…, withDependencies:) or \
      withDependencies, or give \(Self.self) a testValue. Its liveValue was used.
      """)
    return liveValue
  }

  /// The ``liveValue``.
  public static var previewValue: Value { liveValue }
}

/// A dependency's identity with only its test and preview values, as TCA's interface modules
/// declare it: a module that defines a client and its `testValue` conforms to this, and the app
/// module, which links the live implementation, adds ``DependencyKey`` (its `liveValue`) to the
/// same type. Features then depend on the light interface module only.
///
/// Read in the live context while no ``DependencyKey`` conformance exists, such a dependency is
/// reported as missing its live value, and ``testValue`` is used.
public protocol TestDependencyKey {
  /// The dependency's type; the key itself by default.
  associatedtype Value: Sendable = Self
  /// The value tests use (``DependencyContext/test``).
  static var testValue: Value { get }
  /// The value previews use (``DependencyContext/preview``); ``testValue`` by default.
  static var previewValue: Value { get }
}

extension TestDependencyKey {
  /// The ``testValue``.
  public static var previewValue: Value { testValue }
}

/// Which of a key's default values a read that is not overridden gets.
public enum DependencyContext: Sendable, Hashable {
  /// ``DependencyKey/liveValue``: the app.
  case live
  /// ``DependencyKey/testValue``: tests. A `TestStore` (ActorStoreTesting) runs in it.
  case test
  /// ``DependencyKey/previewValue``: previews.
  case preview
}

/// The dependencies a reducer or an effect sees: the values overridden so far, by key, and the
/// context that picks the default of every other key.
///
/// The values in force are task-local. A ``Store`` captures the ones in force where it is created
/// (plus its own overrides) and installs them while it reduces and starts effects, so its
/// reducers and the effects they return see them whatever thread or executor they run on.
/// Read a dependency with ``Dependency``; override some for a block with
/// ``withDependencies(_:operation:)``, for a store with its `withDependencies` parameter, for part
/// of a reducer tree with ``Reducer/dependency(_:_:)``.
///
/// A value type: changing a copy never changes the values in force.
public struct DependencyValues: Sendable {
  /// The values in force for the running task (or, outside any task, the thread). The default
  /// (nothing overridden, live) is built once, so that "nothing installed" is one identity.
  @TaskLocal static var current = DependencyValues(storage: Storage(defaultValues: ()))

  /// Set, for good, once any values other than the default have been made. Until then the
  /// values in force can only be the default, so a store's batch skips even the task-local read
  /// (see ``isInForce``): an app that never overrides a dependency pays one atomic load per batch.
  @usableFromInline static let anyOverrideMade = Atomic<Bool>(false)

  /// The values and the context, never mutated once made: every change makes a new storage, so
  /// that two `DependencyValues` with the same storage object are the same values, which is how
  /// a store tells, with one pointer comparison, that it has nothing to install.
  @usableFromInline final class Storage: Sendable {
    /// The overridden values, by `ObjectIdentifier` of their key type; each holds a `Key.Value`.
    let values: [ObjectIdentifier: any Sendable]
    let context: DependencyContext

    init(values: [ObjectIdentifier: any Sendable], context: DependencyContext) {
      self.values = values
      self.context = context
      // Releasing, so that a thread that sees these values in force also sees the flag set
      // (they reach it through a task-local, i.e. after this store).
      DependencyValues.anyOverrideMade.store(true, ordering: .releasing)
    }

    /// The default values: nothing overridden, live. Made once, for ``current``'s default.
    init(defaultValues: Void) {
      values = [:]
      context = .live
    }
  }

  private(set) var storage: Storage

  private init(storage: Storage) { self.storage = storage }

  /// The values in force here: what a ``Dependency`` read now would see.
  public static var inForce: DependencyValues { current }

  /// The context that picks the default of every key not overridden. Changing it keeps the
  /// values overridden so far.
  public var context: DependencyContext {
    get { storage.context }
    set { storage = Storage(values: storage.values, context: newValue) }
  }

  /// The value of the dependency `key`: its override if there is one, else the default for the
  /// context. Declare a property of `DependencyValues` that reads and writes it (see
  /// ``DependencyKey``).
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value: Key.Value = override(key) { return value }
      switch storage.context {
      case .live: return Key.liveValue
      case .test: return Key.testValue
      case .preview: return Key.previewValue
      }
    }
    set { setOverride(newValue, for: key) }
  }

  /// The value of a dependency that may have no live value (see ``TestDependencyKey``): its
  /// override if there is one, else the default for the context. In the live context, a key
  /// whose type adds ``DependencyKey`` elsewhere gives its `liveValue`; one that does not is
  /// reported, and its `testValue` used.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value: Key.Value = override(key) { return value }
      switch storage.context {
      case .live:
        if let live = key as? any DependencyKey.Type { return Self.liveValue(of: live) as! Key.Value }
        reportIssue(
          """
          Dependency \(Key.self) (\(Key.Value.self)) has no live value: it conforms to \
          TestDependencyKey only. Conform it to DependencyKey with a liveValue in the module that \
          implements it, or override it. Its testValue was used.
          """)
        return Key.testValue
      case .test: return Key.testValue
      case .preview: return Key.previewValue
      }
    }
    set { setOverride(newValue, for: key) }
  }

  /// Sets the dependency at `keyPath` to `value` without reporting its default as read.
  ///
  /// A write through a key path known only at run time reads the property first (the key path
  /// projects the value, then writes it back), and in the test context that read would report
  /// a key with no `testValue` as unimplemented, though the feature never reads it: the write
  /// replaces it. The read is made in the preview context instead, which reports nothing.
  mutating func set<Value>(_ keyPath: WritableKeyPath<DependencyValues, Value>, to value: Value) {
    let context = storage.context
    self.context = .preview
    self[keyPath: keyPath] = value
    self.context = context
  }

  private static func liveValue<Key: DependencyKey>(of key: Key.Type) -> any Sendable { Key.liveValue }

  private func override<Key: TestDependencyKey>(_ key: Key.Type) -> Key.Value? {
    // Only `setOverride` stores under this key, always a `Key.Value`.
    storage.values[ObjectIdentifier(key)].map { $0 as! Key.Value }
  }

  private mutating func setOverride<Key: TestDependencyKey>(_ value: Key.Value, for key: Key.Type) {
    var values = storage.values
    values[ObjectIdentifier(key)] = value
    storage = Storage(values: values, context: storage.context)
  }

  /// Whether `self` is, by identity, the values in force now: then installing it would change
  /// nothing. One atomic load while nothing was ever overridden (then `self` and the values in
  /// force are both the default); after that, one task-local read and one pointer comparison.
  /// No allocation either way.
  /// Inlined, so that a store's batch tests the flag without a call.
  @inlinable var isInForce: Bool {
    guard Self.anyOverrideMade.load(ordering: .acquiring) else { return true }
    return isCurrent
  }

  /// Whether `self` is, by identity, the values in force now (a task-local read).
  @usableFromInline var isCurrent: Bool { Self.current.storage === storage }

  /// Runs `body` with `self` in force.
  @usableFromInline func install(_ body: () -> Void) {
    Self.$current.withValue(self, operation: body)
  }
}

/// Runs `operation` with the dependencies `updateValuesForOperation` overrides; a store created
/// inside it keeps those values, and so do the effects its reducers return.
///
/// ```swift
/// let store = withDependencies {
///   $0.uuid = .incrementing
/// } operation: {
///   Store(initialState: Todos.State()) { Todos() }
/// }
/// ```
///
/// An ``Effect`` that `operation` returns keeps the values too, as in TCA: every `.run` in it
/// runs its operation and its `catch` handler with them, whenever it runs, so a reducer can
/// return `withDependencies { … } operation: { .run { … } }`. The actions such an effect sends
/// are reduced with the store's values, like any others.
/// - Parameters:
///   - updateValuesForOperation: Changes the values in force into the ones `operation` sees.
///   - operation: The work to run with them.
/// - Returns: What `operation` returns.
public func withDependencies<R>(
  _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  try updateValuesForOperation(&values)
  let result = try DependencyValues.$current.withValue(values, operation: operation)
  guard let effect = result as? any DependencyKeepingEffect else { return result }
  return effect.keeping(values) as? R ?? result
}

/// An ``Effect`` of any action type, to which ``withDependencies(_:operation:)`` gives the values
/// in force where it was built.
private protocol DependencyKeepingEffect {
  /// The effect, with every `.run` in it running with `values` in force.
  func keeping(_ values: DependencyValues) -> Self
}

extension Effect: DependencyKeepingEffect {
  fileprivate func keeping(_ values: DependencyValues) -> Self { runningOperations(with: values) }
}

/// Runs the async `operation` with the dependencies `updateValuesForOperation` overrides (see
/// ``withDependencies(_:operation:)``); child tasks of `operation` see them too.
/// - Parameters:
///   - isolation: Where `operation` runs; the caller's by default.
///   - updateValuesForOperation: Changes the values in force into the ones `operation` sees.
///   - operation: The work to run with them.
/// - Returns: What `operation` returns.
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValuesForOperation: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  try await updateValuesForOperation(&values)
  return try await DependencyValues.$current.withValue(values, operation: operation, isolation: isolation)
}
