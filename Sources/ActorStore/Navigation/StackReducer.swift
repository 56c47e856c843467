extension Reducer {
  /// Runs `destination` on the elements of a navigation stack (TCA's `forEach(\.path, action:
  /// \.path)`), then runs this reducer.
  ///
  /// - ``StackAction/element(id:action:)`` runs the element with that ID; for an ID not in the
  ///   stack, the action is reported as an issue (this reducer still receives it).
  /// - ``StackAction/push(id:state:)`` pushes the state with that ID before this reducer runs;
  ///   an ID already in the stack is reported and nothing is pushed.
  /// - ``StackAction/popFrom(id:)`` runs this reducer, which still sees the elements, then pops
  ///   the element with that ID and everything above it; a missing ID is reported.
  /// - Every element that leaves the stack, whoever removed it, has its effects cancelled.
  ///   Each element's effects live in their own scope, as with an `IdentifiedArray`'s
  ///   `forEach`.
  /// - An element's effects can pop it with ``DependencyValues/dismiss``, which sends
  ///   `.popFrom(id:)` for it.
  /// - Parameters:
  ///   - stack: The stack within this reducer's state.
  ///   - action: The stack actions within this reducer's actions.
  ///   - destination: The elements' reducer.
  ///   - fileID: Where `forEach` is called, for diagnostics.
  ///   - filePath: Where `forEach` is called, for diagnostics.
  ///   - line: Where `forEach` is called, for diagnostics.
  ///   - column: Where `forEach` is called, for diagnostics.
  /// - Returns: The combined reducer.
  public func forEach<ElementState: Sendable, ElementAction: Sendable, Destination: Reducer>(
    _ stack: any WritableKeyPath<State, StackState<ElementState>> & Sendable,
    action: ActionPath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackReducer<Self, Destination>
  where Destination.State == ElementState, Destination.Action == ElementAction {
    StackReducer(
      parent: self, stack: stack, action: action, destination: destination(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)`` returns.
public struct StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  let parent: Parent
  let stack: any WritableKeyPath<Parent.State, StackState<Destination.State>> & Sendable
  let action: ActionPath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  let destination: Destination
  let callSite: CallSite

  /// Runs the element for element actions, pushes and pops for stack actions, and the parent;
  /// cancels the effects of every element that left the stack.
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: The parent action.
  /// - Returns: The element's and the parent's effects, and the popped elements' cancellation.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let idsBefore = state[keyPath: stack].ids
    // The elements whose effects to cancel if they are gone: those left in place last time,
    // some of which a reducer outside this one may have removed since (as TCA, whose stack
    // remembers them); else those there now.
    let mounted = state[keyPath: stack].mounted
    let idsMounted = mounted ?? idsBefore
    var elementEffect = Effect<Parent.Action>.none
    var popFrom: StackElementID?
    switch self.action.extract(action) {
    case .element(let id, let elementAction)?:
      elementEffect = reduceElement(id, elementAction, into: &state)
    case .push(let id, let element)?:
      if idsBefore.contains(id) {
        callSite.report(
          "forEach received push(id: \(id)) for an ID already in the stack \(idsBefore). Nothing was pushed.")
      } else {
        state[keyPath: stack][id: id] = element
      }
    case .popFrom(let id)?:
      if idsBefore.contains(id) {
        popFrom = id
      } else {
        callSite.report("forEach received popFrom(id: \(id)) for an ID not in the stack \(idsBefore). Nothing was popped.")
      }
    case nil:
      break
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    // As TCA: the parent saw the elements before they are popped.
    if let popFrom { state[keyPath: stack].pop(from: popFrom) }
    let idsAfter = state[keyPath: stack].ids
    if mounted != idsAfter { state[keyPath: stack].mounted = idsAfter }
    let effect = elementEffect.merge(with: parentEffect)
    guard idsAfter != idsMounted else { return effect }
    let remaining = Set(idsAfter)
    return effect.merge(with: .merge(idsMounted.filter { !remaining.contains($0) }.map { .cancelScope(scope(of: $0)) }))
  }

  private func reduceElement(
    _ id: StackElementID, _ elementAction: Destination.Action, into state: inout Parent.State
  ) -> Effect<Parent.Action> {
    guard let index = state[keyPath: stack].ids.firstIndex(of: id) else {
      callSite.report(
        """
        forEach received \(elementAction) for stack element \(id), which is not in the stack \
        (it was popped, or never pushed). The element reducer did not run; the parent did.
        """)
      return .none
    }
    let embed = self.action.embed
    return destination.reduce(into: &state[keyPath: stack][index], action: elementAction)
      .map { embed(.element(id: id, action: $0)) }
      .dismissible(by: embed(.popFrom(id: id)))
      .scoped(to: scope(of: id))
  }

  private func scope(of id: StackElementID) -> EffectID {
    EffectID(ElementScope(collection: stack, id: id))
  }
}
