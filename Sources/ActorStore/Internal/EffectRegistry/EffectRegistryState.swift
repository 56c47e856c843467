/// A store tree's effect bookkeeping as a value: the effect tree (nodes in a table, linked by
/// slot), the cancellation index, and the throttles' memory.
///
/// Each event is a mutating method. Work it leaves for outside the lock (tasks to cancel,
/// waiters to resume) comes back as a ``RegistryFollowUp``; ``EffectRegistry`` holds the state
/// under its lock and performs the follow-ups after releasing it. The only references a
/// transition touches besides its own storage are the nodes' ``EffectRecord``s, which it tells
/// of outcomes (an atomic write), and the tracer.
///
/// Invariants:
/// - A node's slot is freed exactly when it finishes transitively; its parent then no longer
///   links to it.
/// - A node is in the index under each of its `keys` until it finishes structurally or is
///   cancelled, and under no other key.
/// - `openStructural` counts the node's own open unit (its task or its launcher's hold) and its
///   structural children not yet structurally finished; `openTransitive` counts the own unit and
///   every child not yet transitively finished.
@usableFromInline struct EffectRegistryState: ~Copyable {
  /// Nodes in flight under one key. One node is the common case and costs no set.
  enum Bucket {
    case one(EffectNodeID)
    case many(Set<EffectNodeID>)
  }

  /// Keys remembered so that cancelling a never-used ID can be diagnosed; bounded so that an
  /// app cycling through unique IDs does not grow without limit.
  static let seenKeyCapacity = 4_096
  /// The root's slot: the node every send origin hangs from. It never finishes, so cancelling it
  /// transitively cancels everything the store ever started.
  static let rootSlot: UInt32 = 0

  var nodes: [EffectNode]
  /// The free slots, reused last freed first; may also hold slots removed from the table or
  /// reused since, which are skipped (see `free(_:)`).
  var freeSlots: [UInt32] = []
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
  /// The latest work the store tree's executor began for an effect, if any, in progress or
  /// ended (see ``EffectRegistry/withDelivery(for:_:)``).
  var delivery: EffectDelivery?
  /// Awaited cancels waiting for the delivery numbered `number` to end.
  var deliveryWaiters: [(number: UInt64, continuation: UnsafeContinuation<Void, Never>)] = []
  /// Traces effect starts, cancellations and ends, which all happen in this state's
  /// transitions, so that the trace's order is the registry's.
  let tracer: StoreTracer?

  /// Creates the state of an empty tree.
  /// - Parameters:
  ///   - tracer: Where effect events go, if traced.
  ///   - root: The record standing for the root node.
  init(tracer: StoreTracer?, root: EffectRecord) {
    self.tracer = tracer
    nodes = [EffectNode(serial: root.node.serial, flags: [], record: root)]
  }

  /// The root node's ID; its serial is never used by another node.
  @usableFromInline static let rootID = EffectNodeID(slot: rootSlot, serial: .max)

  /// Whether `id` names a node still in the table (not finished transitively).
  func isLive(_ id: EffectNodeID) -> Bool {
    Int(id.slot) < nodes.count && nodes[Int(id.slot)].serial == id.serial
      && !nodes[Int(id.slot)].flags.contains(.free)
  }

  /// The flags of the node `id` names, which must be live. (Fields are read one by one, never by
  /// copying a node out: a copy retains its references.)
  func flags(of id: EffectNodeID) -> EffectNode.Flags {
    assert(isLive(id), "stale effect node \(id)")
    return nodes[Int(id.slot)].flags
  }

  // MARK: Opening

  /// Takes the number and the slot of a node about to open (see
  /// ``open(_:record:under:spawned:keys:isTask:)``).
  /// - Parameter replacesGroup: Whether the node stands for a `cancellable` group and the task
  ///   below it (keys and task on the same node, which cancels, finishes and leaves the index
  ///   exactly as the pair would): it then takes both their numbers, so that numbering (traces,
  ///   cancel order) does not depend on which form the store chose.
  @usableFromInline mutating func reserve(replacesGroup: Bool = false) -> EffectNodeID {
    if replacesGroup { nextSerial += 1 }
    let serial = nextSerial
    nextSerial += 1
    return reserve(serial: serial)
  }

  private mutating func reserve(serial: UInt64) -> EffectNodeID {
    while let slot = freeSlots.popLast() {
      guard isFreeSlot(slot) else { continue }
      // A freed node holds no references (see `free(_:)`): only its plain fields are reset,
      // where assigning a whole node would destroy the old one field by field.
      nodes[Int(slot)].serial = serial
      nodes[Int(slot)].flags = []
      nodes[Int(slot)].openStructural = 1
      nodes[Int(slot)].openTransitive = 1
      nodes[Int(slot)].firstChild = EffectNode.none
      return EffectNodeID(slot: slot, serial: serial)
    }
    nodes.append(EffectNode(serial: serial, flags: [], record: nil))
    return EffectNodeID(slot: UInt32(nodes.count - 1), serial: serial)
  }

  /// Opens the node `id` (from ``reserve(replacesGroup:)``) below `parent`, registered under
  /// `keys`, with one unit of own activity (its task, or the launcher's hold) that
  /// ``endActivity(of:isTask:)`` releases.
  /// - Parameters:
  ///   - record: The object standing for the node, if it has one.
  ///   - spawned: Whether the node was started by an action `parent`'s effect sent.
  ///   - isTask: Whether the node runs a task of its own.
  @usableFromInline mutating func open(
    _ id: EffectNodeID, record: EffectRecord?, under parent: EffectNodeID, spawned: Bool, keys: TinyArray<EffectKey>,
    isTask: Bool
  ) {
    let slot = Int(id.slot)
    let parentSlot = Int(parent.slot)
    assert(isLive(parent), "effect opened under a finished node")
    nodes[slot].record = record
    link(id.slot, under: parent.slot, spawned: spawned)
    nodes[parentSlot].openTransitive += 1
    if !spawned { nodes[parentSlot].openStructural += 1 }
    if isTask {
      runningTasks += 1
      nodes[slot].flags.insert(.task)
    }
    // A spawned node (started by an action the parent sent, accepted before any cancel)
    // inherits only a cancel of the parent's whole send: a cancel by ID stops the effect, not
    // what its last action started.
    let parentFlags = nodes[parentSlot].flags
    if parentFlags.contains(.cancelled), !spawned || parentFlags.contains(.cancelsSpawned) {
      nodes[slot].flags.insert(parentFlags.contains(.cancelsSpawned) ? [.cancelled, .cancelsSpawned] : .cancelled)
      record?.publish(.cancelled)
      if isTask, let tracer {
        tracer.emit(.effectStarted(traceStart(of: id)))
        tracer.emit(.effectCancelled(effect: id.serial, cause: .enclosingCancelled))
      }
      return
    }
    nodes[slot].keys = keys
    for key in keys {
      Self.add(id, to: &index[key])
      if seenKeys.count < Self.seenKeyCapacity { seenKeys.insert(key) }
    }
    if isTask, let tracer { tracer.emit(.effectStarted(traceStart(of: id))) }
  }

  /// Opens the node of a send's first effect, a top-level task (`.run`, cancellable or not),
  /// right below the root, where it stands for the send's origin as well: a send that starts one
  /// effect makes one node and one record, not two. The origin's number is reserved, so that
  /// effects are numbered as if it had been opened first.
  /// - Returns: The number the origin takes if ``interpose(serial:above:)`` opens it later.
  @usableFromInline mutating func reserveOriginSerial() -> UInt64 {
    defer { nextSerial += 1 }
    return nextSerial
  }

  /// Opens the send's origin, numbered `serial`, in the place of `standIn`, the task node that
  /// stood for it, and moves `standIn` below it: the tree is then the one opening the origin first
  /// would have built. `standIn` opened in this batch: its task has not started, so nothing hangs
  /// below it yet.
  /// - Returns: The origin's record.
  mutating func interpose(serial: UInt64, above standIn: EffectNodeID) -> EffectRecord {
    let id = reserve(serial: serial)
    let origin = EffectRecord.sendOrigin(id)
    nodes[Int(id.slot)].record = origin
    unlink(standIn.slot)
    if nodes[Int(Self.rootSlot)].isCancelled {
      nodes[Int(id.slot)].flags.insert(.cancelled)
      origin.publish(.cancelled)
    }
    // The root counts `standIn` once, as spawned; the origin takes that count over.
    link(id.slot, under: Self.rootSlot, spawned: true)
    link(standIn.slot, under: id.slot, spawned: false)
    nodes[Int(id.slot)].openStructural += 1
    nodes[Int(id.slot)].openTransitive += 1
    return origin
  }

  /// Adds `waiter` to those resumed when `id` finishes, structurally or transitively.
  /// - Returns: Whether it has finished already: the caller then resumes `waiter` itself.
  mutating func wait(_ waiter: UnsafeContinuation<Void, Never>, for id: EffectNodeID, transitively: Bool) -> Bool {
    guard isLive(id) else { return true }
    let slot = Int(id.slot)
    if transitively {
      nodes[slot].transitiveWaiters.append(waiter)
    } else {
      if nodes[slot].isStructurallyFinished { return true }
      nodes[slot].structuralWaiters.append(waiter)
    }
    return false
  }

  /// Stores the task running `id`.
  /// - Returns: Whether the node was cancelled already: the caller then cancels the task.
  mutating func attach(_ task: EffectTask, to id: EffectNodeID) -> Bool {
    let flags = flags(of: id)
    if flags.contains(.cancelled) { return true }
    if !flags.contains(.structurallyFinished) { nodes[Int(id.slot)].task = task }
    return false
  }

  // MARK: Finishing

  /// Releases the unit of activity `id` was opened with: its task ended, or its launcher is done.
  /// Finishes the node and its ancestors as far as their counts allow.
  /// - Parameter isTask: Whether the unit was the node's task.
  mutating func endActivity(of id: EffectNodeID, isTask: Bool) -> RegistryFollowUp {
    if isTask {
      runningTasks -= 1
      tracer?.emit(.effectFinished(effect: id.serial))
    }
    var slot = Int(id.slot)
    nodes[slot].task = nil
    nodes[slot].openStructural -= 1
    nodes[slot].openTransitive -= 1
    var followUp = RegistryFollowUp()
    while true {
      var parentChanged = false
      let parent = nodes[slot].parent
      if !nodes[slot].isStructurallyFinished, nodes[slot].openStructural == 0 {
        nodes[slot].flags.insert(.structurallyFinished)
        unregister(slot)
        followUp.resumeLater(&nodes[slot].structuralWaiters)
        if parent != EffectNode.none, !nodes[slot].isSpawned {
          nodes[Int(parent)].openStructural -= 1
          parentChanged = true
        }
      }
      if nodes[slot].openTransitive == 0 {
        followUp.resumeLater(&nodes[slot].transitiveWaiters)
        if parent != EffectNode.none {
          unlink(UInt32(slot))
          nodes[Int(parent)].openTransitive -= 1
          parentChanged = true
        }
        free(slot)
      }
      guard parentChanged else { break }
      slot = Int(parent)
    }
    return followUp
  }

  /// Frees the slot of a node that finished transitively, telling its record. Its task, keys and
  /// waiters are gone already; its record goes now, so that a free node holds no references.
  ///
  /// Slots are reused, last freed first. Once the table is large and mostly free, each free also
  /// removes the free nodes at its end, so that it shrinks back after a burst: a node is removed
  /// at most once per freeing, constant amortised time.
  private mutating func free(_ slot: Int) {
    nodes[slot].record?.publish(.finished)
    nodes[slot].record = nil
    nodes[slot].flags = .free
    freeSlots.append(UInt32(slot))
    // The root, in slot 0, is never free.
    // Guarded by the room, not the size: a table that drained below the minimum still gives
    // back the room its burst took.
    if nodes.capacity > Self.nodeShrinkMinimum, freeSlots.count > nodes.count / 2 {
      while nodes[nodes.count - 1].flags.contains(.free) { nodes.removeLast() }
      if nodes.count < nodes.capacity / 8 {
        // A new buffer: `Array(nodes)` would share the old one, capacity and all.
        var smaller: [EffectNode] = []
        smaller.reserveCapacity(2 * nodes.count)
        smaller.append(contentsOf: nodes)
        nodes = smaller
      }
    }
    // Entries for removed slots (or pushed twice across a removal) are skipped when popped, and
    // dropped here once they outnumber the table: the list stays proportional to it, at constant
    // amortised cost.
    if freeSlots.count > 2 * nodes.count + 16 {
      var valid: [UInt32] = []
      var seen = Set<UInt32>()
      for slot in freeSlots where isFreeSlot(slot) && seen.insert(slot).inserted { valid.append(slot) }
      freeSlots = valid
    }
  }

  private func isFreeSlot(_ slot: UInt32) -> Bool {
    Int(slot) < nodes.count && nodes[Int(slot)].flags.contains(.free)
  }

  /// The node table's room (in nodes) up to which it is never cut back.
  static let nodeShrinkMinimum = 1_024

  // MARK: Queries

  /// Decides whether work for `record` is refused and, if not, numbers it as the latest delivery.
  @usableFromInline mutating func beginDelivery(for record: EffectRecord) -> (EffectRegistry.Refusal?, UInt64) {
    let refusal = refusal(of: record)
    guard refusal == nil else { return (refusal, 0) }
    let number = (delivery?.number ?? 0) + 1
    delivery = EffectDelivery(node: record.node, number: number)
    return (nil, number)
  }

  /// The number of the latest delivery, in progress or ended, if it is for an effect now
  /// cancelled: the one an awaited cancel may have to wait for.
  var latestDeliveryOfCancelledEffect: UInt64? {
    guard let delivery, isLive(delivery.node), flags(of: delivery.node).contains(.cancelled) else { return nil }
    return delivery.number
  }

  /// Removes the awaited cancels waiting for deliveries up to `number`, to resume.
  mutating func takeDeliveryWaiters(upTo number: UInt64) -> [UnsafeContinuation<Void, Never>] {
    var ready: [UnsafeContinuation<Void, Never>] = []
    deliveryWaiters.removeAll { waiter in
      guard waiter.number <= number else { return false }
      ready.append(waiter.continuation)
      return true
    }
    return ready
  }

  /// Why an action sent by `record`'s effect is not to be processed as usual, or `nil` when it is.
  func refusal(of record: EffectRecord) -> EffectRegistry.Refusal? {
    if isStoreReleased { return .storeReleased }
    guard isLive(record.node) else {
      return record.currentStatus.contains(.cancelled) ? .cancelled : .afterFinish
    }
    let flags = flags(of: record.node)
    if flags.contains(.cancelled) { return .cancelled }
    if flags.contains(.structurallyFinished) { return .afterFinish }
    return nil
  }

  /// Each effect task still running in `top`'s subtree (`top` included). Its number (unique in
  /// this registry, never reused) identifies it across calls; the description names where it
  /// started, for diagnostics.
  func runningEffects(under top: EffectNodeID) -> [(serial: UInt64, description: String)] {
    guard isLive(top) else { return [] }
    var running: [(serial: UInt64, description: String)] = []
    var stack = [top.slot]
    while let slot = stack.popLast() {
      if nodes[Int(slot)].task != nil, !nodes[Int(slot)].isStructurallyFinished {
        running.append((nodes[Int(slot)].serial, nodes[Int(slot)].record?.diagnosticDescription ?? "effect"))
      }
      var child = nodes[Int(slot)].firstChild
      while child != EffectNode.none {
        stack.append(child)
        child = nodes[Int(child)].nextSibling
      }
    }
    return running
  }

  // MARK: Tree links

  /// Makes `slot` the first child of `parent`, structural or spawned; counts nothing.
  private mutating func link(_ slot: UInt32, under parent: UInt32, spawned: Bool) {
    let first = nodes[Int(parent)].firstChild
    nodes[Int(slot)].parent = parent
    if spawned { nodes[Int(slot)].flags.insert(.spawned) } else { nodes[Int(slot)].flags.remove(.spawned) }
    nodes[Int(slot)].nextSibling = first
    nodes[Int(slot)].previousSibling = EffectNode.none
    if first != EffectNode.none { nodes[Int(first)].previousSibling = slot }
    nodes[Int(parent)].firstChild = slot
  }

  /// Removes `slot` from its parent's children.
  private mutating func unlink(_ slot: UInt32) {
    let parent = Int(nodes[Int(slot)].parent)
    let previous = nodes[Int(slot)].previousSibling
    let next = nodes[Int(slot)].nextSibling
    if nodes[parent].firstChild == slot { nodes[parent].firstChild = next }
    if previous != EffectNode.none { nodes[Int(previous)].nextSibling = next }
    if next != EffectNode.none { nodes[Int(next)].previousSibling = previous }
    nodes[Int(slot)].previousSibling = EffectNode.none
    nodes[Int(slot)].nextSibling = EffectNode.none
  }
}
