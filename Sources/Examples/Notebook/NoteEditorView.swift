#if canImport(SwiftUI)
  import ActorStore
  import SwiftUI

  /// The edit sheet's form: two text fields bound to the note, focus kept in step with the
  /// store's `focus`, and the save and cancel buttons.
  public struct NoteEditorView: View {
    @Bindable var store: ObservableStore<NoteEditor.State, NoteEditor.Action>
    @FocusState private var focus: NoteEditor.State.Field?

    public init(store: ObservableStore<NoteEditor.State, NoteEditor.Action>) { self.store = store }

    public var body: some View {
      VStack {
        TextField("Title", text: $store.note.title)
        TextField("Text", text: $store.note.text)
        Button("Save") { store.send(.saveTapped) }
        Button("Cancel") { store.send(.cancelTapped) }
      }
      .bind($store.focus, to: $focus)
    }
  }
#endif
