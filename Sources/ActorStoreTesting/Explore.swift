import ActorStore

/// Runs `scenario` once per seed, each time on a fresh `TestExecutor(ordering: .seeded(seed))`,
/// and stops at the first seed under which it fails: an error-severity issue (a failed
/// ``TestStore`` assertion, a runtime diagnostic) or a thrown error.
///
/// It runs in its caller's isolation (`nonisolated(nonsending)`), so a `@MainActor` test can
/// explore main-actor hosts: their deliveries are part of each seed's schedule.
///
/// The failure is reported with the seed, so it replays exactly:
/// ```swift
/// await explore(seeds: 0..<1_000) { executor in
///   let store = TestStore(initialState: Feature.State(), reducer: Feature(), executor: executor)
///   …
/// }
/// // failure: "explore: seed 412 fails …" → replay with TestExecutor(ordering: .seeded(412))
/// ```
/// - Parameters:
///   - seeds: The seeds to try, in order.
///   - mainActorStores: Whether the ``TestStore``s of the scenario run their store on the main
///     actor's stand-in (see ``TestExecutor/init(ordering:mainActorStores:)``).
///   - fileID: The call site, for the failure.
///   - filePath: The call site, for the failure.
///   - line: The call site, for the failure.
///   - column: The call site, for the failure.
///   - scenario: The scenario; it must create every store on the executor it is given.
/// - Returns: The first failing seed, or `nil` when every seed passed.
@discardableResult
public nonisolated(nonsending) func explore(
  seeds: some Sequence<UInt64>,
  mainActorStores: Bool = TestExecutor.mainActorStoresByDefault,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ scenario: (TestExecutor) async throws -> Void
) async -> UInt64? {
  TestIssueReporter.install()
  var passed = 0
  for seed in seeds {
    let executor = TestExecutor(ordering: .seeded(seed), mainActorStores: mainActorStores)
    let failures = FailureCollector()
    var thrownError: (any Error)?
    await IssueReporting.withReporter(failures) {
      do {
        try await scenario(executor)
      } catch {
        thrownError = error
      }
    }
    let firstFailure = failures.first ?? thrownError.map { "threw \($0)" }
    guard let firstFailure else {
      passed += 1
      continue
    }
    reportIssue(
      """
      explore: seed \(seed) fails (after \(passed) passing seed\(passed == 1 ? "" : "s"); \
      \(executor.stats.jobsRun) jobs run). Replay it with TestExecutor(ordering: .seeded(\(seed)))\(mainActorStores ? " (and mainActorStores: true)" : "").
      First failure: \(firstFailure)
      """, fileID: fileID, filePath: filePath, line: line, column: column)
    return seed
  }
  return nil
}

/// Keeps the error-severity issues raised during one exploration run.
private final class FailureCollector: IssueReporter {
  private let failures = Locked<[String]>([])

  func report(_ issue: RuntimeIssue) {
    guard issue.severity == .error else { return }
    failures.withLock { $0.append(issue.description) }
  }

  var first: String? { failures.withLock { $0.first } }
}
