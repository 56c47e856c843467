import ActorStore
import ActorStoreTesting
import Testing

/// `TestClock()` on its own, as swift-clocks' `TestClock`, for code that does not run on a
/// `TestExecutor`. Each sleep here has an absolute deadline that the test moves past, so the
/// outcome is the same whether the sleeping task registers before the clock moves (and is woken)
/// or after (and finds its deadline passed).
@Suite struct StandaloneTestClockTests {
  @Test func startsAtZeroAndMovesOnlyWhenAdvanced() {
    let clock = TestClock()
    #expect(clock.now == .zero)
    clock.advance(by: .seconds(2))
    #expect(clock.now == .zero.advanced(by: .seconds(2)))
    clock.advance(to: .zero.advanced(by: .seconds(5)))
    #expect(clock.now == .zero.advanced(by: .seconds(5)))
  }

  @Test func wakesASleeperOnAnotherExecutorOnceTimePassesItsDeadline() async throws {
    let clock = TestClock()
    let deadline = TestClock.Instant.zero.advanced(by: .seconds(1))
    let sleeper = Task { try await clock.sleep(until: deadline) }
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(600))
    try await sleeper.value
    #expect(clock.now == .zero.advanced(by: .milliseconds(1100)))
  }

  @Test func aCancelledSleeperThrowsAndLeavesTheClock() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(until: .zero.advanced(by: .seconds(1))) }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.run())
    #expect(clock.now == .zero)
  }

  /// A timer effect sleeping on a `TestClock()` of the test's own, injected as TCA's tests do.
  private struct Ticker: Reducer {
    struct State: Equatable, Sendable { var ticks = 0 }
    enum Action: Equatable, Sendable { case start, tick, stop }
    enum ID: Hashable, Sendable { case timer }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: ID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .stop:
        return .cancel(id: ID.timer)
      }
    }
  }

  /// As swift-clocks' `advance(by:)`: every deadline inside the window fires, and the task it
  /// wakes runs before the clock moves on, so a timer that sleeps again ticks once per interval.
  @MainActor @Test func advancingRunsEachWokenEffectBeforeTheNextDeadline() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .seconds(3))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.tick) { $0.ticks = 4 }
    await store.send(.stop)
    await store.finish()
  }

  /// Two stores, each on its own executor, sleeping on one clock: moving it runs each woken
  /// effect on its own store's executor, in deadline order.
  @MainActor @Test func oneClockDrivesTheEffectsOfSeveralStores() async {
    let clock = TestClock()
    let first = TestStore(initialState: Ticker.State()) { Ticker() } withDependencies: { $0.continuousClock = clock }
    let second = TestStore(initialState: Ticker.State()) { Ticker() } withDependencies: { $0.continuousClock = clock }
    await first.send(.start)
    await clock.advance(by: .milliseconds(500))
    await second.send(.start)
    await clock.advance(by: .seconds(2))
    await first.receive(.tick) { $0.ticks = 1 }
    await first.receive(.tick) { $0.ticks = 2 }
    await second.receive(.tick) { $0.ticks = 1 }
    await second.receive(.tick) { $0.ticks = 2 }
    await first.send(.stop)
    await second.send(.stop)
    await first.finish()
    await second.finish()
  }
}
