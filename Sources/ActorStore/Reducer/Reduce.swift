/// A reducer built from a closure.
///
/// ```swift
/// let counter = Reduce<Int, CounterAction> { count, action in
///   switch action {
///   case .increment: count += 1
///   case .decrement: count -= 1
///   }
///   return .none
/// }
/// ```
public struct Reduce<State: Sendable, Action: Sendable>: Reducer {
  @usableFromInline let reduceAction: @Sendable (inout State, Action) -> Effect<Action>

  /// Creates a reducer from a closure.
  /// - Parameter reduce: Applies an action to the state and returns the effect to run.
  @inlinable
  public init(_ reduce: @escaping @Sendable (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduceAction = reduce
  }

  /// Wraps any reducer with the same state and action, erasing its type.
  /// - Parameter reducer: The reducer to wrap.
  @inlinable
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.reduceAction = { reducer.reduce(into: &$0, action: $1) }
  }

  /// Calls the closure.
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The closure's effect.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduceAction(&state, action)
  }
}
