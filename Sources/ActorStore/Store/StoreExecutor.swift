/// Where a store tree runs: the serial executor its actors are isolated to, the task executor
/// its effects prefer, and the scheduler that carries its values to main-actor hosts.
///
/// Every store scoped from a root store shares the root's `StoreExecutor`, so a parent and its
/// children never hop between executors. A screen's store uses ``mainActor``: its actors run
/// where its views run, so a send from main-actor code is reduced before it returns. A heavy
/// feature that should not share the main thread uses ``default``. Tests pass
/// `TestExecutor.makeStoreExecutor()` or `makeMainActorStoreExecutor()` from
/// `ActorStoreTesting`, which run every actor job and effect of the tree, and every main-actor
/// delivery, on one deterministic queue.
public struct StoreExecutor: Sendable {
  /// The serial executor the store actors run on, or `nil` for a fresh default actor executor
  /// per root store (or, when ``runsOnMainActor``, the main actor's executor).
  public let serialExecutor: (any SerialExecutor)?
  /// Whether the tree's actors run on the main actor's executor (or, under `ActorStoreTesting`,
  /// on the executor that plays the main actor): main-actor code then enters the store
  /// synchronously, so its sends are reduced, and main-actor observers updated, before they
  /// return.
  public let runsOnMainActor: Bool
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
    self.init(
      serialExecutor: serialExecutor, taskExecutor: taskExecutor, mainActorScheduler: mainActorScheduler,
      runsOnMainActor: false)
  }

  /// Creates an executor set that may run on the main actor: with no serial executor, the main
  /// actor's own; with one, `ActorStoreTesting`'s stand-in for it, which reports main-actor code
  /// as isolated to it.
  package init(
    serialExecutor: (any SerialExecutor)?, taskExecutor: (any TaskExecutor)?,
    mainActorScheduler: any MainActorScheduler, runsOnMainActor: Bool
  ) {
    self.serialExecutor = serialExecutor
    self.taskExecutor = taskExecutor
    self.mainActorScheduler = mainActorScheduler
    self.runsOnMainActor = runsOnMainActor
  }

  /// A default actor executor per root store; effects on the global concurrent pool.
  public static var `default`: StoreExecutor { StoreExecutor() }

  /// The main actor's executor for the store tree's actors; effects on the global concurrent
  /// pool. The executor for a UI store: a send from main-actor code (``ObservableStore/send(_:)``,
  /// a binding write, a host's send, ``Store/sendOnMainActor(_:fileID:filePath:line:column:)``)
  /// reduces the action and the actions it synchronously produces, and updates every main-actor
  /// observer, before it returns, as TCA's `@MainActor` store does. `.run` effects still run off
  /// the main actor; the actions they send are reduced on it, in order.
  public static var mainActor: StoreExecutor {
    StoreExecutor(serialExecutor: nil, taskExecutor: nil, mainActorScheduler: .live, runsOnMainActor: true)
  }

  /// The unowned serial executor the tree's actors run on, given the one its anchor lends when
  /// the tree has none of its own.
  func unownedSerialExecutor(lentBy anchor: @autoclosure () -> UnownedSerialExecutor) -> UnownedSerialExecutor {
    if let serialExecutor { return serialExecutor.asUnownedSerialExecutor() }
    return runsOnMainActor ? MainActor.sharedUnownedExecutor : anchor()
  }
}
