#if canImport(SwiftUI)
  import ActorStore
  import SwiftUI

  /// A note's screen: its text, an edit sheet, and a delete confirmation alert.
  public struct NoteDetailView: View {
    @Bindable var store: ObservableStore<NoteDetail.State, NoteDetail.Action>

    public init(store: ObservableStore<NoteDetail.State, NoteDetail.Action>) { self.store = store }

    public var body: some View {
      VStack {
        Text(store.note.title)
        Text(store.note.text)
        Button("Edit") { store.send(.editTapped) }
        Button("Delete") { store.send(.deleteTapped) }
      }
      .sheet(item: $store.scope(state: \.editor, action: .editor)) { editor in
        NoteEditorView(store: editor)
      }
      .alert($store.scope(state: \.alert, action: .alert))
    }
  }
#endif
