import ActorStoreTesting
import Testing

@MainActor @Suite struct MainActorHostTests {
  private func counterStore(on executor: TestExecutor) -> Store<Counter.State, Counter.Action> {
    Store(initialState: Counter.State(), reducer: Counter(clock: executor.clock), executor: executor.makeStoreExecutor())
  }

  @Test func hostGetsTheCurrentValueAtOnceAndEachTurnsNewestAfter() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = counterStore(on: executor)
    let row = CountRow()
    row.configure(with: store)
    #expect(row.shown == [0])
    executor.enqueueSends(.increment, count: 3, to: store)
    executor.runUntilIdle()
    #expect(row.shown == [0, 3])
    executor.send(.increment, to: store)
    #expect(row.shown == [0, 3, 4])
    executor.send(.load, to: store)
    #expect(row.shown == [0, 3, 4, 42])
    #expect(executor.stats.strandedMainActorWork == 0)
    executor.checkForeignEnqueues()
  }

  @Test func aBurstOf10000ChangesIsDeliveredOnceWithTheNewest() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = counterStore(on: executor)
    let row = CountRow()
    row.configure(with: store)
    executor.enqueueSends(.increment, count: 10_000, to: store)
    executor.runUntilIdle()
    #expect(row.shown == [0, 10_000])
  }

  /// One seeded scenario: rounds of concurrent sends and host sends, each followed by a drive.
  private func seededScenario(seed: UInt64) -> [Int] {
    let executor = TestExecutor(ordering: .seeded(seed))
    defer { executor.drainAfterRelease() }
    let store = counterStore(on: executor)
    let row = CountRow()
    row.configure(with: store)
    for round in 0..<5 {
      executor.enqueueSends(.increment, count: round + 1, to: store)
      row.send(.increment)
      executor.runUntilIdle()
    }
    return row.shown
  }

  @Test func theSequenceAHostSeesReplaysExactlyOver1000Runs() {
    let first = seededScenario(seed: 42)
    for _ in 0..<1_000 { #expect(seededScenario(seed: 42) == first) }
  }

  @Test func underEverySeedValuesOnlyMoveForwardAndEndOnTheNewest() {
    var distinct = Set<[Int]>()
    for seed in UInt64(0)..<1_000 {
      let shown = seededScenario(seed: seed)
      distinct.insert(shown)
      #expect(shown.first == 0)
      #expect(shown.last == 20)
      #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed): \(shown)")
    }
    // Coalescing depends on the interleaving: seeds do explore different delivery patterns.
    #expect(distinct.count > 1)
  }

  @Test func registryBindsAndUnbindsMainActorHostsSynchronously() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(
      initialState: TimerList.State(), reducer: TimerList(clock: executor.clock), executor: executor.makeStoreExecutor())
    executor.send(.add(1), to: store)
    executor.send(.add(2), to: store)
    let registry = ChildStoreRegistry(parent: store, elements: \.rows, action: .rows)
    let row = TickRow()
    registry.bind(row, to: 1)
    #expect(row.shown == ["1:0"])
    executor.advance(by: .seconds(1))
    #expect(row.shown == ["1:0", "1:1"])

    registry.bind(row, to: 2)
    executor.advance(by: .seconds(1))
    #expect(row.shown == ["1:0", "1:1", "2:1", "2:2"])

    registry.unbind(row)
    executor.advance(by: .seconds(1))
    #expect(row.shown.count == 4)
    #expect(registry.boundHostCount == 0)
  }

  @Test func removingTheElementEndsTheHostsObservationsWithoutAStaleValue() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(
      initialState: TimerList.State(), reducer: TimerList(clock: executor.clock), executor: executor.makeStoreExecutor())
    executor.send(.add(1), to: store)
    let registry = ChildStoreRegistry(parent: store, elements: \.rows, action: .rows)
    let row = TickRow()
    registry.bind(row, to: 1)
    executor.advance(by: .seconds(1))
    executor.send(.remove(1), to: store)
    #expect(row.endings == 1)
    #expect(row.connection.state == nil)
    executor.send(.add(1), to: store)
    executor.advance(by: .seconds(2))
    #expect(row.shown == ["1:0", "1:1"])
    #expect(row.endings == 1)
    registry.unbind(row)
  }

  @Test func prepareForReuseDropsADeliveryAlreadyScheduled() async {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = counterStore(on: executor)
    let row = CountRow()
    row.configure(with: store)
    executor.enqueueSends(.increment, count: 2, to: store)
    await driveOffTheMainActor(executor)
    #expect(executor.stats.strandedMainActorWork == 1)
    row.prepareForReuse()
    executor.runUntilIdle()
    #expect(row.shown == [0])
    #expect(executor.stats.strandedMainActorWork == 0)
  }

  @Test func deliveriesStrandedOffTheMainActorAreReported() async {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = counterStore(on: executor)
    let row = CountRow()
    row.configure(with: store)
    executor.enqueueSends(.increment, count: 1, to: store)
    await driveOffTheMainActor(executor)
    let issues = IssueCollector()
    IssueReporting.withReporter(issues) { executor.checkForeignEnqueues() }
    // The sends came from the main actor, so they are not foreign, whichever threads the main
    // actor and the driving task ran on: the stranded delivery is the only issue.
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.hasPrefix("TestExecutor: 1 main-actor deliveries never ran") == true)
    executor.runUntilIdle()
    #expect(row.shown == [0, 1])
  }

  @Test func sendingWithNoStoreShownIsReported() {
    let row = CountRow()
    let issues = IssueCollector()
    IssueReporting.withReporter(issues) { row.send(.increment) }
    #expect(issues.messages.first?.hasPrefix("MainActorStoreConnection: increment was sent while no store is shown") == true)
  }

  @Test func sendWhileShownEffectsAreCancelledOnReuse() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = counterStore(on: executor)
    let row = CountRow()
    row.configure(with: store)
    row.sendWhileShown(.startTimer)
    executor.runUntilIdle()
    #expect(store.inFlightEffectCount == 1)
    row.prepareForReuse()
    executor.runUntilIdle()
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func testStoreDrivesMainActorHostsFromAMainActorTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
    let row = CountRow()
    row.configure(with: store.store)
    await store.send(.increment) { $0.count = 1 }
    #expect(row.shown == [0, 1])
    await store.send(.load)
    await store.receive(.loaded(42)) { $0.count = 42 }
    #expect(row.shown == [0, 1, 42])
    await store.finish()
  }

  @Test func exploreRunsMainActorHostsUnderEachSeed() async {
    let failing = await explore(seeds: 0..<200) { executor in
      let store = TestStore(initialState: Counter.State(), reducer: Counter(clock: executor.clock), executor: executor)
      let row = CountRow()
      row.configure(with: store.store)
      await store.send(.load)
      await store.receive(.loaded(42)) { $0.count = 42 }
      #expect(row.shown == [0, 42])
      await store.finish()
    }
    #expect(failing == nil)
  }
}

/// The same `TestStore` from a nonisolated test: deliveries to main-actor code are finished by
/// one hop to the main actor per step.
@Suite struct NonisolatedMainActorTests {
  @Test func testStoreFinishesMainActorDeliveriesFromANonisolatedTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
    let counter = store.store
    let row = await MainActor.run {
      let row = CountRow()
      row.configure(with: counter)
      return row
    }
    await store.send(.increment) { $0.count = 1 }
    #expect(await row.shown == [0, 1])
    #expect(store.executor.stats.strandedMainActorWork == 0)
    await store.finish()
  }
}

/// A `TestStore` driven from an actor-isolated helper.
actor CounterScenario {
  func run() async -> Int {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.load)
    await store.receive(.loaded(42)) { $0.count = 42 }
    await store.finish()
    return store.state.count
  }
}

@Suite struct ActorIsolatedTestStoreTests {
  @Test func testStoreWorksFromAnActor() async {
    #expect(await CounterScenario().run() == 42)
  }
}

/// Binds through the generic registry API from nonisolated code: Swift 6.3 accepts it even
/// though the host's conformance is `@MainActor`-isolated.
nonisolated func bindFromNonisolatedCode(
  _ registry: ChildStoreRegistry<Int, TimerList.Row, TimerList.RowAction>, _ row: TickRow
) {
  registry.bind(row, to: 1)
}

/// Unbinds through the generic registry API from nonisolated code.
nonisolated func unbindFromNonisolatedCode(
  _ registry: ChildStoreRegistry<Int, TimerList.Row, TimerList.RowAction>, _ row: TickRow
) {
  registry.unbind(row)
}

@Suite struct OffMainActorBindingTests {
  @Test func bindingAMainActorHostOffTheMainActorIsReportedAndIgnored() async {
    let executor = TestExecutor()
    let store = Store(
      initialState: TimerList.State(), reducer: TimerList(clock: executor.clock), executor: executor.makeStoreExecutor())
    await MainActor.run { executor.send(.add(1), to: store) }
    let registry = ChildStoreRegistry(parent: store, elements: \.rows, action: .rows)
    let row = await MainActor.run { TickRow() }
    let issues = IssueCollector()
    IssueReporting.withReporter(issues) { bindFromNonisolatedCode(registry, row) }
    #expect(issues.messages.count == 1)
    #expect(
      issues.messages.first?.hasPrefix(
        "ChildStoreRegistry.bind(_:to:) or unbind(_:) of a TickRow was called off the main actor") == true)
    #expect(await row.shown.isEmpty)
    #expect(await row.store == nil)
    // The refused bind left no binding behind: binding on the main actor shows the row.
    #expect(registry.boundHostCount == 0)
    await MainActor.run {
      registry.bind(row, to: 1)
      executor.runUntilIdle()
    }
    #expect(await row.store === registry.store(for: 1))
    #expect(await row.shown == ["1:0"])
    #expect(registry.boundHostCount == 1)
    // An unbind off the main actor is refused too, and leaves the binding and the row as they were.
    IssueReporting.withReporter(issues) { unbindFromNonisolatedCode(registry, row) }
    #expect(issues.messages.count == 2)
    #expect(await row.store === registry.store(for: 1) && registry.boundHostCount == 1)
    await MainActor.run { registry.unbind(row) }
    #expect(await row.store == nil && registry.boundHostCount == 0)
    // A `defer` cannot hop to the main actor, so the test ends its row's timer itself (removing
    // the element cancels it) and drains there, where the unbind's main-actor work runs too.
    await MainActor.run {
      executor.send(.remove(1), to: store)
      executor.drainAfterRelease()
    }
  }
}
