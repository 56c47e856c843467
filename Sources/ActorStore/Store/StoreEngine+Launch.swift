extension StoreEngine {
  /// Launches `effect` in `context`: the one place every effect shape is handled. Inlinable, so
  /// that `.send`, `.run`, `.merge`, `.cancel(id:)` and a `cancellable` `.run` of the current
  /// send are compiled for the feature's `Action`; the rarer shapes go out of line.
  @inlinable
  func launch(_ effect: Effect<Action>, _ context: LaunchContext) {
    switch effect.operation {
    case .none:
      break
    case .send(let action):
      enqueue(action, owner: context.owner)
    case .run(let run):
      startRun(run, context)
    case .merge(let effects):
      for effect in effects { launch(effect, context) }
    case .cancel(let id, let site):
      cancel(id: id, path: context.path, site: site)
    case .cancellable(let inner, let id, let cancelInFlight):
      // A `.run` directly in the current send (which nothing can cancel while its batch runs, so
      // the node never opens under a cancelled parent, where a group would open no task at all)
      // takes one node that is both the `cancellable` group and its task.
      if context.parent == nil, context.path == nil, case .run(let run) = inner.operation {
        let key = EffectKey(id: id)
        if cancelInFlight { cancel(key) }
        startRun(run, context, keys: TinyArray(key), replacesGroup: true)
      } else {
        launchCancellable(inner, id: id, cancelInFlight: cancelInFlight, context)
      }
    case .concatenate(let effects):
      startConcatenation(effects, context)
    case .scoped, .cancelScope, .throttled:
      launchScoping(effect, context)
    }
  }

  /// Queues `action`, produced with `.send` by an action of `owner`'s effect (`nil`: of the
  /// current send), to be reduced before the batch ends: the one place a `.send` is handled.
  /// Always inlined, so that a `.send` chain, the per-action path's hottest case, runs it in the
  /// reduce loop.
  @inlinable @inline(__always)
  func enqueue(_ action: Action, owner: EffectNodeID?) {
    if tracer != nil { traceAction(action, from: .sendEffect) }
    queue.append(QueuedAction(action: action, owner: owner))
  }

  /// Opens the task node of `run` in `context`, registered under `keys`, and queues its task.
  /// - Parameter replacesGroup: Whether the node is also the `cancellable` group around it (see
  ///   ``EffectRegistryState/reserve(replacesGroup:)``).
  @inlinable
  func startRun(_ run: EffectRun<Action>, _ context: LaunchContext, keys: TinyArray<EffectKey> = TinyArray(), replacesGroup: Bool = false) {
    let record: EffectTaskRecord<Action>
    // Each `record:` closure is a literal, so that it captures by reference and copies nothing.
    if let parent = context.parent {
      record = registry.open(under: parent, spawned: context.isSpawned, keys: keys, isTask: true) {
        taskRecord($0, run, startedBy: context.action)
      }
    } else if sendOrigin == nil {
      // The send's first effect stands for its origin until a second one needs the origin.
      let (standIn, originSerial) = registry.openStandingForSendOrigin(keys: keys, replacesGroup: replacesGroup) {
        taskRecord($0, run, startedBy: context.action)
      }
      sendOrigin = standIn
      reservedOriginSerial = originSerial
      record = standIn
    } else {
      let origin = currentSendOrigin()
      record = registry.open(
        under: origin, spawned: false, keys: keys, isTask: true, replacesGroup: replacesGroup
      ) { taskRecord($0, run, startedBy: context.action) }
    }
    deferStart(.run(record), priorityRawValue: run.priorityRawValue)
  }

  /// The record of the task node `node`, running `run`.
  @inlinable
  func taskRecord(_ node: EffectNodeID, _ run: EffectRun<Action>, startedBy action: Action?) -> EffectTaskRecord<Action> {
    EffectTaskRecord(
      node: node, origin: run.origin, startedBy: action, operation: run.operation, handler: run.handler,
      receiver: self, isolation: isolation, registry: registry)
  }

  /// The node grouping the current top-level send's effects, made on first use.
  @usableFromInline
  func currentSendOrigin() -> EffectNodeID {
    if let origin = sendOrigin {
      guard let serial = reservedOriginSerial else { return origin.node }
      // The send's first effect stood for the origin; a second one needs the origin itself.
      reservedOriginSerial = nil
      let made = registry.interpose(originSerial: serial, above: origin.node)
      sendOrigin = made
      return made.node
    }
    let origin = registry.openSendOrigin()
    sendOrigin = origin
    return origin.node
  }

  /// Where work launched in `context` hangs: its parent, or the current send's origin.
  func resolveParent(_ context: LaunchContext) -> (EffectNodeID, isSpawned: Bool) {
    if let parent = context.parent { return (parent, context.isSpawned) }
    return (currentSendOrigin(), false)
  }

  /// Opens a group node (no task of its own) in `context`.
  func openGroup(_ context: LaunchContext, keys: TinyArray<EffectKey>) -> EffectNodeID {
    let (parent, isSpawned) = resolveParent(context)
    return registry.openGroup(under: parent, spawned: isSpawned, keys: keys)
  }

  /// Launches `inner` in a `cancellable(id:)` group.
  @usableFromInline
  func launchCancellable(_ inner: Effect<Action>, id: EffectID, cancelInFlight: Bool, _ context: LaunchContext) {
    let keys = idKeys(id, context.path)
    if cancelInFlight {
      // Inside a group of this launch, that group is part of the effect and is spared; a parent
      // this launch hangs from as spawned is a previous effect, cancelled like any.
      if let parent = context.parent, !context.isSpawned {
        registry.cancel(keys[0], sparingEnclosing: parent, deferringTasksTo: &tasksToCancel)
      } else {
        cancel(keys[0])
      }
    }
    launch(inner, inside: openGroup(context, keys: TinyArray(keys)), path: context.path, context)
  }

  /// Launches the effects that scope work: an element scope, its cancellation, a throttle.
  @usableFromInline
  func launchScoping(_ effect: Effect<Action>, _ context: LaunchContext) {
    switch effect.operation {
    case .scoped(let inner, let component):
      let path = ScopePath(parent: context.path, component: component)
      let group = openGroup(context, keys: TinyArray(EffectKey(kind: .scope, path: path)))
      launch(inner, inside: group, path: path, context)
    case .cancelScope(let component):
      cancel(EffectKey(kind: .scope, path: ScopePath(parent: context.path, component: component)))
    case .throttled(let inner, let rule):
      launchThrottled(inner, rule, context)
    case .none, .send, .run, .merge, .cancel, .cancellable, .concatenate:
      launch(effect, context)
    }
  }

  /// Launches `inner` below `group` unless it was cancelled, then releases the hold `group` was
  /// opened with.
  func launch(_ inner: Effect<Action>, inside group: EffectNodeID, path: ScopePath?, _ context: LaunchContext) {
    if !registry.isCancelled(group) {
      launch(inner, LaunchContext(parent: group, isSpawned: false, path: path, owner: context.owner, action: context.action))
    }
    registry.endActivity(of: group)
  }

  /// The keys an ID registers under: its own scope and every enclosing one, so that a parent's
  /// `cancel(id:)` reaches its elements' effects while siblings stay apart.
  func idKeys(_ id: EffectID, _ path: ScopePath?) -> [EffectKey] {
    guard let path else { return [EffectKey(kind: .id(id), path: nil)] }
    return path.selfAndAncestors.map { EffectKey(kind: .id(id), path: $0) }
  }

  // MARK: Starting tasks

  /// Queues the task that runs `work`, created once the batch ends.
  @usableFromInline
  func deferStart(_ work: PendingStart<Action>.Work, priorityRawValue: UInt8? = nil) {
    pendingStarts.append(PendingStart(work: work, priorityRawValue: priorityRawValue))
  }

  @inlinable
  func startPendingTasks() {
    guard !pendingStarts.isEmpty else { return }
    // One start is the common batch: moved out of the array, which keeps its room.
    if pendingStarts.count == 1 { return start(pendingStarts.removeLast()) }
    // Iterated in place, then emptied: creating a task runs none of its code here, so nothing
    // appends meanwhile, and emptying a buffer no copy shares keeps its room.
    for pending in pendingStarts { start(pending) }
    pendingStarts.removeAll(keepingCapacity: true)
  }

  /// Creates the task of one pending start, unless its node was cancelled first.
  @inlinable
  func start(_ pending: PendingStart<Action>) {
    let node = pending.node
    if registry.endIfCancelledBeforeStart(node) { return }
    let task: EffectTask
    switch pending.work {
    case .run(let effect):
      // The effect's body is the task's own closure, not a stored closure the task calls (which
      // would need a thunk and its context to become `@isolated(any)`). Without a task executor
      // no preference is passed, and without a priority none is built: each costs the effect's
      // task more (see Docs/Stress-and-Benchmarks.md, "A sleeping effect's memory").
      if executor.taskExecutor != nil {
        task = Task(executorPreference: executor.taskExecutor, priority: pending.priority) { try await effect.run() }
      } else if let priority = pending.priorityRawValue {
        task = Task(priority: TaskPriority(rawValue: priority)) { try await effect.run() }
      } else {
        task = Task { try await effect.run() }
      }
    case .body(_, let body):
      task = Task(executorPreference: executor.taskExecutor, priority: pending.priority, operation: body)
    }
    registry.attach(task, to: node)
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
    /// Any other task body (a concatenation's driver), and the node it runs for. Throwing,
    /// like every effect task's body; it throws nothing.
    case body(EffectNodeID, @Sendable () async throws -> Void)
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

  /// The node the task runs for.
  @inlinable var node: EffectNodeID {
    switch work {
    case .run(let effect): effect.node
    case .body(let node, _): node
    }
  }
}

/// An action waiting in a store's FIFO, with the effect that sent it.
@usableFromInline struct StoreQueuedAction<Action> {
  @usableFromInline let action: Action
  /// The effect whose `send` produced this action, or `nil` for the current top-level send.
  @usableFromInline let owner: EffectNodeID?

  @inlinable init(action: Action, owner: EffectNodeID?) {
    self.action = action
    self.owner = owner
  }
}
