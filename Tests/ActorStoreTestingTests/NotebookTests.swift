import ActorStore
import ActorStoreTesting
import Notebook
import Testing

/// The notebook example's features, as a user drives them: add a note through the edit sheet
/// (an empty title keeps the sheet, focused on the title), open it, edit it, and delete it
/// through the confirmation alert, which pops its screen.
@MainActor @Suite struct NotebookTests {
  @Test func addOpenEditAndDeleteANote() async {
    let store = TestStore(initialState: Notebook.State()) { Notebook() }
    await store.send(.addTapped) {
      $0.editor = NoteEditor.State(note: Note(id: 0, title: ""))
      $0.nextID = 1
    }
    await store.send(.editor(.presented(.binding(.set(\.focus, .text))))) { $0.editor?.focus = .text }
    await store.send(.editor(.presented(.saveTapped))) { $0.editor?.focus = .title }
    await store.send(.editor(.presented(.binding(.set(\.note.title, "Groceries"))))) { $0.editor?.note.title = "Groceries" }
    await store.send(.editor(.presented(.saveTapped)))
    await store.receive(.editor(.presented(.delegate(.saved(Note(id: 0, title: "Groceries")))))) {
      $0.notes = [Note(id: 0, title: "Groceries")]
    }
    await store.receive(.editor(.dismiss)) { $0.editor = nil }

    // `NavigationLink(state:)` pushes the detail screen.
    await store.send(.path(.push(id: 0, state: NoteDetail.State(note: Note(id: 0, title: "Groceries"))))) {
      $0.path[id: 0] = NoteDetail.State(note: Note(id: 0, title: "Groceries"))
    }
    await store.send(.path(.element(id: 0, action: .editTapped))) {
      $0.path[id: 0]?.editor = NoteEditor.State(note: Note(id: 0, title: "Groceries"))
    }
    await store.send(.path(.element(id: 0, action: .editor(.presented(.binding(.set(\.note.text, "milk"))))))) {
      $0.path[id: 0]?.editor?.note.text = "milk"
    }
    await store.send(.path(.element(id: 0, action: .editor(.presented(.saveTapped)))))
    let edited = Note(id: 0, title: "Groceries", text: "milk")
    await store.receive(.path(.element(id: 0, action: .editor(.presented(.delegate(.saved(edited))))))) {
      $0.path[id: 0]?.note = edited
    }
    await store.receive(.path(.element(id: 0, action: .delegate(.saved(edited))))) { $0.notes[id: 0] = edited }
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
    }
    await store.receive(.path(.element(id: 0, action: .delegate(.deleted(0))))) { $0.notes = [] }
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await store.finish()
  }
}
