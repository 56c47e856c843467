import ActorStore
import Testing

/// The root store: state snapshots, observation, and what releasing it does.
@Suite(.timeLimit(.minutes(10)))
struct StoreTests {
  struct State: Equatable, Sendable {
    var count = 0
    var other = 0
    /// What `currentState.count` read while `.chainSecond` was being reduced.
    var countSeenMidChain: Int?
  }

  enum Action: Equatable, Sendable {
    case set(Int)
    case setOther(Int)
    /// Sets `count` to 1 and chains `.chainSecond`, which sets it to 2.
    case chainFirst
    case chainSecond
    /// An effect that records `started`, suspends until cancelled, records `cancelled`.
    case start
    /// A concatenation: an effect waiting on the gate, then one recording `second ran`.
    case startConcatenation
    /// A concatenation: an effect that records `first started`, suspends until cancelled and
    /// records `first cancelled`, then one recording `second ran`.
    case startConcatenationUntilCancelled
    /// An effect that records `started`, suspends until cancelled, then sends `.set(1)`.
    case startSendingOnceCancelled
  }

  /// Lets a reducer read its own store's `currentState` while it is processing an action.
  final class StoreReference: Sendable {
    let store = Locked<Store<State, Action>?>(nil)
    var currentCount: Int? { store.withLock { $0 }?.currentState.count }
  }

  static func makeStore(probe: Probe = Probe(), gate: Latch = Latch(), reference: StoreReference? = nil) -> Store<State, Action> {
    Store(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        switch action {
        case .set(let value):
          state.count = value
        case .setOther(let value):
          state.other = value
        case .chainFirst:
          state.count = 1
          return .send(.chainSecond)
        case .chainSecond:
          state.countSeenMidChain = reference?.currentCount
          state.count = 2
        case .start:
          return .run { _ in
            probe.record("started")
            await suspendUntilCancelled()
            probe.record("cancelled")
          }
        case .startConcatenation:
          return .concatenate(
            .run { _ in
              probe.record("first started")
              await gate.wait()
            },
            .run { _ in probe.record("second ran") })
        case .startConcatenationUntilCancelled:
          return .concatenate(
            .run { _ in
              probe.record("first started")
              await suspendUntilCancelled()
              probe.record("first cancelled")
            },
            .run { _ in probe.record("second ran") })
        case .startSendingOnceCancelled:
          return .run { send in
            probe.record("started")
            await suspendUntilCancelled()
            await send(.set(1))
          }
        }
        return .none
      })
  }

  @Test func reducersListedInATrailingClosureRunInOrder() async {
    // Written as TCA's `Store(initialState:reducer:)` is: the reducers in a trailing closure.
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        return .none
      }
      Reduce<Int, Int> { state, _ in
        state *= 2
        return .none
      }
    }
    await store.send(3)
    #expect(store.currentState == 6)
  }

  @Test func stateAndCurrentStateReflectEachProcessedSend() async {
    let store = Self.makeStore()
    #expect(store.currentState.count == 0)
    await store.send(.set(5))
    #expect(store.currentState.count == 5)
    #expect(await store.state.count == 5)
  }

  @Test func currentStateNeverShowsAHalfProcessedChain() async {
    let reference = StoreReference()
    let store = Self.makeStore(reference: reference)
    reference.store.withLock { $0 = store }
    await store.send(.chainFirst)
    // While `.chainSecond` ran, the snapshot still showed the state before `.chainFirst`.
    #expect(store.currentState.countSeenMidChain == 0)
    #expect(store.currentState.count == 2)
    reference.store.withLock { $0 = nil }
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let probe = Probe()
    var store: Store<State, Action>? = Self.makeStore(probe: probe)
    let task = await store?.send(.start)
    await probe.wait(for: "started")
    store = nil
    await task?.finish()
    #expect(probe.events == ["started", "cancelled"])
    #expect(task?.hasFinished == true)
  }

  @Test func anActionSentAfterTheStoreWasReleasedIsDroppedAndReported() async {
    let probe = Probe()
    let issues = await capturingIssues {
      var store: Store<State, Action>? = Self.makeStore(probe: probe)
      let task = await store?.send(.startSendingOnceCancelled)
      await probe.wait(for: "started")
      store = nil
      await task?.finish()
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("sent set(1) after its store was released") == true)
    // The effect was cancelled with its store and ignored it: worth a warning, not a failure.
    #expect(issues.all.first?.severity == .warning)
  }

  @Test func releasingTheStoreStopsPendingItemsOfAConcatenate() async {
    let probe = Probe()
    let gate = Latch()
    var store: Store<State, Action>? = Self.makeStore(probe: probe, gate: gate)
    let task = await store?.send(.startConcatenation)
    await probe.wait(for: "first started")
    store = nil
    gate.open()
    await task?.finish()
    #expect(probe.events == ["first started"])
  }

  /// A concatenation waiting for its running item must not keep the store alive: releasing the
  /// store is what cancels that item.
  @Test func aConcatenationDoesNotKeepItsStoreAlive() async {
    let probe = Probe()
    var store: Store<State, Action>? = Self.makeStore(probe: probe)
    weak let released = store
    let task = await store?.send(.startConcatenationUntilCancelled)
    await probe.wait(for: "first started")
    store = nil
    #expect(released == nil)
    await task?.finish()
    #expect(probe.events == ["first started", "first cancelled"])
  }

  @Test func observeDeliversTheCurrentValueThenDistinctChangesInOrder() async {
    var store: Store<State, Action>? = Self.makeStore()
    await store?.send(.set(1))
    let values = store!.observe(\.count)
    for action in [Action.set(1), .set(2), .setOther(9), .set(2), .set(3), .set(3), .setOther(8), .set(1)] {
      await store?.send(action)
    }
    store = nil
    var received: [Int] = []
    for await value in values { received.append(value) }
    #expect(received == [1, 2, 3, 1])
  }

  @Test func observationFinishesWhenTheStoreIsReleased() async {
    var store: Store<State, Action>? = Self.makeStore()
    let values = store!.observe(\.count)
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    await store?.send(.set(4))
    #expect(await iterator.next() == 4)
    store = nil
    #expect(await iterator.next() == nil)
  }

  @Test func everyObservationEndsWhenTheStoreIsReleased() async {
    // Two observers of the same store both end on release.
    var store: Store<State, Action>? = Self.makeStore()
    let counts = store!.observe(\.count)
    let others = store!.observe(\.other)
    await store?.send(.setOther(1))
    store = nil
    var receivedCounts: [Int] = []
    for await value in counts { receivedCounts.append(value) }
    var receivedOthers: [Int] = []
    for await value in others { receivedOthers.append(value) }
    #expect(receivedCounts == [0])
    #expect(receivedOthers == [0, 1])
  }
}
