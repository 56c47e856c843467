import ActorStore

/// The notebook example's root: a list of notes on a navigation stack of detail screens, and an
/// edit sheet to add a note. The notes are shared (``SharedKey/notebookNotes``, kept in a file):
/// the detail screens and their writing timers change them in place, and the list shows each
/// change at once, without delegate actions.
public struct Notebook: Reducer {
  public struct State: Equatable, Sendable {
    /// The notes, in the order they were added.
    @Shared(.notebookNotes) public var notes: IdentifiedArrayOf<Note> = []
    public var path = StackState<NoteDetail.State>()
    @Presents public var editor: NoteEditor.State?

    /// The notebook, with the notes kept in ``SharedKey/notebookNotes`` (none at first).
    public init() {}

    /// The ID a new note gets: one more than the largest one in use.
    public var nextNoteID: Note.ID { (notes.ids.max() ?? -1) + 1 }
  }

  public enum Action: Equatable, Sendable {
    case addTapped
    case editor(PresentationAction<NoteEditor.Action>)
    case path(StackActionOf<NoteDetail>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.editor = NoteEditor.State(note: Note(id: state.nextNoteID, title: ""))
        return .none
      case .editor(.presented(.delegate(.saved(let note)))):
        state.$notes.withLock { $0.append(note) }
        return .none
      case .editor, .path:
        return .none
      }
    }
    .ifLet(\.$editor, action: .editor) { NoteEditor() }
    .forEach(\.path, action: .path) { NoteDetail() }
  }
}

extension Notebook {
  /// The app's root store, as the app's scene creates it once: on the main actor
  /// (`executor: .mainActor`), so that a tap's send is reduced, and the screen updated, before
  /// the tap's handler returns. Its notes are read from ``SharedKey/notebookNotes``.
  /// - Returns: The store, as SwiftUI observes it.
  @MainActor public static func makeStore() -> ObservableStore<State, Action> {
    ObservableStore(Store(initialState: State(), reducer: Notebook(), executor: .mainActor))
  }
}
