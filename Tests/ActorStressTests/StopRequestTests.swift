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

/// A `send` stand-in whose pass with seed `stoppingSeed` requests the stop with `signal`, then
/// runs until cancelled; the passes before it complete and hold their one invariant.
struct StopsDuringPass: StressScenario {
  let stop: StopRequest
  let signal: StopSignal
  let stoppingSeed: UInt64

  var name: ScenarioName { .send }
  var unitsPerPass: Int { 1 }
  var unit: String { "passes" }
  var summary: String { "passes until a stop" }
  var arguments: [String] { [] }

  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome {
    if seed == stoppingSeed {
      stop.request(signal)
      let (stream, continuation) = AsyncStream<Void>.makeStream()
      for await _ in stream {}
      continuation.finish()
    }
    var log = InvariantLog(seed: seed)
    log.check("the pass completed", true, "")
    return PassOutcome(figures: [], invariants: log)
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
    let status = await StressCommand.run(
      arguments: ["send", "--actions", "100", "--quiet"], console: console, stop: stop)
    #expect(status == .interrupted)
    #expect(status.rawValue == 130)
    #expect(console.error.contains("interrupted"))
    #expect(!console.standard.contains("send      ok"))
    #expect(console.standard.contains("nothing was judged"), "no scenario ran")
  }

  @Test func aFirstSignalRequestsTheStopAndASecondExitsAtOnceWithItsOwnStatus() {
    let stop = StopRequest()
    guard case .stopping(let message) = stop.respond(to: .terminate) else {
      Issue.record("the first SIGTERM should request the stop")
      return
    }
    #expect(message.contains("terminated (SIGTERM); reporting what completed"))
    #expect(stop.requestedBy == .terminate)
    #expect(stop.respond(to: .terminate) == .exitNow(.terminated))
    #expect(stop.respond(to: .interrupt) == .exitNow(.interrupted))
    #expect(stop.requestedBy == .terminate, "the first signal keeps deciding the status")

    let interrupted = StopRequest()
    guard case .stopping(let ctrlC) = interrupted.respond(to: .interrupt) else {
      Issue.record("the first SIGINT should request the stop")
      return
    }
    #expect(ctrlC.contains("interrupted; reporting what completed (Ctrl-C again to quit now)"))
    #expect(interrupted.respond(to: .interrupt) == .exitNow(.interrupted))
  }

  @Test func signalsMapToShellExitStatuses() {
    #expect(StopSignal.interrupt.exitStatus.rawValue == 130)
    #expect(StopSignal.terminate.exitStatus.rawValue == 143)
  }

  @Test(arguments: [StopSignal.interrupt, .terminate])
  func aStopDuringARunReportsTheCompletedPassesAndExitsWithTheSignalsStatus(signal: StopSignal) async {
    let stop = StopRequest()
    let console = CapturingConsole()
    let status = await StressCommand.run(
      arguments: ["send", "--seed", "1", "--duration", "3600", "--quiet"], console: console, stop: stop,
      substitute: { _ in StopsDuringPass(stop: stop, signal: signal, stoppingSeed: 2) })
    #expect(status == signal.exitStatus)
    #expect(console.standard.contains("INTERRUPTED during send: figures and invariants cover the 1 completed pass(es)"))
    #expect(console.standard.contains("all invariants held"))
    #expect(console.error.contains("actorstore-stress: \(signal.stopped); the report covers only what completed"))
  }

  @Test func aRunStoppedBeforeAnyPassCompletedSaysNothingWasJudged() async throws {
    let stop = StopRequest()
    let console = CapturingConsole()
    let status = await StressCommand.run(
      arguments: ["send", "--seed", "1", "--quiet"], console: console, stop: stop,
      substitute: { _ in StopsDuringPass(stop: stop, signal: .terminate, stoppingSeed: 1) })
    #expect(status == .terminated)
    #expect(console.standard.contains("nothing was judged"))
    #expect(!console.standard.contains("all invariants held"))

    let jsonStop = StopRequest()
    let jsonConsole = CapturingConsole()
    _ = await StressCommand.run(
      arguments: ["send", "--seed", "1", "--json"], console: jsonConsole, stop: jsonStop,
      substitute: { _ in StopsDuringPass(stop: jsonStop, signal: .interrupt, stoppingSeed: 1) })
    let json = try MiniJSON.parse(jsonConsole.standard)
    #expect(json["ok"]?.bool == false)
    #expect(json["judged"]?.bool == false)
    #expect(json["interrupted"]?.bool == true)
    let scenario = try #require(json["scenarios"]?.array?.first)
    #expect(scenario["ok"]?.bool == false && scenario["judged"]?.bool == false)
    #expect(scenario["passes"]?.number == 0)
  }

  @Test func aRunThatJudgedSomethingIsOkAndJudged() throws {
    var log = InvariantLog(seed: 1)
    log.check("held", true, "")
    let report = ScenarioReport(
      scenario: .send, seed: 1, passes: 1, summary: "", figures: [], invariants: log, warnings: [], wallSeconds: 0,
      peakMemoryBytes: nil, arguments: [])
    let json = try MiniJSON.parse(ReportJSON.render([report]))
    #expect(json["ok"]?.bool == true && json["judged"]?.bool == true)
    #expect(ReportTable.render([report], detailed: false).contains("all invariants held"))
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
