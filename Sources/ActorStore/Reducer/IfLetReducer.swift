extension Reducer {
  /// Runs `wrapped` on optional child state while it exists, then runs this reducer.
  ///
  /// When the child state becomes `nil` (e.g. a sheet is dismissed), every effect the child
  /// started is cancelled. A child action that arrives while the state is `nil` is reported as
  /// an issue (this reducer still receives it). When the child state is `Identifiable`, the
  /// overload for it is chosen: a change of its `id` also ends the child's presentation. A
  /// child that is an ``AlertState`` or a ``ConfirmationDialogState`` (or an enum in such a
  /// case) is set to `nil` by any of its actions, after `wrapped` and before this reducer runs,
  /// as in TCA.
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: The child actions within this reducer's actions.
  ///   - wrapped: The child reducer.
  ///   - fileID: Where `ifLet` is called, for diagnostics.
  ///   - filePath: Where `ifLet` is called, for diagnostics.
  ///   - line: Where `ifLet` is called, for diagnostics.
  ///   - column: Where `ifLet` is called, for diagnostics.
  /// - Returns: The combined reducer.
  public func ifLet<WrappedState: Sendable, WrappedAction: Sendable, Wrapped: Reducer>(
    _ state: any WritableKeyPath<State, WrappedState?> & Sendable,
    action: ActionPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Wrapped> where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    IfLetReducer(
      parent: self, toWrappedState: state, toWrappedAction: action, wrapped: wrapped(), identity: { _ in nil },
      presentation: nil, presentationState: nil, callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs `wrapped` on optional `Identifiable` child state while it exists, then runs this
  /// reducer; a child whose `id` changes while the state stays non-`nil` is a new presentation.
  ///
  /// As in TCA, the child's effects belong to the child with the `id` it had when it started
  /// them: when the state becomes `nil`, or its `id` changes, they are cancelled, so that a late
  /// response of the old child never reaches the new one.
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: The child actions within this reducer's actions.
  ///   - wrapped: The child reducer.
  ///   - fileID: Where `ifLet` is called, for diagnostics.
  ///   - filePath: Where `ifLet` is called, for diagnostics.
  ///   - line: Where `ifLet` is called, for diagnostics.
  ///   - column: Where `ifLet` is called, for diagnostics.
  /// - Returns: The combined reducer.
  public func ifLet<WrappedState: Identifiable & Sendable, WrappedAction: Sendable, Wrapped: Reducer>(
    _ state: any WritableKeyPath<State, WrappedState?> & Sendable,
    action: ActionPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction, WrappedState.ID: Sendable {
    IfLetReducer(
      parent: self, toWrappedState: state, toWrappedAction: action, wrapped: wrapped(),
      identity: { AnyHashable($0.id) }, presentation: nil, presentationState: nil,
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Reducer {
  /// Shows an optional alert with no logic of its own (TCA's `ifLet(\.alert, action:
  /// \.alert)`): any of its buttons' actions sets it to `nil`, then this reducer runs.
  /// - Parameters:
  ///   - state: The optional alert.
  ///   - action: Its buttons' actions within this reducer's actions.
  ///   - fileID: Where `ifLet` is called, for diagnostics.
  ///   - filePath: Where `ifLet` is called, for diagnostics.
  ///   - line: Where `ifLet` is called, for diagnostics.
  ///   - column: Where `ifLet` is called, for diagnostics.
  /// - Returns: The combined reducer.
  public func ifLet<AlertAction: Sendable>(
    _ state: any WritableKeyPath<State, AlertState<AlertAction>?> & Sendable,
    action: ActionPath<Action, AlertAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, EmptyReducer<AlertState<AlertAction>, AlertAction>> {
    ifLet(state, action: action, then: {}, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Shows an optional confirmation dialog with no logic of its own (TCA's
  /// `ifLet(\.dialog, action: \.dialog)`): any of its buttons' actions sets it to `nil`, then
  /// this reducer runs.
  /// - Parameters:
  ///   - state: The optional dialog.
  ///   - action: Its buttons' actions within this reducer's actions.
  ///   - fileID: Where `ifLet` is called, for diagnostics.
  ///   - filePath: Where `ifLet` is called, for diagnostics.
  ///   - line: Where `ifLet` is called, for diagnostics.
  ///   - column: Where `ifLet` is called, for diagnostics.
  /// - Returns: The combined reducer.
  public func ifLet<DialogAction: Sendable>(
    _ state: any WritableKeyPath<State, ConfirmationDialogState<DialogAction>?> & Sendable,
    action: ActionPath<Action, DialogAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<Self, EmptyReducer<ConfirmationDialogState<DialogAction>, DialogAction>> {
    ifLet(state, action: action, then: {}, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The reducer `ifLet(_:action:then:)` returns, over an optional or a ``PresentationState``.
public struct IfLetReducer<Parent: Reducer, Wrapped: Reducer>: Reducer {
  let parent: Parent
  let toWrappedState: any WritableKeyPath<Parent.State, Wrapped.State?> & Sendable
  let toWrappedAction: ActionPath<Parent.Action, Wrapped.Action>
  let wrapped: Wrapped
  /// What tells one presentation of the child from the next: its `id` when it is
  /// `Identifiable`, else nothing (only `nil` ends a presentation).
  let identity: @Sendable (Wrapped.State) -> AnyHashable?
  /// The ``PresentationAction`` routing when the child lives in a ``PresentationState``; `nil`
  /// for a plain optional.
  let presentation: PresentationRouting<Parent.Action>?
  /// The ``PresentationState`` the child lives in, where this reducer records the presentation
  /// it leaves in place; `nil` for a plain optional.
  let presentationState: (any WritableKeyPath<Parent.State, PresentationState<Wrapped.State>> & Sendable)?
  let callSite: CallSite

  /// Runs the child for child actions while its state exists, then the parent; cancels the
  /// child's effects when its presentation ends (its state goes away, or its `id` changes).
  /// Over a ``PresentationState``, also dismisses the child on ``PresentationAction/dismiss``
  /// (after the parent ran) and gives its effects ``DependencyValues/dismiss``; a child that is
  /// an ``AlertState`` or a ``ConfirmationDialogState``, or a destination enum in such a case, is
  /// dismissed by any of its buttons' actions before the parent runs.
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: The parent action.
  /// - Returns: The child's and the parent's effects.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let entry = presentation(in: state)
    let record = presentationState.map { state[keyPath: $0].presented }
    // The presentation to end if it is gone: the one left in place last time, which a reducer
    // outside this one may have changed or cleared since (as TCA, whose presentation state
    // remembers it); else the one there now.
    let before: Presentation?
    if case .recorded(let presented) = record { before = presented } else { before = entry }
    var wrappedEffect = Effect<Parent.Action>.none
    var endsPresentation = false
    if let wrappedAction = toWrappedAction.extract(action) {
      if state[keyPath: toWrappedState] == nil {
        reportAbsent(wrappedAction)
      } else if presentation?.isEphemeral == true {
        // An alert or a dialog: any of its actions ends it, before the parent sees the action,
        // so that a parent presenting another one in response keeps it.
        state[keyPath: toWrappedState] = nil
      } else if let dismissal = presentation?.dismissAction {
        // `\.$child` is a projection the compiler gives only get/set: reducing through it in
        // place would copy the child first, then every buffer the child mutates. Taken out and
        // put back, the child stays uniquely referenced while it reduces.
        var child = state[keyPath: toWrappedState].take()!
        endsPresentation = endsEphemeralPresentation(child, with: wrappedAction)
        wrappedEffect = wrapped.reduce(into: &child, action: wrappedAction).map(toWrappedAction.embed)
          .dismissible(by: dismissal)
        state[keyPath: toWrappedState] = child
      } else {
        endsPresentation = endsEphemeralPresentation(state[keyPath: toWrappedState]!, with: wrappedAction)
        wrappedEffect = wrapped.reduce(into: &state[keyPath: toWrappedState]!, action: wrappedAction)
          .map(toWrappedAction.embed)
      }
      if !wrappedEffect.isNone, let current = presentation(in: state) {
        // The effects belong to the presentation the child is in once it has reduced.
        wrappedEffect = wrappedEffect.scoped(to: scope(current))
      }
      // An alert or a dialog, or one in a destination enum (`case alert(AlertState<…>)`): its
      // button's action ends it once the child reducer ran, before the parent sees the action.
      if endsPresentation { state[keyPath: toWrappedState] = nil }
    }
    let isDismissal = presentation?.isDismiss(action) == true
    if isDismissal, entry == nil { reportAbsent("dismiss") }
    let parentEffect = parent.reduce(into: &state, action: action)
    // As TCA: the parent saw the child still there; a parent that presented another child in
    // response keeps it.
    if isDismissal, entry != nil, entry == presentation(in: state) { state[keyPath: toWrappedState] = nil }
    let after = presentation(in: state)
    if let presentationState, record != .recorded(after) { state[keyPath: presentationState].presented = .recorded(after) }
    guard let before, before != after else { return wrappedEffect.merge(with: parentEffect) }
    return wrappedEffect.merge(with: parentEffect).merge(with: .cancelScope(scope(before)))
  }

  private func reportAbsent(_ action: Any) {
    callSite.report(
      """
      ifLet received \(action) while its state was nil. The child reducer did not \
      run; the parent did. Make sure child actions stop once the child state is cleared.
      """)
  }

  /// The child's current presentation, or `nil` when its state is `nil`.
  private func presentation(in state: Parent.State) -> Presentation? {
    state[keyPath: toWrappedState].map { Presentation(id: identity($0)) }
  }

  /// The effect scope of one presentation of the child.
  private func scope(_ presentation: Presentation) -> EffectID {
    EffectID(OptionalScope(state: toWrappedState, id: presentation.id))
  }

  /// One presentation of the child: present, with this identity.
  private typealias Presentation = PresentationIdentity
}

/// How an `ifLet` over a ``PresentationState`` routes ``PresentationAction/dismiss``.
struct PresentationRouting<Action: Sendable>: Sendable {
  /// The parent action that dismisses the child: the `.dismiss` case embedded.
  let dismissAction: Action
  /// Whether a parent action is the dismissal.
  let isDismiss: @Sendable (Action) -> Bool
  /// Whether the child is state with no logic (an alert, a dialog) that any of its actions ends.
  let isEphemeral: Bool
}

/// The effect scope of one presentation of an `ifLet` child: its state's key path, and its `id`
/// when it is `Identifiable`.
struct OptionalScope<Root, Value>: Hashable, Sendable {
  let state: any WritableKeyPath<Root, Value?> & Sendable
  /// The child's `id`, which is `Sendable` (the `ifLet` overload requires it).
  nonisolated(unsafe) let id: AnyHashable?

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.state == rhs.state && lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) {
    hasher.combine(state)
    hasher.combine(id)
  }
}

extension OptionalScope: CustomStringConvertible {
  /// `ifLet \State.child`, or `ifLet \State.child (id 7)`, as trace events name the scope.
  var description: String { "ifLet \(state)" + (id.map { " (id \($0))" } ?? "") }
}
