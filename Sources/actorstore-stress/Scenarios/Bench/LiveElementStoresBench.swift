import ActorStore

/// Figure 9: an awaited send to the root of a 10 000-row list while N element stores from
/// `scope(id:in:action:)` are alive, against the same sends with none alive, for N = 1, 1 000
/// and 10 000. A send's cost must not depend on how many element stores exist.
enum LiveElementStoresBench {
  struct Row: Identifiable, Sendable { let id: Int }
  enum RowAction: Sendable { case tapped }

  struct List: Reducer {
    struct State: Sendable {
      var rows: IdentifiedArrayOf<Row>
      var sends = 0
    }

    enum Action: Sendable { case rows(IdentifiedAction<Int, RowAction>), send }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .send = action { state.sends &+= 1 }
      return .none
    }
  }

  static let rowsPath = ActionPath<List.Action, IdentifiedAction<Int, RowAction>>(
    embed: List.Action.rows,
    extract: { action in
      if case .rows(let rowAction) = action { rowAction } else { nil }
    })

  /// The live-store counts of the rows; the list always has the largest count of rows, so only
  /// the number of live stores differs between subject and baseline.
  static let liveStoreCounts = [1, 1_000, 10_000]

  /// A round stops sending once it has taken this long, so that a per-send cost growing with
  /// the live stores makes the figure miss its target rather than the bench take hours. Not
  /// under `--counts`, whose per-send costs need every round to make all its sends.
  static let roundBudget = Duration.milliseconds(250)

  static func run(sends: Int, rounds: BenchRounds, log: inout InvariantLog) async -> [Figure] {
    let rows = IdentifiedArrayOf(uniqueElements: (0..<liveStoreCounts.max()!).map(Row.init))
    var figures: [Figure] = []
    for live in liveStoreCounts {
      var mismatches: [String] = []
      var sentPerRound: [Int] = []
      let times = await rounds.compare(
        subject: {
          let round = await timeSends(sends, rows: rows, liveStores: live)
          if round.reduced != round.sent { mismatches.append("\(round.reduced) of \(round.sent)") }
          sentPerRound.append(round.sent)
          return round.perSend
        },
        baseline: {
          let round = await timeSends(sends, rows: rows, liveStores: 0)
          if round.reduced != round.sent { mismatches.append("\(round.reduced) of \(round.sent)") }
          return round.perSend
        })
      log.check(
        "every root send reduced exactly once with \(Format.count(live)) live element stores", mismatches.isEmpty,
        "reduced per round: \(mismatches.joined(separator: ", "))")
      var figure = Figure.comparison(
        "awaited root send, \(Format.count(live)) live element store\(live == 1 ? "" : "s")", operations: 1, unit: "ns/send",
        times: times, costOperations: sends, maxRatio: 1.5, target: "≤ 1.5× none alive")
      figure.detail =
        "scope(id:in:action:) stores over a list of \(Format.count(rows.count)) rows; "
        + "\(Format.count(sentPerRound.min() ?? 0))–\(Format.count(sentPerRound.max() ?? 0)) sends per round "
        + "(at most \(Format.count(sends)), or \(Format.seconds(roundBudget.seconds)))"
      figures.append(figure)
    }
    return figures
  }

  /// One round: a fresh root store with `liveStores` element stores kept alive, then up to
  /// `sends` awaited sends within ``roundBudget``.
  private static func timeSends(
    _ sends: Int, rows: IdentifiedArrayOf<Row>, liveStores: Int
  ) async -> (perSend: Duration, sent: Int, reduced: Int) {
    let store = Store(initialState: List.State(rows: rows), reducer: List())
    let children = rows.ids.prefix(liveStores).compactMap { store.scope(id: $0, in: \.rows, action: rowsPath) }
    let clock = ContinuousClock()
    let deadline = CostCounters.isInstalled ? nil : clock.now + roundBudget
    var sent = 0
    let elapsed = await BenchRounds.time {
      while sent < sends {
        await store.send(.send)
        sent += 1
        // Reading the clock costs a third of a cheap send, so after the first 64 only every 64th:
        // a slow send still ends the round soon after the budget.
        if let deadline, sent < 64 || sent & 63 == 0, clock.now >= deadline { break }
      }
    }
    let reduced = await store.state.sends
    withExtendedLifetime(children) {}
    return (elapsed / max(1, sent), sent, reduced)
  }
}
