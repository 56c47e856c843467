import Foundation
import Testing

@testable import actorstore_stress

/// README.md, `--help` and Docs/Stress-and-Benchmarks.md state the same default-run time.
@Suite struct DefaultRunTimeTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test(arguments: ["README.md", "Docs/Stress-and-Benchmarks.md"])
  func theDocsStateTheHelpTextsDefaultRunTime(document: String) throws {
    let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(document), encoding: .utf8)
    #expect(HelpText.text.contains(HelpText.defaultRunTime))
    #expect(text.contains("the default mix (\(HelpText.defaultRunTime))") || text.contains("the default mix, \(HelpText.defaultRunTime)"))
  }
}
