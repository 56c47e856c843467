import Synchronization

/// The root store's isolated machinery: the live state, the reducer's batches, the FIFO of
/// synchronously produced actions, and effect launching.
///
/// Owned by one root ``Store`` (and kept alive by its running effects) and touched only on its
/// executor; scoped stores reach it through their root. The per-action path (`send`, `drain`)
/// is built where the reducer's type is known, so that it is specialized for the feature; so is
/// launching the common effects (see `launchSpecialized`); the rest take the out-of-line
/// `launch` path.
@usableFromInline final class StoreEngine<State: Sendable, Action: Sendable>: @unchecked Sendable {
  // Every `var` here is touched only while isolated to the owning root store (its serial
  // executor is the lock) or in its deinit, when nothing else refers to the engine. From other
  // threads only the `let` publisher, registry and executors are read, and those are Sendable.

  /// The live state, at a stable address: reducers mutate it in place without the dynamic
  /// exclusivity check a class property would pay on every action.
  @usableFromInline let statePointer: UnsafeMutablePointer<State>
  /// The feature-specialized entry point of `Store.send` (see ``Batch``).
  @usableFromInline let sendAction: @Sendable (StoreEngine, Action) -> StoreTask
  /// The feature-specialized drain of a batch (see ``Batch``).
  @usableFromInline let drainBatch: @Sendable (StoreEngine) -> Void
  /// The feature-specialized delivery of an effect's actions (see ``Batch``).
  @usableFromInline let deliverAction: EffectTaskRecord<Action>.Delivery
  @usableFromInline let publisher: StatePublisher<State>
  @usableFromInline let registry: EffectRegistry
  /// Where trace events go; `nil` (the common case) when the store is not traced, which the
  /// per-action path tests with one branch.
  @usableFromInline let tracer: StoreTracer?
  /// The tables of the element stores scoped anywhere in this store tree.
  let elementScopes = ElementScopes()
  /// Sends from synchronous main-actor code to any store of this tree, in call order.
  @usableFromInline let orderedSends: OrderedSends
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
  // The next two are touched only on the store's executor, one batch at a time, so the
  // dynamic exclusivity checks a class property pays per access buy nothing here.
  /// Actions produced with `.send` (or sent re-entrantly), processed before the batch ends.
  @exclusivity(unchecked) @usableFromInline var queue = ActionQueue<QueuedAction>()
  @exclusivity(unchecked) @usableFromInline var isProcessing = false
  /// The effect the actions of the batch being processed count as sent by; `nil` in a top-level
  /// send's batch. Every action of a batch has the same owner (a `.send` inherits its sender's),
  /// so a re-entrant send takes it too. Unowned: the caller of `runBatch` keeps it alive.
  @exclusivity(unchecked) @usableFromInline unowned(unsafe) var batchOwner: EffectRecord?
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
  /// The sequence counter of the ``StoreTraceBuffer`` the store traces into, if it does: a
  /// plain pointer, so that numbering a staged action retains nothing. Valid while `tracer`
  /// (which holds the buffer) lives, i.e. as long as this engine.
  @usableFromInline let traceSequence: UnsafeMutablePointer<Atomic<UInt64>>?

  @usableFromInline typealias QueuedAction = StoreQueuedAction<Action>

  /// Where launched work attaches in the record tree.
  private struct LaunchContext {
    /// The record new work hangs from; `nil` means the current send's origin.
    var parent: EffectRecord?
    /// Whether that link is "started by an action the parent sent" rather than "part of it".
    var isSpawned: Bool
    var path: ScopePath?
    /// Whose actions `.send` effects count as.
    let owner: EffectRecord?
    /// The action being reduced, recorded on effect tasks for diagnostics.
    var action: Action? = nil
  }

  /// The per-action code, built where the reducer's type is known so that it is specialized
  /// for the feature (no existential call, no generic metadata lookups per action).
  @usableFromInline struct Batch {
    /// Processes a top-level action and everything it synchronously produces.
    @usableFromInline let send: @Sendable (StoreEngine, Action) -> StoreTask
    /// Reduces every queued action in FIFO order (launching effects), then ends the batch:
    /// publishes the state once. The caller then starts the tasks launched.
    @usableFromInline let drain: @Sendable (StoreEngine) -> Void
    /// Delivers an action a `.run` effect sent (see ``EffectTaskRecord/deliver``).
    @usableFromInline let deliver: EffectTaskRecord<Action>.Delivery
    /// The trace of the store tree, if traced.
    @usableFromInline let tracer: StoreTracer?

    @inlinable init(
      send: @escaping @Sendable (StoreEngine, Action) -> StoreTask,
      drain: @escaping @Sendable (StoreEngine) -> Void,
      deliver: @escaping EffectTaskRecord<Action>.Delivery,
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
      let effect = reducer.reduce(into: &engine.statePointer.pointee, action: next.action)
      switch effect.operation {
      case .none:
        break
      case .send(let action):
        // Inline: a `.send` chain is the per-action path's hottest case.
        if engine.tracer != nil { engine.traceAction(action, from: .sendEffect) }
        engine.queue.append(QueuedAction(action: action, owner: next.owner))
      default:
        engine.launchSpecialized(effect, for: next)
      }
    }
    /// Reduces `first` (if any) and then the FIFO, then publishes the state once.
    @inline(__always) @Sendable
    func drain(_ first: QueuedAction?, _ engine: StoreEngine) {
      engine.isProcessing = true
      if let first { reduce(first, engine) }
      while let next = engine.queue.popFirst() { reduce(next, engine) }
      engine.isProcessing = false
      if !engine.tasksToCancel.isEmpty { engine.cancelDeferredTasks() }
      engine.publisher.publish(from: engine.statePointer)
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
        // nothing to install runs the batch as directly as before there were dependencies.
        if engine.dependencies.isInForce { return process(action, engine) }
        var task: StoreTask?
        engine.dependencies.install { task = process(action, engine) }
        return task!
      },
      drain: { engine in drain(nil, engine) },
      // Built here, with the feature's types known, so that an effect's action is received and
      // reduced by specialized code; it reads the engine from the record it is handed, so it
      // captures nothing and has no context to allocate.
      deliver: { action, record, isolation in
        unsafeDowncast(record.engine, to: StoreEngine.self).receive(action, from: record, on: isolation)
      },
      tracer: tracer)
  }

  init(state: State, batch: Batch, executor: StoreExecutor, dependencies: DependencyValues) {
    self.dependencies = dependencies
    statePointer = .allocate(capacity: 1)
    statePointer.initialize(to: state)
    sendAction = batch.send
    drainBatch = batch.drain
    deliverAction = batch.deliver
    self.executor = executor
    tracer = batch.tracer
    traceSequence = batch.tracer?.buffer?.sequence
    registry = EffectRegistry(tracer: batch.tracer)
    orderedSends = OrderedSends(taskExecutor: executor.taskExecutor)
    publisher = StatePublisher(state)
    anchor = executor.serialExecutor == nil ? StoreIsolationAnchor() : nil
    isolation = StoreIsolation(
      executor: executor.serialExecutor?.asUnownedSerialExecutor() ?? anchor!.unownedExecutor)
  }

  deinit {
    statePointer.deinitialize(count: 1)
    statePointer.deallocate()
    queue.deallocate()
  }

  var state: State { statePointer.pointee }

  /// Drains the FIFO as a batch of actions sent by `owner`'s effect, then starts the tasks
  /// launched.
  /// - Parameter owner: The effect the batch's actions count as sent by: a send made
  ///   re-entrantly while they are reduced joins the batch as its action too.
  @inlinable
  func runBatch(owner: EffectRecord) {
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
  func cancel(_ key: EffectKey, sparing spared: EffectRecord) {
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
    guard isProcessing, let traceSequence else {
      tracer?.actionReceived(action, from: source)
      return
    }
    let sequence = traceSequence.pointee.wrappingAdd(1, ordering: .relaxed).oldValue
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
      // A task record standing for the origin holds no launcher's activity: its task is its own.
      reservedOriginSerial = nil
    } else {
      registry.endActivity(of: origin)
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
  /// its batch's effects started by code specialized for the feature, as a sent action is:
  /// unspecialized, this path looked up generic metadata several times per action.
  /// - Parameters:
  ///   - action: The action.
  ///   - record: The effect that sent it.
  ///   - isolation: The store tree's executor, which the call runs on.
  @inlinable
  func receive(_ action: Action, from record: EffectRecord, on isolation: isolated StoreIsolation) {
    registry.withDelivery(for: record) { refusal in
      if let refusal { return refuse(action, from: record, refusal) }
      if tracer != nil { traceAction(action, from: .effect(registry.traceNumber(of: record))) }
      queue.append(QueuedAction(action: action, owner: record))
      runBatch(owner: record)
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
      tracer?.actionDropped(action, because: .effectCancelled(registry.traceNumber(of: record)))
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

  /// Launches an effect other than `.none` and `.send`, returned for `queued`.
  @usableFromInline
  func launch(_ effect: Effect<Action>, from queued: QueuedAction) {
    let context = LaunchContext(
      parent: queued.owner, isSpawned: queued.owner != nil, owner: queued.owner, action: queued.action)
    launch(effect, context)
  }

  @inlinable
  func startPendingTasks() {
    guard !pendingStarts.isEmpty else { return }
    // One start is the common batch: moved out of the array, which keeps its room, without the
    // copy, the loop and the generic range removal that emptying it after a loop costs.
    if pendingStarts.count == 1 { return start(pendingStarts.removeLast()) }
    // Iterated in place, then emptied: creating a task runs none of its code here, so nothing
    // appends meanwhile, and emptying a buffer no copy shares keeps its room without a new
    // allocation per batch.
    for pending in pendingStarts { start(pending) }
    pendingStarts.removeAll(keepingCapacity: true)
  }

  /// Creates the task of one pending start, unless its record was cancelled first.
  @inlinable
  func start(_ pending: PendingStart<Action>) {
    let record = pending.record
    if registry.endIfCancelledBeforeStart(record) { return }
    let task: EffectTask
    switch pending.work {
    case .run(let effect):
      // The effect's body is the task's own closure, not a stored closure the task calls: a
      // stored closure needs a thunk, with its context, to become `@isolated(any)`, one more
      // allocation and one more frame level per effect. Without a task executor, no
      // preference is passed: even a `nil` one costs a 56-byte record on the task's stack, which
      // would tip a sleeping effect into a second slab; `Task(priority:)` costs a 40-byte
      // closure context on the heap instead. The executor is copied out only when there is one:
      // testing it for `nil` reads it in place, while a copy of the optional existential costs
      // two runtime calls per effect.
      if executor.taskExecutor != nil {
        task = Task(executorPreference: executor.taskExecutor, priority: pending.priority) { try await effect.run() }
      } else if let priority = pending.priorityRawValue {
        task = Task(priority: TaskPriority(rawValue: priority)) { try await effect.run() }
      } else {
        // No optional priority to build and copy (a resilient type: runtime calls).
        task = Task { try await effect.run() }
      }
    case .body(_, let body):
      task = Task(executorPreference: executor.taskExecutor, priority: pending.priority, operation: body)
    }
    registry.attach(task, to: record)
  }

  private func resolveParent(_ context: LaunchContext) -> (EffectRecord, isSpawned: Bool) {
    if let parent = context.parent { return (parent, context.isSpawned) }
    return (currentSendOrigin(), false)
  }

  /// The record grouping the current top-level send's effects, made on first use.
  @usableFromInline
  func currentSendOrigin() -> EffectRecord {
    if let origin = sendOrigin, reservedOriginSerial == nil { return origin }
    let origin = EffectRecord(origin: nil, label: "send")
    if let standIn = sendOrigin, let serial = reservedOriginSerial {
      // The send's first effect stood for the origin; a second one needs the origin itself.
      reservedOriginSerial = nil
      registry.interpose(origin, above: standIn, serial: serial)
    } else {
      registry.open(origin, under: registry.root, spawned: true, keys: .none, isTask: false)
    }
    sendOrigin = origin
    return origin
  }

  /// Launches a `.run` returned for `next`, outside any `cancellable` or element scope: the
  /// common case, kept on the specialized per-action path.
  @inlinable
  func startRun(_ run: EffectRun<Action>, for next: QueuedAction) {
    let record = taskRecord(origin: run.origin, startedBy: next.action, run.operation, run.handler)
    if let owner = next.owner {
      registry.open(record, under: owner, spawned: true, keys: .none, isTask: true)
    } else {
      openInCurrentSend(record, keys: .none, replacesGroup: false)
    }
    deferStart(.run(record), priorityRawValue: run.priorityRawValue)
  }

  /// Opens the task record of a top-level `.run` of the send being processed: standing for the
  /// send's origin if it is the send's first effect, else below the origin.
  @inlinable
  func openInCurrentSend(_ record: EffectRecord, keys: EffectKeys, replacesGroup: Bool) {
    guard sendOrigin != nil else {
      reservedOriginSerial = registry.openStandingForSendOrigin(record, keys: keys, replacesGroup: replacesGroup)
      sendOrigin = record
      return
    }
    registry.open(
      record, under: currentSendOrigin(), spawned: false, keys: keys, isTask: true, replacesGroup: replacesGroup)
  }

  @inlinable
  func startRun(
    _ run: EffectRun<Action>, under parent: EffectRecord, isSpawned: Bool, startedBy action: Action?
  ) {
    let record = taskRecord(origin: run.origin, startedBy: action, run.operation, run.handler)
    registry.open(record, under: parent, spawned: isSpawned, keys: .none, isTask: true)
    deferStart(.run(record), priorityRawValue: run.priorityRawValue)
  }

  /// Opens a group record (no task of its own) below the context's parent.
  private func openGroup(_ context: LaunchContext, keys: EffectKeys) -> EffectRecord {
    let (parent, isSpawned) = resolveParent(context)
    let group = EffectRecord(origin: nil, label: nil)
    registry.open(group, under: parent, spawned: isSpawned, keys: keys, isTask: false)
    return group
  }

  private func launch(_ effect: Effect<Action>, _ context: LaunchContext) {
    switch effect.operation {
    case .none:
      break
    case .send(let action):
      if tracer != nil { traceAction(action, from: .sendEffect) }
      queue.append(QueuedAction(action: action, owner: context.owner))
    case .run(let run):
      let (parent, isSpawned) = resolveParent(context)
      startRun(run, under: parent, isSpawned: isSpawned, startedBy: context.action)
    case .merge(let effects):
      for effect in effects { launch(effect, context) }
    case .concatenate(let effects):
      startConcatenation(effects, context)
    case .cancellable(let inner, let id, let cancelInFlight):
      let keys = idKeys(id, context.path)
      if cancelInFlight {
        // Inside a group of this launch, that group is part of the effect and is spared; a
        // parent this launch hangs from as spawned is a previous effect, cancelled like any.
        if let parent = context.parent, !context.isSpawned {
          registry.cancel(keys[0], sparingEnclosing: parent, deferringTasksTo: &tasksToCancel)
        } else {
          cancel(keys[0])
        }
      }
      launch(inner, inside: openGroup(context, keys: EffectKeys(keys)), path: context.path, context)
    case .cancel(let id, let site):
      cancel(id: id, path: context.path, site: site)
    case .scoped(let inner, let component):
      let path = ScopePath(parent: context.path, component: component)
      let group = openGroup(context, keys: EffectKeys(EffectKey(kind: .scope, path: path)))
      launch(inner, inside: group, path: path, context)
    case .cancelScope(let component):
      cancel(EffectKey(kind: .scope, path: ScopePath(parent: context.path, component: component)))
    case .throttled(let inner, let rule):
      launchThrottled(inner, rule, context)
    case .gated(let inner, let gate, let path, let cancelInFlight):
      if let cancelInFlight { cancel(cancelInFlight, sparing: gate) }
      launch(inner, inside: gate, path: path, context)
    }
  }

  /// Launches `inner` below `group`, then releases the hold `group` was opened with.
  private func launch(
    _ inner: Effect<Action>, inside group: EffectRecord, path: ScopePath?,
    _ context: LaunchContext
  ) {
    if !registry.isCancelled(group) {
      launch(
        inner,
        LaunchContext(parent: group, isSpawned: false, path: path, owner: context.owner, action: context.action))
    } else {
      registry.releaseGates(in: inner)
    }
    registry.endActivity(of: group)
  }

  /// The keys an ID registers under: its own scope and every enclosing one, so that a parent's
  /// `cancel(id:)` reaches its elements' effects while siblings stay apart.
  private func idKeys(_ id: EffectID, _ path: ScopePath?) -> [EffectKey] {
    guard let path else { return [EffectKey(kind: .id(id), path: nil)] }
    return path.selfAndAncestors.map { EffectKey(kind: .id(id), path: $0) }
  }

  /// The record of a task running `operation`, to be opened and then started with
  /// ``deferStart(_:priority:)``.
  @inlinable
  func taskRecord(
    origin: SourceLocation?, label: String? = nil, startedBy action: Action?,
    _ operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    _ handler: (@Sendable (any Error, Send<Action>) async -> Void)?
  ) -> EffectTaskRecord<Action> {
    EffectTaskRecord(
      origin: origin, label: label, startedBy: action, operation: operation, handler: handler,
      deliver: deliverAction, engine: self, isolation: isolation, registry: registry)
  }

  /// Queues the task that runs `work`, created once the batch ends.
  @usableFromInline
  func deferStart(_ work: PendingStart<Action>.Work, priorityRawValue: UInt8? = nil) {
    pendingStarts.append(PendingStart(work: work, priorityRawValue: priorityRawValue))
  }

  // MARK: concatenate

  private func startConcatenation(_ effects: [Effect<Action>], _ context: LaunchContext) {
    // Leading items that start no task (`.send`s, cancels) run now, in this batch and in order,
    // as a `.send` does (TCA's concatenated publishers): `.concatenate(.send(a), .send(b))`
    // delivers `a` then `b` before `send` returns and before any effect's output.
    let synchronous = effects.prefix { $0.isSynchronous }
    for effect in synchronous { launch(effect, context) }
    guard synchronous.count < effects.count else { return }
    let effects = Array(effects[synchronous.count...])
    let (parent, isSpawned) = resolveParent(context)
    let record = EffectRecord(origin: nil, label: "concatenate", startedBy: context.action)
    registry.open(record, under: parent, spawned: isSpawned, keys: .none, isTask: true)
    let items = effects.map { gate($0, under: record, path: context.path) }
    let path = context.path
    let action = context.action
    // The runner holds the engine, never the store: releasing the store cancels the
    // concatenation, which ends the loop (an item opened meanwhile opens cancelled, and ends).
    deferStart(.body(record) { [self] in
      var next = 0
      while next < items.count, !registry.isCancelled(record) {
        let item = items[next]
        next += 1
        if case .run(let run) = item.operation, run.priorityRawValue == nil {
          // A plain `.run` item runs in this task: the concatenation waits for it anyway, and a
          // task of its own would cost a task, a group record and a hop to the store per item.
          let inline = openInlineConcatenated(run, under: record, startedBy: action)
          if !registry.endIfCancelledBeforeStart(inline) { try await inline.run() }
        } else {
          let group = await launchConcatenated(item, under: record, path: path, startedBy: action, on: isolation)
          await registry.waitUntilStructurallyFinished(group)
          await registry.waitUntilGatesFinished(in: item)
        }
      }
      for item in items[next...] { registry.releaseGates(in: item) }
      registry.endActivity(of: record, isTask: true)
    })
  }

  /// Opens the record of a concatenation item that is a plain `.run` (no priority of its own),
  /// which the concatenation's task then runs itself. Called from that task, off the store's
  /// executor: it touches only the registry. The record takes the item group's number too, so
  /// that numbering is the one a separately started item would get.
  /// - Parameters:
  ///   - run: The item.
  ///   - record: The concatenation's record.
  ///   - action: The action whose reduce returned the concatenation.
  /// - Returns: The item's record; cancelled already if the concatenation was.
  func openInlineConcatenated(
    _ run: EffectRun<Action>, under record: EffectRecord, startedBy action: Action?
  ) -> EffectTaskRecord<Action> {
    let item = taskRecord(origin: run.origin, startedBy: action, run.operation, run.handler)
    registry.open(item, under: record, spawned: false, keys: .none, isTask: true, replacesGroup: true)
    return item
  }

  /// Launches one item of a concatenation and processes the actions it sends synchronously.
  /// - Parameters:
  ///   - item: The item.
  ///   - record: The concatenation's record.
  ///   - path: The element scope the concatenation runs in.
  ///   - action: The action whose reduce returned the concatenation.
  ///   - isolation: The store tree's executor, which the call runs on.
  /// - Returns: The item's group record, to wait on.
  func launchConcatenated(
    _ item: Effect<Action>, under record: EffectRecord, path: ScopePath?, startedBy action: Action?,
    on isolation: isolated StoreIsolation
  ) -> EffectRecord {
    let group = EffectRecord(origin: nil, label: nil)
    registry.open(group, under: record, spawned: false, keys: .none, isTask: false)
    let context = LaunchContext(parent: group, isSpawned: false, path: path, owner: record, action: action)
    // A delivery, so that a `StoreTask.cancel()` of the concatenation on another thread returns
    // only after the actions the item sends synchronously are reduced, or refuses them.
    registry.withDelivery(for: record) { _ in
      launch(item, inside: group, path: path, context)
      runBatch(owner: record)
    }
    return group
  }

  /// Replaces each `cancellable` and `scoped` node of a not-yet-started item by a record made
  /// now, so that `cancel(id:)` and element removal reach the item before it starts.
  private func gate(_ effect: Effect<Action>, under parent: EffectRecord, path: ScopePath?) -> Effect<Action> {
    switch effect.operation {
    case .cancellable(let inner, let id, let cancelInFlight):
      // `cancelInFlight` applies when the item starts, not now: an effect under the ID may end
      // before that, or start after this.
      let keys = idKeys(id, path)
      let record = EffectRecord(origin: nil, label: nil)
      registry.open(record, under: parent, spawned: false, keys: EffectKeys(keys), isTask: false)
      let inFlightKey = cancelInFlight ? keys[0] : nil
      return Effect(.gated(gate(inner, under: record, path: path), record, path: path, cancelInFlight: inFlightKey))
    case .scoped(let inner, let component):
      let scopedPath = ScopePath(parent: path, component: component)
      let record = EffectRecord(origin: nil, label: nil)
      registry.open(
        record, under: parent, spawned: false, keys: EffectKeys(EffectKey(kind: .scope, path: scopedPath)),
        isTask: false)
      return Effect(.gated(gate(inner, under: record, path: scopedPath), record, path: scopedPath, cancelInFlight: nil))
    case .merge(let effects):
      return Effect(.merge(effects.map { gate($0, under: parent, path: path) }))
    case .concatenate(let effects):
      return Effect(.concatenate(effects.map { gate($0, under: parent, path: path) }))
    case .none, .send, .run, .cancel, .cancelScope, .throttled, .gated:
      return effect
    }
  }

  // MARK: throttle

  private func launchThrottled(
    _ inner: Effect<Action>, _ rule: ThrottleRule, _ context: LaunchContext) {
    let key = ThrottleKey(id: rule.id, path: context.path)
    let pendingKey = key.pendingKey
    let decision = registry.decideThrottle(rule, key: key, pendingKey: pendingKey)
    switch decision {
    case .drop:
      break
    case .startNow:
      launch(Effect(.cancellable(inner, id: rule.id, cancelInFlight: false)), context)
    case .startLater(let replacingPending, let wait):
      if replacingPending { cancel(pendingKey) }
      let group = openGroup(context, keys: EffectKeys(idKeys(rule.id, context.path)))
      let path = context.path
      // The operation reaches its own record through the `Send` it is given: capturing the
      // record would make a cycle, since the record holds the operation.
      let pending = taskRecord(
        origin: nil, label: "throttled", startedBy: context.action,
        { [self] send in
          guard case .effect(let pending) = send.channel else { return }
          try await wait()
          await startThrottled(
            inner, under: group, path: path, unlessCancelled: pending, rule: rule, key: key, on: isolation)
        }, nil)
      registry.open(pending, under: group, spawned: false, keys: EffectKeys(pendingKey), isTask: true)
      deferStart(.run(pending))
      registry.endActivity(of: group)
    }
  }

  /// Starts a throttled effect whose wait ended, below the throttle's group, unless the wait was
  /// replaced or cancelled meanwhile.
  ///
  /// It runs in a batch of its own, outside any top-level send: an action the effect sends
  /// synchronously (a throttled `.send`) counts as sent by the group, like a concatenation's
  /// items, so that the effects it starts belong to the send that was throttled.
  /// - Parameters:
  ///   - inner: The throttled effect.
  ///   - group: The throttle's group record.
  ///   - path: The element scope the throttle runs in.
  ///   - pending: The record of the wait that ended.
  ///   - rule: The throttle's rule.
  ///   - key: Where the throttle's memory is kept.
  ///   - isolation: The store tree's executor, which the call runs on.
  func startThrottled(
    _ inner: Effect<Action>, under group: EffectRecord, path: ScopePath?, unlessCancelled pending: EffectRecord,
    rule: ThrottleRule, key: ThrottleKey, on isolation: isolated StoreIsolation
  ) {
    // A delivery, so that a `StoreTask.cancel()` on another thread returns only after what the
    // throttled effect sends synchronously is reduced, or it does not start.
    registry.withDelivery(for: pending) { refusal in
      guard refusal == nil, registry.beginThrottledStart(pending, rule: rule, key: key) else { return }
      launch(inner, LaunchContext(parent: group, isSpawned: false, path: path, owner: group))
      runBatch(owner: group)
    }
  }
}

/// An effect task launched during a batch, created once the batch ends unless cancelled by then.
/// Holds what the task runs rather than a closure creating the task: one closure context less per
/// effect.
@usableFromInline struct PendingStart<Action: Sendable> {
  /// What the task runs.
  @usableFromInline enum Work {
    /// A `.run` effect (or a throttle's wait): its record holds what the task runs.
    case run(EffectTaskRecord<Action>)
    /// Any other task body (a concatenation's driver), and the record it runs for. Throwing,
    /// like every effect task's body; it throws nothing.
    case body(EffectRecord, @Sendable () async throws -> Void)
  }

  @usableFromInline let work: Work
  /// The priority's raw value (see ``EffectRun/priorityRawValue``): a batch's pending starts
  /// are then destroyed without a runtime call per element.
  @usableFromInline let priorityRawValue: UInt8?

  @inlinable init(work: Work, priorityRawValue: UInt8?) {
    self.work = work
    self.priorityRawValue = priorityRawValue
  }

  @inlinable var priority: TaskPriority? { priorityRawValue.map(TaskPriority.init(rawValue:)) }

  /// The record the task runs for.
  @inlinable var record: EffectRecord {
    switch work {
    case .run(let effect): effect
    case .body(let record, _): record
    }
  }
}

/// An action waiting in a store's FIFO, with the effect that sent it.
@usableFromInline struct StoreQueuedAction<Action> {
  @usableFromInline let action: Action
  /// The effect whose `send` produced this action, or `nil` for the current top-level send.
  @usableFromInline let owner: EffectRecord?

  @inlinable init(action: Action, owner: EffectRecord?) {
    self.action = action
    self.owner = owner
  }
}
