import ActorStore

/// Keeps the issues ActorStore reports while a scenario runs: errors break the scenario's
/// "no runtime issue" invariant, warnings are listed in the report.
final class IssueCollector: IssueReporter {
  private struct Collected {
    var errors: [String] = []
    var warnings: [String] = []
    var errorCount = 0
    var warningCount = 0
  }

  private let collected = Locked(Collected())
  /// How many messages of each severity are kept; the rest are only counted.
  static let keptMessages = 10

  func report(_ issue: RuntimeIssue) {
    collected.withLock { collected in
      switch issue.severity {
      case .error:
        collected.errorCount += 1
        if collected.errors.count < Self.keptMessages { collected.errors.append(issue.description) }
      case .warning:
        collected.warningCount += 1
        if collected.warnings.count < Self.keptMessages { collected.warnings.append(issue.description) }
      }
    }
  }

  /// The error messages kept, and how many errors there were in all.
  var errors: (kept: [String], count: Int) { collected.withLock { ($0.errors, $0.errorCount) } }

  /// The warning messages kept, and how many warnings there were in all.
  var warnings: (kept: [String], count: Int) { collected.withLock { ($0.warnings, $0.warningCount) } }
}
