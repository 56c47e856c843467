import ActorStore
import ActorStoreTesting
import Testing

/// Only what changed re-renders, in a SwiftUI-sized list: with 10 000 rows from
/// `elements(_:action:)`, each row's members observed, changing one row's member notifies the
/// observers of that member alone (not the row's other members, no other row, not the list);
/// adding a row notifies the list's IDs alone, and the new row's store follows its own changes.
@MainActor @Suite struct ObservableStoreListTests {
  struct List: Reducer {
    struct Row: Equatable, Sendable, Identifiable {
      let id: Int
      var title: String
      var count = 0
    }
    struct State: Equatable, Sendable {
      var rows: IdentifiedArrayOf<Row>
    }
    enum RowAction: Equatable, Sendable { case increment }
    enum Action: Equatable, Sendable {
      case add(Int)
      case rows(IdentifiedAction<Int, RowAction>)
    }

    var body: some Reducer<State, Action> {
      Reduce<State, Action> { state, action in
        if case .add(let id) = action { state.rows.append(Row(id: id, title: "row \(id)")) }
        return .none
      }
      .forEach(\.rows, action: .rows) {
        Reduce<Row, RowAction> { row, _ in
          row.count += 1
          return .none
        }
      }
    }
  }

  @Test func oneRowChangedOfTenThousandNotifiesThatRowsMemberAlone() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let rowCount = 10_000
    let list = ObservableStore(
      Store(
        initialState: List.State(rows: IdentifiedArray(uniqueElements: (0..<rowCount).map { List.Row(id: $0, title: "row \($0)") })),
        reducer: List(), executor: executor.makeMainActorStoreExecutor()))
    let ids = ChangeCounter { _ = list.elements(\.rows, action: .rows) }
    let rows = list.elements(\.rows, action: .rows)
    let counts = rows.map { row in ChangeCounter { _ = row.count } }
    let titles = rows.map { row in ChangeCounter { _ = row.title } }

    list.send(.rows(.element(id: 4_321, action: .increment)))
    #expect(rows[4_321].count == 1)
    #expect(counts[4_321].count == 1)
    #expect(counts.reduce(0) { $0 + $1.count } == 1)
    #expect(titles.reduce(0) { $0 + $1.count } == 0)
    #expect(ids.count == 0)

    list.send(.add(rowCount))
    #expect(ids.count == 1)
    #expect(counts.reduce(0) { $0 + $1.count } == 1)
    #expect(titles.reduce(0) { $0 + $1.count } == 0)
    let added = list.elements(\.rows, action: .rows)
    #expect(added.count == rowCount + 1)
    #expect(zip(rows, added).allSatisfy { $0 === $1 })
    let newRow = ChangeCounter { _ = added[rowCount].count }
    list.send(.rows(.element(id: rowCount, action: .increment)))
    #expect(newRow.count == 1 && added[rowCount].count == 1)
    #expect(counts.reduce(0) { $0 + $1.count } == 1)
    #expect(ids.count == 1)
  }
}

extension ActionPath
where Root == ObservableStoreListTests.List.Action, Value == IdentifiedAction<Int, ObservableStoreListTests.List.RowAction> {
  static let rows = ActionPath(embed: Root.rows, extract: { if case .rows(let action) = $0 { action } else { nil } })
}
