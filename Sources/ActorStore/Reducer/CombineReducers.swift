/// Groups reducers written with ``ReducerBuilder``: they run in order on the same state and
/// their effects are merged.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.profile, action: .profile) { Profile() }
///   Reduce { state, action in … }
/// }
/// ```
public struct CombineReducers<Reducers: Reducer>: Reducer {
  @usableFromInline let reducers: Reducers

  /// Combines the reducers the builder produces.
  /// - Parameter build: The reducers, one per line.
  @inlinable
  public init<State, Action>(
    @ReducerBuilder<State, Action> _ build: () -> Reducers
  ) where Reducers.State == State, Reducers.Action == Action {
    self.reducers = build()
  }

  /// Runs the combined reducers.
  /// - Parameters:
  ///   - state: The state to reduce.
  ///   - action: The action.
  /// - Returns: The merged effects.
  @inlinable
  public func reduce(into state: inout Reducers.State, action: Reducers.Action) -> Effect<Reducers.Action> {
    reducers.reduce(into: &state, action: action)
  }
}
