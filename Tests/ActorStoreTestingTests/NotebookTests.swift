import ActorStore
import ActorStoreTesting
import Notebook
import Testing

/// The notebook example's features, as a user drives them. The notes are shared
/// (`SharedKey.notebookNotes`, in memory under a `TestStore`), so each test asserts their
/// changes as state: add a note through the edit sheet (an empty title keeps the sheet, focused
/// on the title), open it, edit it in place, and delete it through the confirmation alert, which
/// pops its screen; time a writing session on the writing timer's screen.
@MainActor @Suite struct NotebookTests {
  /// A notebook whose shared notes start as `notes`; made inside the test store's dependencies
  /// (its `initialState` autoclosure), so in its in-memory storage.
  static func notebook(with notes: IdentifiedArrayOf<Note>) -> Notebook.State {
    let state = Notebook.State()
    state.$notes.withLock { $0 = notes }
    return state
  }

  @Test func addOpenEditAndDeleteANote() async {
    let store = TestStore(initialState: Notebook.State()) { Notebook() }
    await store.send(.addTapped) { $0.editor = NoteEditor.State(note: Note(id: 0, title: "")) }
    await store.send(.editor(.presented(.binding(.set(\.focus, .text))))) { $0.editor?.focus = .text }
    await store.send(.editor(.presented(.saveTapped))) { $0.editor?.focus = .title }
    await store.send(.editor(.presented(.binding(.set(\.note.title, "Groceries"))))) { $0.editor?.note.title = "Groceries" }
    await store.send(.editor(.presented(.saveTapped)))
    await store.receive(.editor(.presented(.delegate(.saved(Note(id: 0, title: "Groceries")))))) {
      $0.$notes.withLock { _ = $0.append(Note(id: 0, title: "Groceries")) }
    }
    await store.receive(.editor(.dismiss)) { $0.editor = nil }
    #expect(store.state.nextNoteID == 1)

    // `NavigationLink(state:)` pushes the detail screen, handing it the shared notes.
    await store.send(.path(.push(id: 0, state: NoteDetail.State(noteID: 0, notes: store.state.$notes)))) {
      $0.path[id: 0] = NoteDetail.State(noteID: 0, notes: $0.$notes)
    }
    await store.send(.path(.element(id: 0, action: .editTapped))) {
      $0.path[id: 0]?.editor = NoteEditor.State(note: Note(id: 0, title: "Groceries"))
    }
    await store.send(.path(.element(id: 0, action: .editor(.presented(.binding(.set(\.note.text, "milk"))))))) {
      $0.path[id: 0]?.editor?.note.text = "milk"
    }
    await store.send(.path(.element(id: 0, action: .editor(.presented(.saveTapped)))))
    let edited = Note(id: 0, title: "Groceries", text: "milk")
    // The detail writes the note into the shared notes: the list has it, with no delegate action.
    await store.receive(.path(.element(id: 0, action: .editor(.presented(.delegate(.saved(edited))))))) {
      $0.notes[id: 0] = edited
    }
    #expect(store.state.path[id: 0]?.note == edited)
    await store.receive(.path(.element(id: 0, action: .editor(.dismiss)))) { $0.path[id: 0]?.editor = nil }

    await store.send(.path(.element(id: 0, action: .deleteTapped))) {
      $0.path[id: 0]?.alert = AlertState(
        title: "Delete “Groceries”?", message: "This cannot be undone.",
        buttons: [
          ButtonState(role: .destructive, action: .confirmDeletion) { "Delete" },
          ButtonState(role: .cancel) { "Cancel" },
        ])
    }
    await store.send(.path(.element(id: 0, action: .alert(.presented(.confirmDeletion))))) {
      $0.path[id: 0]?.alert = nil
      $0.notes = []
    }
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await store.finish()
  }

  @Test func theWritingTimerCountsTheSessionAndTheNotesTotal() async {
    let note = Note(id: 7, title: "Essay", secondsWritten: 60)
    let store = TestStore(initialState: Self.notebook(with: [note])) { Notebook() }
    await store.send(.path(.push(id: 0, state: NoteDetail.State(noteID: 7, notes: store.state.$notes)))) {
      $0.path[id: 0] = NoteDetail.State(noteID: 7, notes: $0.$notes)
    }
    await store.send(.path(.element(id: 0, action: .timerTapped))) {
      let notes = $0.$notes
      $0.path[id: 0]?.timer = WritingTimer.State(noteID: 7, notes: notes)
    }
    let timer = { (action: WritingTimer.Action) in Notebook.Action.path(.element(id: 0, action: .timer(.presented(action)))) }

    await store.send(timer(.startTapped)) { $0.path[id: 0]?.timer?.isRunning = true }
    // A second tap while running starts nothing more.
    await store.send(timer(.startTapped))
    await store.clock.advance(by: .milliseconds(999))
    await store.clock.advance(by: .milliseconds(1_001))
    // Each second counts toward the session and, in the shared notes, toward the note's total.
    await store.receive(timer(.tick)) {
      $0.path[id: 0]?.timer?.sessionSeconds = 1
      $0.notes[id: 7]?.secondsWritten = 61
    }
    await store.receive(timer(.tick)) {
      $0.path[id: 0]?.timer?.sessionSeconds = 2
      $0.notes[id: 7]?.secondsWritten = 62
    }
    #expect(store.state.path[id: 0]?.timer?.totalSeconds == 62)
    #expect(store.state.path[id: 0]?.note.secondsWritten == 62)

    // Paused, the clock moves on and nothing ticks; started again, the session goes on.
    await store.send(timer(.pauseTapped)) { $0.path[id: 0]?.timer?.isRunning = false }
    await store.clock.advance(by: .seconds(5))
    await store.send(timer(.startTapped)) { $0.path[id: 0]?.timer?.isRunning = true }
    await store.clock.advance(by: .seconds(1))
    await store.receive(timer(.tick)) {
      $0.path[id: 0]?.timer?.sessionSeconds = 3
      $0.notes[id: 7]?.secondsWritten = 63
    }

    // Reset stops the timer and starts a new session; the note keeps its total.
    await store.send(timer(.resetTapped)) {
      $0.path[id: 0]?.timer?.isRunning = false
      $0.path[id: 0]?.timer?.sessionSeconds = 0
    }
    await store.clock.advance(by: .seconds(3))
    await store.send(timer(.startTapped)) { $0.path[id: 0]?.timer?.isRunning = true }
    await store.clock.advance(by: .seconds(1))
    await store.receive(timer(.tick)) {
      $0.path[id: 0]?.timer?.sessionSeconds = 1
      $0.notes[id: 7]?.secondsWritten = 64
    }

    // Leaving the screen while it runs (the back button) cancels the timer's effect.
    await store.send(.path(.element(id: 0, action: .timer(.dismiss)))) { $0.path[id: 0]?.timer = nil }
    await store.clock.advance(by: .seconds(10))
    await store.finish()
    #expect(WritingTimer.State.clockText(store.state.notes[id: 7]?.secondsWritten ?? 0) == "1:04")
  }

  @Test func theTimerOfADeletedNoteCountsTheSessionAlone() async {
    let store = TestStore(
      initialState: WritingTimer.State(noteID: 1, notes: Shared(value: []))
    ) { WritingTimer() }
    await store.send(.startTapped) { $0.isRunning = true }
    await store.clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.sessionSeconds = 1 }
    #expect(store.state.totalSeconds == 0)
    await store.send(.pauseTapped) { $0.isRunning = false }
    await store.finish()
  }

  @Test func clockText() {
    #expect(WritingTimer.State.clockText(0) == "0:00")
    #expect(WritingTimer.State.clockText(9) == "0:09")
    #expect(WritingTimer.State.clockText(75) == "1:15")
    #expect(WritingTimer.State.clockText(3_600) == "60:00")
  }

  /// The app's root store runs on the main actor: a send from a tap is reduced before it returns.
  @Test func theAppsStoreIsAMainActorStore() {
    let store = withDependencies { $0.sharedStorage = .inMemory() } operation: { Notebook.makeStore() }
    #expect(store.store.runsOnMainActor)
    store.send(.addTapped)
    #expect(store.editor == NoteEditor.State(note: Note(id: 0, title: "")))
  }
}
