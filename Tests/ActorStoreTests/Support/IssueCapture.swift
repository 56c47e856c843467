import ActorStore

/// Collects the issues raised while it is the task's reporter.
final class IssueCapture: IssueReporter {
  private let issues = Locked<[RuntimeIssue]>([])

  func report(_ issue: RuntimeIssue) { issues.withLock { $0.append(issue) } }

  var messages: [String] { issues.withLock { $0.map(\.message) } }
  var all: [RuntimeIssue] { issues.withLock { $0 } }
}

/// Runs `body` with a fresh capture as the issue reporter and returns what it captured.
func capturingIssues(_ body: () async throws -> Void) async rethrows -> IssueCapture {
  let capture = IssueCapture()
  try await IssueReporting.withReporter(capture) { try await body() }
  return capture
}
