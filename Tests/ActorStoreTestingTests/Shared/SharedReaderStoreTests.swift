@testable import ActorStore
import ActorStoreTesting
import Testing

/// Shows how many meetings the shared list has, reading it without changing it.
struct MeetingCount: Reducer {
  struct State: Equatable, Sendable {
    @SharedReader(.inMemory("meetings")) var meetings: [String] = []
    var refreshes = 0
  }

  enum Action: Equatable, Sendable { case refresh }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.refreshes += 1
    return .none
  }
}

/// A board editing the shared notes, a summary reading them, and a detail editing one note it
/// got by ID, as a SyncUps-style app hands a meeting to its detail screen.
struct NoteBoard: Reducer {
  struct Summary: Equatable, Sendable {
    @SharedReader var notes: IdentifiedArrayOf<SharedNotes.Note>
  }

  struct Detail: Equatable, Sendable {
    @Shared var note: SharedNotes.Note
  }

  struct State: Equatable, Sendable {
    @Shared(.inMemory("notes")) var notes: IdentifiedArrayOf<SharedNotes.Note> = [
      SharedNotes.Note(id: 1), SharedNotes.Note(id: 2),
    ]
    var summary: Summary
    var detail: Detail?

    init() {
      summary = Summary(notes: SharedReader(_notes))
    }
  }

  enum Action: Equatable, Sendable {
    case open(Int)
    case edit(String)
    case removeAll
    case appendToEach(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .open(let id):
      state.detail = Shared(state.$notes[id: id]).map { Detail(note: $0) }
    case .edit(let text):
      state.detail?.$note.text.withLock { $0 = text }
    case .removeAll:
      state.$notes.withLock { $0.removeAll() }
    case .appendToEach(let suffix):
      for note in Array(state.$notes) { note.text.withLock { $0 += suffix } }
    }
    return .none
  }
}

@MainActor @Suite struct SharedReaderStoreTests {
  @Test(arguments: [false, true])
  func aStoreHoldingOnlyAReaderRepublishesAChangeMadeThroughAnotherStore(mainActor: Bool) {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let make = { mainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor() }
    let (list, counter) = withDependencies { $0.sharedStorage = .inMemory() } operation: {
      (
        Store(initialState: MeetingList.State(), reducer: MeetingList(), executor: make()),
        Store(initialState: MeetingCount.State(), reducer: MeetingCount(), executor: make())
      )
    }
    let count = PublicationCount(counter)
    let observable = ObservableStore(counter)
    let reads = ChangeCounter { _ = observable.meetings }
    let readsRefreshes = ChangeCounter { _ = observable.refreshes }
    Task(executorPreference: executor) { await list.send(.add("Standup")) }
    executor.runUntilIdle()
    #expect(counter.currentState.meetings == ["Standup"])
    #expect(observable.meetings == ["Standup"])
    #expect((count.value, reads.count, readsRefreshes.count) == (1, 1, 0))
    // The same value again: nothing to publish.
    Task(executorPreference: executor) { await list.send(.assign(["Standup"])) }
    executor.runUntilIdle()
    #expect((count.value, reads.count) == (1, 1))
  }

  @Test func aTestStoreAssertsWhatReadersSeeByKey() async {
    let store = TestStore(initialState: NoteBoard.State()) { NoteBoard() }
    await store.send(.open(2)) {
      $0.detail = NoteBoard.Detail(note: Shared($0.$notes[id: 2])!)
    }
    await store.send(.edit("Agenda")) {
      // The summary reads the same notes: asserting the key asserts it.
      $0.$notes.withLock { $0[id: 2]?.text = "Agenda" }
    }
    #expect(store.state.summary.notes[id: 2]?.text == "Agenda")
    await store.send(.appendToEach("!")) {
      $0.$notes.withLock { notes in
        for id in notes.ids { notes[id: id]?.text += "!" }
      }
    }
    await store.send(.removeAll) {
      $0.notes = []
      // The detail keeps showing the note it had.
      #expect($0.detail?.note.text == "Agenda!")
    }
    // A change made after removal changes no shared value: only what the detail reads.
    await store.send(.edit("Gone"))
    #expect(store.state.detail?.note.text == "Gone")
    #expect(store.state.notes.isEmpty)
    await store.finish()
  }
}

extension SharedReaderStoreTests {
  /// A key's value for the test to start from is given where the initial state is made: that
  /// expression runs with the test store's own storage in force (TCA's tests declare
  /// `@Shared(.key) var value = …` before the store instead).
  @Test func aTestStartsAKeyFromAValueGivenInTheInitialStateExpression() async {
    let store = TestStore(
      initialState: {
        @Shared(.inMemory("meetings")) var meetings = ["Standup"]
        return MeetingCount.State()
      }()
    ) { MeetingCount() }
    #expect(store.state.meetings == ["Standup"])
    await store.send(.refresh) { $0.refreshes = 1 }
    await store.finish()
  }
}
