import Testing

@testable import actorstore_stress

/// Each scenario at a tiny size, in-process: it must check its invariants and exit 0.
@Suite struct ScenarioTests {
  @Test func send() async {
    let run = await runCommand("send", "--actions", "400", "--seed", "1", "--quiet")
    #expect(run.status == .success, "\(run.standard)\(run.error)")
    #expect(run.standard.contains("all invariants held"))
    #expect(run.standard.contains("held    order preserved per sender"))
    #expect(run.standard.contains("peak memory"))
  }

  @Test func effects() async {
    let run = await runCommand("effects", "--effects", "300", "--seed", "2", "--quiet")
    #expect(run.status == .success, "\(run.standard)\(run.error)")
    #expect(run.standard.contains("held    no action delivered after its effect was cancelled"))
    #expect(run.standard.contains("held    registry empty at the end"))
    // Some effects are throttled and debounced, and some of those never run.
    #expect(run.standard.contains(" throttled ("))
    #expect(run.standard.contains(" debounced ("))
  }

  @Test func scroll() async {
    let run = await runCommand("scroll", "--elements", "400", "--hosts", "8", "--seed", "3", "--quiet")
    #expect(run.status == .success, "\(run.standard)\(run.error)")
    #expect(run.standard.contains("held    every update passes the validator"))
    #expect(run.standard.contains("held    no row effect outlives its row"))
    #expect(run.standard.contains("held    registry counts return to zero"))
    #expect(run.standard.contains("held    no stale state shown by a host"))
    #expect(run.standard.contains("held    registry counts never negative"))
    #expect(run.standard.contains("rows undone on screen"))
  }

  // One effect per seed: with several effects under one ID, ActorStore's cancel(id:) currently
  // wakes them in an address-dependent order, so a replay can differ (the scenario reports it).
  @Test func explore() async {
    let run = await runCommand("explore", "--seeds", "6", "--actions", "12", "--effects", "1", "--seed", "4", "--quiet")
    #expect(run.status == .success, "\(run.standard)\(run.error)")
    #expect(run.standard.contains("held    the same seed replays the same schedule"))
    #expect(run.standard.contains("held    no work escapes the TestExecutor"))
  }

  @Test func bench() async throws {
    let run = await runCommand(
      "bench", "--actions", "400", "--effects", "40", "--elements", "400", "--hosts", "5", "--seed", "5", "--quiet")
    #expect(run.status == .success, "\(run.standard)\(run.error)")
    #expect(run.standard.contains("registry bind+unbind, first scroll"))
    #expect(run.standard.contains("held    no effect delivers after cancel(id:)"))
    // Three runs by default: each time figure lists the runs' ratios under its row.
    #expect(run.standard.contains("ratios of the 3 runs: "))
  }

  @Test func durationRepeatsPassesWithTheNextSeed() async throws {
    let run = await runCommand("send", "--actions", "20", "--duration", "0.001", "--seed", "9", "--json", "--quiet")
    #expect(run.status == .success)
    let report = try #require(try MiniJSON.parse(run.standard)["scenarios"]?.array?.first)
    #expect((report["passes"]?.number ?? 0) >= 1)
    #expect(report["seed"]?.string == "9")
  }

  @Test func defaultMixRunsEveryStressScenario() async throws {
    let run = await runCommand(
      "--actions", "100", "--effects", "60", "--elements", "120", "--hosts", "4", "--seeds", "3", "--seed", "6",
      "--quiet", "--json")
    let scenarios = try #require(try MiniJSON.parse(run.standard)["scenarios"]?.array)
    #expect(scenarios.compactMap { $0["scenario"]?.string } == ["send", "effects", "scroll", "explore"])
  }

  @Test func brokenInvariantNamesItsSeedAndReplay() {
    var log = InvariantLog(seed: 41)
    log.check("order preserved per sender", true, "")
    log.check("order preserved per sender", false, "sender 3 delivered #7 when #6 was expected")
    let report = ScenarioReport(
      scenario: .send, seed: 40, passes: 2, summary: "", figures: [], invariants: log, warnings: [],
      wallSeconds: 1, peakMemoryBytes: nil, arguments: ["--actions", "100"])
    #expect(!report.passed)
    #expect(
      ReportTable.failures([report]) == [
        "send: invariant 'order preserved per sender' broke with seed 41: sender 3 delivered #7 when #6 was expected",
        "  reproduce: actorstore-stress send --actions 100 --seed 41",
      ])
    #expect(ExitStatus.invariantBroken.rawValue == 1)
  }

  @Test func invariantLogKeepsTheFirstViolationsAndCountsTheRest() {
    var log = InvariantLog(seed: 1)
    for index in 0..<(InvariantLog.keptViolations + 5) { log.check("a", false, "\(index)") }
    var other = InvariantLog(seed: 2)
    other.check("b", true, "")
    log.merge(other)
    #expect(log.checked == ["a", "b"])
    #expect(log.violations.count == InvariantLog.keptViolations)
    #expect(log.droppedViolations == 5)
  }

  /// A violation of a new invariant is kept past the cap, so the report marks it BROKEN.
  @Test func theFirstViolationOfEachInvariantIsKeptPastTheCap() {
    var log = InvariantLog(seed: 1)
    for index in 0..<(InvariantLog.keptViolations + 5) { log.check("a", false, "\(index)") }
    log.check("b", false, "late")
    log.check("b", false, "later")
    #expect(log.violations.map(\.invariant).filter { $0 == "b" } == ["b"])
    #expect(log.droppedViolations == 6)
  }
}
