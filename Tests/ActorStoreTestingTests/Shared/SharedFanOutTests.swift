@testable import ActorStore
import ActorStoreTesting
import Testing

/// A change made through one store is seen by every store, and every main-actor observer,
/// holding the key; once per store per change; an unchanged value publishes nothing.
@MainActor @Suite struct SharedFanOutTests {
  /// Two stores holding "meetings" and one holding another key, in a storage of their own.
  @MainActor private struct World {
    let executor = TestExecutor()
    let first: Store<MeetingList.State, MeetingList.Action>
    let second: Store<MeetingList.State, MeetingList.Action>
    let unrelated: Store<Unrelated.State, Unrelated.Action>

    init(mainActor: Bool = false) {
      let executor = self.executor
      let make = { mainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor() }
      (first, second, unrelated) = withDependencies { $0.sharedStorage = .inMemory() } operation: {
        (
          Store(initialState: MeetingList.State(), reducer: MeetingList(), executor: make()),
          Store(initialState: MeetingList.State(), reducer: MeetingList(), executor: make()),
          Store(initialState: Unrelated.State(), reducer: Unrelated(), executor: make())
        )
      }
    }

    func send<S, A>(_ action: A, to store: Store<S, A>) {
      Task(executorPreference: executor) { await store.send(action) }
      executor.runUntilIdle()
    }
  }

  @Test func aChangeThroughOneStoreIsPublishedOnceByEveryStoreHoldingTheKey() {
    let world = World()
    defer { world.executor.drainAfterRelease() }
    let counts = (PublicationCount(world.first), PublicationCount(world.second), PublicationCount(world.unrelated))
    world.send(.add("Standup"), to: world.first)
    #expect(world.second.currentState.meetings == ["Standup"])
    #expect((counts.0.value, counts.1.value, counts.2.value) == (1, 1, 0))

    // The same value again: the sending store publishes its batch, nobody else.
    world.send(.assign(["Standup"]), to: world.first)
    #expect((counts.0.value, counts.1.value, counts.2.value) == (2, 1, 0))

    world.send(.removeFirst, to: world.second)
    #expect(world.first.currentState.meetings == [])
    #expect((counts.0.value, counts.1.value, counts.2.value) == (3, 2, 0))
  }

  @Test func changesMadeOutsideAnyStoreAreCoalescedIntoOnePublicationPerStore() {
    let world = World()
    defer { world.executor.drainAfterRelease() }
    let counts = (PublicationCount(world.first), PublicationCount(world.second))
    let meetings = world.first.currentState.$meetings
    for title in ["A", "B", "C"] { meetings.withLock { $0.append(title) } }
    world.executor.runUntilIdle()
    #expect((counts.0.value, counts.1.value) == (1, 1))
    #expect(world.second.currentState.meetings == ["A", "B", "C"])
    meetings.withLock { $0 = ["A", "B", "C"] }
    world.executor.runUntilIdle()
    #expect((counts.0.value, counts.1.value) == (1, 1))
  }

  @Test func aStoreLearnsAKeyItsStateGainsInAReduce() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let (holder, gainer) = withDependencies { $0.sharedStorage = .inMemory() } operation: {
      (
        Store(initialState: MeetingList.State(), reducer: MeetingList(), executor: executor.makeStoreExecutor()),
        Store(
          initialState: Optional<MeetingList.State>.none,
          reducer: Reduce<MeetingList.State?, Bool> { state, _ in
            state = MeetingList.State()
            return .none
          }, executor: executor.makeStoreExecutor())
      )
    }
    Task(executorPreference: executor) { await gainer.send(true) }
    executor.runUntilIdle()
    let count = PublicationCount(gainer)
    Task(executorPreference: executor) { await holder.send(.add("Retro")) }
    executor.runUntilIdle()
    #expect(gainer.currentState?.meetings == ["Retro"])
    #expect(count.value == 1)
  }

  @Test func observableStoresAndHostsOfEveryHoldingStoreSeeTheChange() {
    let world = World()
    defer { world.executor.drainAfterRelease() }
    let observable = ObservableStore(world.second)
    let reads = ChangeCounter { _ = observable.meetings }
    let readsEdits = ChangeCounter { _ = observable.edits }
    let connection = MainActorStoreConnection<MeetingList.State, MeetingList.Action>()
    connection.configure(with: world.second)
    var shown: [[String]] = []
    connection.observe(\.meetings) { shown.append($0) }

    world.send(.add("Planning"), to: world.first)
    #expect(reads.count == 1)
    #expect(readsEdits.count == 0)
    #expect(observable.meetings == ["Planning"])
    #expect(shown == [[], ["Planning"]])
    world.send(.assign(["Planning"]), to: world.first)
    #expect(reads.count == 1)
    #expect(shown == [[], ["Planning"]])
    connection.prepareForReuse()
  }

  @Test func onMainActorStoresAChangeMadeOnTheMainActorIsSeenBeforeItReturns() {
    let world = World(mainActor: true)
    defer { world.executor.drainAfterRelease() }
    let observable = ObservableStore(world.second)
    let reads = ChangeCounter { _ = observable.meetings }
    let count = PublicationCount(world.second)
    world.first.currentState.$meetings.withLock { $0.append("Demo") }
    #expect(reads.count == 1)
    #expect(count.value == 1)
    observable.send(.add("Review"))
    #expect(reads.count == 2)
    #expect(count.value == 2)
    #expect(ObservableStore(world.first).meetings == ["Demo", "Review"])
    world.executor.runUntilIdle()
    #expect(count.value == 2)
  }

  @Test func aChangeAnEffectMakesIsPublishedByEveryHolder() {
    let world = World()
    defer { world.executor.drainAfterRelease() }
    let count = PublicationCount(world.second)
    world.send(.addLater("Offsite"), to: world.first)
    #expect(world.second.currentState.meetings == ["Offsite"])
    #expect(count.value == 1)
    #expect(world.first.currentState.edits == 1)
  }
}

extension SharedFanOutTests {
  @Test func cellsOfElementStoresSeeAChangeMadeThroughAnotherStore() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let (list, settings) = withDependencies { $0.sharedStorage = .inMemory() } operation: {
      (
        Store(initialState: ThemedList.State(), reducer: ThemedList(), executor: executor.makeStoreExecutor()),
        Store(initialState: ThemedList.Row(id: 0), reducer: Reduce<ThemedList.Row, ThemedList.RowAction> { row, action in
          if case .setTheme(let theme) = action { row.theme = theme }
          return .none
        }, executor: executor.makeStoreExecutor())
      )
    }
    let registry = ChildStoreRegistry<Int, ThemedList.Row, ThemedList.RowAction>(
      parent: list, elements: \.rows, action: ThemedList.rows)
    let cells = [ThemeCell(), ThemeCell()]
    registry.bind(cells[0], to: 1)
    registry.bind(cells[1], to: 2)
    let count = PublicationCount(list)
    Task(executorPreference: executor) { await settings.send(.setTheme("dark")) }
    executor.runUntilIdle()
    #expect(cells.map(\.shown) == [["light", "dark"], ["light", "dark"]])
    #expect(count.value == 1)
    // A row changing it through the list: the other cell sees it too.
    Task(executorPreference: executor) { await list.send(.rows(.element(id: 1, action: .setTheme("sepia")))) }
    executor.runUntilIdle()
    #expect(cells.map(\.shown) == [["light", "dark", "sepia"], ["light", "dark", "sepia"]])
    #expect(count.value == 2)
    for cell in cells { registry.unbind(cell) }
  }

  /// Element stores of a shared collection: a row removed through another store holding the key
  /// invalidates its element store in every holder, as a removal through the store itself does,
  /// though the old and new states read the same shared collection.
  @Test(arguments: [false, true])
  func anElementRemovedThroughAnotherStoreInvalidatesItsElementStore(mainActor: Bool) {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let make = { mainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor() }
    let (first, second) = withDependencies { $0.sharedStorage = .inMemory() } operation: {
      (
        Store(initialState: SharedNotes.State(), reducer: SharedNotes(), executor: make()),
        Store(initialState: SharedNotes.State(), reducer: SharedNotes(), executor: make())
      )
    }
    let note = first.scope(id: 2, in: \.notes, action: SharedNotes.notes)!
    let observed = ObservableStore(first).elements(\.notes, action: SharedNotes.notes)
    #expect(note.currentStateIfAlive != nil && observed.map(\.state.id) == [1, 2])
    Task(executorPreference: executor) { await second.send(.remove(2)) }
    executor.runUntilIdle()
    #expect(note.currentStateIfAlive == nil)
    #expect(first.currentState.notes.map(\.id) == [1])
    #expect(ObservableStore(first).elements(\.notes, action: SharedNotes.notes).map(\.state.id) == [1])
    Task(executorPreference: executor) { await second.send(.add(3)) }
    executor.runUntilIdle()
    #expect(first.scope(id: 3, in: \.notes, action: SharedNotes.notes)?.currentStateIfAlive != nil)
  }
}
