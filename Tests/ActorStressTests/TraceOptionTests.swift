import Foundation
import Testing

@testable import actorstore_stress

@Suite struct TraceOptionTests {
  @Test func sendWithTraceWritesEveryEventToTheFile() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("stress-\(UUID().uuidString).jsonl").path
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

  @Test func anUnwritableTraceFileIsAUsageError() async {
    let run = await runCommand("effects", "--effects", "40", "--seed", "2", "--trace", "/nonexistent-dir/t.jsonl", "--quiet")
    #expect(run.status == .usage)
    #expect(run.error.hasPrefix("actorstore-stress: --trace: "))
    #expect(run.error.contains("cannot open /nonexistent-dir/t.jsonl"))
    #expect(run.standard.isEmpty)
  }
}
