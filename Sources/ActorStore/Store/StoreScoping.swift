extension Store {
  /// A store for part of this store's state and actions, e.g. a child feature.
  ///
  /// The child is a `Store` like any other and shares this store's executor. Its state is read
  /// from this store's state; its actions are embedded and sent here, so effects and
  /// cancellation IDs stay in this store tree.
  /// - Parameters:
  ///   - state: The child state within this store's state.
  ///   - action: How child actions embed into this store's actions.
  /// - Returns: The child store.
  public nonisolated func scope<ChildState: Sendable, ChildAction: Sendable>(
    state: any KeyPath<State, ChildState> & Sendable,
    action: ActionPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let initial = currentState[keyPath: state]
    return makeChild(initialState: initial, state: { $0[keyPath: state] }, action: action.embed)
  }

  /// A store for state that may disappear, e.g. an optional child or a collection element.
  ///
  /// When `state` returns `nil` the child store is invalidated for good: its observations
  /// finish and later sends are dropped with a diagnostic.
  /// - Parameters:
  ///   - state: Extracts the child state, or `nil` when it is gone.
  ///   - action: Embeds a child action into this store's actions.
  /// - Returns: The child store, or `nil` when the state is already gone.
  public nonisolated func scope<ChildState: Sendable, ChildAction: Sendable>(
    state: @escaping @Sendable (State) -> ChildState?,
    action: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    guard let initial = currentStateIfAlive.flatMap(state) else { return nil }
    return makeChild(initialState: initial, state: state, action: action)
  }

  /// A store for the element with `id` of a collection in this store's state, whose actions are
  /// routed by ID through ``IdentifiedAction``.
  /// - Parameters:
  ///   - id: The element's ID.
  ///   - elements: The collection within this store's state.
  ///   - action: How element actions embed into this store's actions.
  /// - Returns: The element's store, or `nil` when no element has that ID.
  public nonisolated func scope<ID: Hashable & Sendable, ElementState: Sendable, ElementAction: Sendable>(
    id: ID,
    in elements: any KeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable,
    action: ActionPath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> Store<ElementState, ElementAction>? {
    let embed = action.embed
    return scope(
      state: { $0[keyPath: elements][id: id] },
      action: { embed(.element(id: id, action: $0)) })
  }

  private nonisolated func makeChild<ChildState: Sendable, ChildAction: Sendable>(
    initialState: ChildState,
    state: @escaping @Sendable (State) -> ChildState?,
    action: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      scopedFrom: ScopeLink(parent: self, toChildState: state, fromChildAction: action),
      initialState: initialState,
      parentExecutor: unownedExecutor,
      executor: executor,
      anchor: isolationAnchorForChildren
    )
  }
}

/// How a scoped store reaches the store it was scoped from.
protocol StoreParentLink<State, Action>: Sendable {
  associatedtype State: Sendable
  associatedtype Action: Sendable
  var registry: EffectRegistry { get }
  /// The child state, or `nil` when it is gone. Called only on the shared executor.
  func state() -> State?
  /// The child state from the parent's published snapshot, from any thread.
  func currentState() -> State?
  /// Sends an action through the parent. Called only on the shared executor.
  func send(_ action: Action) -> StoreTask
  func stream<Value: Equatable & Sendable>(_ extract: @escaping @Sendable (State) -> Value?) -> AsyncStream<Value>
}

struct ScopeLink<ParentState: Sendable, ParentAction: Sendable, State: Sendable, Action: Sendable>: StoreParentLink {
  let parent: Store<ParentState, ParentAction>
  let toChildState: @Sendable (ParentState) -> State?
  let fromChildAction: @Sendable (Action) -> ParentAction

  var registry: EffectRegistry { parent.registry }

  func state() -> State? {
    parent.assumeIsolated { $0.stateIfAlive }.flatMap(toChildState)
  }

  func currentState() -> State? {
    parent.currentStateIfAlive.flatMap(toChildState)
  }

  func send(_ action: Action) -> StoreTask {
    let parentAction = fromChildAction(action)
    return parent.assumeIsolated { $0.send(parentAction) }
  }

  func stream<Value: Equatable & Sendable>(_ extract: @escaping @Sendable (State) -> Value?) -> AsyncStream<Value> {
    let toChildState = self.toChildState
    return parent.stream { toChildState($0).flatMap(extract) }
  }
}
