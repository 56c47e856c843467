import ActorStore
import Testing

/// `cancellable(id:cancelInFlight:)`, `cancel(id:)`, and the rule that a cancelled effect never
/// delivers another action.
@Suite(.timeLimit(.minutes(10)))
struct CancellationTests {
  struct State: Equatable, Sendable {
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    /// Starts `"worker"` (suspends until cancelled), cancelling any previous one.
    case startReplacing(Int)
    /// Starts `"worker"` and cancels it in the same reduce.
    case startAndCancelInOneReduce
    /// Starts `"worker"` and chains `.stop` in the same batch.
    case startThenChainStop
    /// Starts two `"worker"` effects and a third under another ID.
    case startTwoWorkersAndAnOther
    case stop
    case stopOther
    /// A concatenation whose first item waits on a latch and whose second is tagged `"second"`.
    case startConcatenation
    case cancelSecond
    /// A `"slow"` effect waiting on a latch that ignores cancellation, then sending `.late`.
    case startSlow
    case stopSlow
    case late
    /// Chains `.startReplacing(1)` and `.startReplacing(2)` in one batch.
    case startReplacingTwiceInOneBatch
    /// A concatenation tagged `"chain"` as a whole: the first item waits on the gate.
    case startTaggedConcatenation
    case stopChain
    /// A `"slow"` effect that waits on the gate, then throws; its catch sends `.late`.
    case startSlowThrowing
  }

  static func reducer(probe: Probe, gate: Latch) -> Reduce<State, Action> {
    Reduce { state, action in
      state.log.append("\(action)")
      switch action {
      case .startReplacing(let n):
        return .run { send in
          probe.record("started \(n)")
          await suspendUntilCancelled()
          probe.record("cancelled \(n)")
          await send(.late)
        }
        .cancellable(id: "worker", cancelInFlight: true)
      case .startAndCancelInOneReduce:
        return .merge(
          .run { _ in probe.record("operation ran") }.cancellable(id: "worker"),
          .cancel(id: "worker"))
      case .startThenChainStop:
        return .merge(
          .run { _ in probe.record("operation ran") }.cancellable(id: "worker"),
          .send(.stop))
      case .startTwoWorkersAndAnOther:
        return .merge(
          worker("a", probe: probe).cancellable(id: "worker"),
          worker("b", probe: probe).cancellable(id: "worker"),
          worker("other", probe: probe).cancellable(id: "other"))
      case .stop:
        return .cancel(id: "worker")
      case .stopOther:
        return .cancel(id: "other")
      case .startConcatenation:
        return .concatenate(
          .run { _ in
            probe.record("first started")
            await gate.wait()
            probe.record("first finished")
          },
          .run { _ in probe.record("second ran") }.cancellable(id: "second"),
          .run { _ in probe.record("third ran") })
      case .cancelSecond:
        return .cancel(id: "second")
      case .startSlow:
        return .run { send in
          probe.record("slow started")
          await gate.wait()  // not cancellation-aware: returns only when the test opens it
          probe.record("slow woke")
          await send(.late)
        }
        .cancellable(id: "slow")
      case .stopSlow:
        return .cancel(id: "slow")
      case .late:
        return .none
      case .startReplacingTwiceInOneBatch:
        return .merge(.send(.startReplacing(1)), .send(.startReplacing(2)))
      case .startTaggedConcatenation:
        return .concatenate(
          .run { _ in
            probe.record("first started")
            await gate.wait()
            probe.record("first finished")
          },
          .run { _ in probe.record("second ran") })
        .cancellable(id: "chain")
      case .stopChain:
        return .cancel(id: "chain")
      case .startSlowThrowing:
        return .run { _ in
          probe.record("slow started")
          await gate.wait()
          throw TestFailure(code: 3)
        } catch: { _, send in
          await send(.late)
        }
        .cancellable(id: "slow")
      }
    }
  }

  static func worker(_ name: String, probe: Probe) -> Effect<Action> {
    .run { _ in
      probe.record("\(name) started")
      await suspendUntilCancelled()
      probe.record("\(name) cancelled")
    }
  }

  static func makeStore(probe: Probe, gate: Latch = Latch()) -> Store<State, Action> {
    Store(initialState: State(), reducer: reducer(probe: probe, gate: gate))
  }

  @Test func cancelInFlightCancelsThePreviousEffectWithTheID() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let first = await store.send(.startReplacing(1))
    await probe.wait(for: "started 1")
    let second = await store.send(.startReplacing(2))
    await first.finish()
    #expect(probe.events.contains("cancelled 1"))
    #expect(!second.hasFinished)
    #expect(!probe.events.contains("cancelled 2"))
    // The replaced effect's send after its cancellation is never delivered.
    #expect(await store.state.log == ["startReplacing(1)", "startReplacing(2)"])

    await second.cancel()
    await second.finish()
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func cancelInFlightReplacesAnEffectStartedEarlierInTheSameBatch() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let task = await store.send(.startReplacingTwiceInOneBatch)
    await probe.wait(for: "started 2")
    await task.cancel()
    await task.finish()
    #expect(probe.events == ["started 2", "cancelled 2"])
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func cancellingAConcatenationStopsItsPendingItems() async {
    let probe = Probe()
    let gate = Latch()
    let store = Self.makeStore(probe: probe, gate: gate)
    let task = await store.send(.startTaggedConcatenation)
    await probe.wait(for: "first started")
    await store.send(.stopChain)
    gate.open()
    await task.finish()
    #expect(!probe.events.contains("second ran"))
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func cancelReturnedByTheSameReduceMeansTheOperationNeverRuns() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let task = await store.send(.startAndCancelInOneReduce)
    await task.finish()
    #expect(probe.events.isEmpty)
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func cancelChainedInTheSameBatchMeansTheOperationNeverRuns() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let task = await store.send(.startThenChainStop)
    await task.finish()
    #expect(probe.events.isEmpty)
    #expect(await store.state.log == ["startThenChainStop", "stop"])
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func cancelOnALaterActionCancelsEveryEffectWithTheIDAndOnlyThose() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let task = await store.send(.startTwoWorkersAndAnOther)
    for name in ["a", "b", "other"] { await probe.wait(for: "\(name) started") }
    #expect(store.inFlightEffectCount == 3)
    #expect(store.cancellationIndexCount == 2)
    await store.send(.stop)
    await probe.wait(for: "a cancelled")
    await probe.wait(for: "b cancelled")
    #expect(!probe.events.contains("other cancelled"))
    #expect(!task.hasFinished)

    await store.send(.stopOther)
    await task.finish()
    #expect(probe.events.contains("other cancelled"))
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func cancelOnALaterActionRacingTheEffectsStartStopsIt() async {
    // Whether the effect's task has begun when `.stop` arrives is up to the global pool; either
    // way the operation must end cancelled and deliver nothing.
    for round in 0..<100 {
      let probe = Probe()
      let store = Self.makeStore(probe: probe)
      let task = await store.send(.startReplacing(round))
      await store.send(.stop)
      await task.finish()
      #expect(probe.events == [] || probe.events == ["started \(round)", "cancelled \(round)"])
      #expect(await store.state.log == ["startReplacing(\(round))", "stop"])
      #expect(store.inFlightEffectCount == 0)
      #expect(store.cancellationIndexCount == 0)
    }
  }

  @Test func pendingItemsOfAConcatenateAreCancellableBeforeTheyStart() async {
    let probe = Probe()
    let gate = Latch()
    let store = Self.makeStore(probe: probe, gate: gate)
    let issues = await capturingIssues {
      let task = await store.send(.startConcatenation)
      await probe.wait(for: "first started")
      await store.send(.cancelSecond)
      gate.open()
      await task.finish()
    }
    #expect(probe.events == ["first started", "first finished", "third ran"])
    // The pending item's ID is known to the store: cancelling it is not a typo.
    #expect(issues.all.isEmpty)
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func aCancelledEffectNeverDeliversAnotherAction() async {
    let probe = Probe()
    let gate = Latch()
    let store = Self.makeStore(probe: probe, gate: gate)
    let task = await store.send(.startSlow)
    await probe.wait(for: "slow started")
    await store.send(.stopSlow)
    gate.open()
    await task.finish()
    #expect(probe.events == ["slow started", "slow woke"])
    #expect(await store.state.log == ["startSlow", "stopSlow"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func aCancelledEffectsCatchHandlerDeliversNothing() async {
    let probe = Probe()
    let gate = Latch()
    let store = Self.makeStore(probe: probe, gate: gate)
    let task = await store.send(.startSlowThrowing)
    await probe.wait(for: "slow started")
    await store.send(.stopSlow)
    gate.open()
    await task.finish()
    #expect(await store.state.log == ["startSlowThrowing", "stopSlow"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func twoRootStoresWithEqualIDsAreIsolated() async {
    let probeA = Probe()
    let probeB = Probe()
    let storeA = Self.makeStore(probe: probeA)
    let storeB = Self.makeStore(probe: probeB)
    let taskA = await storeA.send(.startReplacing(1))
    let taskB = await storeB.send(.startReplacing(1))
    await probeA.wait(for: "started 1")
    await probeB.wait(for: "started 1")

    await storeB.send(.stop)
    await taskB.finish()
    #expect(probeB.events == ["started 1", "cancelled 1"])
    #expect(probeA.events == ["started 1"])
    #expect(!taskA.hasFinished)

    // cancelInFlight in one store does not reach the other either.
    let replacementB = await storeB.send(.startReplacing(2))
    await probeB.wait(for: "started 2")
    #expect(probeA.events == ["started 1"])

    await taskA.cancel()
    await replacementB.cancel()
    await taskA.finish()
    await replacementB.finish()
    #expect(storeA.inFlightEffectCount == 0)
    #expect(storeB.inFlightEffectCount == 0)
  }
}

/// Cancellation IDs are scoped to collection elements and optional children.
@Suite(.timeLimit(.minutes(10)))
struct ElementCancellationTests {
  @Test func siblingElementsWithEqualIDsDoNotCancelEachOther() async {
    let probe = Probe()
    let store = ListFeature.store(rowIDs: [1, 2], probe: probe)
    let first = await store.send(.rows(.element(id: 1, action: .start)))
    let second = await store.send(.rows(.element(id: 2, action: .start)))
    await probe.wait(for: "started 1")
    await probe.wait(for: "started 2")

    await store.send(.rows(.element(id: 1, action: .stop)))
    await first.finish()
    #expect(probe.events.contains("cancelled 1"))
    #expect(!probe.events.contains("cancelled 2"))
    #expect(!second.hasFinished)

    await store.send(.rows(.element(id: 2, action: .stop)))
    await second.finish()
    #expect(probe.events.contains("cancelled 2"))
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func anElementsCancelDoesNotReachTheParentsEffectWithTheSameID() async {
    let probe = Probe()
    let store = ListFeature.store(rowIDs: [1], probe: probe)
    let parent = await store.send(.startParentLoad)
    let row = await store.send(.rows(.element(id: 1, action: .start)))
    await probe.wait(for: "parent started")
    await probe.wait(for: "started 1")

    await store.send(.rows(.element(id: 1, action: .stop)))
    await row.finish()
    #expect(!probe.events.contains("parent cancelled"))
    #expect(!parent.hasFinished)

    await store.send(.stopAll)
    await parent.finish()
    #expect(probe.events.contains("parent cancelled"))
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func aParentsCancelReachesItsElementsEffects() async {
    let probe = Probe()
    let store = ListFeature.store(rowIDs: [1, 2], probe: probe)
    let first = await store.send(.rows(.element(id: 1, action: .start)))
    let second = await store.send(.rows(.element(id: 2, action: .start)))
    await probe.wait(for: "started 1")
    await probe.wait(for: "started 2")

    let issues = await capturingIssues { await store.send(.stopAll) }
    await first.finish()
    await second.finish()
    #expect(issues.all.isEmpty)
    #expect(Set(probe.events) == ["started 1", "started 2", "cancelled 1", "cancelled 2"])
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func removingAnElementCancelsItsInFlightEffects() async {
    let probe = Probe()
    let store = ListFeature.store(rowIDs: [1, 2], probe: probe)
    let first = await store.send(.rows(.element(id: 1, action: .start)))
    let second = await store.send(.rows(.element(id: 2, action: .start)))
    await probe.wait(for: "started 1")
    await probe.wait(for: "started 2")

    await store.send(.remove(id: 1))
    await first.finish()
    #expect(probe.events.contains("cancelled 1"))
    #expect(!probe.events.contains("cancelled 2"))
    #expect(!second.hasFinished)
    #expect(await store.state.rows.ids.elementsEqual([2]))

    await store.send(.remove(id: 2))
    await second.finish()
    #expect(probe.events.contains("cancelled 2"))
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func removingAnElementBeforeItsEffectStartsMeansTheOperationNeverRuns() async {
    let probe = Probe()
    let removal = ListRemovalInOneBatch.store(probe: probe)
    let task = await removal.send(.startRowThenRemoveIt)
    await task.finish()
    #expect(probe.events.isEmpty)
    #expect(removal.inFlightEffectCount == 0)
    #expect(removal.cancellationIndexCount == 0)
  }

  @Test func anElementRemovedByTheActionThatStartedItsEffectNeverRunsIt() async {
    let probe = Probe()
    let store = ListFeature.store(rowIDs: [1, 2], probe: probe)
    let task = await store.send(.rows(.element(id: 1, action: .startAndAskToBeRemoved)))
    await task.finish()
    #expect(probe.events.isEmpty)
    #expect(await store.state.rows.ids.elementsEqual([2]))
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func settingIfLetStateToNilCancelsTheChildsEffects() async {
    let probe = Probe()
    let store = Store(initialState: OptionalChildFeature.State(child: .init()), reducer: OptionalChildFeature.reducer(probe: probe))
    let task = await store.send(.child(.start))
    await probe.wait(for: "child 0 started")
    #expect(!task.hasFinished)

    await store.send(.dismiss)
    await task.finish()
    #expect(probe.events == ["child 0 started", "child 0 cancelled"])
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func aPresentedAgainIfLetChildRunsEffectsAndTheParentsCancelReachesThem() async {
    let probe = Probe()
    let store = Store(initialState: OptionalChildFeature.State(child: .init()), reducer: OptionalChildFeature.reducer(probe: probe))
    let first = await store.send(.child(.start))
    await probe.wait(for: "child 0 started")
    await store.send(.dismiss)
    await first.finish()

    await store.send(.present)
    await store.send(.child(.increment))
    let second = await store.send(.child(.start))
    await probe.wait(for: "child 1 started")
    #expect(!second.hasFinished)
    let issues = await capturingIssues { await store.send(.stopChild) }
    await second.finish()
    #expect(issues.all.isEmpty)
    #expect(probe.events == ["child 0 started", "child 0 cancelled", "child 1 started", "child 1 cancelled"])
    #expect(await store.state.child?.count == 1)
    #expect(store.cancellationIndexCount == 0)
  }
}

/// A list whose parent can start a row's effect and remove the row in the same batch.
private enum ListRemovalInOneBatch {
  enum Action: Equatable, Sendable {
    case list(ListFeature.Action)
    case startRowThenRemoveIt
  }

  static func store(probe: Probe) -> Store<ListFeature.State, Action> {
    let list = ListFeature.reducer(probe: probe)
    return Store(
      initialState: ListFeature.State(rowIDs: [1]),
      reducer: Reduce<ListFeature.State, Action> { state, action in
        switch action {
        case .list(let listAction):
          return list.reduce(into: &state, action: listAction).map { .list($0) }
        case .startRowThenRemoveIt:
          return .merge(.send(.list(.rows(.element(id: 1, action: .start)))), .send(.list(.remove(id: 1))))
        }
      })
  }
}

/// A parent with an optional child presented through `ifLet`.
enum OptionalChildFeature {
  struct ChildState: Equatable, Sendable {
    var count = 0
  }

  enum ChildAction: Equatable, Sendable {
    case start
    case increment
  }

  struct State: Equatable, Sendable {
    var child: ChildState?
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case child(ChildAction)
    case present
    case dismiss
    /// Cancels `"child work"` from the parent.
    case stopChild
  }

  static func reducer(probe: Probe) -> some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      state.log.append("\(action)")
      switch action {
      case .child: break
      case .present: state.child = ChildState()
      case .dismiss: state.child = nil
      case .stopChild: return .cancel(id: "child work")
      }
      return .none
    }
    .ifLet(\.child, action: .child) {
      Reduce<ChildState, ChildAction> { state, action in
        switch action {
        case .start:
          let generation = state.count
          return .run { _ in
            probe.record("child \(generation) started")
            await suspendUntilCancelled()
            probe.record("child \(generation) cancelled")
          }
          .cancellable(id: "child work")
        case .increment:
          state.count += 1
          return .none
        }
      }
    }
  }
}

extension ActionPath where Root == OptionalChildFeature.Action, Value == OptionalChildFeature.ChildAction {
  static var child: Self {
    ActionPath(embed: { .child($0) }, extract: { if case .child(let action) = $0 { action } else { nil } })
  }
}

/// Cancellation through two levels of `forEach`: groups of rows.
@Suite(.timeLimit(.minutes(10)))
struct NestedElementCancellationTests {
  struct Group: Equatable, Identifiable, Sendable {
    let id: Int
    var rows: IdentifiedArrayOf<RowFeature.State>
  }

  enum GroupAction: Equatable, Sendable {
    case rows(IdentifiedAction<Int, RowFeature.Action>)
  }

  struct State: Equatable, Sendable {
    var groups: IdentifiedArrayOf<Group>
  }

  enum Action: Equatable, Sendable {
    case groups(IdentifiedAction<Int, GroupAction>)
    case removeGroup(Int)
    case stopAll
  }

  static func makeStore(probe: Probe) -> Store<State, Action> {
    let group = Reduce<Group, GroupAction> { _, _ in .none }
      .forEach(\.rows, action: ActionPath(embed: { .rows($0) }, extract: { if case .rows(let action) = $0 { action } else { nil } })) {
        RowFeature.reducer(probe: probe)
      }
    let reducer = Reduce<State, Action> { state, action in
      switch action {
      case .groups: return .none
      case .removeGroup(let id):
        _ = state.groups.remove(id: id)
        return .none
      case .stopAll:
        return .cancel(id: "load")
      }
    }
    .forEach(\.groups, action: ActionPath(embed: { .groups($0) }, extract: { if case .groups(let action) = $0 { action } else { nil } })) {
      group
    }
    return Store(
      initialState: State(groups: [
        Group(id: 1, rows: [RowFeature.State(id: 11), RowFeature.State(id: 12)]),
        Group(id: 2, rows: [RowFeature.State(id: 21)]),
      ]),
      reducer: reducer)
  }

  static func start(_ row: Int, in group: Int, _ store: Store<State, Action>) async -> StoreTask {
    await store.send(.groups(.element(id: group, action: .rows(.element(id: row, action: .start)))))
  }

  @Test func removingAnElementCancelsItsDescendantsEffects() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let tasks = [await Self.start(11, in: 1, store), await Self.start(12, in: 1, store)]
    let other = await Self.start(21, in: 2, store)
    for row in [11, 12, 21] { await probe.wait(for: "started \(row)") }

    await store.send(.removeGroup(1))
    for task in tasks { await task.finish() }
    #expect(Set(probe.events) == ["started 11", "started 12", "started 21", "cancelled 11", "cancelled 12"])
    #expect(!other.hasFinished)

    await other.cancel()
    await other.finish()
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func theRootsCancelReachesGrandchildrensEffects() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let tasks = [await Self.start(11, in: 1, store), await Self.start(21, in: 2, store)]
    for row in [11, 21] { await probe.wait(for: "started \(row)") }
    let issues = await capturingIssues { await store.send(.stopAll) }
    for task in tasks { await task.finish() }
    #expect(issues.all.isEmpty)
    #expect(Set(probe.events) == ["started 11", "started 21", "cancelled 11", "cancelled 21"])
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func aGrandchildsCancelStaysInItsOwnElement() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let first = await Self.start(11, in: 1, store)
    let second = await Self.start(12, in: 1, store)
    for row in [11, 12] { await probe.wait(for: "started \(row)") }
    await store.send(.groups(.element(id: 1, action: .rows(.element(id: 11, action: .stop)))))
    await first.finish()
    #expect(!second.hasFinished)
    #expect(!probe.events.contains("cancelled 12"))
    await second.cancel()
    await second.finish()
    #expect(store.cancellationIndexCount == 0)
  }
}

/// When a cancelled effect's task learns of it: its record is cancelled at once (it delivers
/// nothing more), its task once the batch is reduced, before `send` returns, in the order the
/// cancels were returned.
@Suite(.timeLimit(.minutes(10)))
struct CancelTimingTests {
  enum Action: Sendable {
    case start(Range<Int>)
    case cancel([Int])
  }

  /// Effects under IDs `ids` that record `started id` and then, from their task's cancellation
  /// handler (which runs inside `Task.cancel()`), `cancelled id`.
  static func makeStore(probe: Probe) -> Store<Int, Action> {
    Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        switch action {
        case .start(let ids):
          return .merge(
            ids.map { id in
              Effect<Action>.run { _ in
                await withTaskCancellationHandler {
                  probe.record("started \(id)")
                  await suspendUntilCancelled()
                } onCancel: {
                  probe.record("cancelled \(id)")
                }
              }
              .cancellable(id: id)
            })
        case .cancel(let ids):
          return .merge(ids.map { Effect<Action>.cancel(id: $0) })
        }
      })
  }

  @Test func everyCancelledTaskIsCancelledBeforeSendReturnsInTheOrderOfTheCancels() async {
    // Seeded orders of cancels over 40 running effects: by the time `send` returns, exactly the
    // cancelled IDs' tasks were told, in the order the reducer returned the cancels.
    var generator = SplitMix64(state: 0x5EED_CA9C)
    for _ in 0..<25 {
      let probe = Probe()
      let store = Self.makeStore(probe: probe)
      let task = await store.send(.start(0..<40))
      for id in 0..<40 { await probe.wait(for: "started \(id)") }
      let cancelled = Array((0..<40).shuffled(using: &generator).prefix(Int.random(in: 1...40, using: &generator)))
      await store.send(.cancel(cancelled))
      #expect(probe.events.filter { $0.hasPrefix("cancelled") } == cancelled.map { "cancelled \($0)" })
      await store.send(.cancel(Array(0..<40)))
      await task.finish()
      #expect(store.inFlightEffectCount == 0)
      #expect(store.cancellationIndexCount == 0)
    }
  }
}
