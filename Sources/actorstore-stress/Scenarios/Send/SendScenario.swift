import ActorStore

/// `send`: many tasks send to one store at once, by every route an action can take (awaited
/// sends, `.send` chains, effects, a scoped child store). Invariants: no action lost or reduced
/// twice, order kept per sender, the observed count never goes back, no effect left running.
struct SendScenario: StressScenario {
  let actions: Int
  /// Where the store traces to, if anywhere (`--trace`).
  var trace: (any StoreTraceSink)? = nil

  var name: ScenarioName { .send }
  var unitsPerPass: Int { actions }
  var unit: String { "actions" }
  var arguments: [String] { ["--actions", String(actions)] }

  var summary: String {
    "\(Format.count(actions)) actions from \(SendPlan(actions: actions, seed: 0).senders.count) concurrent senders"
  }

  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome {
    let workload = SendWorkload(plan: SendPlan(actions: actions, seed: seed))
    let store = workload.makeStore(trace: trace)
    let clock = ContinuousClock()
    let start = clock.now
    let observation = await workload.drive(store, progress: progress)
    let elapsed = (clock.now - start).seconds
    var log = InvariantLog(seed: seed)
    workload.verify(store, observation: observation, into: &log)
    var figures = [
      Figure(scenario: name.rawValue, name: "actions reduced", unit: "actions/s", samples: [Double(actions) / elapsed])
    ]
    if trace != nil { figures.append(await TraceFigure.make(scenario: name, store: store)) }
    return PassOutcome(figures: figures, invariants: log)
  }
}
