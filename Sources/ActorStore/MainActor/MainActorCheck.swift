import Dispatch

/// Tells, without trapping, whether the caller runs on the main actor.
///
/// A `@MainActor` host can still be reached off the main actor: `ChildStoreRegistry.bind` is
/// generic over `StoreHost`, and Swift 6.3 accepts a call to it from nonisolated code with a
/// host whose conformance is `@MainActor`-isolated, then runs the host's main-actor methods
/// there. `MainActor.assumeIsolated` would trap; this check lets the host report and refuse
/// instead. The main actor's executor is the main dispatch queue (also under `swift test` on
/// Linux, where a worker thread drains it), so a queue-specific value marks it.
///
/// `ActorStoreTesting`'s `TestExecutor` uses it too: work enqueued from the main actor is part of
/// a test's schedule whatever thread the main actor runs on, so it is never a foreign enqueue.
@usableFromInline package enum MainActorCheck {
  private static let key = DispatchSpecificKey<UInt8>()
  private static let installation: Bool = {
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return true
  }()

  /// Whether the caller runs on the main actor (the main queue, or a queue targeting it).
  @usableFromInline package static var isOnMainActor: Bool {
    _ = installation
    return DispatchQueue.getSpecific(key: key) == 1
  }

  /// Reports `operation` when called off the main actor.
  /// - Returns: `true` when the caller is on the main actor and may go on.
  @usableFromInline static func allows(_ operation: @autoclosure () -> String, fileID: StaticString = #fileID,
                     filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
    if isOnMainActor { return true }
    reportIssue(
      """
      \(operation()) was called off the main actor, so it was ignored. This happens when a \
      main-actor host is bound from nonisolated code (e.g. `ChildStoreRegistry.bind` called \
      from a background task); bind, unbind and configure hosts on the main actor.
      """, fileID: fileID, filePath: filePath, line: line, column: column)
    return false
  }
}
