import ActorStore
import ActorStoreTesting
import Testing

/// `.concatenate` of `.send`s delivers them synchronously, like `.send`: in order, before `send`
/// returns and before any effect's output (TCA's concatenated publishers).
@Suite struct ConcatenatedSendTests {
  enum Action: Equatable, Sendable {
    case sendsOnly
    case sendsBesideARun
    case sendsThenARunThenASend
    case a, b, c, d
  }

  static let reducer = Reduce<[Action], Action> { log, action in
    log.append(action)
    switch action {
    case .sendsOnly:
      return .concatenate(.send(.a), .merge(.send(.b), .send(.c)))
    case .sendsBesideARun:
      return .merge(.run { send in await send(.c) }, .concatenate(.send(.a), .send(.b)))
    case .sendsThenARunThenASend:
      return .concatenate(.send(.a), .run { send in await send(.b) }, .send(.c))
    case .a, .b, .c, .d:
      return .none
    }
  }

  @Test func concatenatedSendsAreReducedBeforeSendReturns() async {
    let store = Store(initialState: [], reducer: Self.reducer)
    let task = await store.send(.sendsOnly)
    #expect(store.currentState == [.sendsOnly, .a, .b, .c])
    #expect(task.hasFinished)
  }

  @Test func concatenatedSendsComeBeforeAnyEffectsOutputUnderEverySeed() {
    for seed in UInt64(0)..<200 {
      let executor = TestExecutor(ordering: .seeded(seed))
      let store = Store(initialState: [], reducer: Self.reducer, executor: executor.makeTestStoreExecutor())
      _ = executor.value { await store.send(.sendsBesideARun).finish() }
      #expect(store.currentState == [.sendsBesideARun, .a, .b, .c], "seed \(seed)")
    }
  }

  @Test func aSendAfterARunWaitsForIt() {
    for seed in UInt64(0)..<50 {
      let executor = TestExecutor(ordering: .seeded(seed))
      let store = Store(initialState: [], reducer: Self.reducer, executor: executor.makeTestStoreExecutor())
      _ = executor.value { await store.send(.sendsThenARunThenASend).finish() }
      #expect(store.currentState == [.sendsThenARunThenASend, .a, .b, .c], "seed \(seed)")
    }
  }
}
