import Foundation
import Testing

@testable import actorstore_stress

/// A `send` stand-in whose every pass breaks an invariant.
private struct BreaksAnInvariant: StressScenario {
  var name: ScenarioName { .send }
  var unitsPerPass: Int { 1 }
  var unit: String { "passes" }
  var summary: String { "one broken pass" }
  var arguments: [String] { ["--actions", "7"] }

  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome {
    var log = InvariantLog(seed: seed)
    log.check("the invariant", false, "broken on purpose")
    return PassOutcome(figures: [], invariants: log)
  }
}

@Suite struct ReproductionTests {
  @Test func theReproduceLineKeepsTheTraceFileQuotedForTheShell() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("stress trace \(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let expected = "actorstore-stress send --actions 7 --trace '\(path)' --seed 5"

    let console = CapturingConsole()
    let status = await StressCommand.run(
      arguments: ["send", "--seed", "5", "--trace", path, "--quiet"], console: console,
      substitute: { _ in BreaksAnInvariant() })
    #expect(status == .invariantBroken)
    #expect(console.error.contains("  reproduce: \(expected)\n"), "\(console.error)")

    let jsonConsole = CapturingConsole()
    _ = await StressCommand.run(
      arguments: ["send", "--seed", "5", "--trace", path, "--json"], console: jsonConsole,
      substitute: { _ in BreaksAnInvariant() })
    let json = try MiniJSON.parse(jsonConsole.standard)
    let violation = try #require(json["scenarios"]?.array?.first?["violations"]?.array?.first)
    #expect(violation["reproduce"]?.string == expected)
  }

  @Test func withoutTraceTheReproduceLineHasNone() async {
    let console = CapturingConsole()
    _ = await StressCommand.run(
      arguments: ["send", "--seed", "5", "--quiet"], console: console, substitute: { _ in BreaksAnInvariant() })
    #expect(console.error.contains("  reproduce: actorstore-stress send --actions 7 --seed 5\n"), "\(console.error)")
  }

  @Test func rerunArgumentsCarryTraceWhereTheScenarioReadsIt() throws {
    #expect(
      try StressOptions.parse(["send", "--trace", "t.jsonl"]).get().rerunArguments(for: .send) == [
        "--trace", "t.jsonl",
      ])
    #expect(
      try StressOptions.parse(["--trace", "t.jsonl"]).get().rerunArguments(for: .explore) == ["--trace", "t.jsonl"])
    #expect(try StressOptions.parse(["send"]).get().rerunArguments(for: .send).isEmpty)
    #expect(try StressOptions.parse(["--trace", "t.jsonl"]).get().rerunArguments(for: .bench).isEmpty)
  }

  @Test(arguments: [
    ("plain/path-1.jsonl", "plain/path-1.jsonl"), ("with space", "'with space'"), ("it's", #"'it'\''s'"#),
    ("", "''"), ("$HOME", "'$HOME'"),
  ])
  func argumentsAreQuotedOnlyWhenAShellWouldReadThemOtherwise(argument: String, quoted: String) {
    #expect(ScenarioReport.shellQuoted(argument) == quoted)
  }
}
