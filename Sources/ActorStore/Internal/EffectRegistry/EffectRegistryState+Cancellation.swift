extension EffectRegistryState {
  /// Cancels everything registered under `key`: its nodes at once (they deliver nothing more),
  /// their tasks by the follow-up.
  /// - Parameter known: Set to whether `key` was ever used in this store tree (as far as the
  ///   bounded memory of used keys tells).
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
    case .one(let id):
      forgetRemovedKey(of: id)
      cancel(id.slot, transitively: false, cause: cause, into: &followUp)
    case .many(let ids):
      for id in ids.sorted(by: { $0.serial < $1.serial }) {
        forgetRemovedKey(of: id)
        cancel(id.slot, transitively: false, cause: cause, into: &followUp)
      }
    }
    return followUp
  }

  /// Cancels everything registered under `key` but `spared`, a pending `concatenate` item's gate
  /// starting now with `cancelInFlight`; nothing if `spared` itself was cancelled meanwhile,
  /// since the item then never starts.
  mutating func cancel(_ key: EffectKey, sparing spared: EffectNodeID) -> RegistryFollowUp {
    guard !flags(of: spared).contains(.cancelled) else { return RegistryFollowUp() }
    return cancel(key, sparingEnclosing: spared)
  }

  /// Cancels everything registered under `key` except `start` and the nodes it is part of, up to
  /// the effect that started it: a `cancelInFlight` cancels the effects already in flight under
  /// its ID, never the one it belongs to (an effect wrapped twice in
  /// `cancellable(id: x, cancelInFlight: true)` runs once). An effect whose action started
  /// `start` is not spared: it is a previous effect under the ID.
  mutating func cancel(_ key: EffectKey, sparingEnclosing start: EffectNodeID) -> RegistryFollowUp {
    var spared: [EffectNodeID] = []
    var slot = start.slot
    while slot != EffectNode.none {
      let id = EffectNodeID(slot: slot, serial: nodes[Int(slot)].serial)
      if nodes[Int(slot)].keys.contains(key) {
        Self.remove(id, from: &index[key])
        spared.append(id)
      }
      slot = nodes[Int(slot)].isSpawned ? EffectNode.none : nodes[Int(slot)].parent
    }
    var known = false
    let followUp = cancel(key, known: &known)
    for id in spared { Self.add(id, to: &index[key]) }
    return followUp
  }

  /// Cancels `record`'s node and its sub-effects as a send: the root when the store is released,
  /// otherwise a send's origin for its ``StoreTask``. The send counts as cancelled even if its
  /// effects have all finished.
  /// - Parameter transitively: Whether effects started by actions they sent are cancelled too.
  mutating func cancel(_ record: EffectRecord, transitively: Bool) -> RegistryFollowUp {
    var followUp = RegistryFollowUp()
    record.publish(.cancelledAsSend)
    let id = record.node
    guard isLive(id) else { return followUp }
    let cause: StoreTraceEvent.CancellationCause? = tracer.map { _ in
      id.slot == Self.rootSlot ? .storeReleased : .storeTask
    }
    cancel(id.slot, transitively: transitively, cause: cause, into: &followUp)
    return followUp
  }

  /// Marks the root store released and cancels everything it ever started.
  /// - Parameter root: The root node's record.
  mutating func storeReleased(root: EffectRecord) -> RegistryFollowUp {
    isStoreReleased = true
    return cancel(root, transitively: true)
  }

  /// `cause` is `nil` when the store is not traced.
  private mutating func cancel(
    _ top: UInt32, transitively: Bool, cause: StoreTraceEvent.CancellationCause?,
    into followUp: inout RegistryFollowUp
  ) {
    // A node without children (most cancelled effects) needs no stack to allocate.
    var stack: [UInt32] = []
    var first: UInt32? = top
    while let slot = first ?? stack.popLast() {
      first = nil
      let node = Int(slot)
      if transitively { nodes[node].flags.insert(.cancelsSpawned) }
      if !nodes[node].isCancelled {
        nodes[node].flags.insert(.cancelled)
        nodes[node].record?.publish(.cancelled)
        unregister(node)
        if let task = nodes[node].task { followUp.cancelLater(task) }
        if let cause, nodes[node].isTask, !nodes[node].isStructurallyFinished {
          tracer?.emit(.effectCancelled(effect: nodes[node].serial, cause: cause))
        }
      }
      var child = nodes[node].firstChild
      while child != EffectNode.none {
        if transitively || !nodes[Int(child)].isSpawned { stack.append(child) }
        child = nodes[Int(child)].nextSibling
      }
    }
  }

  // MARK: Throttles

  /// Runs a throttle rule against its memory.
  /// - Parameters:
  ///   - rule: The throttle's rule.
  ///   - key: Where the throttle's memory is kept.
  ///   - pendingKey: `key.pendingKey`.
  mutating func decideThrottle(_ rule: ThrottleRule, key: ThrottleKey, pendingKey: EffectKey) -> ThrottleDecision {
    let hasPending = index[pendingKey] != nil
    let decision = rule.decide(&throttles[key], hasPending)
    pruneThrottlesIfDue()
    return decision
  }

  /// Whether a throttle's waiting start may begin (neither replaced nor cancelled); if so, the
  /// throttle's interval counts from now on. The waiting start leaves the index at once, not
  /// when its task ends: from now on nothing waits, even for an action the starting effect sends
  /// in the same batch.
  mutating func beginThrottledStart(_ pending: EffectNodeID, rule: ThrottleRule, key: ThrottleKey) -> Bool {
    guard !flags(of: pending).contains(.cancelled) else { return false }
    unregister(Int(pending.slot))
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

  // MARK: Index

  /// Forgets the key of `id`, found in a bucket just removed from the index, if it is the node's
  /// only key: a node with one key is only ever in that key's bucket, so unregistering it needs
  /// no second lookup.
  private mutating func forgetRemovedKey(of id: EffectNodeID) {
    if nodes[Int(id.slot)].keys.count == 1 { nodes[Int(id.slot)].keys = TinyArray() }
  }

  /// Removes the node in `slot` from the index under all its keys.
  mutating func unregister(_ slot: Int) {
    if nodes[slot].keys.isEmpty { return }
    let id = EffectNodeID(slot: UInt32(slot), serial: nodes[slot].serial)
    for key in nodes[slot].keys { Self.remove(id, from: &index[key]) }
    nodes[slot].keys = TinyArray()
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

  // Both edit a bucket through the dictionary's modify accessor: one hash probe per key, where
  // a read followed by a write takes two.
  static func add(_ id: EffectNodeID, to bucket: inout Bucket?) {
    switch bucket {
    case nil:
      bucket = .one(id)
    case .one(let existing):
      bucket = .many([existing, id])
    case .many(var ids):
      // Emptied first, so that `ids` is the only reference and is edited without a copy.
      bucket = nil
      ids.insert(id)
      bucket = .many(ids)
    }
  }

  static func remove(_ id: EffectNodeID, from bucket: inout Bucket?) {
    switch bucket {
    case .one(let existing) where existing == id:
      bucket = nil
    case .many(var ids):
      bucket = nil
      ids.remove(id)
      if ids.count == 1, let last = ids.first {
        bucket = .one(last)
      } else if !ids.isEmpty {
        bucket = .many(ids)
      }
    default:
      break
    }
  }
}
