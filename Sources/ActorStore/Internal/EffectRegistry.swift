/// A store tree's in-flight effects: the record tree and the cancellation index.
///
/// All bookkeeping is a state machine under one mutex, so the store, its effects' tasks and
/// ``StoreTask/cancel()`` can touch it from any thread without hopping onto the store. Every
/// transition returns the tasks to cancel and waiters to resume; the caller performs them after
/// the lock is released. Cancelling an ID is one hash lookup plus the records found there, never
/// a scan of everything running.
@usableFromInline final class EffectRegistry: Sendable {
  private let state: Locked<EffectRegistryState>
  /// Held by the store tree's executor for as long as it processes work on behalf of an effect
  /// (an action it sent, a concatenation's or a throttle's start): ``cancel(_:transitively:)``
  /// takes it to wait until such work of an effect it cancelled has ended (see
  /// ``withDelivery(for:_:)``). Never taken while `state` is held.
  private let deliveryGate = Locked<Void>(())
  /// The record every send origin hangs from; it never finishes, so cancelling it transitively
  /// cancels everything the store ever started.
  let root: EffectRecord
  /// Where the store tree's trace events go; `nil` when it is not traced.
  @usableFromInline let tracer: StoreTracer?

  init(tracer: StoreTracer? = nil) {
    let root = EffectRecord(origin: nil, label: "store")
    self.root = root
    self.tracer = tracer
    state = Locked(EffectRegistryState(tracer: tracer, root: root))
  }

  /// Opens `record`, the task record of a send's first effect (a top-level `.run`, cancellable
  /// or not), right below the root, where it stands for the send's origin as well: a send that
  /// starts one effect makes one record, not two. The origin's number is skipped, so that effects
  /// are numbered as if it had been opened.
  /// - Parameters:
  ///   - keys: Where the record is registered.
  ///   - replacesGroup: See ``open(_:under:spawned:keys:isTask:replacesGroup:)``.
  /// - Returns: The number the origin takes if ``interpose(_:above:serial:)`` makes it later.
  @usableFromInline
  func openStandingForSendOrigin(_ record: EffectRecord, keys: EffectKeys, replacesGroup: Bool) -> UInt64 {
    state.withLock { state in
      let originSerial = state.nextSerial
      state.nextSerial += 1
      state.open(record, under: root, spawned: true, keys: keys, isTask: true, replacesGroup: replacesGroup)
      return originSerial
    }
  }

  /// Puts `origin` in the place of `record`, which stood for the send's origin, and moves `record`
  /// below it: the tree is then the one opening the origin first would have built.
  /// - Parameter serial: The origin's number, from
  ///   ``openStandingForSendOrigin(_:keys:replacesGroup:)``.
  @usableFromInline
  func interpose(_ origin: EffectRecord, above record: EffectRecord, serial: UInt64) {
    state.withLock { $0.interpose(origin, above: record, serial: serial) }
  }

  /// Adds `record` below `parent`, registered under `keys`. The record starts with one unit of
  /// activity (its task, or the launcher's hold) that ``endActivity(of:)`` releases.
  /// - Parameter replacesGroup: Whether the record stands for a `cancellable` group and the
  ///   task below it (see ``EffectRegistryState/open(_:under:spawned:keys:isTask:replacesGroup:)``).
  @usableFromInline
  func open(
    _ record: EffectRecord, under parent: EffectRecord, spawned: Bool, keys: EffectKeys, isTask: Bool,
    replacesGroup: Bool = false
  ) {
    state.withLock {
      $0.open(record, under: parent, spawned: spawned, keys: keys, isTask: isTask, replacesGroup: replacesGroup)
    }
  }

  /// Stores the task running `record`; cancels it at once if the record was cancelled already.
  @usableFromInline func attach(_ task: EffectTask, to record: EffectRecord) {
    let cancelNow = state.withLock { state -> Bool in
      if record.isCancelled { return true }
      if !record.isStructurallyFinished { record.task = task }
      return false
    }
    if cancelNow { task.cancel() }
  }

  /// Releases the activity `record` was opened with (its task ended, or its launcher is done).
  @usableFromInline
  func endActivity(of record: EffectRecord, isTask: Bool = false) {
    state.withLock { $0.endActivity(of: record, isTask: isTask) }.perform()
  }

  /// Ends `record`, a task record about to start, if it was cancelled first: its work then never
  /// begins (a cancel in the batch that launched it, or of a pending concatenation item).
  /// - Returns: Whether it was cancelled, and is now ended.
  @usableFromInline
  func endIfCancelledBeforeStart(_ record: EffectRecord) -> Bool {
    let followUp = state.withLock { state -> RegistryFollowUp? in
      record.isCancelled ? state.endActivity(of: record, isTask: true) : nil
    }
    guard let followUp else { return false }
    followUp.perform()
    return true
  }

  /// The number trace events use for `record`'s effect.
  @usableFromInline func traceNumber(of record: EffectRecord) -> UInt64 { state.withLock { _ in record.serial } }

  /// Cancels everything registered under `key`: its records at once (they deliver nothing more),
  /// their tasks later, by the caller.
  /// - Parameter tasks: Where the tasks to cancel are appended.
  /// - Returns: Whether `key` was ever used in this store tree (as far as the bounded memory of
  ///   used keys tells).
  @usableFromInline @discardableResult
  func cancel(_ key: EffectKey, deferringTasksTo tasks: inout [EffectTask]) -> Bool {
    var known = false
    state.withLock { $0.cancel(key, known: &known) }.perform(deferringTaskCancelsTo: &tasks)
    return known
  }

  /// Cancels everything registered under `key` but `start` and the records it is part of (see
  /// ``EffectRegistryState/cancel(_:sparingEnclosing:)``), for a `cancelInFlight` launched below
  /// `start` (its tasks later, by the caller).
  /// - Parameter tasks: Where the tasks to cancel are appended.
  func cancel(_ key: EffectKey, sparingEnclosing start: EffectRecord, deferringTasksTo tasks: inout [EffectTask]) {
    state.withLock { $0.cancel(key, sparingEnclosing: start) }.perform(deferringTaskCancelsTo: &tasks)
  }

  /// Cancels everything registered under `key` but `spared`, a pending `concatenate` item's
  /// record starting now with `cancelInFlight` (their tasks later, by the caller); nothing if
  /// `spared` itself was cancelled meanwhile, since the item then never starts.
  /// - Parameter tasks: Where the tasks to cancel are appended.
  func cancel(_ key: EffectKey, sparing spared: EffectRecord, deferringTasksTo tasks: inout [EffectTask]) {
    state.withLock { $0.cancel(key, sparing: spared) }.perform(deferringTaskCancelsTo: &tasks)
  }

  /// Cancels everything registered under `id` in the scope `path`, the work of a `cancel(id:)`
  /// effect made at `site` (its tasks later, by the caller). An ID no effect of this store tree
  /// ever used there is not an error, as in TCA (features cancel a request before starting the
  /// first): it is only traced.
  /// - Parameter tasks: Where the tasks to cancel are appended.
  @usableFromInline
  func cancel(_ id: EffectID, path: ScopePath?, site: CallSite, deferringTasksTo tasks: inout [EffectTask]) {
    guard !cancel(EffectKey(kind: .id(id), path: path), deferringTasksTo: &tasks), let tracer else { return }
    tracer.emit(EffectTrace.unusedIDCancelled(id, path: path, site: site))
  }

  /// Reports `error`, thrown by `record`'s operation, which has no catch handler. Out of line,
  /// so that the message's code is not specialized into every feature's effect task.
  @usableFromInline func effectThrew(_ error: any Error, by record: EffectRecord) {
    reportIssue(
      """
      An effect\(record.origin.map { " started at \($0)" } ?? "") threw \(error) and has no \
      catch handler. Pass `catch:` to Effect.run to turn errors into actions.
      """)
  }

  /// Reports an action an effect of `record` sent after its store was released; it is dropped.
  /// From a running effect it is a warning: releasing a store whose effects still run is
  /// ordinary (a dismissed screen), though an effect that still sends ignored its cancellation.
  /// From a `Send` that escaped its finished effect it is an error, as any such send is.
  @usableFromInline func droppedAfterRelease(_ action: some Sendable, by record: EffectRecord) {
    tracer?.actionDropped(action, because: .storeReleased)
    let escaped = state.withLock { _ in record.isStructurallyFinished }
    let advice =
      escaped
      ? ""
      : " The effect was cancelled with its store: check Task.isCancelled, or use cancellable APIs, in effects that may outlive their store."
    reportIssue(
      """
      An effect\(record.origin.map { " started at \($0)" } ?? "") sent \(action) after its store was \
      released; the action was dropped.\(advice)
      """, severity: escaped ? .error : .warning)
  }

  /// Cancels every effect of the store tree because its root store was released: from then on,
  /// an action an effect sends is dropped with a diagnostic.
  func storeReleased() {
    state.withLock { state in
      state.isStoreReleased = true
      return state.cancel(root, transitively: true)
    }.perform()
  }

  /// Cancels `record` and its sub-effects; with `transitively`, also every effect started by
  /// actions they sent.
  ///
  /// With `waitingForDelivery`, the cancel is final when it returns: if the store tree's executor
  /// is, on another thread, processing an action one of the cancelled effects sent, this waits
  /// until that batch has ended. Every later action of theirs is refused (see
  /// ``withDelivery(for:_:)``), so none is reduced after the return. A cancel made on the thread
  /// running that batch (from the reducer) does not wait: the batch is its caller.
  func cancel(_ record: EffectRecord, transitively: Bool, waitingForDelivery: Bool = false) {
    let thread = waitingForDelivery ? currentThreadID() : 0
    var mustWait = false
    state.withLock { state in
      let followUp = state.cancel(record, transitively: transitively)
      if waitingForDelivery, let delivery = state.delivery {
        mustWait = delivery.record.isCancelled && delivery.thread != thread
      }
      return followUp
    }.perform()
    if mustWait { deliveryGate.withLock { _ in } }
  }

  /// Runs `body`, work the store tree's executor does on behalf of `record`'s effect, as one
  /// delivery: unless the action is refused, a ``cancel(_:transitively:waitingForDelivery:)``
  /// that cancels `record` on another thread meanwhile returns only once `body` has.
  ///
  /// The refusal is decided and the delivery registered in one critical section, so for every
  /// cancel either the refusal sees it (the work is refused) or the cancel sees the delivery
  /// (and waits for it).
  /// - Parameters:
  ///   - record: The effect the work is done for.
  ///   - body: The work, handed why it is refused, or `nil` when it goes ahead as usual.
  @usableFromInline
  func withDelivery(for record: EffectRecord, _ body: (Refusal?) -> Void) {
    let thread = currentThreadID()
    deliveryGate.withLock { _ in
      let refusal = state.withLock { state -> Refusal? in
        let refusal = state.refusal(of: record)
        if refusal == nil { state.delivery = EffectDelivery(record: record, thread: thread) }
        return refusal
      }
      body(refusal)
      if refusal == nil { state.withLock { $0.delivery = nil } }
    }
  }

  func isCancelled(_ record: EffectRecord) -> Bool { state.withLock { _ in record.isCancelled } }

  /// Whether the send `record` tracks (its origin, or the task record standing for it) was
  /// cancelled as a whole: by its `StoreTask`, or with the store. A cancel by ID of the effect
  /// standing for the origin does not count.
  func isCancelledAsSend(_ record: EffectRecord) -> Bool {
    state.withLock { _ in record.isCancelledAsSend || root.isCancelled }
  }

  /// Whether the root store was released.
  @usableFromInline var isStoreReleased: Bool { state.withLock { $0.isStoreReleased } }

  /// Why an effect's action is not processed as usual.
  @usableFromInline enum Refusal {
    /// The root store was released: the action is dropped, with a diagnostic.
    case storeReleased
    /// The effect was cancelled: the action is dropped.
    case cancelled
    /// The effect had finished (its `Send` escaped it): the action is processed as a send.
    case afterFinish
  }

  // The waits are `nonisolated(nonsending)`, and the one `StoreTask.finish()` makes is inlined
  // into it: every function boundary of a plain `nonisolated async` function is an executor
  // switch, a runtime call even when it stays put.

  /// Suspends until `record`'s own work and its sub-effects are done.
  nonisolated(nonsending) func waitUntilStructurallyFinished(_ record: EffectRecord) async {
    await wait(for: record, transitively: false)
  }

  /// Suspends until `record` and everything started from it, transitively, is done.
  @inline(__always) nonisolated(nonsending) func waitUntilTransitivelyFinished(_ record: EffectRecord) async {
    await wait(for: record, transitively: true)
  }

  @inline(__always) nonisolated(nonsending) private func wait(for record: EffectRecord, transitively: Bool) async {
    await withUnsafeContinuation { continuation in
      let isDone = state.withLock { _ -> Bool in
        if transitively ? record.isTransitivelyFinished : record.isStructurallyFinished { return true }
        if transitively {
          record.transitiveWaiters.append(continuation)
        } else {
          record.structuralWaiters.append(continuation)
        }
        return false
      }
      if isDone { continuation.resume() }
    }
  }

  func isTransitivelyFinished(_ record: EffectRecord) -> Bool {
    state.withLock { _ in record.isTransitivelyFinished }
  }

  /// Runs a throttle rule against its memory under the lock.
  /// - Parameters:
  ///   - rule: The throttle's rule.
  ///   - key: Where the throttle's memory is kept.
  ///   - pendingKey: `key.pendingKey`, computed once by the caller, which needs it too.
  func decideThrottle(_ rule: ThrottleRule, key: ThrottleKey, pendingKey: EffectKey) -> ThrottleDecision {
    state.withLock { state in
      let hasPending = state.index[pendingKey] != nil
      let decision = rule.decide(&state.throttles[key], hasPending)
      state.pruneThrottlesIfDue()
      return decision
    }
  }

  /// Whether a throttle's waiting start may begin (neither replaced nor cancelled); if so, the
  /// throttle's interval counts from now on.
  /// - Parameters:
  ///   - pending: The record of the waiting start.
  ///   - rule: The throttle's rule.
  ///   - key: Where the throttle's memory is kept.
  func beginThrottledStart(_ pending: EffectRecord, rule: ThrottleRule, key: ThrottleKey) -> Bool {
    state.withLock { $0.beginThrottledStart(pending, rule: rule, key: key) }
  }

  /// The number of effect tasks still running.
  var runningTaskCount: Int { state.withLock { $0.runningTasks } }

  /// The number of keys in the cancellation index.
  var indexedKeyCount: Int { state.withLock { $0.index.count } }

  /// The number of keys the cancellation index has room for.
  var indexCapacity: Int { state.withLock { $0.index.capacity } }

  /// The number of throttle IDs remembered.
  var throttleMemoryCount: Int { state.withLock { $0.throttles.count } }

  /// An estimate of the bytes the registry keeps for IDs between effects: the cancellation
  /// index, the throttle memory and the bounded set of used keys, counted by slot capacity plus
  /// a generous allowance for each entry's out-of-line boxes (IDs, a throttle's window).
  var retainedKeyByteEstimate: Int {
    state.withLock { state in
      let boxAllowance = 128
      let indexSlot = MemoryLayout<EffectKey>.stride + MemoryLayout<EffectRegistryState.Bucket>.stride
      let throttleSlot = MemoryLayout<ThrottleKey>.stride + MemoryLayout<(any ThrottleMemory)>.stride
      let seenSlot = MemoryLayout<EffectKey>.stride
      return state.index.capacity * indexSlot + state.index.count * boxAllowance
        + state.throttles.capacity * throttleSlot + state.throttles.count * boxAllowance
        + state.seenKeys.capacity * seenSlot + state.seenKeys.count * boxAllowance
    }
  }

  /// A description of each effect task still running, for diagnostics.
  var runningEffectDescriptions: [String] { runningEffects(under: root).map(\.description) }

  /// Each effect task still running in `top`'s subtree (`top` included): everything a send
  /// started, transitively, when `top` is its record. Its number (unique in this registry, never
  /// reused) identifies it across calls; the description names where it started, for diagnostics.
  func runningEffects(under top: EffectRecord) -> [(serial: UInt64, description: String)] {
    state.withLock { _ in
      var running: [(serial: UInt64, description: String)] = []
      var stack = [top]
      while let record = stack.popLast() {
        if record.task != nil, !record.isStructurallyFinished {
          running.append((record.serial, record.diagnosticDescription))
        }
        var child = record.firstChild
        while let current = child {
          stack.append(current)
          child = current.nextSibling
        }
      }
      return running
    }
  }
}

extension EffectRegistry {
  /// Suspends until the records made up front for the `cancellable` and `scoped` nodes of a
  /// started `concatenate` item are structurally finished. The item's work runs below those
  /// records, which hang from the concatenation rather than from the item's own group, so the
  /// group finishing alone does not mean the item has.
  func waitUntilGatesFinished<Action>(in effect: Effect<Action>) async {
    switch effect.operation {
    case .gated(_, let record, _, _):
      // A gate nested in this one is one of its children: this wait covers it.
      await waitUntilStructurallyFinished(record)
    case .merge(let effects), .concatenate(let effects):
      for effect in effects { await waitUntilGatesFinished(in: effect) }
    case .none, .send, .run, .cancellable, .cancel, .scoped, .cancelScope, .throttled:
      break
    }
  }

  /// Releases the records made up front for the `cancellable` and `scoped` nodes of a
  /// `concatenate` item that will never start (its concatenation was cancelled or its store
  /// released), so that nothing waits on them.
  func releaseGates<Action>(in effect: Effect<Action>) {
    switch effect.operation {
    case .gated(let inner, let record, _, _):
      releaseGates(in: inner)
      endActivity(of: record)
    case .merge(let effects), .concatenate(let effects):
      for effect in effects { releaseGates(in: effect) }
    case .none, .send, .run, .cancellable, .cancel, .scoped, .cancelScope, .throttled:
      break
    }
  }
}

/// Work the store tree's executor is doing for an effect, between the refusal check and the
/// end of the batch (see ``EffectRegistry/withDelivery(for:_:)``).
struct EffectDelivery {
  /// The effect the work is for.
  let record: EffectRecord
  /// The thread doing it: a cancel made there is part of the work, and must not wait for it.
  let thread: UInt
}

/// Work a registry transition leaves for the caller, done outside the lock.
struct RegistryFollowUp: ~Copyable {
  /// The first task to cancel, kept inline: cancelling one ID usually stops one task, and an
  /// array would cost an allocation per cancel.
  private var firstTaskToCancel: EffectTask?
  private var moreTasksToCancel: [EffectTask] = []
  private var waitersToResume = EffectWaiters()

  /// Resumes `waiters` once the lock is released, leaving them empty.
  mutating func resumeLater(_ waiters: inout EffectWaiters) { waitersToResume.take(&waiters) }

  /// Cancels `task` once the lock is released.
  mutating func cancelLater(_ task: EffectTask) {
    if firstTaskToCancel == nil { firstTaskToCancel = task } else { moreTasksToCancel.append(task) }
  }

  consuming func perform() {
    firstTaskToCancel?.cancel()
    for task in moreTasksToCancel { task.cancel() }
    waitersToResume.resumeAll()
  }

  /// Resumes the waiters, and leaves the tasks to cancel in `tasks` for the caller.
  consuming func perform(deferringTaskCancelsTo tasks: inout [EffectTask]) {
    if let firstTaskToCancel { tasks.append(firstTaskToCancel) }
    tasks += moreTasksToCancel
    waitersToResume.resumeAll()
  }
}

/// The registry's state; every record field is touched only here, under the mutex.
struct EffectRegistryState: ~Copyable {
  /// Records in flight, by key. One record is the common case and costs no dictionary.
  enum Bucket {
    case one(EffectRecord)
    case many([ObjectIdentifier: EffectRecord])
  }

  /// Keys remembered so that cancelling a never-used ID can be diagnosed; bounded so that an
  /// app cycling through unique IDs does not grow without limit.
  static let seenKeyCapacity = 4_096

  var index: [EffectKey: Bucket] = [:]
  var seenKeys: Set<EffectKey> = []
  /// Each throttle ID's current interval. Entries outlive their effects, so they are swept once
  /// the table has doubled since the last sweep: the table stays within twice the IDs throttled
  /// within their interval (or ``throttleSweepMinimum``), at amortised constant cost per call.
  var throttles: [ThrottleKey: any ThrottleMemory] = [:]
  var throttleSweepThreshold = Self.throttleSweepMinimum
  static let throttleSweepMinimum = 256
  var runningTasks = 0
  var nextSerial: UInt64 = 0
  /// Whether the root store was released (see ``EffectRegistry/storeReleased()``).
  var isStoreReleased = false
  /// The work the store tree's executor is doing for an effect, if any (see
  /// ``EffectRegistry/withDelivery(for:_:)``).
  var delivery: EffectDelivery?
  /// Traces effect starts, cancellations and ends, which all happen in this state's
  /// transitions, so that the trace's order is the registry's.
  let tracer: StoreTracer?
  /// The registry's root: cancelling it means the store was released.
  let root: EffectRecord

  init(tracer: StoreTracer?, root: EffectRecord) {
    self.tracer = tracer
    self.root = root
  }

  /// Adds `record` below `parent`. With `replacesGroup`, the record is a `cancellable` group
  /// and its task in one (keys and task on the same node, which cancels, finishes and leaves the
  /// index exactly as the pair would); it takes both their serials, so that numbering (traces,
  /// cancel order) does not depend on which form the store chose.
  mutating func open(
    _ record: EffectRecord, under parent: EffectRecord, spawned: Bool, keys: EffectKeys, isTask: Bool,
    replacesGroup: Bool
  ) {
    link(record, under: parent, spawned: spawned)
    if replacesGroup { nextSerial += 1 }
    record.serial = nextSerial
    nextSerial += 1
    parent.openTransitive += 1
    if !spawned { parent.openStructural += 1 }
    if isTask {
      runningTasks += 1
      record.isTask = true
    }
    // A spawned record (started by an action the parent sent, accepted before any cancel)
    // inherits only a cancel of the parent's whole send: a cancel by ID stops the effect, not
    // what its last action started.
    if parent.isCancelled, !spawned || parent.cancelsSpawned {
      record.isCancelled = true
      record.cancelsSpawned = parent.cancelsSpawned
      if isTask, let tracer {
        tracer.emit(.effectStarted(EffectTrace.start(of: record)))
        tracer.emit(.effectCancelled(effect: record.serial, cause: .enclosingCancelled))
      }
      return
    }
    record.keys = keys
    for key in keys {
      insert(record, at: key)
      if seenKeys.count < Self.seenKeyCapacity { seenKeys.insert(key) }
    }
    if isTask, let tracer { tracer.emit(.effectStarted(EffectTrace.start(of: record))) }
  }

  /// Why an action sent by `record`'s effect is not to be processed as usual, or `nil` when it is.
  func refusal(of record: EffectRecord) -> EffectRegistry.Refusal? {
    if isStoreReleased { return .storeReleased }
    if record.isCancelled { return .cancelled }
    if record.isStructurallyFinished { return .afterFinish }
    return nil
  }

  /// See ``EffectRegistry/interpose(_:above:serial:)``. `record` was opened below the root,
  /// spawned, in this batch: its task has not started, so nothing hangs below it yet.
  mutating func interpose(_ origin: EffectRecord, above record: EffectRecord, serial: UInt64) {
    unlink(record, from: root)
    origin.serial = serial
    origin.isCancelled = root.isCancelled
    // The root counts `record` once, as spawned; `origin` takes that count over.
    link(origin, under: root, spawned: true)
    link(record, under: origin, spawned: false)
    origin.openStructural += 1
    origin.openTransitive += 1
  }

  mutating func endActivity(of record: EffectRecord, isTask: Bool) -> RegistryFollowUp {
    if isTask {
      runningTasks -= 1
      tracer?.emit(.effectFinished(effect: record.serial))
    }
    record.task = nil
    record.openStructural -= 1
    record.openTransitive -= 1
    var followUp = RegistryFollowUp()
    var next: EffectRecord? = record
    while let current = next {
      next = nil
      var parentChanged = false
      if !current.isStructurallyFinished, current.openStructural == 0 {
        current.isStructurallyFinished = true
        unregister(current)
        followUp.resumeLater(&current.structuralWaiters)
        if let parent = current.parent, !current.isSpawned {
          parent.openStructural -= 1
          parentChanged = true
        }
      }
      if !current.isTransitivelyFinished, current.openTransitive == 0 {
        current.isTransitivelyFinished = true
        followUp.resumeLater(&current.transitiveWaiters)
        if let parent = current.parent {
          unlink(current, from: parent)
          parent.openTransitive -= 1
          parentChanged = true
        }
      }
      if parentChanged { next = current.parent }
      if current.isTransitivelyFinished { current.parent = nil }
    }
    return followUp
  }

  mutating func cancel(_ key: EffectKey, known: inout Bool) -> RegistryFollowUp {
    var followUp = RegistryFollowUp()
    guard let bucket = index.removeValue(forKey: key) else {
      known = seenKeys.count >= Self.seenKeyCapacity || seenKeys.contains(key)
      return followUp
    }
    known = true
    shrinkIndexIfSparse()
    let cause = tracer.map { _ in EffectTrace.cause(of: key) }
    switch bucket {
    case .one(let record):
      forgetRemovedKey(of: record)
      cancel(record, transitively: false, cause: cause, into: &followUp)
    case .many(let records):
      for record in records.values.sorted(by: { $0.serial < $1.serial }) {
        forgetRemovedKey(of: record)
        cancel(record, transitively: false, cause: cause, into: &followUp)
      }
    }
    return followUp
  }

  /// See ``EffectRegistry/cancel(_:sparing:deferringTasksTo:)``.
  mutating func cancel(_ key: EffectKey, sparing spared: EffectRecord) -> RegistryFollowUp {
    guard !spared.isCancelled else { return RegistryFollowUp() }
    return cancel(key, sparingEnclosing: spared)
  }

  /// Cancels everything registered under `key` except `start` and the records it is part of,
  /// up to the effect that started it: a `cancelInFlight` cancels the effects already in flight
  /// under its ID, never the one it belongs to (an effect wrapped twice in
  /// `cancellable(id: x, cancelInFlight: true)` runs once). An effect whose action started
  /// `start` is not spared: it is a previous effect under the ID.
  mutating func cancel(_ key: EffectKey, sparingEnclosing start: EffectRecord) -> RegistryFollowUp {
    var spared: [EffectRecord] = []
    var next: EffectRecord? = start
    while let current = next {
      if current.keys.contains(key) {
        Self.remove(current, from: &index[key])
        spared.append(current)
      }
      next = current.isSpawned ? nil : current.parent
    }
    var known = false
    let followUp = cancel(key, known: &known)
    for record in spared { Self.add(record, to: &index[key]) }
    return followUp
  }

  /// Forgets the key of `record`, found in a bucket just removed from the index, if it is the
  /// record's only key: a record with one key is only ever in that key's bucket, so unregistering
  /// it needs no second lookup.
  private func forgetRemovedKey(of record: EffectRecord) {
    if case .one = record.keys.storage { record.keys = .none }
  }

  /// Cancels `record` and its sub-effects: the root when the store is released, otherwise a
  /// send's origin for its ``StoreTask``.
  mutating func cancel(_ record: EffectRecord, transitively: Bool) -> RegistryFollowUp {
    record.isCancelledAsSend = true
    var followUp = RegistryFollowUp()
    let cause: StoreTraceEvent.CancellationCause? = tracer.map { _ in record === root ? .storeReleased : .storeTask }
    cancel(record, transitively: transitively, cause: cause, into: &followUp)
    return followUp
  }

  /// `cause` is `nil` when the store is not traced.
  private mutating func cancel(
    _ record: EffectRecord, transitively: Bool, cause: StoreTraceEvent.CancellationCause?,
    into followUp: inout RegistryFollowUp
  ) {
    // A record without children (most cancelled effects) needs no stack to allocate.
    var stack: [EffectRecord] = []
    var first: EffectRecord? = record
    while let current = first ?? stack.popLast() {
      first = nil
      if transitively { current.cancelsSpawned = true }
      if !current.isCancelled {
        current.isCancelled = true
        unregister(current)
        if let task = current.task { followUp.cancelLater(task) }
        if let cause, current.isTask, !current.isStructurallyFinished {
          tracer?.emit(.effectCancelled(effect: current.serial, cause: cause))
        }
      }
      var child = current.firstChild
      while let next = child {
        if transitively || !next.isSpawned { stack.append(next) }
        child = next.nextSibling
      }
    }
  }

  /// See ``EffectRegistry/beginThrottledStart(_:rule:key:)``. The waiting start leaves the
  /// index at once, not when its task ends: from now on nothing waits, even for an action the
  /// starting effect sends in the same batch.
  mutating func beginThrottledStart(_ pending: EffectRecord, rule: ThrottleRule, key: ThrottleKey) -> Bool {
    guard !pending.isCancelled else { return false }
    unregister(pending)
    rule.started(&throttles[key])
    return true
  }

  /// Forgets every throttle whose interval has passed and that has no start waiting, once the
  /// table has reached the sweep threshold. `filter` builds a new table, so capacity shrinks too.
  mutating func pruneThrottlesIfDue() {
    guard throttles.count >= throttleSweepThreshold else { return }
    throttles = throttles.filter { key, memory in !memory.intervalHasPassed || index[key.pendingKey] != nil }
    throttleSweepThreshold = max(Self.throttleSweepMinimum, 2 * throttles.count)
  }

  // Both edit a bucket through the dictionary's modify accessor: one hash probe per key, where a
  // read followed by a write takes two.
  private mutating func insert(_ record: EffectRecord, at key: EffectKey) {
    Self.add(record, to: &index[key])
  }

  private mutating func unregister(_ record: EffectRecord) {
    if case .none = record.keys.storage { return }
    for key in record.keys { Self.remove(record, from: &index[key]) }
    record.keys = .none
    shrinkIndexIfSparse()
  }

  /// The index's room (in keys) below which it is never rebuilt smaller.
  static let indexShrinkMinimum = 1_024

  /// Rebuilds the index with room for twice its keys once it fills less than an eighth of its
  /// room, so that a burst of concurrent cancellable effects does not keep its peak memory for
  /// the store's life. Rebuilding copies the keys kept, fewer than a third of those removed
  /// since the index last had this room: constant amortised cost per removal.
  private mutating func shrinkIndexIfSparse() {
    let capacity = index.capacity
    guard capacity > Self.indexShrinkMinimum, index.count < capacity / 8 else { return }
    var smaller = [EffectKey: Bucket](minimumCapacity: 2 * index.count)
    for (key, bucket) in index { smaller[key] = bucket }
    index = smaller
  }

  private static func add(_ record: EffectRecord, to bucket: inout Bucket?) {
    switch bucket {
    case nil:
      bucket = .one(record)
    case .one(let existing):
      bucket = .many([ObjectIdentifier(existing): existing, ObjectIdentifier(record): record])
    case .many(var records):
      // Emptied first, so that `records` is the only reference and is edited without a copy.
      bucket = nil
      records[ObjectIdentifier(record)] = record
      bucket = .many(records)
    }
  }

  private static func remove(_ record: EffectRecord, from bucket: inout Bucket?) {
    switch bucket {
    case .one(let existing) where existing === record:
      bucket = nil
    case .many(var records):
      bucket = nil
      records[ObjectIdentifier(record)] = nil
      if records.count == 1, let last = records.values.first {
        bucket = .one(last)
      } else if !records.isEmpty {
        bucket = .many(records)
      }
    default:
      break
    }
  }

  /// Makes `record` the first child of `parent`, structural or spawned; counts nothing.
  private func link(_ record: EffectRecord, under parent: EffectRecord, spawned: Bool) {
    record.parent = parent
    record.isSpawned = spawned
    record.nextSibling = parent.firstChild
    parent.firstChild?.previousSibling = record
    parent.firstChild = record
  }

  private func unlink(_ record: EffectRecord, from parent: EffectRecord) {
    if parent.firstChild === record { parent.firstChild = record.nextSibling }
    record.previousSibling?.nextSibling = record.nextSibling
    record.nextSibling?.previousSibling = record.previousSibling
    record.previousSibling = nil
    record.nextSibling = nil
  }
}
