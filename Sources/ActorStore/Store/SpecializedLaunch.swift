extension StoreEngine {
  /// Launches `effect`, returned for `queued`, on the feature-specialized path: `.send`, `.run`,
  /// `.merge`, `.cancel(id:)` and a `cancellable` `.run` are handled here, compiled for the
  /// feature's `Action` (no generic metadata lookups per effect); anything else takes the
  /// out-of-line ``launch(_:from:)``. Both paths record the same tree in the same order.
  @inlinable
  func launchSpecialized(_ effect: Effect<Action>, for queued: QueuedAction) {
    switch effect.operation {
    case .none:
      break
    case .send(let action):
      if tracer != nil { traceAction(action, from: .sendEffect) }
      queue.append(QueuedAction(action: action, owner: queued.owner))
    case .run(let run):
      startRun(run, for: queued)
    case .merge(let effects):
      for effect in effects { launchSpecialized(effect, for: queued) }
    case .cancel(let id, let site):
      cancel(id: id, path: nil, site: site)
    case .cancellable(let inner, let id, let cancelInFlight):
      // Only for an action of the current send (below its origin, or standing for it), which
      // nothing can cancel while its batch runs, so that the record never opens under a cancelled
      // parent (where a group would open no task at all).
      guard queued.owner == nil, case .run(let run) = inner.operation else {
        return launch(effect, from: queued)
      }
      startCancellableRun(run, id: id, cancelInFlight: cancelInFlight, startedBy: queued.action)
    default:
      launch(effect, from: queued)
    }
  }

  /// Launches `run.cancellable(id:)` for an action of the current send: one record that is
  /// both the `cancellable` group and its task, registered under the ID.
  @inlinable
  func startCancellableRun(
    _ run: EffectRun<Action>, id: EffectID, cancelInFlight: Bool, startedBy action: Action
  ) {
    let key = EffectKey(id: id)
    if cancelInFlight { cancel(key) }
    let record = taskRecord(origin: run.origin, startedBy: action, run.operation, run.handler)
    openInCurrentSend(record, keys: EffectKeys(key), replacesGroup: true)
    deferStart(.run(record), priorityRawValue: run.priorityRawValue)
  }
}
