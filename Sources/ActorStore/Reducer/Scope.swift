/// Runs a child reducer on part of the parent's state, for the parent's actions that embed a
/// child action.
///
/// ```swift
/// Scope(state: \.profile, action: .profile) { Profile() }
/// ```
/// The part is a property (a key path), or one case of an enum state (a ``CasePath``), as in a
/// destination reducer whose state is an enum of the screens it can show:
/// ```swift
/// Scope(state: .editor, action: .editor) { Editor() }
/// ```
/// Effects the child returns are mapped into parent actions. They share the parent's
/// cancellation IDs: a child has one instance, so there is nothing to keep apart.
public struct Scope<ParentState: Sendable, ParentAction: Sendable, Child: Reducer>: Reducer {
  /// Where the child's state is: a property, or an enum case.
  @usableFromInline enum ChildState: Sendable {
    case property(any WritableKeyPath<ParentState, Child.State> & Sendable)
    case enumCase(CasePath<ParentState, Child.State>, CallSite)
  }
  @usableFromInline let toChildState: ChildState
  @usableFromInline let toChildAction: ActionPath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes `child` to `state` and `action`.
  /// - Parameters:
  ///   - state: The child state within the parent state.
  ///   - action: The child actions within the parent actions.
  ///   - child: The child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: any WritableKeyPath<ParentState, ChildState> & Sendable,
    action: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction {
    toChildState = .property(state)
    toChildAction = action
    self.child = child()
  }

  /// Scopes `child` to `state` and `action`: TCA's unlabelled spelling,
  /// `Scope(\.profile, action: .profile) { Profile() }`.
  /// - Parameters:
  ///   - state: The child state within the parent state.
  ///   - action: The child actions within the parent actions.
  ///   - child: The child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    _ state: any WritableKeyPath<ParentState, ChildState> & Sendable,
    action: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.init(state: state, action: action, child: child)
  }

  /// Scopes `child` to one case of an enum state, and `action`. A child action that arrives
  /// while the state is in another case is reported, and the child does not run.
  /// - Parameters:
  ///   - state: The case of the parent's state that holds the child state.
  ///   - action: The child actions within the parent actions.
  ///   - child: The child reducer.
  ///   - fileID: Where the scope is declared, for diagnostics.
  ///   - filePath: Where the scope is declared, for diagnostics.
  ///   - line: Where the scope is declared, for diagnostics.
  ///   - column: Where the scope is declared, for diagnostics.
  public init<ChildState, ChildAction>(
    state: CasePath<ParentState, ChildState>,
    action: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Child.State == ChildState, Child.Action == ChildAction {
    toChildState = .enumCase(state, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    toChildAction = action
    self.child = child()
  }

  /// Runs the child for child actions; does nothing for other actions.
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: The parent action.
  /// - Returns: The child's effect, mapped into parent actions.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    switch toChildState {
    case .property(let keyPath):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction).map(toChildAction.embed)
    case .enumCase(let casePath, let callSite):
      guard var childState = casePath.extract(state) else {
        reportOtherCase(childAction, state, callSite)
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return effect.map(toChildAction.embed)
    }
  }

  @usableFromInline func reportOtherCase(_ childAction: Child.Action, _ state: ParentState, _ callSite: CallSite) {
    callSite.report(
      """
      Scope received \(childAction) while its state was in another case (\(state)). The child \
      reducer did not run. Make sure the child's actions stop once its case is left.
      """)
  }
}
