import ActorStore

/// The edit sheet: a form with a title field and a text field, the title focused first.
/// Fields are bound through `BindingReducer`; saving hands the note to the presenting feature
/// (``Action/Delegate/saved(_:)``) and dismisses the sheet; an empty title cannot be saved.
public struct NoteEditor: Reducer {
  public struct State: Equatable, Identifiable, Sendable {
    /// Which field has focus: kept in step with the form's `@FocusState`.
    public enum Field: Hashable, Sendable { case title, text }

    public var note: Note
    public var focus: Field? = .title
    public var id: Note.ID { note.id }

    public init(note: Note) { self.note = note }
  }

  public enum Action: BindableAction, Equatable, Sendable {
    public enum Delegate: Equatable, Sendable { case saved(Note) }
    case binding(BindingAction<State>)
    case saveTapped
    case cancelTapped
    case delegate(Delegate)
  }

  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .saveTapped:
        guard !state.note.title.isEmpty else {
          state.focus = .title
          return .none
        }
        return .concatenate(.send(.delegate(.saved(state.note))), .run { _ in await dismiss() })
      case .cancelTapped:
        return .run { _ in await dismiss() }
      case .binding, .delegate:
        return .none
      }
    }
  }
}
