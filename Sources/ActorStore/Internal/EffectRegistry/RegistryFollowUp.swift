/// Work a registry transition leaves for the caller, done outside the lock.
struct RegistryFollowUp: ~Copyable {
  /// The first task to cancel, kept inline: cancelling one ID usually stops one task, and an
  /// array would cost an allocation per cancel.
  private var firstTaskToCancel: EffectTask?
  /// `nil` rather than empty, so that a follow-up with at most one task touches no array storage.
  private var moreTasksToCancel: [EffectTask]?
  private var waitersToResume = EffectWaiters()

  /// Resumes `waiters` once the lock is released, leaving them empty.
  mutating func resumeLater(_ waiters: inout EffectWaiters) { waitersToResume.take(&waiters) }

  /// Cancels `task` once the lock is released.
  mutating func cancelLater(_ task: EffectTask) {
    if firstTaskToCancel == nil {
      firstTaskToCancel = task
    } else if moreTasksToCancel == nil {
      moreTasksToCancel = [task]
    } else {
      moreTasksToCancel?.append(task)
    }
  }

  consuming func perform() {
    firstTaskToCancel?.cancel()
    for task in moreTasksToCancel ?? [] { task.cancel() }
    waitersToResume.resumeAll()
  }

  /// Resumes the waiters, and leaves the tasks to cancel in `tasks` for the caller.
  consuming func perform(deferringTaskCancelsTo tasks: inout [EffectTask]) {
    if let firstTaskToCancel { tasks.append(firstTaskToCancel) }
    if let moreTasksToCancel { tasks += moreTasksToCancel }
    waitersToResume.resumeAll()
  }
}
