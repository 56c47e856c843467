import ActorStore

/// The end of a `scroll` pass, plain or heterogeneous: with every host already unbound, removes
/// every row, waits for the row effects to end, and checks that nothing is left.
enum ScrollTeardown {
  /// - Parameters:
  ///   - store: The list store.
  ///   - registry: Its child-store registry.
  ///   - running: The row effects' counter.
  ///   - log: Where the checks go.
  static func removeEverythingAndCheck(
    store: Store<ScrollFeature.State, ScrollFeature.Action>,
    registry: ChildStoreRegistry<Int, RowFeature.State, RowFeature.Action>,
    running: RunningEffects,
    log: inout InvariantLog
  ) async {
    await store.send(.removeAll)
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(30)
    while store.inFlightEffectCount > 0 || running.running > 0, clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    let state = await store.state
    log.check(
      "no row effect outlives its row", state.orphanTicks == 0 && running.running == 0,
      "\(state.orphanTicks) ticks from deleted rows (first: \(state.firstOrphan ?? "none")), "
        + "\(running.running) row effects still running")
    log.check(
      "registry counts return to zero", registry.liveStoreCount == 0 && registry.boundHostCount == 0,
      "\(registry.liveStoreCount) child stores alive, \(registry.boundHostCount) hosts bound")
    log.check(
      "registry empty at the end", store.inFlightEffectCount == 0 && store.cancellationIndexCount == 0,
      "\(store.inFlightEffectCount) effect tasks running, \(store.cancellationIndexCount) cancellation keys")
  }
}
