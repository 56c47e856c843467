#if canImport(SwiftUI)
  import ActorStore
  import SwiftUI

  /// A note's screen: its text and writing time, an edit sheet, a delete confirmation alert, and
  /// the writing timer, pushed.
  public struct NoteDetailView: View {
    @Bindable var store: ObservableStore<NoteDetail.State, NoteDetail.Action>

    public init(store: ObservableStore<NoteDetail.State, NoteDetail.Action>) { self.store = store }

    public var body: some View {
      VStack {
        Text(store.note.title)
        Text(store.note.text)
        Text("Written for \(WritingTimer.State.clockText(store.note.secondsWritten))")
        Button("Edit") { store.send(.editTapped) }
        Button("Writing timer") { store.send(.timerTapped) }
        Button("Delete") { store.send(.deleteTapped) }
      }
      .sheet(item: $store.scope(state: \.editor, action: .editor)) { editor in
        NoteEditorView(store: editor)
      }
      .alert($store.scope(state: \.alert, action: .alert))
      .navigationDestination(item: $store.scope(state: \.timer, action: .timer)) { timer in
        WritingTimerView(store: timer)
      }
    }
  }
#endif
