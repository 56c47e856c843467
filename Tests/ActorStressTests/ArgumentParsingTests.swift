import Testing

@testable import actorstore_stress

@Suite struct ArgumentParsingTests {
  @Test func noArgumentsRunsTheDefaultMix() throws {
    let options = try StressOptions.parse([]).get()
    #expect(options == StressOptions())
    #expect(ScenarioName.defaultMix == [.send, .effects, .scroll, .explore])
  }

  @Test func parsesAScenarioWithEveryKindOfValue() throws {
    let options = try StressOptions.parse([
      "scroll", "--elements", "100_000", "--hosts=40", "--seed", "18446744073709551615", "--duration", "2.5",
      "--json", "--quiet",
    ]).get()
    var expected = StressOptions()
    expected.scenario = .scroll
    expected.elements = 100_000
    expected.hosts = 40
    expected.seed = .max
    expected.duration = 2.5
    expected.json = true
    expected.quiet = true
    #expect(options == expected)
  }

  @Test func helpWinsWherever() throws {
    #expect(try StressOptions.parse(["bench", "--bogus", "-h"]).get().showsHelp)
    #expect(try StressOptions.parse(["--help"]).get().showsHelp)
  }

  @Test(arguments: [
    (["--frobnicate"], "unknown option '--frobnicate'"),
    (["-x"], "unknown option '-x'"),
    (["sned"], "unknown scenario 'sned'"),
    (["send", "effects"], "give one scenario at most"),
    (["send", "extra-argument"], "unexpected argument 'extra-argument' after the scenario 'send'"),
    (["scroll", "--hosts", "4", "sned"], "unexpected argument 'sned' after the scenario 'scroll'"),
    (["--progress", "--quiet"], "--progress and --quiet contradict each other"),
    (["--progress=yes"], "--progress takes no value"),
    (["--actions"], "--actions needs a value"),
    (["--actions", "0"], "--actions expects a whole number"),
    (["--actions", "-3"], "--actions expects a whole number"),
    (["--effects", "1e3"], "--effects expects a whole number"),
    (["--elements", "1__000"], "--elements expects a whole number"),
    (["--hosts", "99999999999999999999"], "--hosts expects a whole number"),
    (["--hosts", "10001"], "--hosts expects a whole number from 1 to 10000"),
    (["--effects", "2_000_000"], "--effects expects a whole number from 1 to 1000000"),
    (["--seeds", ""], "--seeds expects a whole number"),
    (["--seed", "abc"], "--seed expects a whole number"),
    (["--duration", "0"], "--duration expects seconds"),
    (["--duration", "nan"], "--duration expects seconds"),
    (["--duration", "inf"], "--duration expects seconds"),
    (["--json=yes"], "--json takes no value"),
    (["--seed", "1", "--seed", "2"], "--seed is given twice"),
    (["send", "--hosts", "3"], "--hosts does not apply to the send scenario"),
    (["bench", "--duration", "3"], "--duration does not apply to the bench scenario"),
    (["bench", "--only", "bogus"], "--only 'bogus' matches no benchmark (expected part of one of: send-chain,"),
    (["bench", "--only", ""], "--only '' matches no benchmark"),
    (["bench", "--only"], "--only needs a value"),
    (["send", "--only", "diff"], "--only does not apply to the send scenario (it applies to: bench)"),
    (["--only", "diff"], "--only does not apply to the default mix (name a scenario it applies to: bench)"),
    (["bench", "--only", "diff", "--only=cancel"], "--only is given twice"),
    (["bench", "--runs", "0"], "--runs expects a whole number from 1 to 100"),
    (["bench", "--runs", "101"], "--runs expects a whole number from 1 to 100"),
    (["send", "--runs", "3"], "--runs does not apply to the send scenario (it applies to: bench)"),
    (["--runs", "3"], "--runs does not apply to the default mix (name a scenario it applies to: bench)"),
    (["--trace"], "--trace needs a value"),
    (["--trace="], "--trace expects a file path"),
    (["bench", "--trace", "t.jsonl"], "--trace does not apply to the bench scenario"),
  ])
  func rejects(_ arguments: [String], _ message: String) {
    guard case .failure(let error) = StressOptions.parse(arguments) else {
      Issue.record("\(arguments) parsed")
      return
    }
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test func onlySelectsTheBenchmarksWhoseNameContainsIt() throws {
    let options = try StressOptions.parse(["bench", "--only=cancel"]).get()
    #expect(options.only == "cancel")
    let scenario = try #require(
      StressCommand.makeScenario(.bench, sizes: options.sizes(for: .bench, inMix: false), only: options.only)
        as? BenchScenario)
    #expect(scenario.benchmarks(seed: 1).map(\.name) == ["cancel-bulk", "start-cancel", "cancel-among"])
    #expect(scenario.arguments.suffix(2) == ["--only", "cancel"])
    #expect(BenchScenario(sizes: ScenarioSizes()).benchmarks(seed: 1).map(\.name) == BenchScenario.names)
    #expect(Set(BenchScenario.names).count == BenchScenario.names.count)
    for name in BenchScenario.names { #expect(HelpText.text.contains(name), "\(name)") }
  }

  @Test func benchRunsThreeTimesUnlessRunsSaysOtherwise() throws {
    let defaults = try StressOptions.parse(["bench"]).get().sizes(for: .bench, inMix: false)
    #expect(defaults.runs == 3)
    #expect(BenchScenario(sizes: defaults).unitsPerPass == 3 * BenchScenario.names.count)
    #expect(BenchScenario(sizes: defaults).summary.contains("median of 3 full runs"))
    let options = try StressOptions.parse(["bench", "--runs=1", "--only", "diff"]).get()
    #expect(options.runs == 1)
    let single = BenchScenario(sizes: options.sizes(for: .bench, inMix: false), only: options.only)
    #expect(single.runs == 1 && single.unitsPerPass == 1)
    #expect(!single.summary.contains("runs"))
    #expect(single.arguments.suffix(4) == ["--runs", "1", "--only", "diff"])
    // Only bench reads it; the field says one run elsewhere.
    #expect(ScenarioName.send.defaultSizes.runs == 1)
  }

  @Test func mixKeepsExploreSmall() throws {
    let options = try StressOptions.parse(["--actions", "500", "--effects", "60", "--seeds", "9"]).get()
    #expect(options.sizes(for: .send, inMix: true).actions == 500)
    #expect(options.sizes(for: .effects, inMix: true).effects == 60)
    let explore = options.sizes(for: .explore, inMix: true)
    #expect(explore.seeds == 9)
    #expect(explore.actions == ScenarioName.explore.defaultSizes.actions)
    #expect(explore.effects == ScenarioName.explore.defaultSizes.effects)
  }

  @Test func namedExploreTakesPerSeedSizes() throws {
    let options = try StressOptions.parse(["explore", "--actions", "8", "--effects", "2"]).get()
    let sizes = options.sizes(for: .explore, inMix: false)
    #expect(sizes.actions == 8 && sizes.effects == 2 && sizes.seeds == ScenarioName.explore.defaultSizes.seeds)
  }

  @Test func badCommandLineExitsTwoWithOneLineNamingTheOption() async {
    let run = await runCommand("send", "--actions", "many")
    #expect(run.status == .usage)
    #expect(run.status.rawValue == 2)
    #expect(run.standard.isEmpty)
    #expect(run.error == "actorstore-stress: --actions expects a whole number from 1 to 1000000000 (got 'many')\n")
  }

  @Test func anExtraArgumentAfterTheScenarioIsUnexpectedNotAnUnknownScenario() async {
    let run = await runCommand("send", "extra-argument")
    #expect(run.status == .usage)
    #expect(
      run.error
        == "actorstore-stress: unexpected argument 'extra-argument' after the scenario 'send' "
        + "(options start with --; see --help)\n")
    #expect(!run.error.contains("unknown scenario"))
  }

  @Test func progressIsAFlag() throws {
    #expect(try StressOptions.parse(["send", "--progress"]).get().progress)
    #expect(try !StressOptions.parse(["send"]).get().progress)
  }

  @Test func unknownOptionExitsTwo() async {
    let run = await runCommand("--turbo")
    #expect(run.status == .usage)
    #expect(run.error.split(separator: "\n").count == 1)
    #expect(run.error.contains("'--turbo'"))
  }

  @Test func helpListsEveryOptionAndScenarioWithAnExample() async {
    let run = await runCommand("--help")
    #expect(run.status == .success)
    for option in ValueOption.allCases { #expect(run.standard.contains(option.flag + " "), "\(option)") }
    for flag in ["--json", "--quiet", "--progress", "--help"] { #expect(run.standard.contains(flag)) }
    #expect(run.standard.contains("143  terminated (SIGTERM)"))
    for scenario in ScenarioName.allCases { #expect(run.standard.contains("  \(scenario.rawValue) ")) }
    #expect(run.standard.contains("EXAMPLES"))
    #expect(run.standard.contains("swift run -c release actorstore-stress"))
  }
}
