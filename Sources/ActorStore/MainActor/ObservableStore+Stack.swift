/// A navigation stack from an `ObservableStore`: the store of a ``StackState`` and its
/// ``StackAction``s, as TCA's `store.scope(state: \.path, action: \.path)`, the path binding
/// seam behind `NavigationStack(path:root:destination:)`, and one store per screen.
///
/// Invariants:
/// - Reading the path (``pathIDs``, ``subscript(path:)``) tracks the stack's IDs alone: a push
///   or a pop notifies, a change inside a screen does not (the screen's store notifies its
///   readers).
/// - A path write is judged by ``StackPathWrite`` against the state's IDs now and the IDs the
///   binding showed SwiftUI: a shorter path pops exactly the removed screens (one
///   `.popFrom(id:)`), a longer one pushes the appended components, an equal one sends nothing,
///   and a write about a path the state no longer has sends nothing and has SwiftUI read the
///   path again.
/// - A screen's store (``element(id:)``) is the same instance while the screen is in the stack;
///   its dismissal pops it.
extension ObservableStore {
  /// The store of a navigation stack within this store's state, the same instance at each call.
  /// - Parameters:
  ///   - state: The stack's state, `\.path`.
  ///   - action: The stack's actions, `.path`.
  /// - Returns: The stack's store.
  public func scope<Element: Sendable, ElementAction: Sendable>(
    state: any KeyPath<State, StackState<Element>> & Sendable,
    action: ActionPath<Action, StackAction<Element, ElementAction>>
  ) -> ObservableStore<StackState<Element>, StackAction<Element, ElementAction>> {
    if let stack = childScopes[state] as? ObservableStore<StackState<Element>, StackAction<Element, ElementAction>> {
      return stack
    }
    let stack = ObservableStore<StackState<Element>, StackAction<Element, ElementAction>>(
      store.scope(state: state, action: action))
    childScopes[state] = stack
    return stack
  }

  /// The binding seam behind `$store.scope(state: \.path, action: .path)`: the stack's store, a
  /// key path SwiftUI's `Bindable` can make a binding of. Writes are ignored: the stack's store
  /// stays the same; its path changes through ``subscript(path:)``.
  /// - Parameter stack: The stack's state and actions.
  package subscript<Element: Sendable, ElementAction: Sendable>(
    stack stack: StackScope<State, Action, Element, ElementAction>
  ) -> ObservableStore<StackState<Element>, StackAction<Element, ElementAction>> {
    get { scope(state: stack.state, action: stack.action) }
    set {}
  }
}

extension ObservableStore {
  /// The IDs of the stack's screens, bottom first; reading them tracks them alone. The
  /// forwarding behind `NavigationStack(path:root:destination:)` reads them when the view's body
  /// makes the path binding, and passes them to ``subscript(path:)``: the path that binding
  /// shows SwiftUI.
  package func pathIDs<Element, ElementAction>() -> [StackElementID]
  where State == StackState<Element>, Action == StackAction<Element, ElementAction> {
    trackedStructure(\StackState<Element>.ids, fact: \.ids).access(self)
    return currentState.ids
  }

  /// The path binding seam: gets the stack as components (tracking its IDs alone); a write is
  /// turned into stack actions by ``StackPathWrite`` against the state's IDs now and `shown`,
  /// the IDs the binding showed SwiftUI. `shown` is an argument, not a record of the last get,
  /// because a key path write reads the value before it writes it.
  /// - Parameter shown: The IDs the binding showed (``pathIDs()`` when it was made).
  package subscript<Element, ElementAction>(path shown: [StackElementID]) -> [StackPathComponent<Element>]
  where State == StackState<Element>, Action == StackAction<Element, ElementAction> {
    get {
      let ids = pathIDs()
      return zip(ids, currentState).map { StackPathComponent(id: $0, element: $1) }
    }
    set {
      let decision = StackPathWrite(written: newValue.map(\.id), current: currentState.ids, shown: shown)
      for action: Action in decision.actions(for: newValue) { send(action) }
      if decision.isStale {
        // SwiftUI shows a path the state does not have: have the views that read the path
        // read it again.
        let ids = trackedStructure(\StackState<Element>.ids, fact: \.ids)
        ids.willSet(self)
        ids.didSet(self)
      }
    }
  }

  /// The store of the screen with `id`, `nil` when the stack has none: the same instance while
  /// the screen is in the stack. Its dismissal (``DependencyValues/dismiss``, or a presentation
  /// binding's) pops it and the screens above it.
  /// - Parameter id: The screen's ID.
  /// - Returns: The screen's store.
  public func element<Element: Sendable, ElementAction: Sendable>(id: StackElementID) -> ObservableStore<Element, ElementAction>?
  where State == StackState<Element>, Action == StackAction<Element, ElementAction> {
    scope(
      state: \StackState<Element>.[id: id],
      action: ActionPath(
        embed: { action in
          switch action {
          case .presented(let action): .element(id: id, action: action)
          case .dismiss: .popFrom(id: id)
          }
        },
        extract: { action in
          switch action {
          case .element(id, let action): .presented(action)
          case .popFrom(id): .dismiss
          default: nil
          }
        }))
  }
}

/// A stack within a store's state and its actions: the argument of
/// ``ObservableStore/subscript(stack:)``, hashable so that the subscript's key path is. Two are
/// equal when they reach the same state.
package struct StackScope<State, Action, Element: Sendable, ElementAction: Sendable>: Hashable, Sendable {
  /// The stack's state.
  let state: any KeyPath<State, StackState<Element>> & Sendable
  /// The stack's actions.
  let action: ActionPath<Action, StackAction<Element, ElementAction>>

  /// A stack and its actions.
  /// - Parameters:
  ///   - state: The stack's state.
  ///   - action: The stack's actions.
  package init(
    state: any KeyPath<State, StackState<Element>> & Sendable, action: ActionPath<Action, StackAction<Element, ElementAction>>
  ) {
    self.state = state
    self.action = action
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.state == rhs.state }
  package func hash(into hasher: inout Hasher) { hasher.combine(state) }
}
