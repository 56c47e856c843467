import ActorStore

/// The list of the `scroll` scenario: rows by ID through `forEach`, edited in batches. A tick
/// that reaches the parent for a row no longer in the list is counted: it would mean a row
/// effect outlived its row.
enum ScrollFeature {
  struct State: Sendable {
    var rows: IdentifiedArrayOf<RowFeature.State>
    var orphanTicks = 0
    var firstOrphan: String?
  }

  enum Action: Sendable {
    case rows(IdentifiedAction<Int, RowFeature.Action>)
    case edit([RowEdit])
    case removeAll
  }

  static let rowsPath = ActionPath<Action, IdentifiedAction<Int, RowFeature.Action>>(
    embed: Action.rows,
    extract: { action in
      if case .rows(let rowAction) = action { rowAction } else { nil }
    })

  /// The list reducer with `row` for each row.
  static func reducer(row: RowFeature) -> some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .rows(.element(let id, .tick)) where state.rows[id: id] == nil:
        state.orphanTicks += 1
        if state.firstOrphan == nil { state.firstOrphan = "row \(id) ticked after it was deleted" }
      case .rows:
        break
      case .edit(let edits):
        for edit in edits { apply(edit, to: &state.rows) }
      case .removeAll:
        state.rows.removeAll()
      }
      return .none
    }
    .forEach(\.rows, action: rowsPath) { row }
  }

  /// The list store of a `scroll` pass, plain or heterogeneous: rows `0..<elements`.
  /// - Parameters:
  ///   - elements: Rows in the list.
  ///   - row: Each row's feature.
  ///   - trace: Where the list's store tree (its rows' stores included) traces to, if anywhere.
  /// - Returns: The store.
  static func makeStore(elements: Int, row: RowFeature, trace: (any StoreTraceSink)?) -> Store<State, Action> {
    let rows = IdentifiedArrayOf(uniqueElements: (0..<elements).map { RowFeature.State(id: $0) })
    return .optionallyTraced(initialState: State(rows: rows), reducer: reducer(row: row), trace: trace)
  }

  private static func apply(_ edit: RowEdit, to rows: inout IdentifiedArrayOf<RowFeature.State>) {
    switch edit {
    case .delete(let id):
      rows.remove(id: id)
    case .insert(let id, let index):
      rows.insert(RowFeature.State(id: id), at: min(index, rows.count))
    case .move(let id, let index):
      if rows.contains(id: id) { rows.move(id: id, to: min(index, rows.count - 1)) }
    }
  }
}
