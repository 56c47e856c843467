extension Reducer {
  /// Runs a reducer after this one whenever an action changes a value of the state, as TCA's
  /// `onChange(of:_:)` does: the value is read before and after this reducer reduces, and when
  /// the two differ, `reducer(old, new)` reduces the same action next; the effects are merged.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: { $0.query }) { _, query in
  ///     Reduce { state, _ in
  ///       state.results = []
  ///       return .send(.search(query))
  ///     }
  ///   }
  /// ```
  /// Changes made by reducers outside this one (a parent's, after it) are not seen: put the
  /// modifier on the reducer whose changes it should follow.
  /// - Parameters:
  ///   - toValue: Reads the value to watch.
  ///   - reducer: Builds the reducer that runs when the value changed, from the old and new value.
  /// - Returns: The combined reducer.
  @inlinable
  public func onChange<Value: Equatable, Changed: Reducer>(
    of toValue: @escaping @Sendable (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer: @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> Changed
  ) -> OnChangeReducer<Self, Value, Changed> where Changed.State == State, Changed.Action == Action {
    OnChangeReducer(base: self, toValue: toValue, reducer: reducer)
  }

  /// Runs a reducer after this one whenever an action changes a value of the state, where
  /// `isDuplicate` decides what counts as unchanged, as TCA's `onChange(of:removeDuplicates:_:)`:
  /// for a value that is not `Equatable` (a tuple, `removeDuplicates: ==`), or to follow only
  /// part of one (the `ids` of an `IdentifiedArray`).
  ///
  /// ```swift
  /// .onChange(of: { $0.rows }, removeDuplicates: { $0.ids == $1.ids }) { _, _ in
  ///   Reduce { state, _ in … }
  /// }
  /// ```
  /// - Parameters:
  ///   - toValue: Reads the value to watch.
  ///   - isDuplicate: Whether the value before and the value after the action are the same.
  ///   - reducer: Builds the reducer that runs when the value changed, from the old and new value.
  /// - Returns: The combined reducer.
  public func onChange<Value, Changed: Reducer>(
    of toValue: @escaping @Sendable (State) -> Value,
    removeDuplicates isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> Changed
  ) -> some Reducer<State, Action> where Changed.State == State, Changed.Action == Action {
    OnChangeReducer(
      base: self, toValue: { DeduplicatedValue(value: toValue($0), isDuplicate: isDuplicate) },
      reducer: { reducer($0.value, $1.value) })
  }
}

/// A watched value compared by the `removeDuplicates` closure it carries.
struct DeduplicatedValue<Value>: Equatable {
  let value: Value
  let isDuplicate: @Sendable (Value, Value) -> Bool

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.isDuplicate(lhs.value, rhs.value) }
}

/// A reducer that runs another after its base whenever an action changes a watched value; made
/// by ``Reducer/onChange(of:_:)``.
public struct OnChangeReducer<Base: Reducer, Value: Equatable, Changed: Reducer>: Reducer
where Changed.State == Base.State, Changed.Action == Base.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: @Sendable (Base.State) -> Value
  @usableFromInline let reducer: @Sendable (Value, Value) -> Changed

  @usableFromInline
  init(
    base: Base, toValue: @escaping @Sendable (Base.State) -> Value,
    reducer: @escaping @Sendable (Value, Value) -> Changed
  ) {
    self.base = base
    self.toValue = toValue
    self.reducer = reducer
  }

  /// Reduces with the base, then with the change reducer if the watched value changed.
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The base's effect, merged with the change reducer's when it ran.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return baseEffect }
    return baseEffect.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
