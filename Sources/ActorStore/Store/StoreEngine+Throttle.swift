extension StoreEngine {
  /// Launches a throttled effect: now, later (after a wait of its own task), or never, as the
  /// throttle's rule decides.
  func launchThrottled(_ inner: Effect<Action>, _ rule: ThrottleRule, _ context: LaunchContext) {
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
      let group = openGroup(context, keys: TinyArray(idKeys(rule.id, context.path)))
      let path = context.path
      // The operation reaches its own record through the `Send` it is given: capturing the
      // record would make a cycle, since the record holds the operation.
      let operation: @Sendable (Send<Action>) async throws -> Void = { [self] send in
        guard case .effect(let pending) = send.channel else { return }
        try await wait()
        await startThrottled(
          inner, under: group, path: path, unlessCancelled: pending, rule: rule, key: key, on: isolation)
      }
      let pending = registry.open(under: group, spawned: false, keys: TinyArray(pendingKey), isTask: true) {
        EffectTaskRecord(
          node: $0, origin: nil, label: "throttled", startedBy: context.action, operation: operation, handler: nil,
          receiver: self, isolation: isolation, registry: registry)
      }
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
  ///   - group: The throttle's group node.
  ///   - path: The element scope the throttle runs in.
  ///   - pending: The record of the wait that ended.
  ///   - rule: The throttle's rule.
  ///   - key: Where the throttle's memory is kept.
  ///   - isolation: The store tree's executor, which the call runs on.
  func startThrottled(
    _ inner: Effect<Action>, under group: EffectNodeID, path: ScopePath?, unlessCancelled pending: EffectRecord,
    rule: ThrottleRule, key: ThrottleKey, on isolation: isolated StoreIsolation
  ) {
    // A delivery, so that a `StoreTask.cancel()` on another thread returns only after what the
    // throttled effect sends synchronously is reduced, or it does not start.
    registry.withDelivery(for: pending) { refusal in
      guard refusal == nil, registry.beginThrottledStart(pending.node, rule: rule, key: key) else { return }
      launch(inner, LaunchContext(parent: group, isSpawned: false, path: path, owner: group))
      runBatch(owner: group)
    }
  }
}
