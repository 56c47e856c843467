import ActorStoreTesting
import Testing

/// `Task.never()`: suspends until cancelled, then throws `CancellationError`.
@Suite struct TaskNeverTests {
  @Test func suspendsUntilCancelledThenThrowsCancellationError() async {
    let executor = TestExecutor()
    let returned = LockIsolated(false)
    let task = Task(executorPreference: executor) {
      defer { returned.setValue(true) }
      try await Task.never()
    }
    // Everything the task can do without being cancelled has run.
    executor.runUntilIdle()
    #expect(!returned.value)
    task.cancel()
    executor.runUntilIdle()
    let result = await task.result
    #expect(returned.value)
    #expect(throws: CancellationError.self) { try result.get() }
  }

  @Test func throwsAtOnceInATaskAlreadyCancelled() async {
    let result = await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await Task.never()
    }.result
    #expect(throws: CancellationError.self) { try result.get() }
  }
}
