import ActorStore

/// What a `scroll` pass, plain or heterogeneous, reports and checks about memory: the peak
/// resident set size per row, and how many stores the registry keeps once the list has been
/// scrolled through.
enum ScrollMemory {
  /// The most peak resident memory a row may cost, in bytes.
  static let bytesPerRowLimit = 512
  /// The smallest list for which the per-row limit is checked: below it the process's own
  /// resident memory (code, runtime, thread stacks), spread over too few rows, would dominate.
  static let checkedFromRows = 500_000

  /// The registry's books right after the scroll, hosts still bound.
  struct RegistryCounts {
    var stores: Int
    var boundHosts: Int
    var limit: Int

    /// Reads `registry`'s counts.
    init<ID, State, Action>(_ registry: ChildStoreRegistry<ID, State, Action>) {
      stores = registry.liveStoreCount
      boundHosts = registry.boundHostCount
      limit = registry.unboundStoreLimit
    }
  }

  /// The pass's memory figure, and its checks added to `log`.
  /// - Parameters:
  ///   - scenario: The scenario's name, for the figure.
  ///   - elements: Rows in the list.
  ///   - registry: The registry's counts after the scroll.
  ///   - log: Where the checks go.
  /// - Returns: The peak resident memory per row, with the registry's counts as its detail, or
  ///   `nil` where the peak cannot be read.
  static func figure(
    scenario: ScenarioName, elements: Int, registry: RegistryCounts, log: inout InvariantLog
  ) -> Figure? {
    log.check(
      "registry keeps at most its limit plus the bound hosts' stores",
      registry.stores <= registry.limit + registry.boundHosts,
      "\(registry.stores) stores kept after the scroll, for a limit of \(registry.limit) and "
        + "\(registry.boundHosts) bound hosts")
    guard let peak = ProcessMemory.peakResidentBytes, elements > 0 else { return nil }
    let perRow = Double(peak) / Double(elements)
    if elements >= checkedFromRows {
      log.check(
        "peak memory at most \(bytesPerRowLimit) B per row",
        perRow <= Double(bytesPerRowLimit),
        "peak resident \(Format.bytes(peak)) for \(Format.count(elements)) rows: \(Format.short(perRow)) B per row")
    }
    var figure = Figure(scenario: scenario.rawValue, name: "peak memory per row", unit: "B/row", samples: [perRow])
    figure.detail =
      "peak resident \(Format.bytes(peak)) for \(Format.count(elements)) rows"
      + (elements >= checkedFromRows
        ? ", limit \(bytesPerRowLimit) B/row" : ", limit checked from \(Format.count(checkedFromRows)) rows")
      + "; registry kept \(registry.stores) stores after the scroll (limit \(registry.limit) + "
      + "\(registry.boundHosts) bound hosts)"
    return figure
  }
}
