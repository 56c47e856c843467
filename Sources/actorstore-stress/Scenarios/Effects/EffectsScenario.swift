import ActorStore

/// `effects`: workers start effects that send a few actions each; some finish, some are
/// cancelled from outside through their `StoreTask` (before they start, in flight, or after),
/// some by the reducer's `cancel(id:)`, some replaced by `cancelInFlight`; some are throttled or
/// debounced. Invariants: no action
/// delivered after its effect was cancelled, each effect's actions in order, every effect
/// finished or cancelled, the registry empty at the end.
struct EffectsScenario: StressScenario {
  let effects: Int
  /// Where the store traces to, if anywhere (`--trace`).
  var trace: (any StoreTraceSink)? = nil

  /// Concurrent workers.
  static let workers = 8

  var name: ScenarioName { .effects }
  var unitsPerPass: Int { effects }
  var unit: String { "effects" }
  var arguments: [String] { ["--effects", String(effects)] }
  var summary: String { "\(Format.count(effects)) effects from \(Self.workers) workers, ~half cancelled" }

  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome {
    let workload = EffectsWorkload(
      plan: EffectsPlan(tokens: effects, seed: seed), workers: Self.workers, clock: ContinuousClock(),
      pause: { token, step in
        for _ in 0..<((token &+ step) % 3) { await Task.yield() }
      })
    let store = workload.makeStore(trace: trace)
    let clock = ContinuousClock()
    let start = clock.now
    await workload.drive(store, progress: progress)
    let elapsed = (clock.now - start).seconds
    var log = InvariantLog(seed: seed)
    workload.verify(store, into: &log)
    var run = Figure(
      scenario: name.rawValue, name: "effects run", unit: "effects/s", samples: [Double(effects) / elapsed])
    run.detail = workload.ledger.timingCounts.map { counts in
      "\(Format.count(counts.tokens)) \(counts.timing.label) (\(Format.count(counts.silent)) delivered nothing)"
    }.joined(separator: ", ")
    var figures = [run]
    if trace != nil { figures.append(await TraceFigure.make(scenario: name, store: store)) }
    return PassOutcome(figures: figures, invariants: log)
  }
}
