import ActorStoreTesting
import Testing

/// A recording screen as TCA's voice-memo tests run it: a timer on a real clock
/// (`ContinuousClock()` injected), whose ticks `receive` waits for, up to the store's `timeout`.
/// The timer's interval is short and the timeout long, so the outcome does not depend on the
/// machine's speed: `receive` returns as soon as each tick arrives.
@MainActor @Suite struct RealClockTestStoreTests {
  struct Recording: Reducer {
    struct State: Equatable, Sendable { var ticks = 0 }
    enum Action: Equatable, Sendable { case start, tick }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          for _ in 0..<5 {
            try await clock.sleep(for: .milliseconds(5))
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  @Test func receiveWaitsForTicksOfARealClockAndFinishEndsClean() async {
    let store = TestStore(initialState: Recording.State()) {
      Recording()
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    store.timeout = .seconds(60)
    await store.send(.start)
    for tick in 1...5 {
      await store.receive(.tick) { $0.ticks = tick }
    }
    await store.finish()
  }

  /// A task's `finish(timeout:)` waits for a real-clock effect to end; `receive(_:timeout:)` and
  /// `finish(timeout:)` take the wait per call.
  @Test func aTasksFinishWaitsForARealClockEffect() async {
    let store = TestStore(initialState: Recording.State()) {
      Recording()
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    store.exhaustivity = .off
    await store.send(.start).finish(timeout: .seconds(60))
    await store.receive(.tick, timeout: .seconds(60))
    await store.finish(timeout: .seconds(60))
    #expect(store.store.currentState.ticks == 5)
  }

  /// The same feature on the test clock: nothing waits in real time, and the ticks come with
  /// the clock.
  @Test func onTheTestClockNothingWaits() async {
    let store = TestStore(initialState: Recording.State()) { Recording() }
    store.timeout = .seconds(60)
    await store.send(.start)
    for tick in 1...5 {
      await store.clock.advance(by: .milliseconds(5))
      await store.receive(.tick) { $0.ticks = tick }
    }
    await store.finish()
  }
}
