import ActorStore
import Observation

/// Figure 12c: one row changed in a 10 000-row list, as a SwiftUI `ForEach` over element stores
/// shows it. An ``ObservableStore`` over a `.mainActor` store holds an `IdentifiedArray` of rows;
/// `elements(_:action:)` gives one element `ObservableStore` per row; the list's IDs and every
/// row's `count` are each observed (`withObservationTracking`, re-armed on each change as SwiftUI
/// re-arms a view's tracking). Each operation sends `.rows(.element(id:action: .increment))`.
/// The baseline, in the same run: as many `@Observable @MainActor` row objects, each observed the
/// same way, one object's `count` incremented directly per operation.
///
/// Both sides must notify exactly the changed row's observer and no other (and, for the store,
/// not the list's): each row's notifications must equal the number of operations that changed
/// it, and the list's must be zero; the bench checks this as an invariant.
enum ObservableRowsBench {
  /// The most rows the list has (the design's size; `--elements` lowers it).
  static let listSize = 10_000

  /// The list's feature: rows through `forEach`, each incrementing its own count.
  struct List: Reducer {
    struct Row: Equatable, Identifiable, Sendable {
      let id: Int
      var title: String
      var count = 0
    }

    struct State: Sendable {
      var rows: IdentifiedArrayOf<Row>
    }

    enum RowAction: Sendable { case increment }
    enum Action: Sendable { case rows(IdentifiedAction<Int, RowAction>) }

    var body: some Reducer<State, Action> {
      EmptyReducer<State, Action>()
        .forEach(\.rows, action: ObservableRowsBench.rowsPath) {
          Reduce<Row, RowAction> { row, _ in
            row.count &+= 1
            return .none
          }
        }
    }
  }

  static let rowsPath = ActionPath<List.Action, IdentifiedAction<Int, List.RowAction>>(
    embed: List.Action.rows,
    extract: { action in
      if case .rows(let rowAction) = action { rowAction } else { nil }
    })

  /// The baseline's row: the same members in an `@Observable` class.
  @Observable @MainActor final class RowModel {
    let id: Int
    var title: String
    var count = 0

    init(id: Int, title: String) {
      self.id = id
      self.title = title
    }
  }

  /// Operation `operation` changes the row at this position: a stride coprime with every list
  /// size the bench uses (10 000 and below, except multiples of 7 919), so consecutive operations
  /// change rows far apart, both sides the same ones.
  static func position(ofOperation operation: Int, rows: Int) -> Int { (operation &* 7_919) % rows }

  /// What a round's observers saw, checked after the rounds.
  struct Outcome: Sendable {
    /// The changes the round made.
    var changes = 0
    /// Rows whose observer was notified a number of times other than the operations that
    /// changed them, as "position: notified/expected", the first few.
    var wrongRows: [String] = []
    /// All row notifications, and the list's.
    var rowNotifications = 0
    var listNotifications = 0
    /// Rows whose final count is not the operations that changed them.
    var wrongCounts = 0
  }

  /// A round stops changing rows once it has taken this long, so that a regression to a cost
  /// per change in proportion to the rows' stores (see Docs/Stress-and-Benchmarks.md) cannot
  /// make a round take minutes. The baseline then makes as many changes as the subject's round
  /// just made. Not under `--counts`, whose per-change costs need every round to make all its
  /// changes.
  static let roundBudget = Duration.milliseconds(250)

  static func run(rows: Int, operations: Int, rounds: BenchRounds, log: inout InvariantLog) async -> Figure {
    let rows = max(1, rows)
    var outcomes: [Outcome] = []
    var changesPerRound: [Int] = []
    let times = await rounds.compare(
      subject: {
        let (elapsed, outcome) = await subject(rows: rows, operations: operations)
        outcomes.append(outcome)
        changesPerRound.append(outcome.changes)
        return elapsed / max(1, outcome.changes)
      },
      baseline: {
        let changes = changesPerRound.last ?? operations
        let (elapsed, outcome) = await baseline(rows: rows, operations: changes)
        outcomes.append(outcome)
        return elapsed / max(1, changes)
      })
    log.check(
      "a row changed in a \(Format.count(rows))-row list notifies that row's observer alone, never the list's",
      outcomes.allSatisfy {
        $0.wrongRows.isEmpty && $0.rowNotifications == $0.changes && $0.listNotifications == 0 && $0.wrongCounts == 0
      },
      "changes, row notifications, list notifications, rows with a wrong count per round (subject and baseline "
        + "in turn): "
        + outcomes.map { outcome in
          "\(outcome.changes)/\(outcome.rowNotifications)/\(outcome.listNotifications)/\(outcome.wrongCounts)"
            + (outcome.wrongRows.isEmpty ? "" : " (rows notified/expected: \(outcome.wrongRows.joined(separator: ", ")))")
        }.joined(separator: "; ") + "; expected n/n/0/0")
    var figure = Figure.comparison(
      "one row changed in a \(Format.count(rows))-row list (ObservableStore rows)", operations: 1,
      unit: "ns/change", times: times, costOperations: operations, maxRatio: 2, target: "≤ 2×, one row observer")
    let measured = BenchRounds.measured(changesPerRound)
    let (fewest, most) = (measured.min() ?? 0, measured.max() ?? 0)
    figure.detail =
      (fewest == most ? Format.count(most) : "\(Format.count(fewest))–\(Format.count(most))")
      + " changes per round (at most "
      + "\(Format.count(operations)), or \(Format.seconds(roundBudget.seconds))), each "
      + ".rows(.element(id:action:)) sent to a .mainActor store through its ObservableStore, every row's count "
      + "and the list's IDs observed, exactly the changed row's observer notified; baseline: "
      + "\(Format.count(rows)) @Observable @MainActor row objects, one's count incremented"
    return figure
  }

  /// Counts each observer's notifications: the per-row count and the list's.
  @MainActor private static func check(
    notifications: [Int], listNotifications: Int, finalCounts: [Int], operations: Int
  ) -> Outcome {
    var expected = [Int](repeating: 0, count: notifications.count)
    for operation in 0..<operations { expected[position(ofOperation: operation, rows: notifications.count)] += 1 }
    var outcome = Outcome(changes: operations, listNotifications: listNotifications)
    for position in notifications.indices {
      outcome.rowNotifications += notifications[position]
      if notifications[position] != expected[position], outcome.wrongRows.count < 5 {
        outcome.wrongRows.append("\(position): \(notifications[position])/\(expected[position])")
      }
      if finalCounts[position] != expected[position] { outcome.wrongCounts += 1 }
    }
    return outcome
  }

  @MainActor private static func subject(rows: Int, operations: Int) -> (Duration, Outcome) {
    let state = List.State(
      rows: IdentifiedArray(uniqueElements: (0..<rows).map { List.Row(id: $0, title: "row \($0)") }))
    let store = Store(initialState: state, reducer: List(), executor: .mainActor)
    let list = ObservableStore(store)
    let listObserver = ObservableStoreBench.Observer { _ = list.elements(\.rows, action: rowsPath) }
    let rowStores = list.elements(\.rows, action: rowsPath)
    let rowObservers = rowStores.map { row in ObservableStoreBench.Observer { _ = row.count } }
    let ids = Array(state.rows.ids)
    let clock = ContinuousClock()
    let deadline = CostCounters.isInstalled ? nil : clock.now + roundBudget
    var changes = 0
    let elapsed = BenchRounds.timeOnMainActor {
      while changes < operations {
        list.send(.rows(.element(id: ids[position(ofOperation: changes, rows: rows)], action: .increment)))
        changes += 1
        if let deadline, clock.now >= deadline { break }
      }
    }
    let outcome = check(
      notifications: rowObservers.map(\.notifications), listNotifications: listObserver.notifications,
      finalCounts: store.currentState.rows.map(\.count), operations: changes)
    return (elapsed, outcome)
  }

  @MainActor private static func baseline(rows: Int, operations: Int) -> (Duration, Outcome) {
    let models = (0..<rows).map { RowModel(id: $0, title: "row \($0)") }
    let rowObservers = models.map { model in ObservableStoreBench.Observer { _ = model.count } }
    let elapsed = BenchRounds.timeOnMainActor {
      for operation in 0..<operations { models[position(ofOperation: operation, rows: rows)].count &+= 1 }
    }
    let outcome = check(
      notifications: rowObservers.map(\.notifications), listNotifications: 0, finalCounts: models.map(\.count),
      operations: operations)
    return (elapsed, outcome)
  }
}
