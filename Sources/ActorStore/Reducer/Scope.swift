/// Runs a child reducer on part of the parent's state, for the parent's actions that embed a
/// child action.
///
/// ```swift
/// Scope(state: \.profile, action: .profile) { Profile() }
/// ```
/// Effects the child returns are mapped into parent actions. They share the parent's
/// cancellation IDs: a child has one instance, so there is nothing to keep apart.
public struct Scope<ParentState: Sendable, ParentAction: Sendable, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: any WritableKeyPath<ParentState, Child.State> & Sendable
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
    toChildState = state
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
    return child.reduce(into: &state[keyPath: toChildState], action: childAction)
      .map(toChildAction.embed)
  }
}
