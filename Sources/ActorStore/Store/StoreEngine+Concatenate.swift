extension StoreEngine {
  /// Launches a `concatenate`: its leading synchronous items now, the rest in order in a task of
  /// its own.
  @usableFromInline
  func startConcatenation(_ effects: [Effect<Action>], _ context: LaunchContext) {
    // Leading items that start no task (`.send`s, cancels) run now, in this batch and in order,
    // as a `.send` does (TCA's concatenated publishers): `.concatenate(.send(a), .send(b))`
    // delivers `a` then `b` before `send` returns and before any effect's output.
    let synchronous = effects.prefix { $0.isSynchronous }
    for effect in synchronous { launch(effect, context) }
    guard synchronous.count < effects.count else { return }
    let effects = Array(effects[synchronous.count...])
    let (parent, isSpawned) = resolveParent(context)
    let record = registry.open(under: parent, spawned: isSpawned, isTask: true) {
      EffectRecord(node: $0, origin: nil, label: "concatenate", startedBy: context.action)
    }
    let items = effects.map { gate($0, under: record.node, path: context.path) }
    let path = context.path
    let action = context.action
    // The runner holds the engine, never the store: releasing the store cancels the
    // concatenation, which ends the loop (an item opened meanwhile opens cancelled, and ends).
    deferStart(.body(record.node) { [self] in
      var next = 0
      while next < items.count, !registry.isCancelled(record) {
        let item = items[next]
        next += 1
        if case .run(let run) = item.operation, run.priorityRawValue == nil {
          // A plain `.run` item runs in this task: the concatenation waits for it anyway, and a
          // task of its own would cost a task, a group node and a hop to the store per item.
          let inline = openInlineConcatenated(run, under: record.node, startedBy: action)
          if !registry.endIfCancelledBeforeStart(inline.node) { try await inline.run() }
        } else {
          let group = await launchConcatenated(item, under: record, path: path, startedBy: action, on: isolation)
          await registry.waitUntilStructurallyFinished(group)
          await registry.waitUntilGatesFinished(in: item)
        }
      }
      for item in items[next...] { registry.releaseGates(in: item) }
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
    _ item: Effect<Action>, under concatenation: EffectRecord, path: ScopePath?, startedBy action: Action?,
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

  /// Replaces each `cancellable` and `scoped` node of a not-yet-started item by a gate, a group
  /// node made now, so that `cancel(id:)` and element removal reach the item before it starts.
  private func gate(_ effect: Effect<Action>, under parent: EffectNodeID, path: ScopePath?) -> Effect<Action> {
    switch effect.operation {
    case .cancellable(let inner, let id, let cancelInFlight):
      // `cancelInFlight` applies when the item starts, not now: an effect under the ID may end
      // before that, or start after this.
      let keys = idKeys(id, path)
      let gate = registry.openGroup(under: parent, spawned: false, keys: TinyArray(keys))
      let inFlightKey = cancelInFlight ? keys[0] : nil
      return Effect(.gated(self.gate(inner, under: gate, path: path), gate, path: path, cancelInFlight: inFlightKey))
    case .scoped(let inner, let component):
      let scopedPath = ScopePath(parent: path, component: component)
      let gate = registry.openGroup(
        under: parent, spawned: false, keys: TinyArray(EffectKey(kind: .scope, path: scopedPath)))
      return Effect(.gated(self.gate(inner, under: gate, path: scopedPath), gate, path: scopedPath, cancelInFlight: nil))
    case .merge(let effects):
      return Effect(.merge(effects.map { gate($0, under: parent, path: path) }))
    case .concatenate(let effects):
      return Effect(.concatenate(effects.map { gate($0, under: parent, path: path) }))
    case .none, .send, .run, .cancel, .cancelScope, .throttled, .gated:
      return effect
    }
  }
}
