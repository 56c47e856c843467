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
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private let keyPath: any KeyPath<DependencyValues, Value> & Sendable

  /// Declares a dependency read through `keyPath`.
  /// - Parameter keyPath: The ``DependencyValues`` property to read, e.g. `\.uuid`.
  public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// The dependency's value in force now.
  public var wrappedValue: Value { DependencyValues.current[keyPath: keyPath] }
}
