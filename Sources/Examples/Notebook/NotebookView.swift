#if canImport(SwiftUI)
  import ActorStore
  import SwiftUI

  /// The notebook: its list on a navigation stack of detail screens (pushed with
  /// `NavigationLink(state:)`, each given the shared notes), and the add sheet. Create its store
  /// with ``Notebook/makeStore()``, on the main actor.
  public struct NotebookView: View {
    @Bindable var store: ObservableStore<Notebook.State, Notebook.Action>

    public init(store: ObservableStore<Notebook.State, Notebook.Action>) { self.store = store }

    public var body: some View {
      NavigationStack(path: $store.scope(state: \.path, action: .path)) {
        VStack {
          ForEach(store.notes, id: \.id) { note in
            NavigationLink(state: NoteDetail.State(noteID: note.id, notes: store.$notes)) { Text(note.title) }
          }
          Button("Add") { store.send(.addTapped) }
        }
        .sheet(item: $store.scope(state: \.editor, action: .editor)) { editor in
          NoteEditorView(store: editor)
        }
      } destination: { detail in
        NoteDetailView(store: detail)
      }
    }
  }
#endif
