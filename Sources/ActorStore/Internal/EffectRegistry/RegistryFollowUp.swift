/// Work a registry transition leaves for the caller, done outside the lock.
struct RegistryFollowUp: ~Copyable {
  private var tasksToCancel = TinyArray<EffectTask>()
  private var waitersToResume = TinyArray<UnsafeContinuation<Void, Never>>()

  /// Resumes `waiters` once the lock is released, leaving them empty.
  mutating func resumeLater(_ waiters: inout TinyArray<UnsafeContinuation<Void, Never>>) {
    if waitersToResume.isEmpty {
      swap(&waitersToResume, &waiters)
    } else {
      waitersToResume.append(contentsOf: waiters)
      waiters = TinyArray()
    }
  }

  /// Cancels `task` once the lock is released.
  mutating func cancelLater(_ task: EffectTask) { tasksToCancel.append(task) }

  consuming func perform() {
    for task in tasksToCancel { task.cancel() }
    for waiter in waitersToResume { waiter.resume() }
  }

  /// Resumes the waiters, and leaves the tasks to cancel in `tasks` for the caller.
  consuming func perform(deferringTaskCancelsTo tasks: inout [EffectTask]) {
    switch tasksToCancel.storage {
    case .empty: break
    case .one(let task): tasks.append(task)
    case .many(let more): tasks += more
    }
    for waiter in waitersToResume { waiter.resume() }
  }
}
