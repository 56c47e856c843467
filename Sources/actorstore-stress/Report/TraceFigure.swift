import ActorStore

/// The figure `--trace` adds: how many events the scenario's stores traced, and what became of
/// them.
enum TraceFigure {
  /// Waits until the store's trace reached its sink, then reports its statistics.
  /// - Parameters:
  ///   - scenario: The scenario that ran the store.
  ///   - store: The traced store.
  /// - Returns: The figure: events emitted, with delivered, dropped and failed counts.
  static func make<State, Action>(scenario: ScenarioName, store: Store<State, Action>) async -> Figure {
    await store.flushTrace()
    return make(scenario: scenario, statistics: [store.traceStatistics])
  }

  /// Reports the summed statistics of stores whose traces already reached their sink (see
  /// `Store.flushTrace()`).
  /// - Parameters:
  ///   - scenario: The scenario that ran the stores.
  ///   - statistics: Each store tree's trace statistics.
  /// - Returns: The figure: events emitted by all of them, with delivered, dropped and failed
  ///   counts, and how many stores when there are several.
  static func make(scenario: ScenarioName, statistics: [StoreTraceStatistics]) -> Figure {
    var total = StoreTraceStatistics()
    for store in statistics {
      total.emitted += store.emitted
      total.delivered += store.delivered
      total.dropped += store.dropped
      total.failed += store.failed
    }
    var figure = Figure(
      scenario: scenario.rawValue, name: "trace events", unit: "events", samples: [Double(total.emitted)])
    figure.detail =
      "\(Format.count(Int(total.delivered))) written, \(Format.count(Int(total.dropped))) dropped "
      + "(sink behind), \(Format.count(Int(total.failed))) failed"
      + (statistics.count > 1 ? ", from \(Format.count(statistics.count)) stores" : "")
    return figure
  }
}
