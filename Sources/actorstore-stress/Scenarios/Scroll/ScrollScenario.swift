import ActorStoreTesting

/// `scroll`: a list of `--elements` rows scrolled top to bottom through `--hosts` reused hosts
/// (a headless collection view), with seeded inserts, deletes and moves on the way, while each
/// row on screen runs a ticker effect. Invariants: every batch update passes the validator,
/// each host shows the row it is bound to, no row effect outlives its row, and the registry
/// and the effect registry are empty at the end.
struct ScrollScenario: StressScenario {
  let elements: Int
  let hosts: Int

  /// Edit batches spread over one scroll.
  static let editBatches = 40

  var name: ScenarioName { .scroll }
  var unitsPerPass: Int { elements }
  var unit: String { "rows" }
  var arguments: [String] { ["--elements", String(elements), "--hosts", String(hosts)] }

  var summary: String {
    "\(Format.count(elements)) rows through \(hosts) hosts, \(Self.editBatches) edit batches"
  }

  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome {
    let session = ScrollSession(elements: elements, hosts: hosts, seed: seed)
    let clock = ContinuousClock()
    let start = clock.now
    await session.run(edits: Self.editBatches, progress: progress)
    let elapsed = (clock.now - start).seconds
    var figure = Figure(
      scenario: name.rawValue, name: "rows scrolled", unit: "rows/s", samples: [Double(elements) / elapsed])
    figure.detail =
      "\(Format.count(session.simulator.bindCount)) binds, \(session.validatedUpdates) validated updates, "
      + "\(session.editsApplied) edit batches, \(Format.count(session.ticksSeen.count)) ticks observed"
    return PassOutcome(figures: [figure], invariants: session.log)
  }
}
