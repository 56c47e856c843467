import ActorStore

/// One row of ``ListFeature``: a title and a long-running effect tagged `"load"`.
enum RowFeature {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var title = ""
  }

  enum Action: Equatable, Sendable {
    /// Starts an effect tagged `"load"` that records `started <id>`, suspends until cancelled,
    /// then records `cancelled <id>`.
    case start
    /// Cancels `"load"` in this row's scope.
    case stop
    case rename(String)
    /// Starts the same effect as `start`; ``ListFeature`` removes the row on seeing it.
    case startAndAskToBeRemoved
  }

  static func reducer(probe: Probe) -> Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case .start, .startAndAskToBeRemoved:
        let id = state.id
        return .run { _ in
          probe.record("started \(id)")
          await suspendUntilCancelled()
          probe.record("cancelled \(id)")
        }
        .cancellable(id: "load")
      case .stop:
        return .cancel(id: "load")
      case .rename(let title):
        state.title = title
        return .none
      }
    }
  }
}

/// A list of ``RowFeature`` rows run through `forEach`; the parent logs what it sees.
enum ListFeature {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<RowFeature.State> = []
    var log: [String] = []

    init(rowIDs: [Int]) {
      rows = IdentifiedArray(uniqueElements: rowIDs.map { RowFeature.State(id: $0) })
    }
  }

  enum Action: Equatable, Sendable {
    case rows(IdentifiedAction<Int, RowFeature.Action>)
    case remove(id: Int)
    case moveToFront(id: Int)
    case append(id: Int)
    /// Starts a parent-level effect tagged `"load"`, like the rows' own.
    case startParentLoad
    /// Cancels `"load"` at the parent's level, which reaches every row.
    case stopAll
  }

  static func reducer(probe: Probe) -> some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .rows(.element(let id, let rowAction)):
        state.log.append("row \(id): \(rowAction)")
        if rowAction == .startAndAskToBeRemoved { _ = state.rows.remove(id: id) }
      case .remove(let id):
        _ = state.rows.remove(id: id)
      case .moveToFront(let id):
        state.rows.move(id: id, to: 0)
      case .append(let id):
        _ = state.rows.append(RowFeature.State(id: id))
      case .startParentLoad:
        return .run { _ in
          probe.record("parent started")
          await suspendUntilCancelled()
          probe.record("parent cancelled")
        }
        .cancellable(id: "load")
      case .stopAll:
        return .cancel(id: "load")
      }
      return .none
    }
    .forEach(\.rows, action: .rows) { RowFeature.reducer(probe: probe) }
  }

  static func store(rowIDs: [Int] = [1, 2], probe: Probe) -> Store<State, Action> {
    Store(initialState: State(rowIDs: rowIDs), reducer: reducer(probe: probe))
  }
}

extension ActionPath where Root == ListFeature.Action, Value == IdentifiedAction<Int, RowFeature.Action> {
  static var rows: Self {
    ActionPath(embed: { .rows($0) }, extract: { if case .rows(let action) = $0 { action } else { nil } })
  }
}
