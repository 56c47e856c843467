extension Reducer {
  /// Runs `element` on the element of a collection that an ``IdentifiedAction`` addresses, by
  /// ID, then runs this reducer.
  ///
  /// Each element's effects live in their own scope: cancellation IDs of sibling elements never
  /// collide, this reducer's `cancel(id:)` still reaches them, and removing an element from the
  /// collection cancels everything it started. An action for an element that is no longer
  /// there is reported as an issue (this reducer still receives it).
  /// - Parameters:
  ///   - elements: The collection within this reducer's state.
  ///   - action: The element actions within this reducer's actions.
  ///   - element: The element reducer.
  ///   - fileID: Where `forEach` is called, for diagnostics.
  ///   - filePath: Where `forEach` is called, for diagnostics.
  ///   - line: Where `forEach` is called, for diagnostics.
  ///   - column: Where `forEach` is called, for diagnostics.
  /// - Returns: The combined reducer.
  public func forEach<ID: Hashable & Sendable, ElementState: Sendable, ElementAction: Sendable, Element: Reducer>(
    _ elements: any WritableKeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable,
    action: ActionPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element> where Element.State == ElementState, Element.Action == ElementAction {
    ForEachReducer(
      parent: self, elements: elements, action: action, element: element(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)`` returns.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  let parent: Parent
  let elements: any WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>> & Sendable
  let action: ActionPath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let element: Element
  let callSite: CallSite

  /// Runs the element reducer for element actions, then the parent; cancels the effects of
  /// elements the action removed.
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: The parent action.
  /// - Returns: The element's and the parent's effects, and the removed elements' cancellation.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffect = reduceElement(into: &state, action: action)
    let idsBefore = state[keyPath: elements].ids
    let parentEffect = parent.reduce(into: &state, action: action)
    let removed = state[keyPath: elements].idsRemoved(comparedTo: idsBefore)
    let removals = removed.isEmpty ? Effect<Parent.Action>.none : .merge(removed.map { Effect.cancelScope(scope(of: $0)) })
    return elementEffect.merge(with: parentEffect).merge(with: removals)
  }

  private func reduceElement(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard case .element(let id, let elementAction)? = self.action.extract(action) else { return .none }
    guard state[keyPath: elements][id: id] != nil else {
      callSite.report(
        """
        forEach received \(elementAction) for element \(id), which is not in the collection \
        (it was removed, or never added). The element reducer did not run; the parent did. \
        Cancel an element's effects when it is removed (forEach does this) and do not send \
        actions to rows that are gone.
        """)
      return .none
    }
    let effect = element.reduce(into: &state[keyPath: elements][id: id]!, action: elementAction)
    // Most element actions start nothing: no transform, and no scope to box, for those.
    guard !effect.isNone else { return .none }
    let embed = self.action.embed
    return effect.map { embed(.element(id: id, action: $0)) }.scoped(to: scope(of: id))
  }

  private func scope(of id: ID) -> EffectID {
    EffectID(ElementScope(collection: elements, id: id))
  }
}

/// The effect scope of one collection element: the collection's key path and the element's ID.
struct ElementScope<Root, Collection, ID: Hashable & Sendable>: Hashable, Sendable {
  let collection: any WritableKeyPath<Root, Collection> & Sendable
  let id: ID

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.collection == rhs.collection
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(collection)
  }
}

extension ElementScope: CustomStringConvertible {
  /// `\State.rows[id: 3]`, as trace events name the scope.
  var description: String { "\(collection)[id: \(id)]" }
}
