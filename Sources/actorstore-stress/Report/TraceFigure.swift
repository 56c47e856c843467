import ActorStore

/// The figure `--trace` adds: how many events the store traced, and what became of them.
enum TraceFigure {
  /// Waits until the store's trace reached its file, then reports its statistics.
  /// - Parameters:
  ///   - scenario: The scenario that ran the store.
  ///   - store: The traced store.
  /// - Returns: The figure: events emitted, with delivered, dropped and failed counts.
  static func make<State, Action>(scenario: ScenarioName, store: Store<State, Action>) async -> Figure {
    await store.flushTrace()
    let statistics = store.traceStatistics
    var figure = Figure(
      scenario: scenario.rawValue, name: "trace events", unit: "events", samples: [Double(statistics.emitted)])
    figure.detail =
      "\(Format.count(Int(statistics.delivered))) written, \(Format.count(Int(statistics.dropped))) dropped "
      + "(sink behind), \(Format.count(Int(statistics.failed))) failed"
    return figure
  }
}
