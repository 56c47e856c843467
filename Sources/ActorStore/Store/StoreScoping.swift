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
  ///
  /// Once the element is removed the store is invalidated for good, keeping the state the
  /// element had last; an element re-added with the same ID needs a new store. However many
  /// element stores are alive, a publication checks them all at once (O(1) when the
  /// collection's IDs did not change).
  /// - Parameters:
  ///   - id: The element's ID.
  ///   - elements: The collection within this store's state.
  ///   - action: How element actions embed into this store's actions.
  /// - Returns: The element's store, or `nil` when no element has that ID.
  @inlinable
  public nonisolated func scope<ID: Hashable & Sendable, ElementState: Sendable, ElementAction: Sendable>(
    id: ID,
    in elements: any KeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable,
    action: ActionPath<Action, IdentifiedAction<ID, ElementAction>>
  ) -> Store<ElementState, ElementAction>? {
    scopeElement(id: id, in: elementScopes.table(in: self, elements: elements), embed: action.embed)
  }

  /// An element's store, registered with the collection's table, which invalidates it when
  /// the element is removed.
  @inlinable nonisolated func scopeElement<ID: Hashable & Sendable, ElementState: Sendable, ElementAction: Sendable>(
    id: ID,
    in table: ElementScopeTable<State, ID, ElementState>,
    embed: @escaping @Sendable (IdentifiedAction<ID, ElementAction>) -> Action
  ) -> Store<ElementState, ElementAction>? {
    let projection = ElementProjection(id: id, table: table, embed: embed)
    let link = table.link(id: id, parent: self) { initial in
      ScopeLink(parent: self, projection: projection, initialState: initial)
    }
    return link.map { Store<ElementState, ElementAction>(scopedThrough: $0, executor: unownedExecutor) }
  }

  /// An element's store that its caller invalidates: a ``ChildStoreRegistry`` keeps books of
  /// its stores anyway, so registering them with the table too would cost memory per element.
  /// The caller reads the state and keeps the store atomically with respect to publications.
  // Inlinable, like the registry that calls it per element on a first scroll: unspecialized, the
  // generic metadata lookups of the projection and link types cost more than the allocations.
  @inlinable nonisolated func unregisteredElementStore<
    ID: Hashable & Sendable, ElementState: Sendable, ElementAction: Sendable
  >(
    id: ID, route: RegistryElementRoute<State, Action, ID, ElementState, ElementAction>
  ) -> Store<ElementState, ElementAction>? {
    guard let initial = route.table.element(id, in: self) else { return nil }
    let projection = RegistryElementProjection(id: id, route: route)
    let link = ScopeLink(parent: self, projection: projection, initialState: initial)
    return Store<ElementState, ElementAction>(scopedThrough: link, executor: unownedExecutor)
  }

  /// Makes a child store. With `watchesRemoval`, the child watches this store's publications
  /// and is invalidated for good the first time its state is missing, even if state with the
  /// same identity comes back later (a sheet presented again).
  private nonisolated func makeChild<Projection: StoreProjection>(
    _ projection: Projection, initialState: Projection.ChildState, watchesRemoval: Bool
  ) -> Store<Projection.ChildState, Projection.ChildAction>
  where Projection.ParentState == State, Projection.ParentAction == Action {
    let link = ScopeLink(parent: self, projection: projection, initialState: initialState)
    if watchesRemoval {
      watch { [weak link] parentState in
        guard let link else { return false }
        guard let childState = parentState.flatMap(projection.childState(in:)) else {
          link.invalidate(finalState: nil)
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
  var elementScopes: ElementScopes { get }
  var sharing: SharedHoldings { get }
  var orderedSends: OrderedSends { get }
  /// The child state, or `nil` once it is gone (for good). Called only on the shared executor.
  func isolatedState() -> State?
  /// The child state from the parent's published snapshot, from any thread.
  func currentState() -> State?
  /// The last child state seen, for reads after the state is gone.
  var lastState: State { get }
  /// Marks the child state as gone for good and records the state it had last (`nil` keeps
  /// the last state seen).
  func invalidate(finalState: State?)
  /// This link as a table sees it, so that a registry can hand an element store it evicts to
  /// its collection's table.
  var elementStateHolder: any ElementStateHolder<State> { get }
  /// Sends an action through the parent. Called only on the shared executor.
  func send(_ action: Action, from site: CallSite) -> StoreTask
  /// Called from the deinit of the store scoped through this link (its only store): an element
  /// store's link leaves its collection's table, which holds it until then.
  func storeReleased()
  /// A stream of `extract(state)` that also finishes once `owner` (by default this link, i.e.
  /// the scoped store) is released.
  func stream<Value: Equatable & Sendable>(
    _ extract: @escaping @Sendable (State) -> Value?, owner: AnyObject?
  ) -> AsyncStream<Value>
  /// Calls `onChange` after each publication with the child state now (`nil` once it is gone)
  /// and, `withPrevious`, the child state in the publication before (else `nil`).
  /// - Returns: Unregisters `onChange`, when what watches can (an element's table), else `nil`:
  ///   `onChange` then stops when it returns `false`.
  @discardableResult
  func watch(
    withPrevious: Bool, _ onChange: @escaping @Sendable (_ current: State?, _ previous: State?) -> Bool
  ) -> (@Sendable () -> Void)?
}

/// Where a child's state and actions sit within its parent's.
@usableFromInline protocol StoreProjection<ParentState, ParentAction, ChildState, ChildAction>: Sendable {
  associatedtype ParentState: Sendable
  associatedtype ParentAction: Sendable
  associatedtype ChildState: Sendable
  associatedtype ChildAction: Sendable
  func childState(in parent: ParentState) -> ChildState?
  func parentAction(for action: ChildAction) -> ParentAction
  /// Called when the store scoped through a link with this projection is released.
  func linkReleased(_ link: ObjectIdentifier)
  /// Registers `onChange` for this child alone with what tells its changes apart (a collection
  /// element's table), to be called after each publication that may have changed the child.
  /// - Returns: Unregisters it; `nil` when there is nothing to register with, and the caller
  ///   watches the parent's publications instead.
  func watchChild(_ onChange: @escaping @Sendable (ChildState?) -> Bool) -> (@Sendable () -> Void)?
}

extension StoreProjection {
  @usableFromInline func linkReleased(_ link: ObjectIdentifier) {}
  @usableFromInline func watchChild(_ onChange: @escaping @Sendable (ChildState?) -> Bool) -> (@Sendable () -> Void)? {
    nil
  }
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

/// A collection element by ID, registered with the collection's shared table (which
/// invalidates its link when the element goes): no closure per element, just the ID beside the
/// table.
@usableFromInline struct ElementProjection<
  ParentState: Sendable, ParentAction: Sendable, ID: Hashable & Sendable, ChildState: Sendable, ChildAction: Sendable
>: StoreProjection {
  let id: ID
  let table: ElementScopeTable<ParentState, ID, ChildState>
  /// Only the embedding half of the action path.
  let embed: @Sendable (IdentifiedAction<ID, ChildAction>) -> ParentAction

  @usableFromInline init(
    id: ID, table: ElementScopeTable<ParentState, ID, ChildState>,
    embed: @escaping @Sendable (IdentifiedAction<ID, ChildAction>) -> ParentAction
  ) {
    self.id = id
    self.table = table
    self.embed = embed
  }

  @usableFromInline func childState(in parent: ParentState) -> ChildState? {
    parent[keyPath: table.elements][id: id]
  }
  @usableFromInline func parentAction(for action: ChildAction) -> ParentAction {
    embed(.element(id: id, action: action))
  }
  @usableFromInline func linkReleased(_ link: ObjectIdentifier) { table.unregister(id: id, link: link) }
  @usableFromInline func watchChild(_ onChange: @escaping @Sendable (ChildState?) -> Bool) -> (@Sendable () -> Void)? {
    table.watch(id: id, onChange)
  }
}

/// What the element stores of one ``ChildStoreRegistry`` have in common: the collection's table
/// and the embedding of element actions. One per registry, so that each element's link keeps
/// one reference instead of three words (see Docs/Stress-and-Benchmarks.md, figure 8a).
///
/// Not the parent store: links keep that themselves, since the closures a link registers with
/// its parent's publisher capture its projection, and a projection holding the parent would keep
/// the parent alive from its own publisher.
@usableFromInline final class RegistryElementRoute<
  ParentState: Sendable, ParentAction: Sendable, ID: Hashable & Sendable, ChildState: Sendable, ChildAction: Sendable
>: Sendable {
  @usableFromInline let table: ElementScopeTable<ParentState, ID, ChildState>
  @usableFromInline let embed: @Sendable (IdentifiedAction<ID, ChildAction>) -> ParentAction

  @inlinable init(
    table: ElementScopeTable<ParentState, ID, ChildState>,
    embed: @escaping @Sendable (IdentifiedAction<ID, ChildAction>) -> ParentAction
  ) {
    self.table = table
    self.embed = embed
  }
}

/// A registry's element by ID: the ID beside its registry's shared route. Not registered with
/// the table (the registry invalidates its stores itself), so nothing to do on release.
@usableFromInline struct RegistryElementProjection<
  ParentState: Sendable, ParentAction: Sendable, ID: Hashable & Sendable, ChildState: Sendable, ChildAction: Sendable
>: StoreProjection {
  @usableFromInline let id: ID
  @usableFromInline let route: RegistryElementRoute<ParentState, ParentAction, ID, ChildState, ChildAction>

  @inlinable init(id: ID, route: RegistryElementRoute<ParentState, ParentAction, ID, ChildState, ChildAction>) {
    self.id = id
    self.route = route
  }

  @usableFromInline func childState(in parent: ParentState) -> ChildState? {
    parent[keyPath: route.table.elements][id: id]
  }
  @usableFromInline func parentAction(for action: ChildAction) -> ParentAction {
    route.embed(.element(id: id, action: action))
  }
  @usableFromInline func watchChild(_ onChange: @escaping @Sendable (ChildState?) -> Bool) -> (@Sendable () -> Void)? {
    route.table.watch(id: id, onChange)
  }
}

/// A scoped store's link to its parent, with the child's last seen state.
@usableFromInline final class ScopeLink<
  ParentState: Sendable, ParentAction: Sendable, Projection: StoreProjection
>: ScopedStoreLink, ElementStateHolder
where Projection.ParentState == ParentState, Projection.ParentAction == ParentAction {
  @usableFromInline typealias State = Projection.ChildState
  @usableFromInline typealias Action = Projection.ChildAction

  @usableFromInline let parent: Store<ParentState, ParentAction>
  @usableFromInline let projection: Projection
  /// The last state seen and whether the state is gone for good. A leaf lock: nothing else is
  /// taken while it is held.
  @usableFromInline let memory: Locked<(state: State, isInvalidated: Bool)>

  // Inlinable, so that a registry's first scroll makes links without looking up the memory's
  // tuple type at run time.
  @inlinable init(parent: Store<ParentState, ParentAction>, projection: Projection, initialState: State) {
    self.parent = parent
    self.projection = projection
    memory = Locked((initialState, false))
  }

  @usableFromInline func storeReleased() { projection.linkReleased(ObjectIdentifier(self)) }

  @usableFromInline var executor: StoreExecutor { parent.executor }
  @usableFromInline var registry: EffectRegistry { parent.registry }
  @usableFromInline var elementScopes: ElementScopes { parent.elementScopes }
  @usableFromInline var sharing: SharedHoldings { parent.sharing }
  @usableFromInline var orderedSends: OrderedSends { parent.orderedSends }
  @usableFromInline var lastState: State { memory.withLock { $0.state } }
  @usableFromInline var elementStateHolder: any ElementStateHolder<State> { self }
  var isInvalidated: Bool { memory.withLock { $0.isInvalidated } }

  @usableFromInline func isolatedState() -> State? {
    if isInvalidated { return nil }
    return remember(parent.assumeIsolated { $0.stateIfAlive }.flatMap(projection.childState(in:)))
  }

  @usableFromInline func currentState() -> State? {
    if isInvalidated { return nil }
    return remember(parent.currentStateIfAlive.flatMap(projection.childState(in:)))
  }

  /// Records a state read from the parent, or that the state is gone; returns the state unless
  /// the link was invalidated meanwhile.
  @discardableResult
  func remember(_ state: State?) -> State? {
    memory.withLock { memory in
      if memory.isInvalidated { return nil }
      if let state { memory.state = state } else { memory.isInvalidated = true }
      return state
    }
  }

  @usableFromInline func send(_ action: Action, from site: CallSite) -> StoreTask {
    let parentAction = projection.parentAction(for: action)
    return parent.assumeIsolated {
      $0.send(parentAction, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    }
  }

  @usableFromInline func invalidate(finalState: State?) {
    memory.withLock { memory in
      memory.isInvalidated = true
      if let finalState { memory.state = finalState }
    }
  }

  @usableFromInline func stream<Value: Equatable & Sendable>(
    _ extract: @escaping @Sendable (State) -> Value?, owner: AnyObject?
  ) -> AsyncStream<Value> {
    let projection = self.projection
    // Weak: the parent's publisher may drop this closure under its lock, where a link's deinit
    // (which takes its table's lock) must not run. A released link ends the stream anyway.
    return parent.stream(
      { [weak self] parentState in
        guard let self, !self.isInvalidated else { return nil }
        return projection.childState(in: parentState).flatMap(extract)
      }, owner: owner ?? self)
  }

  @usableFromInline @discardableResult func watch(
    withPrevious: Bool, _ onChange: @escaping @Sendable (_ current: State?, _ previous: State?) -> Bool
  ) -> (@Sendable () -> Void)? {
    let projection = self.projection
    // An element's store is told of its element's changes by its collection's table, which calls
    // only the watchers of the elements a publication changed.
    if !withPrevious,
      let unwatch = projection.watchChild({ [weak self] state in
        guard let self, !self.isInvalidated else { return onChange(nil, nil) }
        return onChange(state, nil)
      })
    {
      return unwatch
    }
    let watcher: @Sendable (ParentState?, ParentState?) -> Bool = { [weak self] parentState, previousParentState in
      // Projected only when asked for: the projection may be a closure of the app's.
      let previous = withPrevious ? previousParentState.flatMap(projection.childState(in:)) : nil
      guard let self, !self.isInvalidated else { return onChange(nil, previous) }
      return onChange(parentState.flatMap(projection.childState(in:)), previous)
    }
    // A root parent's publications project the child from its states in place: the parent's
    // state is not copied per watcher.
    parent.watchTransitions(watcher) { [weak self] current, previous in
      let previousChild = withPrevious ? projection.childState(in: previous.pointee) : nil
      guard let self, !self.isInvalidated else { return onChange(nil, previousChild) }
      return onChange(projection.childState(in: current.pointee), previousChild)
    }
    return nil
  }
}
