/// The `--help` text.
enum HelpText {
  /// How long the default mix takes in a release build, as README.md and
  /// Docs/Stress-and-Benchmarks.md say it too (a test keeps the three the same).
  static let defaultRunTime = "about 15 s on 2 cores"

  static let text = """
    actorstore-stress: stress scenarios with invariant checks, and benchmarks against same-run
    baselines, for ActorStore.

    USAGE
      actorstore-stress [scenario] [--actions N] [--effects N] [--elements N] [--hosts N]
                        [--seeds N] [--seed S] [--duration SECONDS] [--heterogeneous] [--trace FILE]
                        [--only NAME] [--runs N] [--counts] [--json] [--quiet | --progress]

    With no scenario, runs send, effects, scroll (25 000 rows) and explore at their default
    sizes, \(defaultRunTime) in a release build, and prints a short table.

    SCENARIOS
    \(scenarioLines)

    OPTIONS
      --actions N         send: actions in all (default 500 000).
                          explore: actions per seed (default 60; not applied in the default mix).
                          bench: actions per round of the .send-chain figure (default 2 000 000);
                          N/10 awaited sends, N/40 effect round trips and N/200 main-actor
                          deliveries per round; up to N/10 root sends per live-element-store
                          row (250 ms cap); N/10 ObservableStore sends and N/10 binding
                          writes + reads per round on a main-actor store; up to N/20 000 row
                          changes per round of the ObservableStore list (250 ms cap).
      --effects N         effects: effects started (default 100 000).
                          explore: effects per seed (default 24; not applied in the default mix).
                          bench: in-flight effects cancelled per round (default 10 000), and
                          start + cancel pairs per round; the cancel-among rows cancel N/10 IDs
                          one send each with 10, N/10 and 10·N others in flight.
      --elements N        scroll: rows in the list (default 100 000; 25 000 in the default mix).
                          Reports peak memory per row; from 500 000 rows, checks it is at
                          most 512 B.
                          bench: elements scrolled through the registry (default 1 000 000); the
                          diff and IdentifiedArray figures use min(N, 100 000) items (the diff
                          also a hundredth and a tenth of that, per item); the ObservableStore
                          list has min(N, 10 000) rows.
      --hosts N           scroll, bench: hosts (cells) on screen (default 20).
      --seeds N           explore: seeds tried, from --seed on (default 1 000).
      --seed S            Seed of the plan (who sends what, edits, cancellations); default: a
                          fresh one, printed. The same seed replays the same plan.
      --duration SECONDS  Repeat each scenario with the next seed until SECONDS have passed
                          (not for bench).
      --heterogeneous     scroll: declare the list as a heterogeneous collection (a title, a
                          spacer and sometimes a badge per row, 4 kinds, reuse pools per kind)
                          whose edits also change items' content and kind.
      --only NAME         bench: run only the benchmarks whose name contains NAME, one of
                          \(benchmarkNames).
      --runs N            bench: full runs of every selected figure, in sequence (default 3).
                          A time figure reports the median of the runs' medians, min – max
                          across them, the median of their baselines and of their ratios
                          (not median ÷ baseline), and is judged ("met") on that median ratio;
                          memory figures and --counts costs are the first run's. --runs 1 is
                          one run, judged on its own ratios.
      --counts            bench: also count each figure's exact costs per operation, subject
                          and baseline: retains and releases, jobs enqueued on the global
                          executor, and heap allocations when the allocation counter is
                          preloaded (Benchmarks/CostCounting/README.md). Linux only; the
                          counting hooks slow every figure down, so read its times apart
                          (and give --runs 1 when only the counts matter).
      --trace FILE        Trace every store the scenario creates to FILE, one JSON object per
                          event (see Docs/Debugging.md), and add a "trace events" figure; in the
                          default mix, every scenario traces to the one FILE. Not for bench:
                          tracing would change every figure it measures.
      --json              Print one JSON object: each scenario's report and an array of
                          figures {scenario, figure, unit, median, min, max, baseline, ratio,
                          runRatios, target, met, detail, costs, baselineCosts}; runRatios
                          lists each run's ratio when bench --runs combined several runs into
                          a time figure, else null.
      --quiet             No progress lines (they go to standard error, once a second, and only
                          when it is a terminal).
      --progress          Progress lines even when standard error is not a terminal (a CI log).
      -h, --help          Show this help.

    Options may also be written --name=value; counts may be grouped: 1_000_000.

    EXAMPLES
      swift run -c release actorstore-stress
      swift run -c release actorstore-stress scroll --elements 200000 --hosts 40 --seed 7
      swift run -c release actorstore-stress bench --json > figures.json

    EXIT STATUS
      0  every invariant held
      1  an invariant broke; standard error names it, the seed, and the command replaying it
      2  bad command line (or a --trace file that cannot be opened); standard error names
         the option or value
      130  interrupted (Ctrl-C, SIGINT): the report covers the passes that completed; a
           second Ctrl-C quits at once
      143  terminated (SIGTERM): the same, with SIGTERM's status; a second SIGTERM quits at
           once
      A run stopped before any pass completed judged nothing, and says so ("judged": false
      and "ok": false with --json).

    """

  /// The benchmarks' names, wrapped to the option column.
  private static var benchmarkNames: String {
    var lines = [""]
    for name in BenchScenario.names {
      let word = name == BenchScenario.names.last ? name : name + ","
      if lines[lines.count - 1].count + word.count + 1 > 70 { lines.append("") }
      lines[lines.count - 1] += lines[lines.count - 1].isEmpty ? word : " " + word
    }
    return lines.joined(separator: "\n" + String(repeating: " ", count: 22))
  }

  private static var scenarioLines: String {
    ScenarioName.allCases.map { "  \(Format.pad($0.rawValue, 9)) \($0.summary)" }.joined(separator: "\n")
  }
}
