import Synchronization

/// A store tree's in-flight effects: an ``EffectRegistryState`` under one lock.
///
/// The store, its effects' tasks and `StoreTask.cancel()` reach it from any thread without
/// hopping onto the store. Each method runs one transition of the state under the lock and
/// performs what the transition returns (tasks to cancel, waiters to resume) after releasing it.
/// Cancelling an ID is one hash lookup plus the nodes found there, never a scan of everything
/// running.
@usableFromInline final class EffectRegistry: Sendable {
  @usableFromInline let state: Locked<EffectRegistryState>
  /// The number of the latest delivery that ended (see ``withDelivery(for:_:)``): written on the
  /// store tree's executor as each one ends, read by an awaited cancel (``cancelAwaitingDelivery(_:)``).
  let endedDelivery = Atomic<UInt64>(0)
  /// Whether an awaited cancel waits for a delivery to end. A delivery's end tests it and takes
  /// the lock only when it is set; an awaited cancel sets it before it checks `endedDelivery`
  /// once more, both sequentially consistent, so that one of the two sees the other.
  let hasDeliveryWaiters = Atomic<Bool>(false)
  /// The record of the root node, which every send origin hangs from.
  let root: EffectRecord
  /// Where the store tree's trace events go; `nil` when it is not traced.
  let tracer: StoreTracer?

  init(tracer: StoreTracer? = nil) {
    let root = EffectRecord(node: EffectRegistryState.rootID, origin: nil, label: "store", startedBy: nil)
    self.root = root
    self.tracer = tracer
    state = Locked(EffectRegistryState(tracer: tracer, root: root))
  }

  // MARK: Opening

  /// Opens a node below `parent`, registered under `keys`, with the record `make` builds for it.
  /// The node starts with one unit of activity (its task, or the launcher's hold) that
  /// ``endActivity(of:isTask:)`` releases.
  /// - Parameters:
  ///   - spawned: Whether the node was started by an action `parent`'s effect sent.
  ///   - isTask: Whether the node runs a task of its own.
  ///   - replacesGroup: See ``EffectRegistryState/reserve(replacesGroup:)``.
  ///   - make: Builds the node's record, given its ID; called under the lock.
  @inlinable
  func open<Record: EffectRecord>(
    under parent: EffectNodeID, spawned: Bool, keys: TinyArray<EffectKey> = TinyArray(), isTask: Bool,
    replacesGroup: Bool = false, record make: (EffectNodeID) -> Record
  ) -> Record {
    state.withLock { state in
      let id = state.reserve(replacesGroup: replacesGroup)
      let record = make(id)
      state.open(id, record: record, under: parent, spawned: spawned, keys: keys, isTask: isTask)
      return record
    }
  }

  /// Opens a group node (no task, no record) below `parent`, registered under `keys`, held by
  /// its launcher until ``endActivity(of:isTask:)``.
  func openGroup(under parent: EffectNodeID, spawned: Bool, keys: TinyArray<EffectKey>) -> EffectNodeID {
    state.withLock { state in
      let id = state.reserve()
      state.open(id, record: nil, under: parent, spawned: spawned, keys: keys, isTask: false)
      return id
    }
  }

  /// Opens the task node of a send's first effect (a top-level `.run`, cancellable or not)
  /// standing for the send's origin as well (see ``EffectRegistryState/reserveOriginSerial()``).
  /// - Returns: The record, and the number the origin takes if ``interpose(originSerial:above:)``
  ///   makes it later.
  @inlinable
  func openStandingForSendOrigin<Record: EffectRecord>(
    keys: TinyArray<EffectKey>, replacesGroup: Bool, record make: (EffectNodeID) -> Record
  ) -> (Record, originSerial: UInt64) {
    state.withLock { state in
      let originSerial = state.reserveOriginSerial()
      let id = state.reserve(replacesGroup: replacesGroup)
      let record = make(id)
      state.open(id, record: record, under: EffectRegistryState.rootID, spawned: true, keys: keys, isTask: true)
      return (record, originSerial)
    }
  }

  /// Opens the send's origin in the place of `standIn`, the node that stood for it, and moves
  /// `standIn` below it.
  /// - Parameter originSerial: From ``openStandingForSendOrigin(keys:replacesGroup:record:)``.
  /// - Returns: The origin's record.
  func interpose(originSerial: UInt64, above standIn: EffectNodeID) -> EffectRecord {
    state.withLock { $0.interpose(serial: originSerial, above: standIn) }
  }

  /// Opens a send's origin below the root.
  func openSendOrigin() -> EffectRecord {
    open(under: EffectRegistryState.rootID, spawned: true, isTask: false, record: EffectRecord.sendOrigin)
  }

  /// Stores the task running `node`; cancels it at once if the node was cancelled already.
  @usableFromInline func attach(_ task: EffectTask, to node: EffectNodeID) {
    if state.withLock({ $0.attach(task, to: node) }) { task.cancel() }
  }

  /// Releases the activity `node` was opened with (its task ended, or its launcher is done).
  @usableFromInline
  func endActivity(of node: EffectNodeID, isTask: Bool = false) {
    state.withLock { $0.endActivity(of: node, isTask: isTask) }.perform()
  }

  /// Ends `node`, a task node about to start, if it was cancelled first: its work then never
  /// begins (a cancel in the batch that launched it, or of a pending concatenation item).
  /// - Returns: Whether it was cancelled, and is now ended.
  @usableFromInline
  func endIfCancelledBeforeStart(_ node: EffectNodeID) -> Bool {
    let followUp = state.withLock { state -> RegistryFollowUp? in
      state.flags(of: node).contains(.cancelled) ? state.endActivity(of: node, isTask: true) : nil
    }
    guard let followUp else { return false }
    followUp.perform()
    return true
  }

  // MARK: Cancelling

  /// Cancels everything registered under `key`: its nodes at once (they deliver nothing more),
  /// their tasks later, by the caller.
  /// - Parameter tasks: Where the tasks to cancel are appended.
  /// - Returns: Whether `key` was ever used in this store tree (as far as the bounded memory of
  ///   used keys tells).
  @discardableResult
  func cancel(_ key: EffectKey, deferringTasksTo tasks: inout [EffectTask]) -> Bool {
    var known = false
    state.withLock { $0.cancel(key, known: &known) }.perform(deferringTaskCancelsTo: &tasks)
    return known
  }

  /// Cancels everything registered under `key` but `start` and the nodes it is part of (see
  /// ``EffectRegistryState/cancel(_:sparingEnclosing:)``), for a `cancelInFlight` launched below
  /// `start` (its tasks later, by the caller).
  func cancel(_ key: EffectKey, sparingEnclosing start: EffectNodeID, deferringTasksTo tasks: inout [EffectTask]) {
    state.withLock { $0.cancel(key, sparingEnclosing: start) }.perform(deferringTaskCancelsTo: &tasks)
  }

  /// Cancels everything registered under `key` but `spared` (see
  /// ``EffectRegistryState/cancel(_:sparing:)``), its tasks later, by the caller.
  func cancel(_ key: EffectKey, sparing spared: EffectNodeID, deferringTasksTo tasks: inout [EffectTask]) {
    state.withLock { $0.cancel(key, sparing: spared) }.perform(deferringTaskCancelsTo: &tasks)
  }

  /// Cancels everything registered under `id` in the scope `path`, the work of a `cancel(id:)`
  /// effect made at `site` (its tasks later, by the caller). An ID no effect of this store tree
  /// ever used there is not an error, as in TCA (features cancel a request before starting the
  /// first): it is only traced.
  /// - Parameter tasks: Where the tasks to cancel are appended.
  func cancel(_ id: EffectID, path: ScopePath?, site: CallSite, deferringTasksTo tasks: inout [EffectTask]) {
    guard !cancel(EffectKey(kind: .id(id), path: path), deferringTasksTo: &tasks), let tracer else { return }
    tracer.emit(EffectTrace.unusedIDCancelled(id, path: path, site: site))
  }

  /// Cancels every effect of the store tree because its root store was released: from then on,
  /// an action an effect sends is dropped with a diagnostic.
  func storeReleased() {
    state.withLock { $0.storeReleased(root: root) }.perform()
  }

  /// Cancels `record`'s node and its sub-effects; with `transitively`, also every effect started
  /// by actions they sent. Their tasks are cancelled and no action of theirs begins to be
  /// processed afterwards; never waits (see ``cancelAwaitingDelivery(_:)``).
  func cancel(_ record: EffectRecord, transitively: Bool) {
    state.withLock { $0.cancel(record, transitively: transitively) }.perform()
  }

  /// Cancels `record`'s node and everything started from it, transitively, and returns once the
  /// cancel is final: if the store tree's executor is, on another thread, processing an action
  /// one of the cancelled effects sent, this suspends until that delivery has ended (never longer
  /// than its batch). Every later action of theirs is refused, so none is reduced afterwards.
  nonisolated(nonsending) func cancelAwaitingDelivery(_ record: EffectRecord) async {
    var awaited: UInt64?
    state.withLock { state in
      let followUp = state.cancel(record, transitively: true)
      awaited = state.latestDeliveryOfCancelledEffect
      return followUp
    }.perform()
    guard let awaited, endedDelivery.load(ordering: .sequentiallyConsistent) < awaited else { return }
    // Resumed exactly once: here, if the delivery ended before the waiter was stored, after
    // taking it back out under the lock; else by the delivery's end, which takes it out under
    // the lock (`takeDeliveryWaiters`). Unchecked, as the registry's other waits (see `wait`).
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let ended = state.withLock { state -> Bool in
        state.deliveryWaiters.append((awaited, continuation))
        hasDeliveryWaiters.store(true, ordering: .sequentiallyConsistent)
        guard endedDelivery.load(ordering: .sequentiallyConsistent) >= awaited else { return false }
        state.deliveryWaiters.removeLast()
        if state.deliveryWaiters.isEmpty { hasDeliveryWaiters.store(false, ordering: .sequentiallyConsistent) }
        return true
      }
      if ended { continuation.resume() }
    }
  }

  /// Runs `body`, work the store tree's executor does on behalf of `record`'s effect, as one
  /// delivery: unless the action is refused, a ``cancelAwaitingDelivery(_:)`` that cancels
  /// `record` meanwhile returns only once `body` has.
  ///
  /// The refusal is decided and the delivery numbered in one critical section, so for every
  /// cancel either the refusal sees it (the work is refused) or the cancel sees the delivery (and
  /// an awaited cancel waits for its end). No lock is held while `body` runs.
  /// - Parameters:
  ///   - record: The effect the work is done for.
  ///   - body: The work, handed why it is refused, or `nil` when it goes ahead as usual.
  // Always inlined, so that `body` runs in its caller's frame.
  @inlinable @inline(__always)
  func withDelivery(for record: EffectRecord, _ body: (Refusal?) -> Void) {
    let (refusal, number) = state.withLock { $0.beginDelivery(for: record) }
    body(refusal)
    if refusal == nil { endDelivery(number) }
  }

  /// Marks the delivery `number` ended, and resumes the awaited cancels waiting for it.
  @usableFromInline func endDelivery(_ number: UInt64) {
    endedDelivery.store(number, ordering: .sequentiallyConsistent)
    guard hasDeliveryWaiters.load(ordering: .sequentiallyConsistent) else { return }
    let waiters = state.withLock { state in
      let waiters = state.takeDeliveryWaiters(upTo: number)
      if state.deliveryWaiters.isEmpty { hasDeliveryWaiters.store(false, ordering: .sequentiallyConsistent) }
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Why an effect's action is not processed as usual.
  @usableFromInline enum Refusal {
    /// The root store was released: the action is dropped, with a diagnostic.
    case storeReleased
    /// The effect was cancelled: the action is dropped.
    case cancelled
    /// The effect had finished (its `Send` escaped it): the action is processed as a send.
    case afterFinish
  }

  // MARK: Queries

  /// Whether `record`'s node was cancelled. Reads the record's status: no lock.
  func isCancelled(_ record: EffectRecord) -> Bool {
    record.currentStatus.contains(.cancelled)
  }

  /// Whether the group `node`, still held by its launcher, was cancelled.
  func isCancelled(_ node: EffectNodeID) -> Bool { state.withLock { $0.flags(of: node).contains(.cancelled) } }

  /// Whether the send `record` tracks (its origin, or the task node standing for it) was
  /// cancelled as a whole: by its `StoreTask`, or with the store. A cancel by ID of the effect
  /// standing for the origin does not count.
  func isCancelledAsSend(_ record: EffectRecord) -> Bool {
    record.currentStatus.contains(.cancelledAsSend) || root.currentStatus.contains(.cancelled)
  }

  /// Whether `record`'s node and everything started from it, transitively, is done.
  func isTransitivelyFinished(_ record: EffectRecord) -> Bool { record.currentStatus.contains(.finished) }

  /// Whether the root store was released.
  var isStoreReleased: Bool { state.withLock { $0.isStoreReleased } }

  // MARK: Waiting

  // The waits are `nonisolated(nonsending)`, and the one `StoreTask.finish()` makes is inlined
  // into it: every function boundary of a plain `nonisolated async` function is an executor
  // switch.

  /// Suspends until `node`'s own work and its sub-effects are done.
  nonisolated(nonsending) func waitUntilStructurallyFinished(_ node: EffectNodeID) async {
    await wait(for: node, transitively: false)
  }

  /// Suspends until `node` and everything started from it, transitively, is done.
  @inline(__always) nonisolated(nonsending) func waitUntilTransitivelyFinished(_ node: EffectNodeID) async {
    await wait(for: node, transitively: true)
  }

  @inline(__always) nonisolated(nonsending) private func wait(for node: EffectNodeID, transitively: Bool) async {
    // Resumed exactly once: here when the node has already ended (`wait` stored nothing), else by
    // whoever ends it, who takes the waiter out of the node under the lock. Unchecked: a checked
    // continuation costs the round trip 1 allocation and 13 retains + releases more
    // (Docs/Stress-and-Benchmarks.md, "Unchecked continuations").
    await withUnsafeContinuation { continuation in
      if state.withLock({ $0.wait(continuation, for: node, transitively: transitively) }) { continuation.resume() }
    }
  }

  // MARK: Throttles

  /// Runs a throttle rule against its memory under the lock.
  /// - Parameters:
  ///   - rule: The throttle's rule.
  ///   - key: Where the throttle's memory is kept.
  ///   - pendingKey: `key.pendingKey`, computed once by the caller, which needs it too.
  func decideThrottle(_ rule: ThrottleRule, key: ThrottleKey, pendingKey: EffectKey) -> ThrottleDecision {
    state.withLock { $0.decideThrottle(rule, key: key, pendingKey: pendingKey) }
  }

  /// Whether a throttle's waiting start may begin (neither replaced nor cancelled); if so, the
  /// throttle's interval counts from now on.
  /// - Parameters:
  ///   - pending: The node of the waiting start.
  ///   - rule: The throttle's rule.
  ///   - key: Where the throttle's memory is kept.
  func beginThrottledStart(_ pending: EffectNodeID, rule: ThrottleRule, key: ThrottleKey) -> Bool {
    state.withLock { $0.beginThrottledStart(pending, rule: rule, key: key) }
  }

  // MARK: Diagnostics

  /// Reports `error`, thrown by `record`'s operation, which has no catch handler. Out of line,
  /// so that the message's code is not specialized into every feature's effect task.
  func effectThrew(_ error: any Error, by record: EffectRecord) {
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
  func droppedAfterRelease(_ action: some Sendable, by record: EffectRecord) {
    tracer?.actionDropped(action, because: .storeReleased)
    let escaped = state.withLock { state in
      !state.isLive(record.node) || state.flags(of: record.node).contains(.structurallyFinished)
    }
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

  /// Each effect task still running in the subtree of `top`'s node (`top` included): everything
  /// a send started, transitively, when `top` is its record.
  func runningEffects(under top: EffectRecord) -> [(serial: UInt64, description: String)] {
    state.withLock { $0.runningEffects(under: top.node) }
  }
}

/// The latest work the store tree's executor began for an effect, in progress or ended (see
/// ``EffectRegistry/withDelivery(for:_:)``). Names the node, not its record, so that it keeps
/// nothing of the effect alive after the work.
@usableFromInline struct EffectDelivery {
  /// The effect the work is for.
  let node: EffectNodeID
  /// The delivery's number: deliveries are numbered from 1 as they begin, one at a time on the
  /// store tree's executor.
  let number: UInt64
}
