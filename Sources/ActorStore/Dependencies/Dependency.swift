/// Reads a dependency where it is used: in a reducer, or inside an effect.
///
/// ```swift
/// struct Feature: Reducer {
///   @Dependency(\.continuousClock) var clock
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     .run { send in
///       try await clock.sleep(for: .seconds(1))
///       await send(.timerTicked)
///     }
///   }
/// }
/// ```
///
/// The value is looked up at each read, in the values in force then (see ``DependencyValues``):
/// a store's, or those of the enclosing ``Reducer/dependency(_:_:)`` or
/// ``withDependencies(_:operation:)``. An effect sees the values of the reduce that returned it,
/// so read dependencies inside the effect, or before it, not in code the effect escapes to
/// (a `Task.detached` inherits nothing). A read allocates nothing.
///
/// A type that is its own key is read by its type, with no ``DependencyValues`` property:
/// `@Dependency(NumberFactClient.self) var numberFact` for
/// `extension NumberFactClient: DependencyKey { static let liveValue = … }`.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private enum Source: Sendable {
    case keyPath(any KeyPath<DependencyValues, Value> & Sendable)
    case key(any (DependencyKey & SendableMetatype).Type)
    case interfaceKey(any (TestDependencyKey & SendableMetatype).Type)
  }
  private let source: Source

  /// Declares a dependency read through `keyPath`.
  /// - Parameter keyPath: The ``DependencyValues`` property to read, e.g. `\.uuid`.
  public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
    source = .keyPath(keyPath)
  }

  /// Declares a dependency read by its key, usually a type that is its own key.
  /// - Parameter key: The key, e.g. `NumberFactClient.self`.
  public init<Key: DependencyKey & SendableMetatype>(_ key: Key.Type) where Key.Value == Value {
    source = .key(key)
  }

  /// Declares a dependency read by a key that may have no live value in this module (see
  /// ``TestDependencyKey``).
  /// - Parameter key: The key, e.g. `NumberFactClient.self`.
  public init<Key: TestDependencyKey & SendableMetatype>(_ key: Key.Type) where Key.Value == Value {
    source = .interfaceKey(key)
  }

  /// The dependency's value in force now.
  public var wrappedValue: Value {
    switch source {
    case .keyPath(let keyPath): return DependencyValues.current[keyPath: keyPath]
    case .key(let key): return Self.read(key)
    case .interfaceKey(let key): return Self.read(key)
    }
  }

  // The initializers store only keys whose `Value` is this wrapper's `Value`.
  private static func read<Key: DependencyKey & SendableMetatype>(_ key: Key.Type) -> Value {
    DependencyValues.current[key] as! Value
  }

  private static func read<Key: TestDependencyKey & SendableMetatype>(_ key: Key.Type) -> Value {
    DependencyValues.current[key] as! Value
  }
}
