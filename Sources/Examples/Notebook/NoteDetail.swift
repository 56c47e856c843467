import ActorStore

/// The detail screen of a note, pushed on the list's stack: it presents the edit sheet, and asks
/// for confirmation (an alert) before deleting; both outcomes go to the list as delegate actions.
public struct NoteDetail: Reducer {
  public struct State: Equatable, Sendable {
    public var note: Note
    @Presents public var editor: NoteEditor.State?
    @Presents public var alert: AlertState<Action.Alert>?

    public init(note: Note) { self.note = note }
  }

  public enum Action: Equatable, Sendable {
    public enum Alert: Equatable, Sendable { case confirmDeletion }
    public enum Delegate: Equatable, Sendable {
      case deleted(Note.ID)
      case saved(Note)
    }
    case editTapped
    case deleteTapped
    case editor(PresentationAction<NoteEditor.Action>)
    case alert(PresentationAction<Alert>)
    case delegate(Delegate)
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
      case .alert(.presented(.confirmDeletion)):
        return .concatenate(.send(.delegate(.deleted(state.note.id))), .run { _ in await dismiss() })
      case .editor(.presented(.delegate(.saved(let note)))):
        state.note = note
        return .send(.delegate(.saved(note)))
      case .alert, .editor, .delegate:
        return .none
      }
    }
    .ifLet(\.$editor, action: .editor) { NoteEditor() }
    .ifLet(\.$alert, action: .alert)
  }
}
