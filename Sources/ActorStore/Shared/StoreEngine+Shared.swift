import Synchronization

/// A root store's side of shared state: the engine subscribes to the shared values its state
/// holds (``SharedHoldings``) and republishes its state when one changes elsewhere.
///
/// A republication is a batch with no action: the state is published once, as after a send,
/// to every observer of the tree (scoped stores, element stores, main-actor observers). It is
/// never reentrant: it runs as a job of its own on the store's executor; on a main-actor store,
/// a change made on the main actor republishes before it returns, as a send made there is
/// reduced before it returns, unless the store is processing (then it is a job too). Changes
/// made before the job runs ride on it, and a job that finds every value held as published
/// publishes nothing.
extension StoreEngine: SharedSubscriber {
  /// Records the shared values of the state being published; see ``SharedHoldings/needsUpdate``.
  @usableFromInline func updateSharedHoldings() { sharing.willPublish(state, subscriber: self) }

  /// Walks the initial state, when `Shared`s exist in the process.
  func discoverInitialSharedValues() {
    if SharedDiscovery.epoch.load(ordering: .relaxed) != 0 { updateSharedHoldings() }
  }

  func sharedValueDidChange() {
    if executor.runsOnMainActor && MainActorCheck.isOnMainActor {
      return isolation.assumeIsolated { isolation in republishShared(on: isolation) }
    }
    scheduleRepublication()
  }

  private func scheduleRepublication() {
    guard !sharing.republishScheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    Task(executorPreference: executor.taskExecutor) { await self.republishShared(on: self.isolation) }
  }

  private func republishShared(on isolation: isolated StoreIsolation) {
    // Cleared before looking, so that a change made after the look schedules another job.
    sharing.republishScheduled.store(false, ordering: .releasing)
    if isProcessing { return scheduleRepublication() }
    guard sharing.hasUnpublishedChanges else { return }
    guard dependencies.isInForce else { return dependencies.install { republishShared(on: isolation) } }
    drainBatch(self)
    // An observer's send joins the batch as a top-level send would: its effects belong to it.
    if sendOrigin != nil { _ = takeSendTask() }
    startPendingTasks()
  }
}
