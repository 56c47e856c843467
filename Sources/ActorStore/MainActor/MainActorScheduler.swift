/// Where work for the main actor goes: values for main-actor hosts and ``ObservableStore``s.
///
/// A ``StoreExecutor`` carries one, so a store tree decides how its main-actor deliveries run.
/// Production code uses ``LiveMainActorScheduler`` (the real main actor). `ActorStoreTesting`'s
/// `TestExecutor` is a scheduler too: it queues the work with its other jobs and runs it when a
/// test on the main actor drives it, so what main-actor hosts see is part of the deterministic
/// schedule.
public protocol MainActorScheduler: Sendable {
  /// Runs `work` on the main actor, later; never inline.
  /// - Parameter work: The work. It runs at most once, and in the order of scheduling
  ///   relative to other work scheduled on the same scheduler.
  func schedule(_ work: @escaping @MainActor @Sendable () -> Void)
}

/// The real main actor: each piece of work is a task started on it.
public struct LiveMainActorScheduler: MainActorScheduler {
  /// Creates the scheduler.
  public init() {}

  /// Starts a main-actor task running `work`.
  /// - Parameter work: The work.
  public func schedule(_ work: @escaping @MainActor @Sendable () -> Void) {
    Task { @MainActor in work() }
  }
}

extension MainActorScheduler where Self == LiveMainActorScheduler {
  /// The real main actor.
  public static var live: LiveMainActorScheduler { LiveMainActorScheduler() }
}
