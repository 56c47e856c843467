/// The human-readable output: a short table of scenarios, the figures of a single scenario or
/// of `bench`, and every broken invariant with the command that replays it.
enum ReportTable {
  /// Renders the reports of one run.
  /// - Parameters:
  ///   - reports: The reports, in the order the scenarios ran.
  ///   - detailed: Whether to list each scenario's figures and invariants (one scenario named on
  ///     the command line) rather than only the summary table (the default mix).
  /// - Returns: The text, ending with a newline.
  static func render(_ reports: [ScenarioReport], detailed: Bool) -> String {
    var lines: [String] = []
    let seeds = Set(reports.map(\.seed))
    lines.append("actorstore-stress" + (seeds.count == 1 ? " (seed \(seeds.first!))" : ""))
    lines.append("")
    let benchOnly = reports.allSatisfy { $0.scenario == .bench }
    if !benchOnly { lines += summaryTable(reports.filter { $0.scenario != .bench }) }
    for report in reports where report.scenario == .bench {
      lines += figureTable(report.figures)
      lines.append("")
      lines.append(
        "bench: \(verdict(report)), \(Format.seconds(report.wallSeconds)) wall, peak memory "
          + (report.peakMemoryBytes.map(Format.bytes) ?? "n/a"))
    }
    if detailed {
      for report in reports where report.scenario != .bench {
        lines.append("")
        lines.append("\(report.scenario.rawValue): \(report.summary)")
        for figure in report.figures {
          lines.append(
            "  \(figure.name): \(Format.scaled(figure.median, figure.unit))"
              + (figure.min != figure.max
                ? " (range \(Format.scaled(figure.min, figure.unit)) – \(Format.scaled(figure.max, figure.unit)))" : "")
              + (figure.detail.map { ", \($0)" } ?? ""))
        }
      }
    }
    for report in reports where detailed || !report.passed {
      let heading = report.scenario == .bench ? "bench invariants" : "\(report.scenario.rawValue) invariants"
      lines.append("")
      lines.append("\(heading) (\(report.invariants.checked.count) checked):")
      for invariant in report.invariants.checked {
        let broken = report.invariants.violations.contains { $0.invariant == invariant }
        lines.append("  \(broken ? "BROKEN" : "held  ")  \(invariant)")
      }
    }
    for report in reports where !report.warnings.isEmpty {
      lines.append("")
      lines.append("\(report.scenario.rawValue): \(report.warnings.count) warning(s) from ActorStore:")
      lines += report.warnings.map { "  \($0)" }
    }
    let failed = reports.filter { !$0.passed }
    lines.append("")
    if let stopped = reports.first(where: \.interrupted) {
      lines.append(
        "INTERRUPTED during \(stopped.scenario.rawValue): figures and invariants cover the "
          + "\(stopped.passes) completed pass(es) and the scenarios before it")
    }
    if failed.isEmpty && !reports.contains(where: \.judged) {
      lines.append("nothing was judged: the run stopped before any pass completed, so no invariant was checked")
    } else if failed.isEmpty {
      lines.append("all invariants held")
    } else {
      lines.append(
        "FAILED: \(failed.map(\.scenario.rawValue).joined(separator: ", ")) (broken invariants and seeds on "
          + "standard error)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One line per broken invariant, naming the seed, and the command that replays it.
  /// - Parameter reports: Reports with violations.
  /// - Returns: The lines.
  static func failures(_ reports: [ScenarioReport]) -> [String] {
    var lines: [String] = []
    for report in reports {
      for violation in report.invariants.violations {
        lines.append(
          "\(report.scenario.rawValue): invariant '\(violation.invariant)' broke with seed \(violation.seed): "
            + violation.detail)
        lines.append("  reproduce: \(report.reproduction(seed: violation.seed))")
      }
      if report.invariants.droppedViolations > 0 {
        lines.append("\(report.scenario.rawValue): \(report.invariants.droppedViolations) more violation(s) not shown")
      }
    }
    return lines
  }

  private static func verdict(_ report: ScenarioReport) -> String {
    guard report.passed else { return "FAILED" }
    guard report.judged else { return report.interrupted ? "interrupted, nothing judged" : "nothing judged" }
    let held = "ok (\(report.invariants.checked.count) invariants)"
    return report.interrupted ? "interrupted, \(held)" : held
  }

  private static func summaryTable(_ reports: [ScenarioReport]) -> [String] {
    var rows = [["scenario", "result", "work", "throughput", "passes", "wall", "peak memory"]]
    for report in reports {
      let throughput = report.figures.first.map { Format.scaled($0.median, $0.unit) } ?? ""
      rows.append([
        report.scenario.rawValue, verdict(report), report.summary, throughput, String(report.passes),
        Format.seconds(report.wallSeconds), report.peakMemoryBytes.map(Format.bytes) ?? "n/a",
      ])
    }
    var lines = columns(rows, rightAligned: [4, 5, 6])
    let wall = reports.reduce(0) { $0 + $1.wallSeconds }
    if reports.count > 1 { lines.append("total wall time \(Format.seconds(wall))") }
    return lines
  }

  private static func figureTable(_ figures: [Figure]) -> [String] {
    var rows = [["figure", "unit", "median", "min – max", "baseline", "ratio", "target", "met"]]
    var details: [Int: String] = [:]
    for figure in figures {
      rows.append([
        figure.name, figure.unit, Format.short(figure.median),
        "\(Format.short(figure.min)) – \(Format.short(figure.max))",
        figure.baseline.map(Format.short) ?? "—",
        figure.ratio.map { Format.fixed($0, 2) + "×" } ?? "—",
        figure.target ?? "—",
        figure.met.map { $0 ? "yes" : "NO" } ?? "—",
      ])
      var notes = figure.detail.map { [$0] } ?? []
      if let runRatios = figure.runRatios {
        notes.append(
          "ratios of the \(runRatios.count) runs: "
            + runRatios.map { Format.fixed($0, 2) + "×" }.joined(separator: ", ")
            + "; the ratio is their median, min – max the runs' medians")
      }
      if let costs = figure.costs {
        notes.append(
          "exact costs per op: \(costs.summary)"
            + (figure.baselineCosts.map { "; baseline \($0.summary)" } ?? ""))
      }
      if !notes.isEmpty { details[rows.count - 1] = notes.joined(separator: "\n    ") }
    }
    let lines = columns(rows, rightAligned: [2, 3, 4, 5])
    var output: [String] = []
    for (index, line) in lines.enumerated() {
      output.append(line)
      if let detail = details[index] { output.append("    \(detail)") }
    }
    return output
  }

  /// Aligns `rows` in columns two spaces apart.
  private static func columns(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        let isLast = column == row.count - 1
        let left = rightAligned.contains(column)
        return isLast && !left ? cell : Format.pad(cell, widths[column], left: left)
      }.joined(separator: "  ")
    }
  }
}
