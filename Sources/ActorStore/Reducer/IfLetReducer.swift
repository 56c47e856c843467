extension Reducer {
  /// Runs `wrapped` on optional child state while it exists, then runs this reducer.
  ///
  /// When the child state becomes `nil` (e.g. a sheet is dismissed), every effect the child
  /// started is cancelled. A child action that arrives while the state is `nil` is reported as
  /// an issue (this reducer still receives it).
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
      parent: self, toWrappedState: state, toWrappedAction: action, wrapped: wrapped(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)`` returns.
public struct IfLetReducer<Parent: Reducer, Wrapped: Reducer>: Reducer {
  let parent: Parent
  let toWrappedState: any WritableKeyPath<Parent.State, Wrapped.State?> & Sendable
  let toWrappedAction: ActionPath<Parent.Action, Wrapped.Action>
  let wrapped: Wrapped
  let callSite: CallSite

  /// Runs the child for child actions while its state exists, then the parent; cancels the
  /// child's effects when its state goes away.
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: The parent action.
  /// - Returns: The child's and the parent's effects.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let scope = EffectID(OptionalScope(state: toWrappedState))
    var wrappedEffect = Effect<Parent.Action>.none
    if let wrappedAction = toWrappedAction.extract(action) {
      if state[keyPath: toWrappedState] != nil {
        wrappedEffect = wrapped.reduce(into: &state[keyPath: toWrappedState]!, action: wrappedAction)
          .map(toWrappedAction.embed)
          .scoped(to: scope)
      } else {
        callSite.report(
          """
          ifLet received \(wrappedAction) while its state was nil. The child reducer did not \
          run; the parent did. Make sure child actions stop once the child state is cleared.
          """)
      }
    }
    let wasPresent = state[keyPath: toWrappedState] != nil
    let parentEffect = parent.reduce(into: &state, action: action)
    let dismissal = wasPresent && state[keyPath: toWrappedState] == nil ? Effect<Parent.Action>.cancelScope(scope) : .none
    return wrappedEffect.merge(with: parentEffect).merge(with: dismissal)
  }
}

/// The effect scope of an `ifLet` child: its state's key path.
struct OptionalScope<Root, Value>: Hashable, Sendable {
  let state: any WritableKeyPath<Root, Value?> & Sendable

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.state == rhs.state }
  func hash(into hasher: inout Hasher) { hasher.combine(state) }
}

extension OptionalScope: CustomStringConvertible {
  /// `ifLet \State.child`, as trace events name the scope.
  var description: String { "ifLet \(state)" }
}
