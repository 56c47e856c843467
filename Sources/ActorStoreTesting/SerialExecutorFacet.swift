import ActorStore

/// One actor-facing side of a ``TestExecutor``: a `SerialExecutor` of its own that puts its
/// jobs on the executor's shared queue.
///
/// Each store gets a distinct facet because the runtime runs a call between two actors on the
/// *same* executor object inline, without an enqueue: one shared object would skip the queue
/// and make `assumeIsolated` accept the wrong actor. Jobs of one facet run one at a time and in
/// enqueue order, as on a real actor.
///
/// A facet that plays the main actor (``TestExecutor/makeMainActorStoreExecutor()``) puts its jobs
/// in the main actor's lane, in order with the executor's main-actor deliveries, and main-actor
/// code counts as isolated to it, as code on the main actor is isolated to a store whose executor
/// is the main actor's. A drive off the main actor (a nonisolated test) still runs its jobs, on
/// the driving thread, while it sets main-actor deliveries aside: the store's own work is the
/// test's schedule, and nothing on the main actor runs meanwhile in such a test.
final class SerialExecutorFacet: SerialExecutor {
  private let executor: TestExecutor
  /// Whether the facet stands in for the main actor's executor.
  let playsMainActor: Bool

  init(executor: TestExecutor, playsMainActor: Bool = false) {
    self.executor = executor
    self.playsMainActor = playsMainActor
  }

  func enqueue(_ job: consuming ExecutorJob) {
    executor.enqueue(UnownedJob(job), isolatedTo: self)
  }

  /// `true` while the driving thread runs one of this facet's jobs: that is when an actor on
  /// this facet is isolated, and never otherwise.
  func isIsolatingCurrentContext() -> Bool? {
    isIsolating
  }

  /// Whether a job of this facet runs on this thread, or, for a facet that plays the main
  /// actor, the caller is on the main actor.
  private var isIsolating: Bool {
    (playsMainActor && MainActorCheck.isOnMainActor) || executor.isRunningJob(of: self)
  }

  func checkIsolated() {
    precondition(
      isIsolating,
      "Actor isolation violated: code assumed it runs on a TestExecutor store executor, but no "
        + "job of that store executor is running on this thread.")
  }
}
