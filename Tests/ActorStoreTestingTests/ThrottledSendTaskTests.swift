import ActorStore
import ActorStoreTesting
import Testing

/// A throttle that keeps a `.send` for the end of its interval delivers it later, in a batch of
/// its own: the effects that action starts belong to the send that was throttled, never to
/// whichever send comes next.
@Suite struct ThrottledSendTaskTests {
  enum Action: Sendable {
    case tap(Int)
    case fired(Int)
    case loaded(Int)
    case unrelated
  }

  struct Feature: Reducer {
    let clock: TestClock

    func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
      let clock = self.clock
      switch action {
      case .tap(let value):
        return Effect<Action>.send(.fired(value)).throttle(id: "tap", for: .seconds(1), clock: clock, latest: true)
      case .fired(let value):
        return .run { send in
          try await clock.sleep(for: .seconds(5))
          await send(.loaded(value))
        }
      case .loaded(let value):
        state.append(value)
        return .none
      case .unrelated:
        return .none
      }
    }
  }

  static func send(_ action: Action, to store: Store<[Int], Action>, on executor: TestExecutor) -> StoreTask {
    let sent = SharedValue<StoreTask>()
    Task(executorPreference: executor) { sent.value = await store.send(action) }
    executor.runUntilIdle()
    return sent.value!
  }

  @Test func theEffectsOfALaterSendBelongToTheThrottledSend() {
    let executor = TestExecutor()
    let store = Store(initialState: [], reducer: Feature(clock: executor.clock), executor: executor.makeTestStoreExecutor())
    let first = Self.send(.tap(1), to: store, on: executor)
    let throttled = Self.send(.tap(2), to: store, on: executor)
    // The interval ends: `.fired(2)` is reduced now and its load runs for 5 s.
    executor.advance(by: .seconds(1))
    let unrelated = Self.send(.unrelated, to: store, on: executor)
    #expect(unrelated.hasFinished, "a send that started nothing tracks nothing")
    #expect(!throttled.hasFinished, "the throttled send waits for the load its later action started")

    executor.advance(by: .seconds(4))
    #expect(store.currentState == [1])
    #expect(first.hasFinished)
    throttled.cancel()
    executor.advance(by: .seconds(5))
    #expect(store.currentState == [1], "cancelling the throttled send cancels the load")
    #expect(throttled.hasFinished && throttled.isCancelled)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func aLaterSendThatStartsEffectsTracksOnlyItsOwn() {
    let executor = TestExecutor()
    let store = Store(initialState: [], reducer: Feature(clock: executor.clock), executor: executor.makeTestStoreExecutor())
    _ = Self.send(.tap(1), to: store, on: executor)
    _ = Self.send(.tap(2), to: store, on: executor)
    executor.advance(by: .seconds(1))
    // Starts a load of its own that ends 5 s from now, like the throttled one, 1 s later.
    let next = Self.send(.fired(3), to: store, on: executor)
    next.cancel()
    executor.advance(by: .seconds(10))
    #expect(store.currentState == [1, 2], "cancelling the next send leaves the throttled load alone")
    #expect(store.inFlightEffectCount == 0)
  }
}
