/// The `--json` output: one object with every scenario's report and one array of every figure.
///
/// `ok` is `true` only when some invariant was checked and every checked one held: a run
/// stopped before any pass completed judged nothing, and says so with `"judged": false` and
/// `"ok": false`, at the top and per scenario.
enum ReportJSON {
  /// Renders the reports of one run.
  /// - Parameter reports: The reports, in the order the scenarios ran.
  /// - Returns: One line of JSON.
  static func render(_ reports: [ScenarioReport]) -> String {
    JSON.object([
      ("tool", .string("actorstore-stress")),
      ("ok", .bool(reports.contains(where: \.judged) && reports.allSatisfy(\.passed))),
      ("judged", .bool(reports.contains(where: \.judged))),
      ("interrupted", .bool(reports.contains(where: \.interrupted))),
      ("scenarios", .array(reports.map(scenario))),
      ("figures", .array(reports.flatMap(\.figures).map(figure))),
    ]).text + "\n"
  }

  /// `{scenario, figure, unit, median, min, max, baseline, ratio, runRatios, target, met, detail,
  /// costs, baselineCosts}`; `runRatios` is `null` unless `bench --runs N` combined N > 1 runs
  /// into a time figure (``BenchRuns``), the costs `null` unless `bench --counts` counted them.
  static func figure(_ figure: Figure) -> JSON {
    .object([
      ("scenario", .string(figure.scenario)),
      ("figure", .string(figure.name)),
      ("unit", .string(figure.unit)),
      ("median", .number(figure.median)),
      ("min", .number(figure.min)),
      ("max", .number(figure.max)),
      ("baseline", .optional(figure.baseline)),
      ("ratio", .optional(figure.ratio)),
      ("runRatios", figure.runRatios.map { .array($0.map(JSON.number)) } ?? .null),
      ("target", .optional(figure.target)),
      ("met", .optional(figure.met)),
      ("detail", .optional(figure.detail)),
      ("costs", figure.costs.map(costs) ?? .null),
      ("baselineCosts", figure.baselineCosts.map(costs) ?? .null),
    ])
  }

  /// `{allocations, retains, releases, globalEnqueues, accessChecks, executorSwitches,
  /// lockAcquisitions, metadataLookups}` per operation.
  private static func costs(_ costs: CostsPerOperation) -> JSON {
    .object([
      ("allocations", .number(costs.allocations)),
      ("retains", .number(costs.retains)),
      ("releases", .number(costs.releases)),
      ("globalEnqueues", .number(costs.globalEnqueues)),
      ("accessChecks", .number(costs.accessChecks)),
      ("executorSwitches", .number(costs.executorSwitches)),
      ("lockAcquisitions", .number(costs.lockAcquisitions)),
      ("metadataLookups", .number(costs.metadataLookups)),
    ])
  }

  private static func scenario(_ report: ScenarioReport) -> JSON {
    .object([
      ("scenario", .string(report.scenario.rawValue)),
      ("ok", .bool(report.judged && report.passed)),
      ("judged", .bool(report.judged)),
      ("seed", .string(String(report.seed))),
      ("passes", .integer(report.passes)),
      ("interrupted", .bool(report.interrupted)),
      ("summary", .string(report.summary)),
      ("wallSeconds", .number(report.wallSeconds)),
      ("peakMemoryBytes", report.peakMemoryBytes.map(JSON.integer) ?? .null),
      ("invariants", .array(report.invariants.checked.map(JSON.string))),
      (
        "violations",
        .array(
          report.invariants.violations.map { violation in
            .object([
              ("invariant", .string(violation.invariant)),
              ("detail", .string(violation.detail)),
              ("seed", .string(String(violation.seed))),
              ("reproduce", .string(report.reproduction(seed: violation.seed))),
            ])
          })
      ),
      ("warnings", .array(report.warnings.map(JSON.string))),
    ])
  }
}
