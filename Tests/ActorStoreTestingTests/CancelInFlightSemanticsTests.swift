import ActorStore
import ActorStoreTesting
import Testing

/// `cancellable(id:cancelInFlight: true)` cancels the effects already in flight under its ID,
/// never the effect it wraps, and a cancel by ID stops the effects it names, not what an action
/// they sent has just started (TCA's rules).
@Suite struct CancelInFlightSemanticsTests {
  enum Action: Equatable, Sendable {
    case runTwiceWrapped
    case sendTwiceWrapped
    case poll
    case tick
    case done
  }

  struct State: Equatable, Sendable {
    var done = 0
    var ticks = 0
  }

  struct Feature: Reducer {
    let clock: TestClock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .runTwiceWrapped:
        return .run { send in await send(.done) }
          .cancellable(id: "x", cancelInFlight: true)
          .cancellable(id: "x", cancelInFlight: true)
      case .sendTwiceWrapped:
        return Effect.send(.done)
          .cancellable(id: "x", cancelInFlight: true)
          .cancellable(id: "x", cancelInFlight: true)
      case .poll:
        return polling()
      case .tick:
        // The effect that sent `.tick` is replaced by a new one under the same ID.
        state.ticks += 1
        return state.ticks < 3 ? polling() : .none
      case .done:
        state.done += 1
        return .none
      }
    }

    func polling() -> Effect<Action> {
      .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
      .cancellable(id: "poll", cancelInFlight: true)
    }
  }

  func makeStore(_ executor: TestExecutor) -> Store<State, Action> {
    Store(initialState: State(), reducer: Feature(clock: executor.clock), executor: executor.makeTestStoreExecutor())
  }

  @Test(arguments: [Action.runTwiceWrapped, .sendTwiceWrapped])
  func anEffectWrappedTwiceWithCancelInFlightRunsOnceAndDelivers(_ action: Action) {
    let executor = TestExecutor()
    let store = makeStore(executor)
    _ = executor.value { await store.send(action).finish() }
    #expect(store.currentState.done == 1)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func anEffectReplacedByOneItsOwnActionStartedKeepsPolling() {
    let executor = TestExecutor()
    let store = makeStore(executor)
    _ = executor.value { await store.send(.poll) }
    for second in 1...3 {
      executor.advance(by: .seconds(1))
      #expect(store.currentState.ticks == second)
    }
    #expect(store.inFlightEffectCount == 0)
  }
}

extension CancelInFlightSemanticsTests {
  enum HoldAction: Equatable, Sendable {
    case hold
    case replace
    case released(Int)
  }

  /// `.hold` starts an effect under "h" that sends `.replace` and then waits for the clock;
  /// `.replace` starts a second one under "h" with `cancelInFlight`, wrapped twice.
  struct Holder: Reducer {
    let clock: TestClock

    func reduce(into state: inout [Int], action: HoldAction) -> Effect<HoldAction> {
      switch action {
      case .hold:
        return .run { [clock] send in
          await send(.replace)
          try await clock.sleep(for: .seconds(1))
          await send(.released(1))
        }
        .cancellable(id: "h")
      case .replace:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(2))
          await send(.released(2))
        }
        .cancellable(id: "h", cancelInFlight: true)
        .cancellable(id: "h", cancelInFlight: true)
      case .released(let value):
        state.append(value)
        return .none
      }
    }
  }

  /// The effect whose action launched the replacement is a previous effect under the ID: it is
  /// cancelled, while the replacement (wrapped twice) runs once.
  @Test func cancelInFlightFromAnEffectsActionCancelsThatEffectNotItself() {
    let executor = TestExecutor()
    let store = Store(initialState: [Int](), reducer: Holder(clock: executor.clock), executor: executor.makeTestStoreExecutor())
    _ = executor.value { await store.send(.hold) }
    executor.advance(by: .seconds(3))
    #expect(store.currentState == [2])
    #expect(store.inFlightEffectCount == 0)
  }
}
