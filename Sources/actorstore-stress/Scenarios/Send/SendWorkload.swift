import ActorStore

/// One run of a ``SendPlan`` against a store: concurrent senders, an observer, then the checks.
/// The `send` scenario runs it at scale on the global executor; `explore` runs it small under
/// `TestExecutor`.
struct SendWorkload: Sendable {
  typealias SendStore = Store<SendFeature.State, SendFeature.Action>

  let plan: SendPlan

  /// What the observer of `reduced` saw.
  struct Observation: Sendable {
    var values = 0
    var regressions = 0
    var firstRegression: String?
    var last: Int?

    mutating func see(_ value: Int) {
      values += 1
      if let last, value <= last {
        regressions += 1
        if firstRegression == nil { firstRegression = "observed \(value) after \(last)" }
      }
      last = value
    }
  }

  /// A store for the plan's senders.
  /// - Parameters:
  ///   - executor: Where the store and its effects run.
  ///   - trace: Where the store traces to, if anywhere.
  /// - Returns: The store.
  func makeStore(executor: StoreExecutor = .default, trace: (any StoreTraceSink)? = nil) -> SendStore {
    .optionallyTraced(
      initialState: SendFeature.State(senders: plan.senders.count), reducer: SendFeature(), executor: executor,
      trace: trace)
  }

  /// Runs every sender concurrently, each in its own child task, while another child task
  /// observes the count of reduced actions.
  /// - Parameters:
  ///   - store: A store from ``makeStore(executor:trace:)``.
  ///   - progress: Counts actions sent.
  /// - Returns: What the observer saw.
  func drive(_ store: SendStore, progress: ProgressMeter?) async -> Observation {
    let values = store.observe(\.reduced)
    return await withTaskGroup(of: Observation?.self) { group in
      group.addTask {
        var observation = Observation()
        for await value in values { observation.see(value) }
        return observation
      }
      await withTaskGroup(of: Void.self) { senders in
        for (index, sender) in plan.senders.enumerated() {
          senders.addTask { await Self.send(sender, as: index, to: store, progress: progress) }
        }
      }
      group.cancelAll()
      var observation = Observation()
      for await result in group { if let result { observation = result } }
      return observation
    }
  }

  /// Checks the store once every sender is done and the store is idle.
  /// - Parameters:
  ///   - store: The driven store.
  ///   - observation: What ``drive(_:progress:)`` returned.
  ///   - log: Where the checks go.
  func verify(_ store: SendStore, observation: Observation, into log: inout InvariantLog) {
    // The published snapshot, not an isolated read: under TestExecutor nothing would run the hop.
    let state = store.currentState
    log.check(
      "no action lost or reduced twice", state.reduced == plan.actions,
      "reduced \(state.reduced) actions, \(plan.actions) were sent")
    var short: [String] = []
    for (index, sender) in plan.senders.enumerated() where state.nextSequence[index] != sender.actions {
      short.append("sender \(index) (\(sender.route)) reached #\(state.nextSequence[index]) of \(sender.actions)")
    }
    log.check(
      "order preserved per sender", state.misordered == 0 && short.isEmpty,
      "\(state.misordered) misordered; " + (state.firstMisordered ?? short.prefix(3).joined(separator: "; ")))
    log.check(
      "observed count never goes back", observation.regressions == 0,
      "\(observation.regressions) regressions, first: \(observation.firstRegression ?? "")")
    log.check(
      "no effect left in flight", store.inFlightEffectCount == 0 && store.cancellationIndexCount == 0,
      "\(store.inFlightEffectCount) effect tasks running, \(store.cancellationIndexCount) cancellation keys")
  }

  private static func send(_ sender: SendPlan.Sender, as index: Int, to store: SendStore, progress: ProgressMeter?)
    async
  {
    var sequence = 0
    switch sender.route {
    case .awaited:
      for batch in sender.batches {
        for _ in 0..<batch {
          await store.send(.deliver(sender: index, sequence: sequence))
          sequence += 1
        }
        progress?.advance(by: batch)
      }
    case .chained:
      for batch in sender.batches {
        await store.send(.chain(sender: index, sequence: sequence, remaining: batch - 1))
        sequence += batch
        progress?.advance(by: batch)
      }
    case .fromEffect:
      for batch in sender.batches {
        await store.send(.spawn(sender: index, first: sequence, count: batch)).finish()
        sequence += batch
        progress?.advance(by: batch)
      }
    case .throughChild:
      let child = store.scope(state: \.reduced, action: ActionPath(embed: { $0 }, extract: { $0 }))
      for batch in sender.batches {
        for _ in 0..<batch {
          await child.send(.deliver(sender: index, sequence: sequence))
          sequence += 1
        }
        progress?.advance(by: batch)
      }
    }
  }
}
