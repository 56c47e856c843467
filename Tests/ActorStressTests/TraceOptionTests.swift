import ActorStore
import ActorStoreTesting
import Foundation
import Testing

@testable import actorstore_stress

@Suite struct TraceOptionTests {
  @Test func sendWithTraceWritesEveryEventToTheFile() async throws {
    let path = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = await runCommand("send", "--actions", "300", "--seed", "4", "--trace", path, "--json", "--quiet")
    #expect(run.status == .success, "\(run.error)")
    let json = try MiniJSON.parse(run.standard)
    let figure = try #require(json["figures"]?.array?.first { $0["figure"]?.string == "trace events" })
    let emitted = try #require(figure["median"]?.number)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(Double(lines.count) == emitted)
    #expect(lines.count >= 300)
    #expect(lines.first?.hasPrefix(#"{"seq":1,"event":"actionReceived""#) == true)
    #expect(figure["detail"]?.string?.contains("0 dropped") == true)
  }

  @Test(arguments: [[], ["--heterogeneous"]])
  func scrollWithTraceWritesTheListStoresEvents(mode: [String]) async throws {
    let path = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = await runCommand(
      arguments: ["scroll", "--elements", "150", "--hosts", "4", "--seed", "3", "--trace", path, "--json", "--quiet"]
        + mode)
    #expect(run.status == .success, "\(run.standard)\(run.error)")
    let figures = try Self.traceFigures(in: run.standard)
    #expect(figures.map(\.scenario) == ["scroll"])
    let lines = try Self.parsedLines(of: path)
    #expect(!lines.isEmpty)
    #expect(Double(lines.count) == figures.first?.emitted)
    #expect(lines.contains { $0["event"]?.string == "effectStarted" }, "row tickers are effects of the list's tree")
    #expect(figures.first?.detail.contains("0 dropped") == true)
  }

  @Test func exploreWithTraceWritesEveryStoreOfEverySchedule() async throws {
    let path = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = await runCommand(
      "explore", "--seeds", "3", "--actions", "10", "--effects", "1", "--seed", "4", "--trace", path, "--json",
      "--quiet")
    #expect(run.status == .success, "\(run.standard)\(run.error)")
    let report = try #require(try MiniJSON.parse(run.standard)["scenarios"]?.array?.first)
    let held = report["invariants"]?.array?.compactMap(\.string) ?? []
    #expect(held.contains("the same seed replays the same schedule"))
    #expect(held.contains("no work escapes the TestExecutor"))
    let figures = try Self.traceFigures(in: run.standard)
    #expect(figures.map(\.scenario) == ["explore"])
    // 3 seeds, each run twice, each run with a send store and an effects store.
    #expect(figures.first?.detail.hasSuffix("failed, from 12 stores") == true)
    let lines = try Self.parsedLines(of: path)
    #expect(!lines.isEmpty)
    #expect(Double(lines.count) == figures.first?.emitted)
    let numbers = lines.compactMap { $0["seq"]?.number }
    #expect(Set(numbers).count == lines.count, "the stores share the file's one sequence")
  }

  /// The trace's delivery runs on its own queue: a traced schedule runs the same jobs as an
  /// untraced one, and nothing reaches the executor from elsewhere.
  @Test func tracingLeavesExploresSchedulesAsTheyAre() async throws {
    let path = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let untraced = ExploreScenario(seeds: 1, actions: 30, effects: 6)
    var traced = untraced
    traced.trace = JSONLinesTraceSink(path: path)
    for seed in UInt64(1)...4 {
      var statistics: [StoreTraceStatistics] = []
      var plainLog = InvariantLog(seed: seed)
      let plain = await untraced.runSchedule(
        on: TestExecutor(ordering: .seeded(seed)), log: &plainLog, traced: &statistics)
      #expect(statistics.isEmpty)
      var tracedLog = InvariantLog(seed: seed)
      let executor = TestExecutor(ordering: .seeded(seed))
      let schedule = await traced.runSchedule(on: executor, log: &tracedLog, traced: &statistics)
      #expect(schedule == plain, "seed \(seed)")
      #expect(tracedLog.holds, "\(tracedLog.violations)")
      #expect(executor.stats.foreignEnqueues == 0)
      #expect(statistics.count == 2 && statistics.allSatisfy { $0.emitted > 0 && $0.delivered == $0.emitted })
    }
  }

  @Test func theDefaultMixTracesEveryScenarioIntoTheOneFile() async throws {
    let path = Self.temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = await runCommand(
      "--actions", "100", "--effects", "40", "--elements", "100", "--hosts", "4", "--seeds", "2", "--seed", "6",
      "--trace", path, "--quiet", "--json")
    #expect(run.status == .success, "\(run.standard)\(run.error)")
    let figures = try Self.traceFigures(in: run.standard)
    #expect(figures.map(\.scenario) == ScenarioName.defaultMix.map(\.rawValue))
    #expect(!ScenarioName.defaultMix.contains(.bench))
    let lines = try Self.parsedLines(of: path)
    #expect(Double(lines.count) == figures.map(\.emitted).reduce(0, +))
  }

  @Test func benchRefusesTraceBeforeTouchingTheFile() async {
    let path = Self.temporaryPath()
    let run = await runCommand("bench", "--trace", path, "--quiet")
    #expect(run.status == .usage)
    #expect(run.error.hasPrefix("actorstore-stress: --trace does not apply to the bench scenario"))
    #expect(run.error.contains("tracing would change every figure it measures"))
    #expect(run.error.split(separator: "\n").count == 1)
    #expect(run.standard.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func anUnwritableTraceFileIsAUsageError() async {
    let run = await runCommand("effects", "--effects", "40", "--seed", "2", "--trace", "/nonexistent-dir/t.jsonl", "--quiet")
    #expect(run.status == .usage)
    #expect(run.error.hasPrefix("actorstore-stress: --trace: "))
    #expect(run.error.contains("cannot open /nonexistent-dir/t.jsonl"))
    #expect(run.standard.isEmpty)
  }

  /// A fresh path in the temporary directory; nothing is created there.
  private static func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("stress-\(UUID().uuidString).jsonl").path
  }

  /// The "trace events" figures of a `--json` report, in order.
  private static func traceFigures(in report: String) throws -> [(scenario: String, emitted: Double, detail: String)] {
    let figures = try #require(try MiniJSON.parse(report)["figures"]?.array)
    return figures.filter { $0["figure"]?.string == "trace events" }.map { figure in
      (figure["scenario"]?.string ?? "", figure["median"]?.number ?? .nan, figure["detail"]?.string ?? "")
    }
  }

  /// Every line of a JSON Lines file, parsed; a line that does not parse fails the test.
  private static func parsedLines(of path: String) throws -> [MiniJSON] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { try MiniJSON.parse(String($0)) }
  }
}
