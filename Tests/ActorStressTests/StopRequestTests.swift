import Testing

@testable import actorstore_stress

/// A scenario whose first pass completes and whose second requests the stop, then runs until
/// cancelled: the stand-in for Ctrl-C in the middle of a long pass.
private struct StoppedOnSecondPass: StressScenario {
  let stop: StopRequest

  var name: ScenarioName { .send }
  var unitsPerPass: Int { 1 }
  var unit: String { "passes" }
  var summary: String { "two passes" }
  var arguments: [String] { [] }

  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome {
    var log = InvariantLog(seed: seed)
    log.check("the pass completed", true, "")
    if seed > 1 {
      stop.request()
      let (stream, continuation) = AsyncStream<Void>.makeStream()
      for await _ in stream {}
      continuation.finish()
    }
    let figure = Figure(scenario: "send", name: "passes", unit: "passes", samples: [1])
    return PassOutcome(figures: [figure], invariants: log)
  }
}

@Suite struct StopRequestTests {
  @Test func aStopAbandonsThePassInProgressAndReportsTheCompletedOnes() async throws {
    let stop = StopRequest()
    let report = await ScenarioRunner.run(
      StoppedOnSecondPass(stop: stop), seed: 1, duration: 3_600, console: CapturingConsole(), showsProgress: false,
      stop: stop)
    #expect(report.interrupted)
    #expect(report.passes == 1)
    #expect(report.passed)
    #expect(report.invariants.checked.contains("the pass completed"))
    #expect(ReportTable.render([report], detailed: true).contains("INTERRUPTED during send"))
    let json = try MiniJSON.parse(ReportJSON.render([report]))
    #expect(json["interrupted"]?.bool == true)
    #expect(json["scenarios"]?.array?.first?["interrupted"]?.bool == true)
  }

  @Test func aStopBeforeAScenarioSkipsItAndExits130() async {
    let stop = StopRequest()
    stop.request()
    let console = CapturingConsole()
    let status = await StressCommand.run(arguments: ["send", "--actions", "100", "--quiet"], console: console, stop: stop)
    #expect(status == .interrupted)
    #expect(status.rawValue == 130)
    #expect(console.error.contains("interrupted"))
    #expect(!console.standard.contains("send      ok"))
  }

  @Test func onlyTheFirstRequestCounts() {
    let stop = StopRequest()
    #expect(stop.request())
    #expect(!stop.request())
    #expect(stop.isRequested)
  }

  @Test func withoutAStopTheWorkRunsToItsResult() async {
    #expect(await StopRequest().unlessStopped { 42 } == 42)
  }
}
