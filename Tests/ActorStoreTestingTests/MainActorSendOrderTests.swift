import ActorStore
import ActorStoreTesting
import Testing

/// Sends made from the main actor (a connection's `send`, `sendWhileShown`, an
/// `ObservableStore`'s `send`) reach the store in call order, whatever the schedule, as TCA's
/// main-actor `send` does.
@MainActor @Suite struct MainActorSendOrderTests {
  struct Log: Reducer {
    let clock: any Clock<Duration>

    func reduce(into state: inout [Int], action: Int) -> Effect<Int> {
      state.append(action)
      guard action < 0 else { return .none }
      // A negative action starts an effect that runs until cancelled.
      return .run { [clock] _ in try await clock.sleep(for: .seconds(3_600)) }
    }
  }

  @Test func sendsFromConnectionsAndObservableStoresKeepCallOrderUnderEverySeed() {
    for seed in UInt64(0)..<200 {
      let executor = TestExecutor(ordering: .seeded(seed))
      let store = Store(initialState: [Int](), reducer: Log(clock: executor.clock), executor: executor.makeTestStoreExecutor())
      let connection = MainActorStoreConnection<[Int], Int>()
      connection.configure(with: store)
      let observable = ObservableStore(store)
      for value in 0..<30 {
        if value.isMultiple(of: 3) { observable.send(value) } else { connection.send(value) }
      }
      executor.runUntilIdle()
      #expect(store.currentState == Array(0..<30), "seed \(seed)")
      connection.prepareForReuse()
    }
  }

  @Test func aSendWhileShownNotProcessedYetIsCancelledOnceItIs() {
    let executor = TestExecutor()
    let store = Store(initialState: [Int](), reducer: Log(clock: executor.clock), executor: executor.makeTestStoreExecutor())
    let connection = MainActorStoreConnection<[Int], Int>()
    connection.configure(with: store)
    connection.sendWhileShown(-1)
    connection.send(1)
    #expect(connection.sendWhileShownCount == 1)
    connection.prepareForReuse()
    #expect(connection.sendWhileShownCount == 0)
    executor.runUntilIdle()
    // The send was made while shown, so it is processed, in order; its effect is cancelled.
    #expect(store.currentState == [-1, 1])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func sendsFromTheRealMainActorKeepCallOrder() async {
    let store = Store(initialState: [Int](), reducer: Log(clock: ContinuousClock()))
    let connection = MainActorStoreConnection<[Int], Int>()
    connection.configure(with: store)
    let count = 500
    for value in 0..<count { connection.send(value) }
    for await length in store.observe(\.count) where length == count { break }
    #expect(store.currentState == Array(0..<count))
    connection.prepareForReuse()
  }
}
