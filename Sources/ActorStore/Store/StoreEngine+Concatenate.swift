extension StoreEngine {
  /// Launches a `concatenate`: its leading synchronous items now, the rest in order in a task of
  /// its own.
  @usableFromInline
  func startConcatenation(_ effects: [Effect<Action>], _ context: LaunchContext) {
    startConcatenation(effects.map(PendingItem.effect), context)
  }

  /// Launches a concatenation of `items`, which may hold gates already (a concatenation nested in
  /// an item of another, which gated it when that one started).
  private func startConcatenation(_ items: [PendingItem], _ context: LaunchContext) {
    // Leading items that start no task (`.send`s, cancels) run now, in this batch and in order,
    // as a `.send` does (TCA's concatenated publishers): `.concatenate(.send(a), .send(b))`
    // delivers `a` then `b` before `send` returns and before any effect's output.
    let synchronous = items.prefix { $0.isSynchronous }
    for item in synchronous { launch(item, context) }
    guard synchronous.count < items.count else { return }
    let (parent, isSpawned) = resolveParent(context)
    let record = registry.open(under: parent, spawned: isSpawned, isTask: true) {
      EffectRecord(node: $0, origin: nil, label: "concatenate", startedBy: context.action)
    }
    let items = items[synchronous.count...].map { gate($0, under: record.node, path: context.path) }
    let path = context.path
    let action = context.action
    // The runner holds the engine, never the store: releasing the store cancels the
    // concatenation, which ends the loop (an item opened meanwhile opens cancelled, and ends).
    deferStart(.body(record.node) { [self] in
      var next = 0
      while next < items.count, !registry.isCancelled(record) {
        let item = items[next]
        next += 1
        if case .effect(let effect) = item, case .run(let run) = effect.operation, run.priorityRawValue == nil {
          // A plain `.run` item runs in this task: the concatenation waits for it anyway, and a
          // task of its own would cost a task, a group node and a hop to the store per item.
          let inline = openInlineConcatenated(run, under: record.node, startedBy: action)
          if !registry.endIfCancelledBeforeStart(inline.node) { try await inline.run() }
        } else {
          let group = await launchConcatenated(item, under: record, path: path, startedBy: action, on: isolation)
          await registry.waitUntilStructurallyFinished(group)
          // The item's gates hang from the concatenation, not from its group: each one the item
          // started under is waited for too. A gate nested in another is one of its children.
          for gate in item.outerGates { await registry.waitUntilStructurallyFinished(gate) }
        }
      }
      for item in items[next...] { releaseGates(in: item) }
      registry.endActivity(of: record.node, isTask: true)
    })
  }

  /// Opens the node of a concatenation item that is a plain `.run` (no priority of its own),
  /// which the concatenation's task then runs itself. Called from that task, off the store's
  /// executor: it touches only the registry. The node takes the item group's number too, so
  /// that numbering is the one a separately started item would get.
  /// - Parameters:
  ///   - run: The item.
  ///   - concatenation: The concatenation's node.
  ///   - action: The action whose reduce returned the concatenation.
  /// - Returns: The item's record; cancelled already if the concatenation was.
  func openInlineConcatenated(
    _ run: EffectRun<Action>, under concatenation: EffectNodeID, startedBy action: Action?
  ) -> EffectTaskRecord<Action> {
    registry.open(under: concatenation, spawned: false, isTask: true, replacesGroup: true) {
      taskRecord($0, run, startedBy: action)
    }
  }

  /// Launches one item of a concatenation and processes the actions it sends synchronously.
  /// - Parameters:
  ///   - item: The item.
  ///   - concatenation: The concatenation's record.
  ///   - path: The element scope the concatenation runs in.
  ///   - action: The action whose reduce returned the concatenation.
  ///   - isolation: The store tree's executor, which the call runs on.
  /// - Returns: The item's group node, to wait on.
  func launchConcatenated(
    _ item: PendingItem, under concatenation: EffectRecord, path: ScopePath?, startedBy action: Action?,
    on isolation: isolated StoreIsolation
  ) -> EffectNodeID {
    let owner = concatenation.node
    let group = registry.openGroup(under: owner, spawned: false, keys: TinyArray())
    let context = LaunchContext(parent: group, isSpawned: false, path: path, owner: owner, action: action)
    // A delivery, so that a `StoreTask.cancel()` of the concatenation on another thread returns
    // only after the actions the item sends synchronously are reduced, or refuses them.
    registry.withDelivery(for: concatenation) { _ in
      launch(item, inside: group, path: path, context)
      runBatch(owner: owner)
    }
    return group
  }

  /// A `concatenate` item not started yet. Each of its `cancellable` and `scoped` nodes has a
  /// gate, a group node made when the concatenation starts, so that `cancel(id:)` and element
  /// removal reach the item before it starts; the item's work then runs below its gates.
  /// Runtime bookkeeping of the concatenation's task: the public ``Effect`` stays a description.
  indirect enum PendingItem: Sendable {
    /// Work with no gate (or not gated yet).
    case effect(Effect<Action>)
    /// A `cancellable` or `scoped` node whose gate exists, with the key its `cancelInFlight`
    /// cancels when the item starts.
    case gated(PendingItem, gate: EffectNodeID, path: ScopePath?, cancelInFlight: EffectKey?)
    case merge([PendingItem])
    case concatenate([PendingItem])

    /// Whether launching the item does all of its work at once (see ``Effect/isSynchronous``).
    var isSynchronous: Bool {
      switch self {
      case .effect(let effect): effect.isSynchronous
      case .gated: false
      case .merge(let items), .concatenate(let items): items.allSatisfy(\.isSynchronous)
      }
    }

    /// The gates of the item that no other gate of it encloses.
    var outerGates: [EffectNodeID] {
      switch self {
      case .effect: []
      case .gated(_, let gate, _, _): [gate]
      case .merge(let items), .concatenate(let items): items.flatMap(\.outerGates)
      }
    }
  }

  /// Launches a pending item in `context`: each gated node inside its gate.
  private func launch(_ item: PendingItem, _ context: LaunchContext) {
    switch item {
    case .effect(let effect):
      launch(effect, context)
    case .gated(let inner, let gate, let path, let cancelInFlight):
      if let cancelInFlight { cancel(cancelInFlight, sparing: gate) }
      launch(inner, inside: gate, path: path, context)
    case .merge(let items):
      for item in items { launch(item, context) }
    case .concatenate(let items):
      startConcatenation(items, context)
    }
  }

  /// Launches `item` below `group` (an item's group, or a gate) unless it was cancelled, then
  /// releases the hold `group` was opened with.
  private func launch(_ item: PendingItem, inside group: EffectNodeID, path: ScopePath?, _ context: LaunchContext) {
    if !registry.isCancelled(group) {
      launch(item, LaunchContext(parent: group, isSpawned: false, path: path, owner: context.owner, action: context.action))
    } else {
      releaseGates(in: item)
    }
    registry.endActivity(of: group)
  }

  /// Releases the gates of an item that will never start (its concatenation was cancelled or its
  /// store released), so that nothing waits on them.
  private func releaseGates(in item: PendingItem) {
    switch item {
    case .effect: break
    case .gated(let inner, let gate, _, _):
      releaseGates(in: inner)
      registry.endActivity(of: gate)
    case .merge(let items), .concatenate(let items):
      for item in items { releaseGates(in: item) }
    }
  }

  /// Gives each `cancellable` and `scoped` node of a not-yet-started item not gated yet its gate
  /// (see ``PendingItem``), made now below `parent`.
  private func gate(_ item: PendingItem, under parent: EffectNodeID, path: ScopePath?) -> PendingItem {
    switch item {
    case .effect(let effect): gate(effect, under: parent, path: path)
    case .gated: item
    case .merge(let items): .merge(items.map { gate($0, under: parent, path: path) })
    case .concatenate(let items): .concatenate(items.map { gate($0, under: parent, path: path) })
    }
  }

  private func gate(_ effect: Effect<Action>, under parent: EffectNodeID, path: ScopePath?) -> PendingItem {
    switch effect.operation {
    case .cancellable(let inner, let id, let cancelInFlight):
      // `cancelInFlight` applies when the item starts, not now: an effect under the ID may end
      // before that, or start after this.
      let keys = idKeys(id, path)
      let gate = registry.openGroup(under: parent, spawned: false, keys: TinyArray(keys))
      let inFlightKey = cancelInFlight ? keys[0] : nil
      return .gated(self.gate(inner, under: gate, path: path), gate: gate, path: path, cancelInFlight: inFlightKey)
    case .scoped(let inner, let component):
      let scopedPath = ScopePath(parent: path, component: component)
      let gate = registry.openGroup(
        under: parent, spawned: false, keys: TinyArray(EffectKey(kind: .scope, path: scopedPath)))
      return .gated(self.gate(inner, under: gate, path: scopedPath), gate: gate, path: scopedPath, cancelInFlight: nil)
    case .merge(let effects):
      return .merge(effects.map { gate($0, under: parent, path: path) })
    case .concatenate(let effects):
      return .concatenate(effects.map { gate($0, under: parent, path: path) })
    case .none, .send, .run, .cancel, .cancelScope, .throttled:
      return .effect(effect)
    }
  }
}
