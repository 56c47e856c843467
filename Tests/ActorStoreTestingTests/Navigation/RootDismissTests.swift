import ActorStoreTesting
import Testing

/// A screen that dismisses itself, as TCA's tests of a root feature exercise it: `isDismissed`
/// becomes `true` and the feature's effects end.
@MainActor @Suite struct RootDismissTests {
  struct Recorder: Reducer {
    struct State: Equatable, Sendable { var seconds = 0 }
    enum Action: Equatable, Sendable { case onAppear, tick, stopTapped }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.seconds += 1
        return .none
      case .stopTapped:
        return .run { [dismiss] _ in await dismiss() }
      }
    }
  }

  @Test func aRootDismissalIsRecordedAndEndsTheFeaturesEffects() async {
    let store = TestStore(initialState: Recorder.State()) { Recorder() }
    #expect(!store.isDismissed)
    await store.send(.onAppear)
    await store.clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.seconds = 1 }
    await store.send(.stopTapped)
    #expect(store.isDismissed)
    // The timer was cancelled with the dismissal: nothing is left in flight.
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aDismissalOverriddenByTheTestRunsTheOverride() async {
    let calls = LockIsolated(0)
    let store = TestStore(initialState: Recorder.State()) {
      Recorder()
    } withDependencies: {
      $0.dismiss = DismissEffect { calls.withValue { $0 += 1 } }
    }
    await store.send(.stopTapped)
    #expect(calls.value == 1)
    #expect(!store.isDismissed)
  }
}
