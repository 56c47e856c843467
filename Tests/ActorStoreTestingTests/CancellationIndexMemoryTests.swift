@testable import ActorStore
import ActorStoreTesting
import Testing

/// Starts cancellable effects under distinct IDs that each sleep a second.
private struct Burst: Reducer {
  struct State: Equatable, Sendable { var ended = 0 }
  enum Action: Equatable, Sendable {
    case start(Range<Int>)
    case ended
  }
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let ids):
      return .merge(
        ids.map { id in
          .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.ended)
          }
          .cancellable(id: id)
        })
    case .ended:
      state.ended += 1
      return .none
    }
  }
}

@Suite struct CancellationIndexMemoryTests {
  /// The index grows to hold every ID of a burst and shrinks back once the burst has drained,
  /// whether the effects end or are cancelled.
  @Test(arguments: [false, true])
  func aDrainedBurstLeavesASmallIndex(cancelled: Bool) async {
    let store = TestStore(initialState: Burst.State()) { Burst(clock: $0.clock) }
    store.exhaustivity = .off
    let count = 50_000
    var tasks: [TestStoreTask] = []
    for batch in 0..<50 {
      tasks.append(await store.send(.start(batch * count / 50..<(batch + 1) * count / 50)))
    }
    let registry = store.store.registry
    #expect(registry.indexedKeyCount == count)
    #expect(registry.indexCapacity >= count)
    if cancelled {
      for task in tasks { await task.cancel() }
    } else {
      store.executor.advance(by: .seconds(1))
    }
    await store.finish()
    #expect(store.store.currentState.ended == (cancelled ? 0 : count))
    #expect(registry.indexedKeyCount == 0)
    #expect(registry.indexCapacity <= EffectRegistryState.indexShrinkMinimum)
  }
}
