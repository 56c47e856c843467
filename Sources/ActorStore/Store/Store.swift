/// Hosts a feature: applies each action to the state through the reducer, one at a time, and
/// runs the effects the reducer returns.
///
/// A store is an actor. Its executor is shared by every store scoped from it, so a parent and
/// its children never hop between each other. Actions that effects send arrive as actor jobs;
/// actions produced synchronously with ``Effect/send(_:)`` are processed in FIFO order before
/// ``send(_:fileID:filePath:line:column:)`` returns. Releasing a root store cancels all of its
/// effects; its state is freed once they have ended.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), reducer: Counter())
/// await store.send(.incrementTapped)
/// let count = store.currentState.count   // synchronous, for UI code
/// ```
public final actor Store<State: Sendable, Action: Sendable> {
  nonisolated private let serialExecutorReference: UnownedSerialExecutor
  /// Whether this store's tree runs on the main actor (``StoreExecutor/runsOnMainActor``), so
  /// that main-actor code enters it synchronously. (A copy of the flag: reading it does not copy
  /// the executor set, on every main-actor send.)
  public nonisolated let runsOnMainActor: Bool
  /// What this store is: the root of its tree, with the engine, or a store scoped from another.
  @usableFromInline nonisolated let core: StoreCore<State, Action>
  /// What `send` runs: a root store's feature-specialized batch, or the forwarding to the
  /// parent. Kept on the store itself as a plain closure: reaching it costs no generic
  /// metadata lookup, unlike a field of the generic engine or an optional. Called only on the
  /// store tree's executor (from `send`, or from `sendOnMainActor` once it has checked that
  /// this is the executor it runs on); the closure takes no `isolated` store, so that the
  /// latter needs no `assumeIsolated` closure, which allocates.
  @usableFromInline let sendEntry: @Sendable (Store, Action, CallSite) -> StoreTask

  /// Creates a root store.
  /// - Parameters:
  ///   - initialState: The feature's state to start from. To build it with the store's
  ///     dependencies (say, a `uuid`), build it inside ``withDependencies(_:operation:)``: a
  ///     store is an actor, and the arguments of an actor's initializer are sent to it, so a
  ///     closure building the state on the caller's actor (TCA's `@autoclosure`) cannot be
  ///     passed.
  ///   - reducer: The feature's reducer.
  ///   - executor: Where the store and its effects run; `.default` gives the store its own
  ///     default actor executor and runs effects on the global pool. Tests pass
  ///     `TestExecutor.makeStoreExecutor()`.
  ///   - prepareDependencies: Overrides dependencies for this store tree: its reducers and their
  ///     effects see the values in force here (see ``DependencyValues``) changed by it.
  @inlinable
  public init<R: Reducer>(
    initialState: State, reducer: R, executor: StoreExecutor = .default,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  )
  where R.State == State, R.Action == Action {
    var dependencies = DependencyValues.inForce
    prepareDependencies?(&dependencies)
    // Built here, where `R` is concrete, so the per-action code is specialized for this feature.
    self.init(
      initialState: initialState, batch: StoreEngine.makeBatch(reducer), executor: executor, dependencies: dependencies)
  }

  /// Creates a root store from reducers listed in a closure, as TCA's `Store` is written:
  /// `Store(initialState: Feature.State()) { Feature() }`. Several reducers run in the order
  /// written, as in ``CombineReducers``.
  /// - Parameters:
  ///   - initialState: The feature's state to start from (see
  ///     ``init(initialState:reducer:executor:withDependencies:)``).
  ///   - executor: Where the store and its effects run (see
  ///     ``init(initialState:reducer:executor:withDependencies:)``).
  ///   - reducer: Builds the feature's reducer; called once, with the store's dependencies in
  ///     force, as in TCA. `@Sendable`, as `prepareDependencies` is, so that the closure can be
  ///     written on the main actor: an actor's initializer takes its arguments into its
  ///     isolation, which a main-actor closure cannot enter.
  ///   - prepareDependencies: Overrides dependencies for this store tree (see
  ///     ``init(initialState:reducer:executor:withDependencies:)``); a second trailing closure,
  ///     as in TCA: `Store(initialState: …) { Feature() } withDependencies: { … }`.
  ///     `@Sendable`, as `reducer` is.
  @inlinable
  public init<R: Reducer>(
    initialState: State, executor: StoreExecutor = .default,
    @ReducerBuilder<State, Action> reducer: @Sendable () -> R,
    withDependencies prepareDependencies: (@Sendable (inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    var dependencies = DependencyValues.inForce
    prepareDependencies?(&dependencies)
    let reducer =
      prepareDependencies == nil ? reducer() : ActorStore.withDependencies({ $0 = dependencies }, operation: reducer)
    self.init(
      initialState: initialState, batch: StoreEngine.makeBatch(reducer), executor: executor, dependencies: dependencies)
  }

  @usableFromInline
  init(
    initialState: State, batch: StoreEngine<State, Action>.Batch, executor: StoreExecutor,
    dependencies: DependencyValues = .inForce
  ) {
    let engine = StoreEngine(state: initialState, batch: batch, executor: executor, dependencies: dependencies)
    serialExecutorReference = engine.isolation.unownedExecutor
    runsOnMainActor = executor.runsOnMainActor
    core = .root(engine)
    let send = batch.send
    sendEntry = { _, action, _ in send(engine, action) }
  }

  /// Creates a store scoped through `link`, on its parent's executor.
  @usableFromInline init(scopedThrough link: any ScopedStoreLink<State, Action>, executor: UnownedSerialExecutor) {
    serialExecutorReference = executor
    runsOnMainActor = link.executor.runsOnMainActor
    core = .scoped(link)
    sendEntry = { store, action, site in store.sendThroughParent(action, from: site) }
  }

  deinit {
    switch core {
    case .root(let engine):
      engine.registry.storeReleased()
      engine.publisher.finishAll()
    case .scoped(let link):
      link.storeReleased()
    }
  }

  /// The serial executor this store (and every store scoped from it) runs on.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { serialExecutorReference }

  /// The executors of this store's tree.
  public nonisolated var executor: StoreExecutor {
    switch core {
    case .root(let engine): engine.executor
    case .scoped(let link): link.executor
    }
  }

  /// The current state. For a scoped store whose state is gone, the last state it had.
  public var state: State {
    switch core {
    case .root(let engine): engine.state
    case .scoped(let link): link.isolatedState() ?? link.lastState
    }
  }

  /// A snapshot of the state for synchronous reads from any thread, e.g. UI code. It is
  /// updated after each processed ``send(_:fileID:filePath:line:column:)``, so it never shows a
  /// half-processed chain of actions.
  public nonisolated var currentState: State {
    switch core {
    case .root(let engine): engine.publisher.snapshot
    case .scoped(let link): link.currentState() ?? link.lastState
    }
  }

  /// Processes `action` and every action it synchronously produces, then starts their effects.
  ///
  /// A scoped store forwards the action, embedded, to its parent. Once a scoped store's state is
  /// gone (e.g. its element was removed), sends are dropped with a diagnostic located at the
  /// caller.
  /// - Parameters:
  ///   - action: The action.
  ///   - fileID: The caller's `#fileID`, for diagnostics.
  ///   - filePath: The caller's `#filePath`, for diagnostics.
  ///   - line: The caller's line, for diagnostics.
  ///   - column: The caller's column, for diagnostics.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send(
    _ action: Action, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> StoreTask {
    sendEntry(self, action, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Sends `action` from main-actor code, as TCA's `@MainActor` store's `send` does.
  ///
  /// On a store of a main-actor tree (``StoreExecutor/mainActor``), the action and every action
  /// it synchronously produces are reduced, and every main-actor observer (``ObservableStore``,
  /// ``MainActorStoreConnection``) has seen the new state, before this returns; a send made
  /// while another one is being reduced (from an observer's callback) is queued behind it. On a
  /// store running elsewhere, the action is queued behind every send made from synchronous code
  /// to the tree before it and reduced on the store's executor later; the returned task then
  /// follows the send once it is processed.
  /// - Parameters:
  ///   - action: The action.
  ///   - fileID: The caller's `#fileID`, for diagnostics.
  ///   - filePath: The caller's `#filePath`, for diagnostics.
  ///   - line: The caller's line, for diagnostics.
  ///   - column: The caller's column, for diagnostics.
  /// - Returns: A handle on the effects the action started.
  @MainActor @discardableResult @inlinable
  public func sendOnMainActor(
    _ action: Action, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> StoreTask {
    if runsOnMainActor {
      // The tree's executor is the main actor's (or, under test, plays it and says so).
      preconditionIsolated()
      return sendEntry(self, action, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return sendInOrder(action)
  }

  /// A scoped store's `sendEntry`; on the store tree's executor.
  private nonisolated func sendThroughParent(_ action: Action, from site: CallSite) -> StoreTask {
    guard case .scoped(let link) = core else {
      preconditionFailure("a root store sends through its engine's batch, not through a parent")
    }
    guard link.isolatedState() != nil else {
      registry.tracer?.actionDropped(action, because: .stateRemoved)
      site.report(
        """
        \(Self.self) received \(action) after its state was removed from its parent (for \
        example its collection element was deleted); the action was dropped. Release scoped \
        stores when their element goes away, or check `isAlive` first.
        """)
      return StoreTask(record: nil, registry: nil)
    }
    return link.send(action, from: site)
  }

  /// Whether this store still has state: always `true` for a root store; for a scoped store,
  /// `false` once its state was removed from its parent.
  public var isAlive: Bool { stateIfAlive != nil }

  /// Streams a value of the state: the current value first, then every distinct change, in
  /// order. The stream finishes when the store is released or, for a scoped store, when its
  /// state is gone.
  /// - Parameter keyPath: The value to observe.
  /// - Returns: The stream.
  public nonisolated func observe<Value: Equatable & Sendable>(
    _ keyPath: any KeyPath<State, Value> & Sendable
  ) -> AsyncStream<Value> {
    stream { $0[keyPath: keyPath] }
  }

  /// Like ``observe(_:)``, with a closure; `nil` from `extract` ends the stream, and so does
  /// the release of `owner` (by default, for a scoped store, the store itself).
  nonisolated func stream<Value: Equatable & Sendable>(
    _ extract: @escaping @Sendable (State) -> Value?, owner: AnyObject? = nil
  ) -> AsyncStream<Value> {
    switch core {
    case .root(let engine): engine.publisher.stream(extract, owner: owner)
    case .scoped(let link): link.stream(extract, owner: owner)
    }
  }

  /// Invalidates a scoped store for good with the state it had last (`nil` keeps the last
  /// state it saw): its observations finish at the next publication and its sends are dropped
  /// with a diagnostic.
  @usableFromInline nonisolated func invalidate(finalState: State?) {
    if case .scoped(let link) = core { link.invalidate(finalState: finalState) }
  }

  /// Registers `onChange` to run on the store's executor after each processed batch with this
  /// store's state, or `nil` once a scoped store's state is gone; it stays registered while it
  /// returns `true`.
  /// - Returns: Unregisters `onChange`, for an element store (whose watcher is called only when
  ///   its element changes, so that returning `false` might never come); else `nil`.
  @inlinable @discardableResult
  nonisolated func watch(_ onChange: @escaping @Sendable (State?) -> Bool) -> (@Sendable () -> Void)? {
    switch core {
    case .root(let engine):
      engine.publisher.watch { current, _ in onChange(current.pointee) }
      return nil
    case .scoped(let link):
      return link.watch(withPrevious: false) { current, _ in onChange(current) }
    }
  }

  /// Like ``watch(_:)``, with the store's state at the publication before too (`nil` if it had
  /// none), so that a watcher can compare the two without keeping a copy of its own.
  /// - Parameters:
  ///   - onChange: Called with the state now (`nil` once a scoped store's state is gone) and
  ///     the state before.
  ///   - onPublication: `onChange` made where the state's type is concrete, which a root store
  ///     registers directly: it borrows the states in place, so that nothing copies them or wraps
  ///     them into optionals.
  @inlinable nonisolated func watchTransitions(
    _ onChange: @escaping @Sendable (_ current: State?, _ previous: State?) -> Bool,
    onPublication: @escaping StatePublisher<State>.Observer.Receive
  ) {
    switch core {
    case .root(let engine): engine.publisher.watch(onPublication)
    case .scoped(let link): link.watch(withPrevious: true, onChange)
    }
  }

  /// ``currentState``, or `nil` once a scoped store's state is gone.
  @usableFromInline nonisolated var currentStateIfAlive: State? {
    switch core {
    case .root(let engine): engine.publisher.snapshot
    case .scoped(let link): link.currentState()
    }
  }

  /// The number of effect tasks of this store tree still running (cancelled ones included
  /// until their task returns). Zero once every effect has finished.
  public nonisolated var inFlightEffectCount: Int { registry.runningTaskCount }

  /// A description of every effect task still running: where it was created and which action
  /// started it. For diagnostics, e.g. a test that ends with effects in flight.
  public nonisolated var inFlightEffectDescriptions: [String] { registry.runningEffectDescriptions }

  /// Cancels every effect of the store tree, as releasing the root store would.
  @_spi(Testing) public nonisolated func cancelAllEffects() {
    registry.cancel(registry.root, transitively: true)
  }

  /// The number of keys in the store tree's cancellation index: cancellable IDs and element
  /// scopes with work in flight. Zero when nothing cancellable is running.
  public nonisolated var cancellationIndexCount: Int { registry.indexedKeyCount }

  /// The shared values the store tree's state holds (see `SharedHoldings`).
  @usableFromInline nonisolated var sharing: SharedHoldings {
    switch core {
    case .root(let engine): engine.sharing
    case .scoped(let link): link.sharing
    }
  }

  /// The registry of the store tree's effects.
  nonisolated var registry: EffectRegistry {
    switch core {
    case .root(let engine): engine.registry
    case .scoped(let link): link.registry
    }
  }

  /// The element-store tables of the store tree.
  @usableFromInline nonisolated var elementScopes: ElementScopes {
    switch core {
    case .root(let engine): engine.elementScopes
    case .scoped(let link): link.elementScopes
    }
  }

  /// The store tree's queue of sends from synchronous code.
  nonisolated var orderedSends: OrderedSends {
    switch core {
    case .root(let engine): engine.orderedSends
    case .scoped(let link): link.orderedSends
    }
  }

  /// Sends `action` from synchronous code, behind every send made this way to any store of
  /// the tree before it: the main-actor glue's sends reach the store in call order.
  /// - Parameter processed: Called with the send's task on the store's executor once the store
  ///   has processed it, before the store runs anything else (a main-actor mailbox relies on
  ///   it: nothing is published between the send's state and this call).
  /// - Returns: A task that follows the send, before and after the store processes it (see
  ///   ``PendingSend``).
  @usableFromInline nonisolated func sendInOrder(_ action: Action, processed: (@Sendable (StoreTask) -> Void)? = nil) -> StoreTask {
    let pending = PendingSend()
    orderedSends.enqueue { await self.send(action, then: processed, attachingTo: pending) }
    return StoreTask(pending: pending)
  }

  /// Sends `action`, calls `processed` with its task and hands the task to `pending`, in one
  /// isolated call.
  private func send(_ action: Action, then processed: (@Sendable (StoreTask) -> Void)?, attachingTo pending: PendingSend) {
    let task = send(action)
    processed?(task)
    pending.attach(task)
  }

  /// The state, or `nil` once a scoped store's state is gone; isolated.
  var stateIfAlive: State? {
    switch core {
    case .root(let engine): engine.state
    case .scoped(let link): link.isolatedState()
    }
  }
}

/// What a ``Store`` is: the root of its tree, which owns the engine (the live state, the reducer,
/// the effects), or a store scoped from another one, which reaches its parent through a link.
@usableFromInline enum StoreCore<State: Sendable, Action: Sendable>: Sendable {
  /// A root store and its engine.
  case root(StoreEngine<State, Action>)
  /// A scoped store and its way to its parent.
  case scoped(any ScopedStoreLink<State, Action>)
}
