extension Reducer {
  /// Runs `destination` on a child this reducer presents (TCA's `ifLet(\.$destination, action:
  /// \.destination)`), then runs this reducer.
  ///
  /// - ``PresentationAction/presented(_:)`` runs the child while it is presented; while it is
  ///   not, the action is reported as an issue (this reducer still receives it).
  /// - ``PresentationAction/dismiss`` runs this reducer, which still sees the child, then sets
  ///   the child's state to `nil` (unless this reducer presented another child in response).
  /// - Every effect the child started is cancelled when its presentation ends: its state set to
  ///   `nil` (by `.dismiss` or by this reducer), or, for an `Identifiable` child, replaced by
  ///   one with another `id` (the overload for it is chosen then).
  /// - The child's effects can end the presentation themselves with
  ///   ``DependencyValues/dismiss``, which sends `.dismiss`.
  /// - A child that is an ``AlertState`` or a ``ConfirmationDialogState`` (`ifLet(\.$alert,
  ///   action: .alert) {}`), or a destination enum whose current case holds one, is dismissed by
  ///   any of its buttons' actions, after `destination` and before this reducer runs.
  /// - Parameters:
  ///   - state: The presented child's state, `\.$destination` for a `@Presents var destination`.
  ///   - action: The child's presentation actions within this reducer's actions.
  ///   - destination: The child reducer.
  ///   - fileID: Where `ifLet` is called, for diagnostics.
  ///   - filePath: Where `ifLet` is called, for diagnostics.
  ///   - line: Where `ifLet` is called, for diagnostics.
  ///   - column: Where `ifLet` is called, for diagnostics.
  /// - Returns: The combined reducer.
  public func ifLet<WrappedState: Sendable, WrappedAction: Sendable, Wrapped: Reducer>(
    _ state: any WritableKeyPath<State, PresentationState<WrappedState>> & Sendable,
    action: ActionPath<Action, PresentationAction<WrappedAction>>,
    @ReducerBuilder<WrappedState, WrappedAction> then destination: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Wrapped> where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    presenting(
      state, action: action, destination(), identity: { _ in nil }, isEphemeral: false,
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs `destination` on an `Identifiable` child this reducer presents, then runs this
  /// reducer; a child replaced by one with another `id` is a new presentation, and the old one's
  /// effects are cancelled (see the overload for any child state).
  /// - Parameters:
  ///   - state: The presented child's state, `\.$destination` for a `@Presents var destination`.
  ///   - action: The child's presentation actions within this reducer's actions.
  ///   - destination: The child reducer.
  ///   - fileID: Where `ifLet` is called, for diagnostics.
  ///   - filePath: Where `ifLet` is called, for diagnostics.
  ///   - line: Where `ifLet` is called, for diagnostics.
  ///   - column: Where `ifLet` is called, for diagnostics.
  /// - Returns: The combined reducer.
  public func ifLet<WrappedState: Identifiable & Sendable, WrappedAction: Sendable, Wrapped: Reducer>(
    _ state: any WritableKeyPath<State, PresentationState<WrappedState>> & Sendable,
    action: ActionPath<Action, PresentationAction<WrappedAction>>,
    @ReducerBuilder<WrappedState, WrappedAction> then destination: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction, WrappedState.ID: Sendable {
    presenting(
      state, action: action, destination(), identity: { AnyHashable($0.id) }, isEphemeral: false,
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Presents state with no logic of its own, an ``AlertState`` or a
  /// ``ConfirmationDialogState``, as TCA's `ifLet(\.$alert, action: \.alert)`: any
  /// ``PresentationAction/presented(_:)`` action (a button tapped) dismisses it, then this
  /// reducer handles the action; ``PresentationAction/dismiss`` dismisses it after this reducer
  /// ran.
  /// - Parameters:
  ///   - state: The presented state, `\.$alert` for a `@Presents var alert`.
  ///   - action: Its presentation actions within this reducer's actions.
  ///   - fileID: Where `ifLet` is called, for diagnostics.
  ///   - filePath: Where `ifLet` is called, for diagnostics.
  ///   - line: Where `ifLet` is called, for diagnostics.
  ///   - column: Where `ifLet` is called, for diagnostics.
  /// - Returns: The combined reducer.
  public func ifLet<WrappedState: Sendable, WrappedAction: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<WrappedState>> & Sendable,
    action: ActionPath<Action, PresentationAction<WrappedAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    presenting(
      state, action: action, EmptyReducer(), identity: { _ in nil }, isEphemeral: true,
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func presenting<Wrapped: Reducer>(
    _ state: any WritableKeyPath<State, PresentationState<Wrapped.State>> & Sendable,
    action: ActionPath<Action, PresentationAction<Wrapped.Action>>,
    _ destination: Wrapped,
    identity: @escaping @Sendable (Wrapped.State) -> AnyHashable?,
    isEphemeral: Bool,
    _ callSite: CallSite
  ) -> IfLetReducer<Self, Wrapped> {
    let presentationState: WritableKeyPath<State, PresentationState<Wrapped.State>> = state
    let wrappedState = presentationState.appending(path: \PresentationState<Wrapped.State>.wrappedValue)
    let extract = action.extract
    return IfLetReducer(
      parent: self,
      // A key path is immutable, and both parts are sendable (the caller's, and a literal with
      // no captures); `appending` only drops the `Sendable` the standard library does not spell.
      toWrappedState: unsafeBitCast(wrappedState, to: (any WritableKeyPath<State, Wrapped.State?> & Sendable).self),
      toWrappedAction: action.appending(.presented),
      wrapped: destination,
      identity: identity,
      presentation: PresentationRouting(
        dismissAction: action.embed(.dismiss),
        isDismiss: { if case .dismiss? = extract($0) { true } else { false } },
        isEphemeral: isEphemeral),
      presentationState: state,
      callSite: callSite)
  }
}
