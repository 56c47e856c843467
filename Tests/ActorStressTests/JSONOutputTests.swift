import Testing

@testable import actorstore_stress

@Suite struct JSONOutputTests {
  static let figureKeys: Set<String> = [
    "scenario", "figure", "unit", "median", "min", "max", "baseline", "ratio", "runRatios", "target", "met",
    "detail", "costs", "baselineCosts",
  ]

  /// One run (`--runs 1`): each comparison's ratio is its median ÷ its baseline.
  @Test func benchPrintsOneObjectWithEveryFigure() async throws {
    let run = await runCommand(
      "bench", "--actions", "400", "--effects", "40", "--elements", "400", "--hosts", "5", "--seed", "8", "--runs",
      "1", "--json", "--quiet")
    #expect(run.status == .success, "\(run.error)")
    #expect(run.standard.hasSuffix("}\n") && run.standard.filter { $0 == "\n" }.count == 1)
    let json = try MiniJSON.parse(run.standard)
    #expect(json.keys == ["tool", "ok", "judged", "interrupted", "scenarios", "figures"])
    #expect(json["ok"]?.bool == true)
    let figures = try #require(json["figures"]?.array)
    #expect(figures.count == 29)
    for figure in figures {
      #expect(figure.keys == Self.figureKeys)
      #expect(figure["scenario"]?.string == "bench")
      for key in ["median", "min", "max"] { #expect(figure[key]?.number != nil, "\(key)") }
      #expect(figure["target"]?.string != nil)
      #expect(figure["met"]?.bool != nil)
    }
    let comparisons = figures.filter { $0["baseline"] != .null }
    #expect(comparisons.count == 27)
    for figure in comparisons {
      let median = try #require(figure["median"]?.number)
      let baseline = try #require(figure["baseline"]?.number)
      let ratio = try #require(figure["ratio"]?.number)
      #expect(abs(ratio - median / baseline) <= 1e-9 * abs(ratio))
      #expect(figure["runRatios"] == .null)
    }
    let names = figures.compactMap { $0["figure"]?.string }
    let diffRows = ["diff of 4 items, 10 % edits", "diff of 40 items, 10 % edits", "diff of 400 items, 10 % edits"]
    #expect(names.filter { $0.hasPrefix("diff of ") } == diffRows)
    #expect(names.contains("start + cancel(id:) of a sleeping effect, per pair"))
    let cancelRows = [10, 4, 400].map { "cancel(id:) of one ID, \($0) others in flight" }
    #expect(names.filter { $0.hasPrefix("cancel(id:) of one ID, ") } == cancelRows)
    #expect(names.contains("trace buffer on vs off (.send chain)"))
    #expect(names.contains("trace buffer on vs off (awaited send)"))
    #expect(names.contains("main-actor send (ObservableStore, one observer)"))
    #expect(names.contains("binding write + read (ObservableStore, one observer)"))
    // `--elements 400`: the list has min(400, 10 000) rows.
    #expect(names.contains("one row changed in a 400-row list (ObservableStore rows)"))
    #expect(names.last == "memory per in-flight effect")
    let liveStoreRows = names.filter { $0.hasPrefix("awaited root send, ") }
    #expect(
      liveStoreRows == [
        "awaited root send, 1 live element store", "awaited root send, 1 000 live element stores",
        "awaited root send, 10 000 live element stores",
      ])
  }

  /// The default three runs: a time figure's ratio is the median of the runs' ratios, listed in
  /// `runRatios`, and its median lies within its min – max (the runs' medians); memory figures are
  /// the first run's, with no `runRatios`.
  @Test func benchCombinesThreeRunsByDefault() async throws {
    let run = await runCommand(
      "bench", "--only", "cancel-bulk", "--effects", "40", "--seed", "8", "--json", "--quiet")
    #expect(run.status == .success, "\(run.error)")
    let json = try MiniJSON.parse(run.standard)
    #expect(json["scenarios"]?.array?.first?["summary"]?.string?.contains("median of 3 full runs") == true)
    let figures = try #require(json["figures"]?.array)
    #expect(figures.count == 2)
    let time = try #require(figures.first)
    for figure in figures { #expect(figure.keys == Self.figureKeys) }
    let ratios = try #require(time["runRatios"]?.array).compactMap(\.number)
    #expect(ratios.count == 3)
    #expect(time["ratio"]?.number == Figure.median(of: ratios))
    let median = try #require(time["median"]?.number)
    let min = try #require(time["min"]?.number)
    let max = try #require(time["max"]?.number)
    #expect(min <= median && median <= max)
    #expect(time["met"]?.bool == (Figure.median(of: ratios) <= 3))
    let memory = try #require(figures.last)
    #expect(memory["figure"]?.string == "memory per in-flight effect")
    #expect(memory["runRatios"] == .null)
  }

  @Test func benchOnlyRunsTheSelectedFigures() async throws {
    let run = await runCommand(
      "bench", "--only", "start-cancel", "--effects", "40", "--seed", "8", "--runs", "1", "--json", "--quiet")
    #expect(run.status == .success, "\(run.error)")
    let figures = try #require(try MiniJSON.parse(run.standard)["figures"]?.array)
    #expect(figures.compactMap { $0["figure"]?.string } == ["start + cancel(id:) of a sleeping effect, per pair"])
    #expect(figures.first?["target"]?.string == "≤ 3×")
  }

  @Test func scenarioReportShape() async throws {
    let run = await runCommand("effects", "--effects", "50", "--seed", "12", "--json", "--quiet")
    let json = try MiniJSON.parse(run.standard)
    let report = try #require(json["scenarios"]?.array?.first)
    #expect(
      report.keys == [
        "scenario", "ok", "judged", "seed", "passes", "interrupted", "summary", "wallSeconds", "peakMemoryBytes",
        "invariants", "violations", "warnings",
      ])
    #expect(json["ok"]?.bool == true && json["judged"]?.bool == true && report["judged"]?.bool == true)
    #expect(report["scenario"]?.string == "effects")
    #expect(report["seed"]?.string == "12")
    #expect(report["violations"]?.array == [])
    #expect((report["invariants"]?.array?.count ?? 0) >= 5)
    let figure = try #require(json["figures"]?.array?.first)
    #expect(figure.keys == Self.figureKeys)
    #expect(figure["unit"]?.string == "effects/s")
    #expect(figure["baseline"] == .null && figure["ratio"] == .null && figure["met"] == .null)
  }

  @Test func escapesStringsAndWritesNonFiniteNumbersAsNull() throws {
    let text = "quote \" backslash \\ newline \n tab \t bell \u{7} é"
    let json = JSON.object([
      ("text", .string(text)), ("nan", .number(.nan)), ("big", .number(1e300)),
      ("list", .array([.integer(-3), .null])),
    ])
    let parsed = try MiniJSON.parse(json.text)
    #expect(parsed["text"]?.string == text)
    #expect(parsed["nan"] == .null)
    #expect(parsed["big"]?.number == 1e300)
    #expect(parsed["list"] == .array([.number(-3), .null]))
  }
}
