import ActorStoreTesting
import Observation
import Testing

/// Counts the change notifications of whatever `read` touches, re-arming after each one.
@MainActor final class ChangeCounter {
  private(set) var count = 0
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    arm()
  }

  private func arm() {
    withObservationTracking(read) { [weak self] in
      // Observation calls onChange synchronously in willSet, here on the main actor where
      // ObservableStore applies states.
      MainActor.assumeIsolated {
        guard let self else { return }
        self.count += 1
        self.arm()
      }
    }
  }
}

@MainActor @Suite struct ObservableStoreTests {
  private func pairStore(on executor: TestExecutor) -> Store<Pair.State, Pair.Action> {
    Store(initialState: Pair.State(), reducer: Pair(), executor: executor.makeStoreExecutor())
  }

  @Test func readingOneMemberDoesNotTrackAnother() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = pairStore(on: executor)
    let pair = ObservableStore(store)
    let readsA = ChangeCounter { _ = pair.a }
    executor.send(.setB(1), to: store)
    #expect(readsA.count == 0)
    #expect(pair.b == 1)
    executor.send(.setA(1), to: store)
    #expect(readsA.count == 1)
    executor.send(.setA(1), to: store)
    #expect(readsA.count == 1)
  }

  @Test func readingTheWholeStateTracksEveryChange() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = pairStore(on: executor)
    let pair = ObservableStore(store)
    let readsAll = ChangeCounter { _ = pair.state }
    executor.send(.setB(1), to: store)
    executor.send(.setA(1), to: store)
    #expect(readsAll.count == 2)
    #expect(pair.state == Pair.State(a: 1, b: 1))
  }

  @Test func tenThousandChangesInOneTurnFireOnceAndEndOnTheNewest() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = pairStore(on: executor)
    let pair = ObservableStore(store)
    let readsA = ChangeCounter { _ = pair.a }
    executor.enqueueSends(.incrementA, count: 10_000, to: store)
    executor.runUntilIdle()
    #expect(readsA.count == 1)
    #expect(pair.a == 10_000)
  }

  @Test func notificationsAreBoundedByMainActorTurnsNotByChanges() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = pairStore(on: executor)
    let pair = ObservableStore(store)
    let readsA = ChangeCounter { _ = pair.a }
    for _ in 0..<100 {
      executor.enqueueSends(.incrementA, count: 100, to: store)
      executor.runUntilIdle()
    }
    #expect(readsA.count == 100)
    #expect(pair.a == 10_000)
  }

  /// Seeded orders put a main-actor turn between store jobs at random (at worst about every
  /// other job, as a busy real main thread might): still fewer notifications than changes, and
  /// always ending on the newest value.
  @Test(arguments: UInt64(0)..<8)
  func underEverySeedTenThousandChangesCoalesceAndEndOnTheNewest(seed: UInt64) {
    let executor = TestExecutor(ordering: .seeded(seed))
    defer { executor.drainAfterRelease() }
    let store = pairStore(on: executor)
    let pair = ObservableStore(store)
    let readsA = ChangeCounter { _ = pair.a }
    executor.enqueueSends(.incrementA, count: 10_000, to: store)
    executor.runUntilIdle()
    #expect(pair.a == 10_000)
    #expect(readsA.count >= 1)
    #expect(readsA.count < 10_000)
  }

  @Test func scopedAndElementStoresAreObservableAndEndObservably() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(
      initialState: TimerList.State(), reducer: TimerList(clock: executor.clock), executor: executor.makeStoreExecutor())
    executor.send(.add(1), to: store)
    let list = ObservableStore(store.scope(state: \.rows, action: ActionPath(embed: TimerList.Action.rows, extract: { _ in nil })))
    let row = ObservableStore(store.scope(id: 1, in: \.rows, action: .rows)!)
    let rowTicks = ChangeCounter { _ = row.ticks }
    let rowLife = ChangeCounter { _ = row.isAlive }
    let listCount = ChangeCounter { _ = list.state.count }
    executor.advance(by: .seconds(2))
    #expect(row.ticks == 2)
    #expect(rowTicks.count == 2)
    #expect(listCount.count == 2)
    executor.send(.remove(1), to: store)
    #expect(!row.isAlive)
    #expect(rowLife.count == 1)
    #expect(row.ticks == 2)
    executor.send(.add(1), to: store)
    executor.advance(by: .seconds(1))
    #expect(row.ticks == 2)
    #expect(rowTicks.count == 2)
    #expect(list.state.map(\.id) == [1])
  }

  @Test func elementStoresAreStablePerIDAndTheListTracksOnlyItsIDs() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(
      initialState: TimerList.State(), reducer: TimerList(clock: executor.clock), executor: executor.makeStoreExecutor())
    for id in 1...3 { executor.send(.add(id), to: store) }
    let list = ObservableStore(store)
    let rows = list.elements(\.rows, action: .rows)
    #expect(rows.map(\.id) == [1, 2, 3])
    let listChanges = ChangeCounter { _ = list.elements(\.rows, action: .rows) }
    let secondRowTicks = ChangeCounter { _ = rows[1].ticks }
    executor.advance(by: .seconds(1))
    #expect(listChanges.count == 0)
    #expect(secondRowTicks.count == 1)
    #expect(rows.map(\.ticks) == [1, 1, 1])

    executor.send(.remove(2), to: store)
    #expect(listChanges.count == 1)
    let after = list.elements(\.rows, action: .rows)
    #expect(after.map(\.id) == [1, 3])
    #expect(after[0] === rows[0] && after[1] === rows[2])
    #expect(!rows[1].isAlive)
    executor.send(.add(2), to: store)
    #expect(list.elements(\.rows, action: .rows).last !== rows[1])
  }

  @Test func sendGoesThroughTheStoresExecutor() async {
    let store = TestStore(initialState: Pair.State(), reducer: Pair())
    let pair = ObservableStore(store.store)
    pair.send(.setA(3))
    await store.skipReceivedActions()
    #expect(pair.a == 3)
    #expect(store.executor.stats.foreignEnqueues == 0)
    store.exhaustivity = .off
    await store.finish()
  }
}
