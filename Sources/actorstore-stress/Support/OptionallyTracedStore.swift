import ActorStore

extension Store {
  /// A root store traced into `trace` when one is given, untraced otherwise.
  ///
  /// `--trace` is optional, while `Store(initialState:reducer:executor:trace:)` takes a sink:
  /// every scenario that honours the option makes its stores here.
  /// - Parameters:
  ///   - initialState: The feature's state to start from.
  ///   - reducer: The feature's reducer.
  ///   - executor: Where the store and its effects run.
  ///   - trace: Where the store tree traces to, if anywhere.
  /// - Returns: The store.
  static func optionallyTraced<R: Reducer>(
    initialState: State, reducer: R, executor: StoreExecutor = .default, trace: (any StoreTraceSink)?
  ) -> Store where R.State == State, R.Action == Action {
    guard let trace else { return Store(initialState: initialState, reducer: reducer, executor: executor) }
    return Store(initialState: initialState, reducer: reducer, executor: executor, trace: trace)
  }
}
