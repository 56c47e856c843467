/// Applies every ``BindingAction`` its feature receives to the state, and lets every other
/// action through untouched.
///
/// List it first in a `body`, as in TCA, so the reducers after it see the state with the new
/// value already set:
/// ```swift
/// var body: some Reducer<State, Action> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.query): return .send(.search)   // `query` is already the new value
///     case .binding, .search: return .none
///     }
///   }
/// }
/// ```
public struct BindingReducer<State: Sendable, Action: BindableAction>: Reducer where Action.State == State {
  /// Creates the reducer; its state and action types come from the `body` it is listed in.
  @inlinable public init() {}

  /// Sets the member a binding action names; does nothing for any other action.
  /// - Parameters:
  ///   - state: The feature's state.
  ///   - action: The feature's action.
  /// - Returns: ``Effect/none``: a binding has no effect of its own.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action.binding?.apply(&state)
    return .none
  }
}
