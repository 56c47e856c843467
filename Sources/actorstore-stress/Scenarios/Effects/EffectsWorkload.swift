import ActorStore

/// One run of an ``EffectsPlan`` against a store: workers start effects and cancel them as the
/// plan says, then the checks. The `effects` scenario runs it at scale on the global executor;
/// `explore` runs it small under `TestExecutor`.
struct EffectsWorkload: Sendable {
  typealias EffectsStore = Store<EffectsFeature.State, EffectsFeature.Action>

  let plan: EffectsPlan
  /// Tasks starting effects concurrently.
  let workers: Int
  /// What effects (and workers, before a planned cancel) do to let time pass.
  let pause: @Sendable (_ token: Int, _ step: Int) async -> Void
  /// What throttles and debounces measure time with.
  let clock: any Clock<Duration>
  let ledger: EffectsLedger

  /// Effects a worker leaves running before it waits for its oldest one.
  static let window = 32

  init(
    plan: EffectsPlan, workers: Int, clock: any Clock<Duration>,
    pause: @escaping @Sendable (_ token: Int, _ step: Int) async -> Void
  ) {
    self.plan = plan
    self.workers = max(1, workers)
    self.clock = clock
    self.pause = pause
    ledger = EffectsLedger(plan: plan)
  }

  /// A store running the plan's feature.
  /// - Parameters:
  ///   - executor: Where the store and its effects run.
  ///   - trace: Where the store traces to, if anywhere.
  /// - Returns: The store.
  func makeStore(executor: StoreExecutor = .default, trace: (any StoreTraceSink)? = nil) -> EffectsStore {
    .optionallyTraced(
      initialState: EffectsFeature.State(),
      reducer: EffectsFeature(plan: plan, ledger: ledger, pause: pause, clock: clock),
      executor: executor, trace: trace)
  }

  /// Runs the workers concurrently; returns once every effect they started has finished.
  /// - Parameters:
  ///   - store: A store from ``makeStore(executor:trace:)``.
  ///   - progress: Counts effects started.
  func drive(_ store: EffectsStore, progress: ProgressMeter?) async {
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<workers {
        group.addTask { await run(worker: worker, store: store, progress: progress) }
      }
    }
  }

  /// Checks the store once every effect has finished.
  /// - Parameters:
  ///   - store: The driven store.
  ///   - log: Where the checks go.
  func verify(_ store: EffectsStore, into log: inout InvariantLog) {
    let late = ledger.lateDeliveries
    log.check(
      "no action delivered after its effect was cancelled", late.count == 0,
      "\(late.count) late deliveries; first: \(late.first ?? "")")
    let misordered = ledger.misordered
    log.check(
      "each effect's actions arrive in order", misordered.count == 0,
      "\(misordered.count) misordered; first: \(misordered.first ?? "")")
    let unfinished = ledger.unfinishedTokens
    log.check(
      "every effect finished or was cancelled", unfinished.isEmpty,
      "\(unfinished.count) effects neither finished nor cancelled, e.g. tokens \(unfinished.prefix(5))")
    log.check(
      "registry empty at the end", store.inFlightEffectCount == 0 && store.cancellationIndexCount == 0,
      "\(store.inFlightEffectCount) effect tasks running, \(store.cancellationIndexCount) cancellation keys: "
        + store.inFlightEffectDescriptions.prefix(3).joined(separator: "; "))
  }

  private func run(worker: Int, store: EffectsStore, progress: ProgressMeter?) async {
    var pending: [StoreTask] = []
    for token in stride(from: worker, to: plan.tokens, by: workers) {
      let task = await store.send(.start(token: token))
      switch plan.fates[token] {
      case .finishes:
        break
      case .taskCancelled:
        await pause(token, Int(plan.delays[token]))
        await task.cancel()
        ledger.markCancelledFromOutside(token)
      case .idCancelled:
        await pause(token, Int(plan.delays[token]))
        let timing = plan.timings[token]
        await store.send(
          timing.isTimed ? .cancelTiming(timing, id: plan.timingID(of: token)) : .cancel(id: plan.id(of: token)))
      }
      pending.append(task)
      if pending.count >= Self.window { await pending.removeFirst().finish() }
      progress?.advance(by: 1)
    }
    for task in pending { await task.finish() }
  }
}
