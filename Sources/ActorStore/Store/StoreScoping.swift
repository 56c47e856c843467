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
    makeChild(
      KeyPathProjection(state: state, action: action), initialState: currentState[keyPath: state],
      watchesRemoval: false)
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
    return makeChild(ClosureProjection(state: state, action: action), initialState: initial, watchesRemoval: true)
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
    scopeElement(id: id, in: elements, action: action, watchesRemoval: true)
  }

  /// An element's store; `watchesRemoval: false` leaves invalidation to the caller (the
  /// registry watches all of its elements with one observer instead of one per element).
  nonisolated func scopeElement<ID: Hashable & Sendable, ElementState: Sendable, ElementAction: Sendable>(
    id: ID,
    in elements: any KeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable,
    action: ActionPath<Action, IdentifiedAction<ID, ElementAction>>,
    watchesRemoval: Bool
  ) -> Store<ElementState, ElementAction>? {
    guard let initial = currentStateIfAlive?[keyPath: elements][id: id] else { return nil }
    return makeChild(
      ElementProjection(id: id, elements: elements, embed: action.embed), initialState: initial,
      watchesRemoval: watchesRemoval)
  }

  /// Makes a child store. With `watchesRemoval`, the child watches this store's publications
  /// and is invalidated for good the first time its state is missing, even if state with the
  /// same identity comes back later (a row re-added, a sheet presented again).
  private nonisolated func makeChild<Projection: StoreProjection>(
    _ projection: Projection, initialState: Projection.ChildState, watchesRemoval: Bool
  ) -> Store<Projection.ChildState, Projection.ChildAction>
  where Projection.ParentState == State, Projection.ParentAction == Action {
    let link = ScopeLink(parent: self, projection: projection, initialState: initialState)
    if watchesRemoval {
      watch { [weak link] parentState in
        guard let link else { return false }
        guard let childState = parentState.flatMap(projection.childState(in:)) else {
          link.invalidate()
          return false
        }
        link.remember(childState)
        return true
      }
    }
    return Store<Projection.ChildState, Projection.ChildAction>(scopedThrough: link, executor: unownedExecutor)
  }
}

/// How a scoped store reaches the store it was scoped from.
@usableFromInline protocol ScopedStoreLink<State, Action>: AnyObject, Sendable {
  associatedtype State: Sendable
  associatedtype Action: Sendable
  var executor: StoreExecutor { get }
  var registry: EffectRegistry { get }
  /// The child state, or `nil` once it is gone (for good). Called only on the shared executor.
  func isolatedState() -> State?
  /// The child state from the parent's published snapshot, from any thread.
  func currentState() -> State?
  /// The last child state seen, for reads after the state is gone.
  var lastState: State { get }
  /// Sends an action through the parent. Called only on the shared executor.
  func send(_ action: Action) -> StoreTask
  /// Marks the child state as gone for good.
  func invalidate()
  /// A stream of `extract(state)` that also finishes once `owner` (by default this link, i.e.
  /// the scoped store) is released.
  func stream<Value: Equatable & Sendable>(
    _ extract: @escaping @Sendable (State) -> Value?, owner: AnyObject?
  ) -> AsyncStream<Value>
  func watch(_ onChange: @escaping @Sendable (State?) -> Bool)
}

/// Where a child's state and actions sit within its parent's.
protocol StoreProjection<ParentState, ParentAction, ChildState, ChildAction>: Sendable {
  associatedtype ParentState: Sendable
  associatedtype ParentAction: Sendable
  associatedtype ChildState: Sendable
  associatedtype ChildAction: Sendable
  func childState(in parent: ParentState) -> ChildState?
  func parentAction(for action: ChildAction) -> ParentAction
}

struct KeyPathProjection<ParentState: Sendable, ParentAction: Sendable, ChildState: Sendable, ChildAction: Sendable>:
  StoreProjection
{
  let state: any KeyPath<ParentState, ChildState> & Sendable
  let action: ActionPath<ParentAction, ChildAction>

  func childState(in parent: ParentState) -> ChildState? { parent[keyPath: state] }
  func parentAction(for action: ChildAction) -> ParentAction { self.action.embed(action) }
}

struct ClosureProjection<ParentState: Sendable, ParentAction: Sendable, ChildState: Sendable, ChildAction: Sendable>:
  StoreProjection
{
  let state: @Sendable (ParentState) -> ChildState?
  let action: @Sendable (ChildAction) -> ParentAction

  func childState(in parent: ParentState) -> ChildState? { state(parent) }
  func parentAction(for action: ChildAction) -> ParentAction { self.action(action) }
}

/// A collection element by ID: no closure per element, just the ID beside shared paths.
struct ElementProjection<
  ParentState: Sendable, ParentAction: Sendable, ID: Hashable & Sendable, ChildState: Sendable, ChildAction: Sendable
>: StoreProjection {
  let id: ID
  let elements: any KeyPath<ParentState, IdentifiedArray<ID, ChildState>> & Sendable
  /// Only the embedding half of the action path: a registry keeps one projection per element.
  let embed: @Sendable (IdentifiedAction<ID, ChildAction>) -> ParentAction

  func childState(in parent: ParentState) -> ChildState? { parent[keyPath: elements][id: id] }
  func parentAction(for action: ChildAction) -> ParentAction { embed(.element(id: id, action: action)) }
}

/// A scoped store's link to its parent, with the child's last seen state.
final class ScopeLink<ParentState: Sendable, ParentAction: Sendable, Projection: StoreProjection>: ScopedStoreLink
where Projection.ParentState == ParentState, Projection.ParentAction == ParentAction {
  typealias State = Projection.ChildState
  typealias Action = Projection.ChildAction

  let parent: Store<ParentState, ParentAction>
  let projection: Projection
  /// The last state seen and whether the state is gone for good.
  private let memory: Locked<(state: State, isInvalidated: Bool)>

  init(parent: Store<ParentState, ParentAction>, projection: Projection, initialState: State) {
    self.parent = parent
    self.projection = projection
    memory = Locked((initialState, false))
  }

  var executor: StoreExecutor { parent.executor }
  var registry: EffectRegistry { parent.registry }
  var lastState: State { memory.withLock { $0.state } }

  func isolatedState() -> State? {
    if memory.withLock({ $0.isInvalidated }) { return nil }
    let state = parent.assumeIsolated { $0.stateIfAlive }.flatMap(projection.childState(in:))
    memory.withLock { memory in
      if let state { memory.state = state } else { memory.isInvalidated = true }
    }
    return state
  }

  func currentState() -> State? {
    if memory.withLock({ $0.isInvalidated }) { return nil }
    let state = parent.currentStateIfAlive.flatMap(projection.childState(in:))
    if let state { memory.withLock { $0.state = state } }
    return state
  }

  func send(_ action: Action) -> StoreTask {
    let parentAction = projection.parentAction(for: action)
    return parent.assumeIsolated { $0.send(parentAction) }
  }

  func invalidate() { memory.withLock { $0.isInvalidated = true } }

  /// Records the child state seen in a publication, for reads after it is gone.
  func remember(_ state: State) {
    memory.withLock { memory in
      if !memory.isInvalidated { memory.state = state }
    }
  }

  func stream<Value: Equatable & Sendable>(
    _ extract: @escaping @Sendable (State) -> Value?, owner: AnyObject?
  ) -> AsyncStream<Value> {
    let projection = self.projection
    return parent.stream({ projection.childState(in: $0).flatMap(extract) }, owner: owner ?? self)
  }

  func watch(_ onChange: @escaping @Sendable (State?) -> Bool) {
    let projection = self.projection
    parent.watch { onChange($0.flatMap(projection.childState(in:))) }
  }
}
