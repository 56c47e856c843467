/// Groups reducers written with ``ReducerBuilder``: they run in order on the same state and
/// their effects are merged.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.profile, action: .profile) { Profile() }
///   Reduce { state, action in … }
/// }
/// ```
public struct CombineReducers<State: Sendable, Action: Sendable, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: Reducers

  /// Combines the reducers the builder produces. `State` and `Action` come from the context
  /// (e.g. a `some Reducer<State, Action>` return type), so `\.child` key paths inside infer.
  /// - Parameter build: The reducers, one per line.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the combined reducers.
  /// - Parameters:
  ///   - state: The state to reduce.
  ///   - action: The action.
  /// - Returns: The merged effects.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
