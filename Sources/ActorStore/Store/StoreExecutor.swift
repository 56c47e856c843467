/// Where a store tree runs: the serial executor its actors are isolated to and the task
/// executor its effects prefer.
///
/// Every store scoped from a root store shares the root's `StoreExecutor`, so a parent and its
/// children never hop between executors. Production code uses ``default``; tests pass
/// `TestExecutor.makeStoreExecutor()` from `ActorStoreTesting`, which runs every actor job and
/// effect of the tree on one deterministic queue.
public struct StoreExecutor: Sendable {
  /// The serial executor the store actors run on, or `nil` for a fresh default actor executor
  /// per root store.
  public let serialExecutor: (any SerialExecutor)?
  /// The executor effect tasks prefer (`Task(executorPreference:)`), or `nil` for the global
  /// concurrent pool.
  public let taskExecutor: (any TaskExecutor)?

  /// Creates an executor pair.
  /// - Parameters:
  ///   - serialExecutor: The serial executor for the store actors; `nil` gives each root store
  ///     its own default actor executor.
  ///   - taskExecutor: The executor effect tasks prefer; `nil` means the global pool.
  public init(serialExecutor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil) {
    self.serialExecutor = serialExecutor
    self.taskExecutor = taskExecutor
  }

  /// A default actor executor per root store; effects on the global concurrent pool.
  public static var `default`: StoreExecutor { StoreExecutor() }
}
