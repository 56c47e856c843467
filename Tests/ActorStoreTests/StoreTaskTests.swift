import ActorStore
import Testing

/// `StoreTask`: the handle on everything one `send` started, transitively.
@Suite(.timeLimit(.minutes(10)))
struct StoreTaskTests {
  struct State: Equatable, Sendable {
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    /// Runs an effect that sends `.spawn`, then suspends until cancelled.
    case start
    /// Runs an effect that records `spawned started`, waits on the gate (without honouring
    /// cancellation), records `spawned woke`, then sends `.late`.
    case spawn
    /// Runs an effect that sends `.spawn`, records `sender returned`, then returns.
    case spawnAndReturn
    /// Runs an effect that sends `.spawnSuspending`, then returns.
    case startAndReturn
    /// Runs an effect that suspends until cancelled.
    case spawnSuspending
    /// Runs an effect that suspends until cancelled.
    case suspend
    case late
    /// Chains `.suspend` through `.send`: its effect belongs to this send's task.
    case chainToSuspend
  }

  static func makeStore(probe: Probe, gate: Latch = Latch()) -> Store<State, Action> {
    Store(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        state.log.append("\(action)")
        switch action {
        case .start:
          return .run { send in
            await send(.spawn)
            probe.record("start sent spawn")
            await suspendUntilCancelled()
            probe.record("start cancelled")
          }
        case .spawn:
          return .run { send in
            probe.record("spawned started")
            await gate.wait()
            probe.record("spawned woke")
            await send(.late)
          }
        case .spawnAndReturn:
          return .run { send in
            await send(.spawn)
            probe.record("sender returned")
          }
        case .startAndReturn:
          return .run { send in await send(.spawnSuspending) }
        case .spawnSuspending, .suspend:
          return .run { _ in
            probe.record("\(action) started")
            await suspendUntilCancelled()
            probe.record("\(action) cancelled")
          }
        case .late:
          return .none
        case .chainToSuspend:
          return .send(.suspend)
        }
      })
  }

  @Test func aSendWithoutEffectsHasFinishedAtOnce() async {
    let store = Self.makeStore(probe: Probe())
    let task = await store.send(.late)
    #expect(task.hasFinished)
    #expect(!task.isCancelled)
    await task.finish()
  }

  @Test func cancelIsTransitiveThroughEffectsStartedByActionsAnEffectSent() async {
    let probe = Probe()
    let gate = Latch()
    let store = Self.makeStore(probe: probe, gate: gate)
    let task = await store.send(.start)
    await probe.wait(for: "start sent spawn")
    await probe.wait(for: "spawned started")

    await task.cancel()
    #expect(task.isCancelled)
    gate.open()
    await task.finish()
    #expect(probe.events.contains("start cancelled"))
    #expect(probe.events.contains("spawned woke"))
    // The spawned effect was cancelled too: its send after waking is dropped.
    #expect(await store.state.log == ["start", "spawn"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func cancelReachesEffectsStartedAfterTheSendingEffectReturned() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let task = await store.send(.startAndReturn)
    await probe.wait(for: "spawnSuspending started")
    await task.cancel()
    await task.finish()
    #expect(probe.events == ["spawnSuspending started", "spawnSuspending cancelled"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func finishWaitsTransitively() async {
    let probe = Probe()
    let gate = Latch()
    let store = Self.makeStore(probe: probe, gate: gate)
    let task = await store.send(.spawnAndReturn)
    await probe.wait(for: "sender returned")
    await probe.wait(for: "spawned started")
    // The effect `.spawnAndReturn` ran is done; the one its `.spawn` started is still waiting.
    #expect(!task.hasFinished)

    gate.open()
    await task.finish()
    #expect(task.hasFinished)
    #expect(!task.isCancelled)
    // Everything the spawned effect sent was processed before finish returned.
    #expect(await store.state.log == ["spawnAndReturn", "spawn", "late"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func theTaskCoversEffectsOfActionsChainedWithSend() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let task = await store.send(.chainToSuspend)
    await probe.wait(for: "suspend started")
    #expect(!task.hasFinished)
    await task.cancel()
    await task.finish()
    #expect(probe.events == ["suspend started", "suspend cancelled"])
  }

  @Test func cancellingTheTaskAwaitingFinishCancelsTheEffects() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let storeTask = await store.send(.suspend)
    await probe.wait(for: "suspend started")
    let waiter = Task { await storeTask.finish() }
    waiter.cancel()
    await waiter.value
    #expect(storeTask.isCancelled)
    #expect(storeTask.hasFinished)
    #expect(probe.events == ["suspend started", "suspend cancelled"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func cancellingOneSendsTaskLeavesOtherSendsEffectsRunning() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let first = await store.send(.suspend)
    let second = await store.send(.spawnSuspending)
    await probe.wait(for: "suspend started")
    await probe.wait(for: "spawnSuspending started")
    await first.cancel()
    await first.finish()
    #expect(!second.isCancelled)
    #expect(!second.hasFinished)
    #expect(!probe.events.contains("spawnSuspending cancelled"))
    await second.cancel()
    await second.finish()
    #expect(store.inFlightEffectCount == 0)
  }
}
