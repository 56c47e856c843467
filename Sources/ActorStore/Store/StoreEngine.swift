import Synchronization

/// The root store's isolated machinery: the live state, the reducer's batches, the FIFO of
/// synchronously produced actions, and effect launching.
///
/// Owned by one root ``Store`` (and kept alive by its running effects) and touched only on its
/// executor; scoped stores reach it through their root. The per-action path (`send`, `drain`)
/// is built where the reducer's type is known, so that it is specialized for the feature; so is
/// the one launcher, ``launch(_:_:)``, for the effects an action returns most (its rarer shapes
/// are out of line, in `StoreEngine+Concatenate.swift` and `StoreEngine+Throttle.swift`).
@usableFromInline final class StoreEngine<State: Sendable, Action: Sendable>: EffectActionReceiver, @unchecked Sendable {
  // Every `var` here is touched only while isolated to the owning root store (its serial
  // executor is the lock) or in its deinit, when nothing else refers to the engine. From other
  // threads only the `let` publisher, registry and executors are read, and those are Sendable.

  /// The feature-specialized entry point of `Store.send` (see ``Batch``).
  let sendAction: @Sendable (StoreEngine, Action) -> StoreTask
  /// The feature-specialized drain of a batch (see ``Batch``).
  @usableFromInline let drainBatch: @Sendable (StoreEngine) -> Void
  /// The feature-specialized processing of an effect's action (see ``Batch``).
  @usableFromInline let deliverAction: @Sendable (StoreEngine, Action, EffectNodeID) -> Void
  @usableFromInline let publisher: StatePublisher<State>
  @usableFromInline let registry: EffectRegistry
  /// Where trace events go; `nil` (the common case) when the store is not traced, which the
  /// per-action path tests with one branch.
  @usableFromInline let tracer: StoreTracer?
  /// The tables of the element stores scoped anywhere in this store tree.
  let elementScopes = ElementScopes()
  /// The shared values the state holds (see `StoreEngine+Shared.swift`).
  @usableFromInline let sharing = SharedHoldings()
  /// Sends from synchronous main-actor code to any store of this tree, in call order.
  let orderedSends: OrderedSends
  @usableFromInline let executor: StoreExecutor
  /// The dependencies the store tree's reducers and effects see: those in force where the root
  /// store was created, plus its overrides. Installed around each batch unless already in force
  /// (see `DependencyValues.isInForce`): a store with nothing to install pays one atomic load
  /// per batch while nothing in the process was ever overridden, else one task-local read and
  /// one pointer comparison; no allocation either way.
  @usableFromInline let dependencies: DependencyValues
  /// The store tree's executor as an actor of its own, which effects hop onto to deliver their
  /// actions and concatenations to launch their items (see ``StoreIsolation``).
  @usableFromInline let isolation: StoreIsolation
  /// Owns the default actor executor the store tree borrows when given no serial executor.
  private let anchor: StoreIsolationAnchor?
  // The `var`s below are touched only on the store's executor, one batch at a time, never while
  // another access to the same property is in progress (no reducer or effect can reach the
  // engine), so the dynamic exclusivity check a class property pays per access can never fail.
  // `bench --counts` counts the checks this saves (Docs/Stress-and-Benchmarks.md, "Exclusivity
  // checks").
  /// The live state, which reducers mutate in place.
  @exclusivity(unchecked) @usableFromInline var state: State
  /// Actions produced with `.send` (or sent re-entrantly, from an observer the publication
  /// calls), processed before the batch ends.
  @exclusivity(unchecked) @usableFromInline var queue = FIFOQueue<QueuedAction>()
  @exclusivity(unchecked) @usableFromInline var isProcessing = false
  /// The effect the actions of the batch being processed count as sent by; `nil` in a top-level
  /// send's batch. Every action of a batch has the same owner (a `.send` inherits its sender's),
  /// so a re-entrant send takes it too.
  @exclusivity(unchecked) @usableFromInline var batchOwner: EffectNodeID?
  /// The record grouping the effects of the top-level `send` being processed; made on the
  /// first effect so that sends without effects allocate nothing. While the send has started
  /// one top-level `.run` (cancellable or not) and nothing else, that effect's task record stands
  /// for it (see `reservedOriginSerial`).
  @exclusivity(unchecked) @usableFromInline var sendOrigin: EffectRecord?
  /// Set while `sendOrigin` is the task record of the send's only effect so far: the number the
  /// origin takes if a second effect needs it. One record per send instead of two, in the
  /// common case, is one allocation and one lock round trip less, and less for the effect's end
  /// to update on another core.
  @exclusivity(unchecked) @usableFromInline var reservedOriginSerial: UInt64?
  /// Tasks launched while processing, created only once the whole batch is reduced: a cancel
  /// returned in the same batch then stops an effect before its operation can begin.
  @exclusivity(unchecked) @usableFromInline var pendingStarts: [PendingStart<Action>] = []
  /// The tasks of effects cancelled while processing (`cancel(id:)`, `cancelInFlight`, a
  /// cancelled element scope), cancelled once the whole batch is reduced. Their records are
  /// cancelled at once, so they deliver nothing more; deferring the tasks keeps their wake-ups,
  /// which end the effects on other threads under the registry's lock, out of the batch's own
  /// registry work.
  @exclusivity(unchecked) @usableFromInline var tasksToCancel: [EffectTask] = []
  /// Action events of the current batch, when tracing into a ``StoreTraceBuffer``: numbered
  /// as they happen, kept typed and unlocked, handed to the buffer when the batch ends.
  @exclusivity(unchecked) @usableFromInline var tracedActions: [TracedAction<Action>] = []
  @exclusivity(unchecked) @usableFromInline var hasTracedActions = false
  /// The ``StoreTraceBuffer`` the store traces into, if it does: staged actions take their
  /// numbers from its sequence.
  @usableFromInline let traceBuffer: StoreTraceBuffer?

  @usableFromInline typealias QueuedAction = StoreQueuedAction<Action>

  /// Where launched work attaches in the effect tree.
  @usableFromInline struct LaunchContext {
    /// The node new work hangs from; `nil` means the current send's origin.
    @usableFromInline var parent: EffectNodeID?
    /// Whether that link is "started by an action the parent sent" rather than "part of it".
    @usableFromInline var isSpawned: Bool
    /// The element scope the work runs in.
    @usableFromInline var path: ScopePath?
    /// Whose actions `.send` effects count as.
    @usableFromInline let owner: EffectNodeID?
    /// The action being reduced, recorded on effect tasks for diagnostics.
    @usableFromInline var action: Action?

    @inlinable init(
      parent: EffectNodeID?, isSpawned: Bool, path: ScopePath? = nil, owner: EffectNodeID?, action: Action? = nil
    ) {
      self.parent = parent
      self.isSpawned = isSpawned
      self.path = path
      self.owner = owner
      self.action = action
    }

    /// The context of an effect returned for `queued`: below the effect that sent it (as
    /// spawned), or in the current send.
    @inlinable init(returnedFor queued: QueuedAction) {
      self.init(parent: queued.owner, isSpawned: queued.owner != nil, owner: queued.owner, action: queued.action)
    }
  }

  /// The per-action code, built where the reducer's type is known so that it is specialized
  /// for the feature (no existential call, no generic metadata lookups per action).
  @usableFromInline struct Batch {
    /// Processes a top-level action and everything it synchronously produces.
    @usableFromInline let send: @Sendable (StoreEngine, Action) -> StoreTask
    /// Reduces every queued action in FIFO order (launching effects), then ends the batch:
    /// publishes the state once. The caller then starts the tasks launched.
    @usableFromInline let drain: @Sendable (StoreEngine) -> Void
    /// Processes an action the effect of a node sent, as a batch of its own.
    @usableFromInline let deliver: @Sendable (StoreEngine, Action, EffectNodeID) -> Void
    /// The trace of the store tree, if traced.
    @usableFromInline let tracer: StoreTracer?

    @inlinable init(
      send: @escaping @Sendable (StoreEngine, Action) -> StoreTask,
      drain: @escaping @Sendable (StoreEngine) -> Void,
      deliver: @escaping @Sendable (StoreEngine, Action, EffectNodeID) -> Void,
      tracer: StoreTracer?
    ) {
      self.send = send
      self.drain = drain
      self.deliver = deliver
      self.tracer = tracer
    }
  }

  @inlinable
  static func makeBatch<R: Reducer>(_ reducer: R, tracer: StoreTracer? = nil) -> Batch
  where R.State == State, R.Action == Action {
    @inline(__always) @Sendable
    func reduce(_ next: QueuedAction, _ engine: StoreEngine) {
      let effect = reducer.reduce(into: &engine.state, action: next.action)
      switch effect.operation {
      case .none: break
      case .send(let action): engine.enqueue(action, owner: next.owner)
      default: engine.launch(effect, LaunchContext(returnedFor: next))
      }
    }
    /// Reduces `first` (if any) and then the FIFO, then publishes the state once.
    @inline(__always) @Sendable
    func drain(_ first: QueuedAction?, _ engine: StoreEngine) {
      engine.isProcessing = true
      if let first { reduce(first, engine) }
      repeat {
        while let next = engine.queue.popFirst() { reduce(next, engine) }
        if !engine.tasksToCancel.isEmpty { engine.cancelDeferredTasks() }
        // Observers run here (on a main-actor store, the app's own `didSet`s and observation
        // callbacks): a send one of them makes is queued, not reentrant, and reduced after it.
        if engine.sharing.needsUpdate { engine.updateSharedHoldings() }
        engine.publisher.publish(from: &engine.state)
      } while !engine.queue.isEmpty
      engine.isProcessing = false
      if engine.hasTracedActions { engine.handOverTracedActions() }
    }
    /// Processes a top-level action: reduces it and what it produces, then starts the tasks.
    @inline(__always) @Sendable
    func process(_ action: Action, _ engine: StoreEngine) -> StoreTask {
      // The sent action itself skips the FIFO.
      drain(QueuedAction(action: action, owner: nil), engine)
      if engine.sendOrigin == nil && engine.pendingStarts.isEmpty { return StoreTask(record: nil, registry: nil) }
      let task = engine.takeSendTask()
      // Last, so that new effect tasks find the store free when they send back.
      engine.startPendingTasks()
      return task
    }
    return Batch(
      send: { engine, action in
        if engine.tracer != nil { engine.traceAction(action, from: .outside) }
        guard !engine.isProcessing else { return engine.enqueueReentrant(action) }
        // The reduce and the creation of the effect tasks run with the store's dependencies in
        // force, so that the tasks inherit them. Tested here, inlined, so that a store with
        // nothing to install runs the batch directly, with no closure around it.
        if engine.dependencies.isInForce { return process(action, engine) }
        var task: StoreTask?
        engine.dependencies.install { task = process(action, engine) }
        return task!
      },
      drain: { engine in drain(nil, engine) },
      // Built here, with the feature's types known, so that an effect's action is queued and
      // reduced by specialized code: reached from the delivery's closure, it was not.
      deliver: { engine, action, owner in
        if engine.tracer != nil { engine.traceAction(action, from: .effect(owner.serial)) }
        engine.queue.append(QueuedAction(action: action, owner: owner))
        engine.runBatch(owner: owner)
      },
      tracer: tracer)
  }

  init(state: State, batch: Batch, executor: StoreExecutor, dependencies: DependencyValues) {
    self.dependencies = dependencies
    self.state = state
    sendAction = batch.send
    drainBatch = batch.drain
    deliverAction = batch.deliver
    self.executor = executor
    tracer = batch.tracer
    traceBuffer = batch.tracer?.buffer
    registry = EffectRegistry(tracer: batch.tracer)
    orderedSends = OrderedSends(taskExecutor: executor.taskExecutor)
    publisher = StatePublisher(state)
    let anchor = executor.serialExecutor == nil && !executor.runsOnMainActor ? StoreIsolationAnchor() : nil
    self.anchor = anchor
    isolation = StoreIsolation(executor: executor.unownedSerialExecutor(lentBy: anchor!.unownedExecutor))
    discoverInitialSharedValues()
  }


  /// Drains the FIFO as a batch of actions sent by `owner`'s effect, then starts the tasks
  /// launched.
  /// - Parameter owner: The effect the batch's actions count as sent by: a send made
  ///   re-entrantly while they are reduced joins the batch as its action too.
  @inlinable
  func runBatch(owner: EffectNodeID) {
    // Under the store's dependencies, not the effect's: an effect of a subtree that overrides
    // some (`Reducer.dependency`) delivers from inside them, and the rest of the tree must not
    // see them.
    guard dependencies.isInForce else { return dependencies.install { runBatch(owner: owner) } }
    batchOwner = owner
    drainBatch(self)
    batchOwner = nil
    startPendingTasks()
  }

  /// Cancels everything registered under `key`, for the batch being reduced: the records at
  /// once, their tasks once the batch is reduced (see `tasksToCancel`).
  /// - Returns: Whether `key` was ever used in this store tree.
  @usableFromInline @discardableResult
  func cancel(_ key: EffectKey) -> Bool { registry.cancel(key, deferringTasksTo: &tasksToCancel) }

  /// Cancels everything registered under `key` but `spared`, for the batch being reduced (see
  /// ``cancel(_:)``): a pending `concatenate` item's `cancelInFlight`, as the item starts.
  func cancel(_ key: EffectKey, sparing spared: EffectNodeID) {
    registry.cancel(key, sparing: spared, deferringTasksTo: &tasksToCancel)
  }

  /// The work of a `cancel(id:)` effect made at `site`, in the scope `path`, for the batch being
  /// reduced (see ``cancel(_:)``).
  @usableFromInline
  func cancel(id: EffectID, path: ScopePath?, site: CallSite) {
    registry.cancel(id, path: path, site: site, deferringTasksTo: &tasksToCancel)
  }

  /// Cancels the tasks of the effects the batch cancelled.
  @usableFromInline
  func cancelDeferredTasks() {
    for task in tasksToCancel { task.cancel() }
    tasksToCancel.removeAll(keepingCapacity: true)
  }

  /// Traces an action entering the store (the store is traced). Actions produced while a
  /// batch is processed (`.send` chains) are kept typed and handed to a trace buffer when the
  /// batch ends; the action that starts a batch is traced at once, so that a batch of one
  /// action costs no staging.
  @inlinable
  func traceAction(_ action: Action, from source: StoreTraceEvent.ActionSource) {
    // Optional chaining on the stored buffer, not a binding: a binding would retain it.
    guard isProcessing, let sequence = traceBuffer?.nextSequence() else {
      tracer?.actionReceived(action, from: source)
      return
    }
    tracedActions.append(TracedAction(sequence: sequence, action: action, source: source))
    hasTracedActions = true
  }

  /// Hands the batch's staged action events to the trace buffer in one piece.
  @usableFromInline
  func handOverTracedActions() {
    hasTracedActions = false
    let staged = tracedActions.count
    tracer?.record(TracedActions(actions: tracedActions))
    // The buffer keeps the array; the next batch starts with room for one like this one (up
    // to a bound), so that a long chain does not regrow its staging array on every batch.
    tracedActions = []
    tracedActions.reserveCapacity(min(staged, Self.stagingCapacityLimit))
  }

  /// The most action events a batch's staging array reserves room for in advance.
  static var stagingCapacityLimit: Int { 16_384 }

  /// The task handle of the send just processed; resets the origin for the next send.
  @usableFromInline
  func takeSendTask() -> StoreTask {
    guard let origin = sendOrigin else { return StoreTask(record: nil, registry: nil) }
    sendOrigin = nil
    if reservedOriginSerial != nil {
      // A task node standing for the origin holds no launcher's activity: its task is its own.
      reservedOriginSerial = nil
    } else {
      registry.endActivity(of: origin.node)
    }
    return StoreTask(record: origin, registry: registry)
  }

  /// A send that arrived while a batch is being drained (only possible re-entrantly, from code
  /// the store calls synchronously): it joins the batch, as an action of the batch's owner, so
  /// that its effects belong to the send the batch belongs to.
  @usableFromInline
  func enqueueReentrant(_ action: Action) -> StoreTask {
    queue.append(QueuedAction(action: action, owner: batchOwner))
    return StoreTask(record: nil, registry: nil)
  }

  /// Processes an action an effect sent. Inlinable, so that an effect's action is reduced and
  /// its batch's effects started by code specialized for the feature, as a sent action is.
  /// - Parameters:
  ///   - action: The action.
  ///   - record: The effect that sent it.
  ///   - isolation: The store tree's executor, which the call runs on.
  @inlinable
  func receive(_ action: Action, from record: EffectTaskRecord<Action>, on isolation: isolated StoreIsolation) {
    if SendTransaction.wasEverUsed.load(ordering: .relaxed), let transaction = SendTransaction.current {
      return receive(action, from: record, within: transaction)
    }
    deliver(action, from: record)
  }

  /// Processes an effect's action sent with a transaction: within it, on a main-actor store.
  @usableFromInline
  func receive(_ action: Action, from record: EffectTaskRecord<Action>, within transaction: SendTransaction.Body) {
    guard executor.runsOnMainActor, MainActorCheck.isOnMainActor else { return deliver(action, from: record) }
    MainActor.assumeIsolated { transaction { deliver(action, from: record) } }
  }

  /// Processes an effect's action, or refuses it; on the store's executor.
  @inlinable
  func deliver(_ action: Action, from record: EffectTaskRecord<Action>) {
    registry.withDelivery(for: record) { refusal in
      if let refusal { return refuse(action, from: record, refusal) }
      deliverAction(self, action, record.node)
    }
  }

  /// Handles an effect's action that is not to be processed as usual.
  @usableFromInline
  func refuse(
    _ action: Action, from record: EffectRecord, _ refusal: EffectRegistry.Refusal
  ) {
    switch refusal {
    case .storeReleased:
      registry.droppedAfterRelease(action, by: record)
    case .cancelled:
      tracer?.actionDropped(action, because: .effectCancelled(record.node.serial))
      return
    case .afterFinish:
      reportIssue(
        """
        An effect\(record.origin.map { " started at \($0)" } ?? "") sent \(action) after it had \
        finished (its Send escaped the effect). The action was processed, but the effect that \
        sent it can no longer be cancelled or awaited: send only from inside the effect.
        """)
      _ = sendAction(self, action)
    }
  }
}
