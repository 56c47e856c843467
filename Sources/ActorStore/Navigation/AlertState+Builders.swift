extension AlertState {
  /// An alert written as TCA writes it: the title, the buttons built by a
  /// ``ButtonStateBuilder`` (with `if`, `for` and optional buttons), and a message.
  ///
  /// ```swift
  /// state.alert = AlertState {
  ///   TextState("Delete this item?")
  /// } actions: {
  ///   ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
  ///   ButtonState(role: .cancel) { TextState("Cancel") }
  /// } message: {
  ///   TextState("This cannot be undone.")
  /// }
  /// ```
  /// - Parameters:
  ///   - title: Makes the title.
  ///   - actions: Builds the buttons, in order; none by default (the view layer shows "OK").
  ///   - message: Makes the message; `nil`, the default, for none.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(title: title(), message: message?(), buttons: actions())
  }
}

extension ConfirmationDialogState {
  /// A confirmation dialog written as TCA writes it: whether the title shows, the title, the
  /// buttons built by a ``ButtonStateBuilder`` and a message.
  ///
  /// ```swift
  /// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
  ///   TextState("Share")
  /// } actions: {
  ///   ButtonState(action: .copyLink) { TextState("Copy link") }
  ///   if canEmail {
  ///     ButtonState(action: .email) { TextState("Email") }
  ///   }
  ///   ButtonState(role: .cancel) { TextState("Cancel") }
  /// }
  /// ```
  /// - Parameters:
  ///   - titleVisibility: Whether the title shows; the system decides by default.
  ///   - title: Makes the title.
  ///   - actions: Builds the buttons, in order; none by default.
  ///   - message: Makes the message; `nil`, the default, for none.
  public init(
    titleVisibility: TitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(titleVisibility: titleVisibility, title: title(), message: message?(), buttons: actions())
  }
}
