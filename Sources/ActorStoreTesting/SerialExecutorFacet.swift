import ActorStore

/// One actor-facing side of a ``TestExecutor``: a `SerialExecutor` of its own that puts its
/// jobs on the executor's shared queue.
///
/// Each store gets a distinct facet because the runtime runs a call between two actors on the
/// *same* executor object inline, without an enqueue: one shared object would skip the queue
/// and make `assumeIsolated` accept the wrong actor. Jobs of one facet run one at a time and in
/// enqueue order, as on a real actor.
final class SerialExecutorFacet: SerialExecutor {
  private let executor: TestExecutor

  init(executor: TestExecutor) {
    self.executor = executor
  }

  func enqueue(_ job: consuming ExecutorJob) {
    executor.enqueue(UnownedJob(job), isolatedTo: self)
  }

  /// `true` while the driving thread runs one of this facet's jobs: that is when an actor on
  /// this facet is isolated, and never otherwise.
  func isIsolatingCurrentContext() -> Bool? {
    executor.isRunningJob(of: self)
  }

  func checkIsolated() {
    precondition(
      executor.isRunningJob(of: self),
      "Actor isolation violated: code assumed it runs on a TestExecutor store executor, but no "
        + "job of that store executor is running on this thread.")
  }
}
