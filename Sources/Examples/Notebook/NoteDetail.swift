import ActorStore

/// The detail screen of a note, pushed on the list's stack. It edits the note in place in the
/// shared notes: the edit sheet's saved title and text replace its own, and a deletion, confirmed by an alert,
/// removes it and pops the screen. It also pushes the note's writing timer.
public struct NoteDetail: Reducer {
  public struct State: Equatable, Sendable {
    /// The note shown.
    public let noteID: Note.ID
    /// The notebook's notes, shared with the list.
    @Shared public var notes: IdentifiedArrayOf<Note>
    @Presents public var editor: NoteEditor.State?
    @Presents public var alert: AlertState<Action.Alert>?
    @Presents public var timer: WritingTimer.State?

    /// The screen of a note of the shared notes.
    /// - Parameters:
    ///   - noteID: The note.
    ///   - notes: The shared notes holding it.
    public init(noteID: Note.ID, notes: Shared<IdentifiedArrayOf<Note>>) {
      self.noteID = noteID
      _notes = notes
    }

    /// The note as the shared notes hold it now; an empty note with its ID once it is deleted
    /// (while the screen is popped).
    public var note: Note { notes[id: noteID] ?? Note(id: noteID, title: "") }
  }

  public enum Action: Equatable, Sendable {
    public enum Alert: Equatable, Sendable { case confirmDeletion }
    case editTapped
    case deleteTapped
    case timerTapped
    case editor(PresentationAction<NoteEditor.Action>)
    case alert(PresentationAction<Alert>)
    case timer(PresentationAction<WritingTimer.Action>)
  }

  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .editTapped:
        state.editor = NoteEditor.State(note: state.note)
        return .none
      case .deleteTapped:
        state.alert = AlertState(
          title: "Delete “\(state.note.title)”?", message: "This cannot be undone.",
          buttons: [
            ButtonState(role: .destructive, action: .confirmDeletion) { "Delete" },
            ButtonState(role: .cancel) { "Cancel" },
          ])
        return .none
      case .timerTapped:
        state.timer = WritingTimer.State(noteID: state.noteID, notes: state.$notes)
        return .none
      case .alert(.presented(.confirmDeletion)):
        let id = state.noteID
        state.$notes.withLock { _ = $0.remove(id: id) }
        return .run { _ in await dismiss() }
      case .editor(.presented(.delegate(.saved(let note)))):
        // The title and text: the writing time is the timer's to count.
        state.$notes.withLock { notes in
          notes[id: note.id]?.title = note.title
          notes[id: note.id]?.text = note.text
        }
        return .none
      case .alert, .editor, .timer:
        return .none
      }
    }
    .ifLet(\.$editor, action: .editor) { NoteEditor() }
    .ifLet(\.$alert, action: .alert)
    .ifLet(\.$timer, action: .timer) { WritingTimer() }
  }
}
