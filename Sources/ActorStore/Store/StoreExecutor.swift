/// Where a store tree runs: the serial executor its actors are isolated to, the task executor
/// its effects prefer, and the scheduler that carries its values to main-actor hosts.
///
/// Every store scoped from a root store shares the root's `StoreExecutor`, so a parent and its
/// children never hop between executors. Production code uses ``default``; tests pass
/// `TestExecutor.makeStoreExecutor()` from `ActorStoreTesting`, which runs every actor job and
/// effect of the tree, and every main-actor delivery, on one deterministic queue.
public struct StoreExecutor: Sendable {
  /// The serial executor the store actors run on, or `nil` for a fresh default actor executor
  /// per root store.
  public let serialExecutor: (any SerialExecutor)?
  /// The executor effect tasks prefer (`Task(executorPreference:)`), or `nil` for the global
  /// concurrent pool.
  public let taskExecutor: (any TaskExecutor)?
  /// Where values for ``MainActorStoreConnection``s and ``ObservableStore``s are delivered: the
  /// real main actor in production, the test's executor under `ActorStoreTesting`.
  public let mainActorScheduler: any MainActorScheduler

  /// Creates an executor set.
  /// - Parameters:
  ///   - serialExecutor: The serial executor for the store actors; `nil` gives each root store
  ///     its own default actor executor.
  ///   - taskExecutor: The executor effect tasks prefer; `nil` means the global pool.
  ///   - mainActorScheduler: Where main-actor deliveries run; the real main actor by default.
  public init(
    serialExecutor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil,
    mainActorScheduler: any MainActorScheduler = .live
  ) {
    self.serialExecutor = serialExecutor
    self.taskExecutor = taskExecutor
    self.mainActorScheduler = mainActorScheduler
  }

  /// A default actor executor per root store; effects on the global concurrent pool.
  public static var `default`: StoreExecutor { StoreExecutor() }
}
