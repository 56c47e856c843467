import ActorStore
import Testing

/// Scoped child stores: same type, same executor, sends forwarded to the parent, state read
/// through, invalidated when their state goes away.
@Suite(.timeLimit(.minutes(10)))
struct ScopingTests {
  struct CounterState: Equatable, Sendable {
    var count = 0
  }

  enum CounterAction: Equatable, Sendable {
    case increment
    /// An effect that records `counter started`, suspends until cancelled, records
    /// `counter cancelled`.
    case start
  }

  struct State: Equatable, Sendable {
    var counter = CounterState()
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case counter(CounterAction)
    case reset
    /// Cancels `"counter work"` at the parent's level.
    case stopCounter
  }

  static func counter(probe: Probe) -> Reduce<CounterState, CounterAction> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .start:
        return .run { _ in
          probe.record("counter started")
          await suspendUntilCancelled()
          probe.record("counter cancelled")
        }
        .cancellable(id: "counter work")
      }
    }
  }

  static func reducer(probe: Probe) -> some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \.counter, action: .counter) { counter(probe: probe) }
      Reduce<State, Action> { state, action in
        state.log.append("\(action)")
        if action == .reset { state.counter.count = 0 }
        return action == .stopCounter ? .cancel(id: "counter work") : .none
      }
    }
  }

  static func makeStore(probe: Probe = Probe()) -> Store<State, Action> {
    Store(initialState: State(), reducer: reducer(probe: probe))
  }

  @Test func aChildStoreSharesItsParentsExecutor() async {
    let store = Self.makeStore()
    await store.send(.counter(.increment))
    let child = store.scope(state: \.counter, action: .counter)
    // Inside a call isolated to the child, the parent is isolated too: no hop between them.
    let (childCount, parentCount) = await child.isolated { child in
      (child.state.count, store.assumeIsolated { $0.state.counter.count })
    }
    #expect(childCount == 1)
    #expect(parentCount == 1)
  }

  @Test func aGrandchildStoreSharesTheRootsExecutor() async {
    let listStore = ListFeature.store(rowIDs: [1], probe: Probe())
    let row = listStore.scope(id: 1, in: \.rows, action: .rows)
    let title = await row?.isolated { row in
      listStore.assumeIsolated { $0.state.rows[id: 1]?.title } ?? "missing"
    }
    #expect(title == "")
  }

  @Test func childSendIsForwardedToTheParent() async {
    let store = Self.makeStore()
    let child = store.scope(state: \.counter, action: .counter)
    await child.send(.increment)
    #expect(await store.state.counter.count == 1)
    #expect(await store.state.log == ["counter(ActorStoreTests.ScopingTests.CounterAction.increment)"])
    #expect(store.currentState.counter.count == 1)
  }

  @Test func childStateReadsThroughToTheParent() async {
    let store = Self.makeStore()
    let child = store.scope(state: \.counter, action: .counter)
    await store.send(.counter(.increment))
    await store.send(.counter(.increment))
    #expect(await child.state.count == 2)
    #expect(child.currentState.count == 2)
    await store.send(.reset)
    #expect(await child.state.count == 0)
    #expect(child.currentState.count == 0)
  }

  @Test func childStoreTaskTracksAndCancelsTheChildsEffects() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let child = store.scope(state: \.counter, action: .counter)
    let task = await child.send(.start)
    await probe.wait(for: "counter started")
    #expect(!task.hasFinished)
    #expect(store.inFlightEffectCount == 1)
    await task.cancel()
    await task.finish()
    #expect(probe.events == ["counter started", "counter cancelled"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func theParentsCancelReachesEffectsStartedThroughAChildStore() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let child = store.scope(state: \.counter, action: .counter)
    let task = await child.send(.start)
    await probe.wait(for: "counter started")
    let issues = await capturingIssues { await store.send(.stopCounter) }
    await task.finish()
    #expect(issues.all.isEmpty)
    #expect(probe.events == ["counter started", "counter cancelled"])
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func childObservationDeliversChildValues() async {
    let store = Self.makeStore()
    let child = store.scope(state: \.counter, action: .counter)
    var counts = child.observe(\.count).makeAsyncIterator()
    #expect(await counts.next() == 0)
    await child.send(.increment)
    #expect(await counts.next() == 1)
    await store.send(.reset)
    #expect(await counts.next() == 0)
  }

  @Test func releasingAChildStoreFinishesItsObservations() async {
    let store = Self.makeStore()
    var child: Store<CounterState, CounterAction>? = store.scope(state: \.counter, action: .counter)
    var counts = child!.observe(\.count).makeAsyncIterator()
    #expect(await counts.next() == 0)
    child = nil
    await store.send(.counter(.increment))
    // The child store is gone: its stream ends rather than following the parent.
    #expect(await counts.next() == nil)
  }

  /// A scope's closure is the app's code: it runs with no lock of the store held, so it may
  /// read the store itself (it deadlocked on the publisher's lock when a stream started).
  @Test func aScopeClosureMayReadItsStoreWhileAStreamStarts() async {
    let store = Self.makeStore()
    let child = store.scope(
      // Weakly, as an app would: the stream's observer holds the closure, and the store the
      // observer.
      state: { [weak store] state -> CounterState? in
        _ = store?.currentState
        return state.counter
      },
      action: { Action.counter($0) })
    var counts = child!.observe(\.count).makeAsyncIterator()
    #expect(await counts.next() == 0)
    await store.send(.counter(.increment))
    #expect(await counts.next() == 1)
  }

  @Test func closureScopeIsNilWhileTheStateIsAbsentAndInvalidatedWhenItGoes() async {
    let store = Store(initialState: OptionalChildFeature.State(), reducer: OptionalChildFeature.reducer(probe: Probe()))
    #expect(store.scope(state: { $0.child }, action: { .child($0) }) == nil)

    await store.send(.present)
    let child = store.scope(state: { $0.child }, action: { OptionalChildFeature.Action.child($0) })
    #expect(child != nil)
    await child?.send(.increment)
    #expect(await child?.state.count == 1)
    #expect(await store.state.child?.count == 1)
    #expect(await child?.isAlive == true)

    await store.send(.dismiss)
    #expect(await child?.isAlive == false)
    // Presenting again does not revive an invalidated store.
    await store.send(.present)
    #expect(await child?.isAlive == false)
  }

  @Test func elementScopeIsNilForAMissingID() {
    let store = ListFeature.store(rowIDs: [1, 2], probe: Probe())
    #expect(store.scope(id: 3, in: \.rows, action: .rows) == nil)
    #expect(store.scope(id: 2, in: \.rows, action: .rows) != nil)
  }

  @Test func elementStoreFollowsItsElementByIDAcrossMoves() async {
    let store = ListFeature.store(rowIDs: [1, 2, 3], probe: Probe())
    let row3 = store.scope(id: 3, in: \.rows, action: .rows)!
    await store.send(.moveToFront(id: 3))
    await row3.send(.rename("third"))
    #expect(await store.state.rows.map(\.title) == ["third", "", ""])
    #expect(await row3.state.title == "third")
  }

  @Test func sendToAnInvalidatedChildIsDroppedAndLeavesTheParentUntouched() async {
    let store = ListFeature.store(rowIDs: [1, 2], probe: Probe())
    let row1 = store.scope(id: 1, in: \.rows, action: .rows)!
    await store.send(.remove(id: 1))
    let stateBefore = await store.state
    let issues = await capturingIssues {
      let task = await row1.send(.rename("zombie"))
      #expect(task.hasFinished)
    }
    #expect(issues.all.count == 1)
    #expect(await store.state == stateBefore)
    #expect(await row1.isAlive == false)
  }

  @Test func anElementStoreStaysInvalidatedWhenItsIDComesBack() async {
    let store = ListFeature.store(rowIDs: [1, 2], probe: Probe())
    let row1 = store.scope(id: 1, in: \.rows, action: .rows)!
    await row1.send(.rename("old"))
    // Removed, then a new element with the same ID, without the old store being touched between.
    await store.send(.remove(id: 1))
    await store.send(.append(id: 1))
    #expect(await row1.isAlive == false)
    let issues = await capturingIssues { await row1.send(.rename("zombie")) }
    #expect(issues.all.count == 1)
    #expect(await store.state.rows[id: 1]?.title == "")
    #expect(await row1.state.title == "old")
  }

  @Test func anIfLetStoreStaysInvalidatedWhenTheStateIsPresentedAgain() async {
    let store = Store(initialState: OptionalChildFeature.State(child: .init()), reducer: OptionalChildFeature.reducer(probe: Probe()))
    let child = store.scope(state: { $0.child }, action: { OptionalChildFeature.Action.child($0) })!
    await child.send(.increment)
    await store.send(.dismiss)
    await store.send(.present)
    #expect(await child.isAlive == false)
    let issues = await capturingIssues { await child.send(.increment) }
    #expect(issues.all.count == 1)
    #expect(await store.state.child?.count == 0)
    #expect(await child.state.count == 1)
  }

  @Test func aGrandchildStoreForwardsThroughEveryLevelAndIsInvalidatedWithItsElement() async {
    let store = ListFeature.store(rowIDs: [1, 2], probe: Probe())
    let row1 = store.scope(id: 1, in: \.rows, action: .rows)!
    let title = row1.scope(
      state: \.title,
      action: ActionPath<RowFeature.Action, String>(
        embed: { .rename($0) }, extract: { if case .rename(let title) = $0 { title } else { nil } }))
    let titles = title.observe(\.self)
    await title.send("renamed")
    #expect(await store.state.rows[id: 1]?.title == "renamed")
    #expect(await title.state == "renamed")
    #expect(title.currentState == "renamed")

    await store.send(.remove(id: 1))
    #expect(await title.isAlive == false)
    var received: [String] = []
    for await value in titles { received.append(value) }
    #expect(received == ["", "renamed"])
  }

  @Test func scopedObservationFinishesWhenItsElementIsRemoved() async {
    let store = ListFeature.store(rowIDs: [1, 2], probe: Probe())
    let row1 = store.scope(id: 1, in: \.rows, action: .rows)!
    let titles = row1.observe(\.title)
    await row1.send(.rename("one"))
    await store.send(.rows(.element(id: 2, action: .rename("two"))))
    await store.send(.remove(id: 1))
    var received: [String] = []
    for await title in titles { received.append(title) }
    #expect(received == ["", "one"])
  }

  @Test func observingAnAlreadyInvalidatedChildFinishesAtOnce() async {
    let store = ListFeature.store(rowIDs: [1], probe: Probe())
    let row1 = store.scope(id: 1, in: \.rows, action: .rows)!
    await store.send(.remove(id: 1))
    var received: [String] = []
    for await title in row1.observe(\.title) { received.append(title) }
    #expect(received.isEmpty)
  }
}

extension ActionPath where Root == ScopingTests.Action, Value == ScopingTests.CounterAction {
  static var counter: Self {
    ActionPath(embed: { .counter($0) }, extract: { if case .counter(let action) = $0 { action } else { nil } })
  }
}
