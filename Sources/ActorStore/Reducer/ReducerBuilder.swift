/// Builds one reducer out of several, run in the order written, their effects merged.
@resultBuilder
public enum ReducerBuilder<State: Sendable, Action: Sendable> {
  /// A single reducer.
  /// - Parameter reducer: The reducer.
  /// - Returns: The same reducer.
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// An empty block, `{}`: a reducer that does nothing, as for an alert presented with no logic
  /// of its own (`ifLet(\.$alert, action: .alert) {}`) or a destination case with none
  /// (`Scope(state: .alert, action: .alert) {}`).
  /// - Returns: An ``EmptyReducer``.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// A reducer of existential type (`feature as any Reducer<State, Action>`), run through a
  /// ``Reduce``.
  /// - Parameter expression: The reducer.
  /// - Returns: A ``Reduce`` that runs it.
  @inlinable
  public static func buildExpression(_ expression: any Reducer<State, Action>) -> Reduce<State, Action> {
    Reduce(expression)
  }

  /// The reducers a `for` loop builds, run in order, their effects merged.
  /// - Parameter reducers: The reducers, one per iteration.
  /// - Returns: A reducer running them in order.
  @inlinable
  public static func buildArray<R: Reducer>(_ reducers: [R]) -> ReducerArray<R>
  where R.State == State, R.Action == Action {
    ReducerArray(reducers: reducers)
  }

  /// A reducer inside `if #available`: its type, which may not exist on older systems, is
  /// erased behind a ``Reduce``.
  /// - Parameter reducer: The reducer.
  /// - Returns: A ``Reduce`` that runs it.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer>(_ reducer: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action {
    Reduce(reducer)
  }

  /// The first reducer of a block.
  /// - Parameter first: The reducer.
  /// - Returns: The same reducer.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// Appends a reducer to those before it.
  /// - Parameters:
  ///   - accumulated: The reducers so far.
  ///   - next: The reducer run after them.
  /// - Returns: A reducer running both in order.
  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> ReducerSequence<R0, R1> where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    ReducerSequence(first: accumulated, second: next)
  }

  /// An `if` without `else`: the reducer runs only when the condition held at build time.
  /// - Parameter reducer: The reducer, or `nil`.
  /// - Returns: A reducer that does nothing when `reducer` is `nil`.
  @inlinable
  public static func buildOptional<R: Reducer>(_ reducer: R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(wrapped: reducer)
  }

  /// The first branch of an `if`/`else` or `switch`.
  /// - Parameter reducer: The branch's reducer.
  /// - Returns: The branch wrapped in ``ConditionalReducer``.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    first reducer: First
  ) -> ConditionalReducer<First, Second> where First.State == State, First.Action == Action {
    .first(reducer)
  }

  /// The second branch of an `if`/`else` or `switch`.
  /// - Parameter reducer: The branch's reducer.
  /// - Returns: The branch wrapped in ``ConditionalReducer``.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    second reducer: Second
  ) -> ConditionalReducer<First, Second> where Second.State == State, Second.Action == Action {
    .second(reducer)
  }
}

/// Two reducers run one after the other on the same state; their effects are merged.
public struct ReducerSequence<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
  @usableFromInline let first: R0
  @usableFromInline let second: R1

  @inlinable init(first: R0, second: R1) {
    self.first = first
    self.second = second
  }

  /// Runs `first`, then `second`.
  /// - Parameters:
  ///   - state: The state both reduce.
  ///   - action: The action both receive.
  /// - Returns: Both effects merged.
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    return firstEffect.merge(with: second.reduce(into: &state, action: action))
  }
}

/// The reducers a `for` loop in a ``ReducerBuilder`` builds: run in order on the same state,
/// their effects merged.
public struct ReducerArray<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  @inlinable init(reducers: [Element]) { self.reducers = reducers }

  /// Runs every reducer, in order.
  /// - Parameters:
  ///   - state: The state they reduce.
  ///   - action: The action they all receive.
  /// - Returns: Their effects, merged.
  @inlinable
  public func reduce(into state: inout Element.State, action: Element.Action) -> Effect<Element.Action> {
    var effect = Effect<Element.Action>.none
    for reducer in reducers { effect = effect.merge(with: reducer.reduce(into: &state, action: action)) }
    return effect
  }
}

/// A reducer that may be absent (from an `if` in a ``ReducerBuilder``).
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline let wrapped: Wrapped?

  @inlinable init(wrapped: Wrapped?) { self.wrapped = wrapped }

  /// Runs the wrapped reducer when there is one.
  /// - Parameters:
  ///   - state: The state to reduce.
  ///   - action: The action.
  /// - Returns: The wrapped reducer's effect, or ``Effect/none``.
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }
}

/// One of two reducers (from an `if`/`else` or `switch` in a ``ReducerBuilder``).
public enum ConditionalReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  /// The first branch.
  case first(First)
  /// The second branch.
  case second(Second)

  /// Runs the chosen branch.
  /// - Parameters:
  ///   - state: The state to reduce.
  ///   - action: The action.
  /// - Returns: The branch's effect.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }
}
