import ActorStore

// The notebook's action paths, written by hand (no macros).

extension ActionPath where Root == Notebook.Action, Value == PresentationAction<NoteEditor.Action> {
  /// The add sheet's actions.
  public static let editor = ActionPath(embed: Root.editor, extract: { if case .editor(let a) = $0 { a } else { nil } })
}

extension ActionPath where Root == Notebook.Action, Value == StackActionOf<NoteDetail> {
  /// The stack's actions.
  public static let path = ActionPath(embed: Root.path, extract: { if case .path(let a) = $0 { a } else { nil } })
}

extension ActionPath where Root == NoteDetail.Action, Value == PresentationAction<NoteEditor.Action> {
  /// The edit sheet's actions.
  public static let editor = ActionPath(embed: Root.editor, extract: { if case .editor(let a) = $0 { a } else { nil } })
}

extension ActionPath where Root == NoteDetail.Action, Value == PresentationAction<NoteDetail.Action.Alert> {
  /// The delete confirmation's actions.
  public static let alert = ActionPath(embed: Root.alert, extract: { if case .alert(let a) = $0 { a } else { nil } })
}

extension ActionPath where Root == NoteDetail.Action, Value == PresentationAction<WritingTimer.Action> {
  /// The writing timer's actions.
  public static let timer = ActionPath(embed: Root.timer, extract: { if case .timer(let a) = $0 { a } else { nil } })
}
