extension Store {
  /// Creates a root store whose store tree reports what happens in it to `sink`: actions
  /// received (and from where), effects started, cancelled (and by what), finished, and actions
  /// dropped. See Docs/Debugging.md.
  ///
  /// ```swift
  /// let trace = StoreTraceBuffer(capacity: 512)
  /// let store = Store(initialState: Counter.State(), reducer: Counter(), trace: trace)
  /// ```
  ///
  /// Issues about the sink (it throws, or lags so far behind that events are dropped) go to
  /// the issue reporter current where the store is created.
  /// - Parameters:
  ///   - initialState: The feature's state to start from.
  ///   - reducer: The feature's reducer.
  ///   - executor: Where the store and its effects run.
  ///   - sink: Receives the trace: a ``StoreTraceBuffer``, a ``JSONLinesTraceSink`` or your own.
  @inlinable
  public init<R: Reducer>(
    initialState: State, reducer: R, executor: StoreExecutor = .default, trace sink: any StoreTraceSink
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, batch: StoreEngine.makeBatch(reducer, tracer: StoreTracer(sink: sink)),
      executor: executor)
  }

  /// How the store tree's trace has fared: events produced, delivered, dropped because the sink
  /// lagged, and failed. All zero for an untraced store.
  public nonisolated var traceStatistics: StoreTraceStatistics {
    registry.tracer?.statistics ?? StoreTraceStatistics()
  }

  /// Waits until every trace event produced so far has reached the sink. Returns at once for an
  /// untraced store or a ``StoreTraceBuffer``; never returns while the sink blocks.
  public nonisolated func flushTrace() async {
    await registry.tracer?.flush()
  }
}
