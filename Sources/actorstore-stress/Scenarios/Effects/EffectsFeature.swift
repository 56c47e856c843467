import ActorStore

/// The feature the `effects` scenario drives. Each effect carries its token; the reducer reports
/// every start, cancel and delivery to the ``EffectsLedger``, which knows which tokens were
/// cancelled (by this reducer's `cancel(id:)` and `cancelInFlight`, or from outside) and counts
/// every action that arrives from a cancelled one. Some effects run first in a `concatenate`,
/// ahead of an epilogue, whose action may arrive only once the effect has ended; some are
/// throttled or debounced on `clock` (see ``EffectsPlan/Timing``).
struct EffectsFeature: Reducer {
  struct State: Sendable {
    var trace = TraceHash()
  }

  enum Action: Sendable {
    case start(token: Int)
    case cancel(id: Int)
    /// Cancels a throttle's or a debounce's ID.
    case cancelTiming(EffectsPlan.Timing, id: Int)
    /// The epilogue concatenated after a token's effect ran.
    case epilogue(token: Int)
    case step(token: Int, index: Int)
    case finished(token: Int)
  }

  /// The cancellation ID type, so that other features' IDs never collide with these.
  struct CancelID: Hashable, Sendable { let value: Int }

  /// A throttle's or a debounce's ID: one space per kind, so that a debounce's `cancelInFlight`
  /// never reaches a throttled effect.
  struct TimingID: Hashable, Sendable {
    let timing: EffectsPlan.Timing
    let value: Int
  }

  let plan: EffectsPlan
  let ledger: EffectsLedger
  /// What an effect does before each action: yields on the global executor, clock sleeps under
  /// `TestExecutor`.
  let pause: @Sendable (_ token: Int, _ step: Int) async -> Void
  /// What throttles and debounces measure time with.
  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let token):
      state.trace.record(0, token)
      let steps = Int(plan.steps[token])
      let pause = self.pause
      let run = Effect<Action>.run { send in
        for index in 0..<steps {
          await pause(token, index)
          await send(.step(token: token, index: index))
        }
        await pause(token, steps)
        await send(.finished(token: token))
      }
      if let timed = timed(run, token: token) { return timed }
      let replaces = plan.replaces[token]
      ledger.start(token, replaces: replaces)
      let effect = run.cancellable(id: CancelID(value: plan.id(of: token)), cancelInFlight: replaces)
      guard plan.concatenated[token] else { return effect }
      let epilogue = Effect<Action>.run { send in
        await pause(token, 1)
        await send(.epilogue(token: token))
      }
      return .concatenate(effect, epilogue)
    case .cancel(let id):
      state.trace.record(1, id)
      ledger.cancel(id: id)
      return .cancel(id: CancelID(value: id))
    case .cancelTiming(let timing, let id):
      state.trace.record(5, Int(timing.rawValue), id)
      ledger.cancel(timing, id: id)
      return .cancel(id: TimingID(timing: timing, value: id))
    case .epilogue(let token):
      state.trace.record(4, token)
      ledger.receiveEpilogue(of: token)
      return .none
    case .step(let token, let index):
      state.trace.record(2, token, index)
      ledger.receiveStep(index, of: token)
      return .none
    case .finished(let token):
      state.trace.record(3, token)
      ledger.receiveFinish(of: token)
      return .none
    }
  }

  /// `run`, the effect of `token`, throttled or debounced under its timing ID; `nil` when the
  /// token is not timed.
  private func timed(_ run: Effect<Action>, token: Int) -> Effect<Action>? {
    let timing = plan.timings[token]
    guard timing.isTimed else { return nil }
    let id = plan.timingID(of: token)
    ledger.startTimed(token, timing, id: id)
    let timingID = TimingID(timing: timing, value: id)
    guard timing == .debounced else {
      let latest = timing == .throttledLatest
      return run.throttle(id: timingID, for: EffectsPlan.timingInterval, clock: clock, latest: latest)
    }
    return run.debounce(id: timingID, for: EffectsPlan.timingInterval, clock: clock)
  }
}
