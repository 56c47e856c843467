import ActorStore
import ActorStoreTesting
import Testing

/// `clock.timer(interval:)` ticks once per interval of the test clock, without drift, and
/// stops when its effect is cancelled.
@Suite struct ClockTimerTests {
  enum Action: Equatable, Sendable { case start, stop, tick }

  struct Timer: Reducer {
    let clock: TestClock

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: "timer", cancelInFlight: true)
      case .stop:
        return .cancel(id: "timer")
      case .tick:
        state += 1
        return .none
      }
    }
  }

  @Test func ticksFollowTheClockAndStopOnCancel() async {
    let store = TestStore(initialState: 0) { Timer(clock: $0.clock) }
    await store.send(.start)
    await store.clock.advance(by: .milliseconds(999))
    await store.clock.advance(by: .milliseconds(1))
    await store.receive(.tick) { $0 = 1 }
    await store.clock.advance(by: .seconds(3))
    await store.receive(.tick) { $0 = 2 }
    await store.receive(.tick) { $0 = 3 }
    await store.receive(.tick) { $0 = 4 }
    await store.send(.stop)
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }
}
