import ActorStore

/// The notebook example's root: a list of notes on a navigation stack of detail screens, and an
/// edit sheet to add a note. Details report edits and deletions; the list applies them.
public struct Notebook: Reducer {
  public struct State: Equatable, Sendable {
    public var notes: IdentifiedArrayOf<Note>
    public var path = StackState<NoteDetail.State>()
    @Presents public var editor: NoteEditor.State?
    public var nextID: Int

    public init(notes: IdentifiedArrayOf<Note> = []) {
      self.notes = notes
      nextID = (notes.map(\.id).max() ?? -1) + 1
    }
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
        state.editor = NoteEditor.State(note: Note(id: state.nextID, title: ""))
        state.nextID += 1
        return .none
      case .editor(.presented(.delegate(.saved(let note)))):
        state.notes.append(note)
        return .none
      case .path(.element(_, .delegate(.saved(let note)))):
        state.notes[id: note.id] = note
        return .none
      case .path(.element(_, .delegate(.deleted(let id)))):
        state.notes.remove(id: id)
        return .none
      case .editor, .path:
        return .none
      }
    }
    .ifLet(\.$editor, action: .editor) { NoteEditor() }
    .forEach(\.path, action: .path) { NoteDetail() }
  }
}
