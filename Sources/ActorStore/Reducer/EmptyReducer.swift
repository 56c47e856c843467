/// A reducer that does nothing: it leaves the state as it is and returns ``Effect/none``. A
/// placeholder in a `body`, or the `else` branch of a conditional one.
public struct EmptyReducer<State: Sendable, Action: Sendable>: Reducer {
  /// Creates the reducer.
  @inlinable public init() {}

  /// Does nothing.
  /// - Parameters:
  ///   - state: The state, unchanged.
  ///   - action: The action, ignored.
  /// - Returns: ``Effect/none``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
